import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Issue 28: every CSV export logged "Reply was already sent" (a warning per download, drowning real ones). The exports
 * answer their file and log nothing above info.
 */
let t: TestApp;
let admin: Agent;
const logLines: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await createTestApp({}, { logger: { level: 'warn', stream } });
  admin = await t.as('admin');
});
afterAll(async () => t.close());

describe('CSV exports', () => {
  for (const url of ['/api/admin/bookings/export', '/api/admin/payments/export']) {
    it(`${url} answers its CSV and logs no warning`, async () => {
      const before = logLines.length;
      const res = await admin.get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.body.length).toBeGreaterThan(0);
      // The log is written as the reply ends; one turn of the event loop lets it land.
      await new Promise((r) => setImmediate(r));
      expect(logLines.slice(before).join('')).toBe('');
    });
  }
});
