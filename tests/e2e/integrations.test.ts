import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousA11yViolations } from './support/axe';
import { useServerAndBrowser } from './support/journey';
import { startReceiver, verifyStandardWebhook } from '../support/webhook-receiver';

/**
 * Settings → Integrations in the browser (issue 39): staff make an API key and use it, add a webhook to a receiver on
 * loopback (so this file's server allows private targets), send a test event the server's own job delivers, signed,
 * and read the delivery log. What the server refuses is tests/api/integrations-*.test.ts.
 */
const j = useServerAndBrowser({ env: { WEBHOOK_ALLOW_PRIVATE: 'true' } });
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => receiver.close());

describe('Settings → Integrations', () => {
  it('makes an API key that opens the API, adds a webhook and delivers a signed test event to it', async () => {
    const { page } = await j.staffPage('/admin/settings');
    await page.getByRole('link', { name: 'Integrations (API keys, webhooks)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Integrations' }).waitFor();

    const keyForm = page.getByRole('form', { name: 'New API key' });
    await keyForm.getByLabel('Name').fill('CRM sync');
    await keyForm.getByRole('button', { name: 'Create key' }).click();
    const keySecret = (await page.getByTestId('secret-once').textContent()) ?? '';
    expect(keySecret).toMatch(/^hatch_[0-9a-f]{12}_/);
    const listed = await fetch(`${j.server.url}/api/v1/bookings`, { headers: { authorization: `Bearer ${keySecret}` } });
    expect(listed.status).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('table', { name: 'API keys' }).getByText('CRM sync').waitFor();

    const hookForm = page.getByRole('form', { name: 'New webhook' });
    await hookForm.getByLabel('URL').fill(receiver.url);
    await hookForm.getByRole('button', { name: 'Add webhook' }).click();
    const signingSecret = (await page.getByTestId('secret-once').textContent()) ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);

    const card = page.getByRole('listitem', { name: `Webhook ${receiver.url}` });
    await card.getByRole('button', { name: 'Send test event' }).click();
    // The scheduler's job sends it within a tick or two.
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
    const [got] = receiver.received;
    expect(got && verifyStandardWebhook(signingSecret, got.headers, got.body)).toBe(true);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    await card.getByRole('button', { name: 'Deliveries' }).click();
    const log = card.getByRole('table', { name: 'Deliveries' });
    await log.getByText('Delivered').waitFor();
    expect(await log.getByRole('cell', { name: '200', exact: true }).count()).toBe(1);
  });
});
