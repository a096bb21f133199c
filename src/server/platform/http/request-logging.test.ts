import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DrizzleQueryError } from 'drizzle-orm';
import pino, { type LoggerOptions } from 'pino';
import { CREDENTIAL_HEADERS, loggerOptions, redactText, redactUrl, requestIdFor, serializeError } from './request-logging';

const KEY = 'Zq3xv9Kd0aB-_LmN4pQrStUvWxYz012345678901a';

describe('redactUrl', () => {
  it('takes the secret out of every path that carries one', () => {
    expect(redactUrl(`/api/manage/${KEY}/payment`)).toBe('/api/manage/[redacted]/payment');
    expect(redactUrl(`/manage/${KEY}/paid?session_id=cs_test_abc`)).toBe('/manage/[redacted]/paid?session_id=[redacted]');
    expect(redactUrl(`/api/manage/${KEY}/checkout/cs_test_a1/confirm`)).toBe('/api/manage/[redacted]/checkout/[redacted]/confirm');
    expect(redactUrl('/api/proposals/short-token/accept')).toBe('/api/proposals/[redacted]/accept');
    expect(redactUrl('/proposal/abc')).toBe('/proposal/[redacted]');
    expect(redactUrl('/reset-password/abc%2Fdef')).toBe('/reset-password/[redacted]');
    expect(redactUrl('/sign-in/abcDEF-123')).toBe('/sign-in/[redacted]');
    expect(redactUrl('/api/auth/sign-in-link/use')).toBe('/api/auth/sign-in-link/use');
    expect(redactUrl(`/anything/${KEY}`)).toBe('/anything/[redacted]');
    expect(redactUrl(`/api/x?token=a&page=2&other=${KEY}`)).toBe('/api/x?token=[redacted]&page=2&other=[redacted]');
  });

  it('takes out the codes that read or spend something (issue 36): a temporary code, a discount or voucher code, a voucher page', () => {
    expect(redactUrl('/api/booking/7KQ2M9XW4RTB')).toBe('/api/booking/[redacted]');
    expect(redactUrl('/api/booking/7kq2m9xw4rtb/calendar.ics')).toBe('/api/booking/[redacted]/calendar.ics');
    expect(redactUrl('/hatch/7KQ2M9XW4RTB')).toBe('/hatch/[redacted]');
    expect(redactUrl('/api/discount-codes/GIFT-7KQ2-M9XW')).toBe('/api/discount-codes/[redacted]');
    expect(redactUrl('/gift-vouchers/Ab12')).toBe('/gift-vouchers/[redacted]');
  });

  it('leaves what an operator needs: routes, ids, game codes, plain words', () => {
    for (const url of [
      '/api/booking/HX7K2Q/results',
      '/api/admin/bookings/12/timeline?page=2',
      '/api/play/ABC123/submissions/4/photo',
      '/assets/index-3f9a.js',
      '/',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('redactText', () => {
  it('takes paths, long tokens and failed-query parameters out of error text', () => {
    const text = `Route GET:/api/manage/${KEY} not found\nFailed query: select 1 where key_hash = $1\nparams: ${KEY},x\n    at f (/srv/node_modules/fastify-type-provider-zod/dist/index.js:1:2)`;
    const safe = redactText(text);
    expect(safe).not.toContain(KEY);
    expect(safe).toContain('params: [redacted]');
    expect(safe).toContain('/srv/node_modules/fastify-type-provider-zod/dist/index.js:1:2');
  });
});

describe('serializeError', () => {
  it("drops a failed query's parameters and redacts its cause, keeping what says what went wrong", () => {
    const cause = Object.assign(new Error(`duplicate key: /api/manage/${KEY}`), { code: '23505', detail: `Key (manage_key)=(${KEY}) already exists.` });
    const serialized = JSON.stringify(serializeError(new DrizzleQueryError('select * from bookings where manage_key = $1', [KEY], cause)));
    expect(serialized).not.toContain(KEY);
    expect(serialized).toContain('select * from bookings where manage_key = $1');
    expect(serialized).toContain('duplicate key: /api/manage/[redacted]');
  });
});

describe('requestIdFor', () => {
  const request = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } });
  it('keeps a short plain X-Request-Id and replaces anything else', () => {
    expect(requestIdFor(request('proxy-4f2a.7'))).toBe('proxy-4f2a.7');
    for (const unsafe of ['a b', 'x'.repeat(65), '<script>', '', undefined]) expect(requestIdFor(request(unsafe))).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the log lines', () => {
  it('carry no credential header and no cookie, even from an object logged with its headers', () => {
    const lines: string[] = [];
    const settings = loggerOptions({ level: 'info' });
    if (typeof settings !== 'object') throw new Error('expected logger settings');
    // Without the request serializer, which would drop the headers before redaction is even needed.
    const options: LoggerOptions = { level: 'info', redact: settings.redact };
    const log = pino(options, new Writable({ write: (chunk, _encoding, done) => (lines.push(String(chunk)), done()) }));
    const headers = Object.fromEntries([...CREDENTIAL_HEADERS, 'cookie'].map((name) => [name, `secret-${name}`]));
    log.info({ req: { headers: { ...headers, accept: 'application/json' } } }, 'a request');
    expect(lines[0]).not.toContain('secret-');
    expect(JSON.parse(lines[0] ?? '{}').req.headers).toEqual({
      ...Object.fromEntries([...CREDENTIAL_HEADERS, 'cookie'].map((name) => [name, '[redacted]'])),
      accept: 'application/json',
    });
  });
});
