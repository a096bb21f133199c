import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { RESPONSE_LOG_BYTES, RESPONSE_READ_CAP_BYTES } from '../../../shared/integrations/delivery';
import { checkTarget, systemResolver, type Resolver } from './url-guard';

export type SendRequest = { url: string; headers: Record<string, string>; body: string };
export type SendResult = { status: number | null; body: string | null; error: string | null; durationMs: number };
/** Sends one signed delivery; the delivery job takes it as a parameter, so the bench can measure around it. */
export type WebhookSend = (request: SendRequest) => Promise<SendResult>;

export type SenderOptions = { allowPrivate: boolean; timeoutMs: number; resolve?: Resolver; now?: () => number };

/**
 * POSTs a delivery (decision 0560): the target is checked again on the addresses its name resolves to now, and the
 * connection goes to the first checked address (the `lookup` given to node is that answer, no second resolution).
 * Redirects are not followed (a 3xx is a failed attempt); the whole exchange has `timeoutMs`; at most
 * RESPONSE_READ_CAP_BYTES of the answer are read and its first RESPONSE_LOG_BYTES kept for the log. Never throws.
 */
export function createWebhookSender(options: SenderOptions): WebhookSend {
  const clock = options.now ?? Date.now;
  return async (request) => {
    const started = clock();
    const took = () => Math.max(0, Math.round(clock() - started));
    const target = await checkTarget(request.url, options.allowPrivate, options.resolve ?? systemResolver);
    if (!target.ok) return { status: null, body: null, error: `refused: ${target.message}`, durationMs: took() };
    const pinned = target.addresses[0];
    if (!pinned) return { status: null, body: null, error: 'refused: no address', durationMs: took() };
    const lookup: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
      else callback(null, pinned.address, pinned.family);
    };
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ ...result, durationMs: took() });
      };
      const client = target.url.protocol === 'https:' ? https : http;
      const req = client.request(
        target.url,
        {
          method: 'POST',
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(request.body)),
            'user-agent': 'hatch-webhooks/1',
          },
          lookup,
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let read = 0;
          const done = () => {
            const text = Buffer.concat(chunks).subarray(0, RESPONSE_LOG_BYTES).toString('utf8');
            finish({ status: res.statusCode ?? null, body: text, error: null });
          };
          res.on('data', (chunk: Buffer) => {
            if (read < RESPONSE_LOG_BYTES) chunks.push(chunk);
            read += chunk.length;
            // Enough read: a receiver streaming without end cannot hold the worker.
            if (read >= RESPONSE_READ_CAP_BYTES) {
              done();
              res.destroy();
            }
          });
          res.on('end', done);
          res.on('error', done);
          res.on('close', done);
        },
      );
      const timer = setTimeout(() => {
        finish({ status: null, body: null, error: `timed out after ${options.timeoutMs} ms` });
        req.destroy();
      }, options.timeoutMs);
      req.on('error', (error) => finish({ status: null, body: null, error: error.message.slice(0, 300) }));
      req.end(request.body);
    });
  };
}
