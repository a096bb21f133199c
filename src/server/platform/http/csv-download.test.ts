import { request } from 'node:http';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sendCsvDownload } from './csv-download';

let app: FastifyInstance;
beforeEach(() => {
  app = Fastify();
});
afterEach(async () => app.close());

/** A CSV of `rows` lines, made as it is read (as a COPY stream or the keyset pages are), telling whether it was destroyed. */
function csvSource(rows: number) {
  let row = 0;
  const state = { destroyed: false };
  const stream = new Readable({
    read() {
      if (row === rows) this.push(null);
      else this.push(`${row},Booker ${row++},booker@example.test\n`);
    },
    destroy(error, done) {
      state.destroyed = true;
      done(error);
    },
  });
  return { stream, state };
}

describe('sendCsvDownload', () => {
  it('sends the stream whole (through the collecting pass-through) as a download that is never cached', async () => {
    app.get('/export', (_request, reply) => sendCsvDownload(reply, 'bookings.csv', csvSource(50_000).stream));
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    const lines = res.body.split('\n');
    expect(lines).toHaveLength(50_001);
    expect(lines[49_999]).toBe('49999,Booker 49999,booker@example.test');
  });

  it('destroys its source when the client goes away mid-download (a COPY then gives back its connection)', async () => {
    const source = csvSource(10_000_000);
    app.get('/export', (_request, reply) => sendCsvDownload(reply, 'bookings.csv', source.stream));
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const req = request(`${url}/export`, (res) => {
        let received = 0;
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          // A megabyte in, the client cancels.
          if (received > 2 ** 20) req.destroy();
        });
        res.on('error', () => undefined);
        req.on('close', () => resolve());
      });
      req.on('error', (error) => (error.message === 'socket hang up' || error.message === 'aborted' ? resolve() : reject(error)));
      req.end();
    });
    await expect.poll(() => source.state.destroyed, { timeout: 5_000 }).toBe(true);
  });
});
