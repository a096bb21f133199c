import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import type { Pricing } from '../../src/shared/api/pricing';

/**
 * The price list read again and again (the wizard asks at every start): answered from the bytes the pipeline last
 * sent while the list is current (platform/http/hot-reads.ts, decision 0660). Over a real socket: `inject` never
 * reaches the server's request listener, where the replay sits.
 */
let t: TestApp;
let admin: Agent;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** Every header but the two each answer has its own of. */
function sameParts(res: Response): Record<string, string> {
  return Object.fromEntries([...res.headers].filter(([name]) => name !== 'x-request-id' && name !== 'date'));
}

async function countOf(status: number): Promise<number> {
  const text = await t.app.deps.metrics.registry.metrics();
  const line = text.split('\n').find((l) => l.startsWith(`hatch_http_request_duration_seconds_count{method="GET",route="/api/pricing",status="${status}"}`));
  return Number(line?.split(' ').pop() ?? 0);
}

describe('a hot read answered again', () => {
  it('answers the same status, headers and body as the pipeline, with its own request id, counted in the metrics', async () => {
    const before = t.app.deps.hotReads.replayed;
    const first = await fetch(`${base}/api/pricing?currency=EUR`);
    const firstBody = await first.text();
    const second = await fetch(`${base}/api/pricing?currency=EUR`);
    expect(t.app.deps.hotReads.replayed).toBe(before + 1);
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(firstBody);
    expect(sameParts(second)).toEqual(sameParts(first));
    expect(second.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(second.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // An operator's own request id (a proxy's) is kept, as the pipeline keeps it.
    const named = await fetch(`${base}/api/pricing?currency=EUR`, { headers: { 'x-request-id': 'proxy-req-1234' } });
    expect(named.headers.get('x-request-id')).toBe('proxy-req-1234');
    expect(t.app.deps.hotReads.replayed).toBe(before + 2);
    // Three answers, three requests in the metrics.
    expect(await countOf(200)).toBeGreaterThanOrEqual(3);
  });

  it('answers 304 to a browser holding the current list, and the new list at once after staff change it', async () => {
    const list = await fetch(`${base}/api/pricing?currency=USD`);
    const tag = list.headers.get('etag') ?? '';
    expect((await list.json()).plans[0].price).toBe(19);
    await fetch(`${base}/api/pricing?currency=USD`, { headers: { 'if-none-match': tag } });
    const before = t.app.deps.hotReads.replayed;
    const held = await fetch(`${base}/api/pricing?currency=USD`, { headers: { 'if-none-match': tag } });
    expect(held.status).toBe(304);
    expect(await held.text()).toBe('');
    expect(held.headers.get('etag')).toBe(tag);
    expect(t.app.deps.hotReads.replayed).toBe(before + 1);

    const changed = await admin.put('/api/admin/pricing', { currency: 'USD', plans: [{ type: 'standard', price: 17.5 }] });
    expect(changed.statusCode).toBe(200);
    const after = await fetch(`${base}/api/pricing?currency=USD`, { headers: { 'if-none-match': tag } });
    expect(after.status).toBe(200);
    const pricing: Pricing = await after.json();
    expect(pricing.plans[0]).toMatchObject({ type: 'standard', price: 17.5, formatted_amount: '$17.50' });
    expect(after.headers.get('etag')).not.toBe(tag);
    const plain = await fetch(`${base}/api/pricing?currency=USD`);
    expect((await plain.json()).plans[0].price).toBe(17.5);
  });

  it('leaves a signed-in session, credentials and a body to the pipeline; a visitor’s cookie is answered again', async () => {
    await fetch(`${base}/api/pricing?currency=GBP`);
    const before = t.app.deps.hotReads.replayed;
    const signedIn = await fetch(`${base}/api/pricing?currency=GBP`, { headers: { cookie: admin.cookie } });
    expect(signedIn.status).toBe(200);
    const withKey = await fetch(`${base}/api/pricing?currency=GBP`, { headers: { authorization: 'Bearer something' } });
    expect(withKey.status).toBe(200);
    expect(t.app.deps.hotReads.replayed).toBe(before);

    const visitor = await t.visitor();
    expect(visitor.cookie).toMatch(/hatch_session=v_/);
    const visiting = await fetch(`${base}/api/pricing?currency=GBP`, { headers: { cookie: visitor.cookie } });
    expect(visiting.status).toBe(200);
    expect(t.app.deps.hotReads.replayed).toBe(before + 1);
  });

  it('goes through the pipeline once the process drains, so the answer closes its connection', async () => {
    await fetch(`${base}/api/pricing?currency=EUR`);
    const before = t.app.deps.hotReads.replayed;
    await t.app.deps.drain.begin();
    const res = await fetch(`${base}/api/pricing?currency=EUR`);
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(t.app.deps.hotReads.replayed).toBe(before);
  });
});
