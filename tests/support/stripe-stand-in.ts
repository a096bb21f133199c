import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';

/**
 * A local stand-in for the few Stripe endpoints the app uses (decision 0250): create and retrieve Checkout Sessions,
 * create refunds; plus the hosted checkout page at the session's url, whose Pay button marks the session paid, sends
 * a correctly signed `checkout.session.completed` webhook, then redirects to the success url, as Stripe does.
 * Tests also drive it directly: pay without sending the event, and send events when and as often as they like.
 */

export type StandInSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  payment_intent: string | null;
};

export type SignedEvent = { id: string; payload: string; signature: string };

export type StripeStandIn = {
  url: string;
  webhookSecret: string;
  sessions: Map<string, StandInSession>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Marks a session paid, as the hosted page does, without sending its webhook. */
  pay(sessionId: string): StandInSession;
  /** A signed event of this type about the session as it now stands (a fresh id each time unless given). */
  event(sessionId: string, type?: string, options?: { id?: string; secret?: string; timestamp?: number; amountTotal?: number }): SignedEvent;
  /** Any payload, signed with the app's secret as Stripe signs its events (a shape Stripe may send one day). */
  sign(payload: string): string;
  /** How many calls each endpoint got. */
  calls: Record<string, number>;
  close(): Promise<void>;
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

/** `onEvent` receives each event the hosted page sends (the browser flow): post it to the app's webhook there. */
/** The settings that point the app's real Stripe adapter at a running stand-in. */
export function stripeEnv(stripe: StripeStandIn): Record<string, string> {
  return { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: stripe.webhookSecret, STRIPE_API_BASE: stripe.url };
}

export async function startStripeStandIn(options: { onEvent?: (event: SignedEvent) => Promise<void> } = {}): Promise<StripeStandIn> {
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const sessions = new Map<string, StandInSession>();
  const refunds: StripeStandIn['refunds'] = [];
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const calls: Record<string, number> = {};
  let base = '';

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const fail = (response: ServerResponse, status: number, message: string) => json(response, status, { error: { type: 'invalid_request_error', message } });

  const pay = (sessionId: string): StandInSession => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'complete';
    session.payment_status = 'paid';
    session.payment_intent ??= id('pi');
    return session;
  };

  const event: StripeStandIn['event'] = (sessionId, type = 'checkout.session.completed', o = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const object = o.amountTotal === undefined ? session : { ...session, amount_total: o.amountTotal };
    const eventId = o.id ?? id('evt');
    const payload = JSON.stringify({ id: eventId, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: o.secret ?? webhookSecret,
      ...(o.timestamp === undefined ? {} : { timestamp: o.timestamp }),
    });
    return { id: eventId, payload, signature };
  };

  // Routing by method and path; the body is form-encoded, as the stripe package sends it.
  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', base);
    const key = `${request.method} ${url.pathname.replace(/\/(cs|pi)_test_\w+/, '/:id')}`;
    calls[key] = (calls[key] ?? 0) + 1;
    const body = new URLSearchParams(request.method === 'POST' ? await readBody(request) : '');
    const idempotencyKey = request.headers['idempotency-key'];
    const replayKey = typeof idempotencyKey === 'string' ? `${url.pathname} ${idempotencyKey}` : null;
    const remembered = replayKey ? idempotent.get(replayKey) : undefined;
    if (remembered) return json(response, remembered.status, remembered.body);
    const answer = (status: number, answerBody: unknown) => {
      if (replayKey && status < 500) idempotent.set(replayKey, { status, body: answerBody });
      json(response, status, answerBody);
    };

    if (url.pathname.startsWith('/v1/') && request.headers.authorization?.startsWith('Bearer sk_') !== true) return fail(response, 401, 'Invalid API key');

    if (request.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const unit = Number(body.get('line_items[0][price_data][unit_amount]'));
      const quantity = Number(body.get('line_items[0][quantity]') ?? '1');
      const currency = body.get('line_items[0][price_data][currency]');
      const success = body.get('success_url');
      const cancel = body.get('cancel_url');
      if (!Number.isInteger(unit) || unit <= 0 || !currency || !success || !cancel) return fail(response, 400, 'Missing required param');
      const sessionId = id('cs');
      const metadata: Record<string, string> = {};
      for (const [k, v] of body) {
        const m = /^metadata\[(\w+)\]$/.exec(k);
        if (m?.[1]) metadata[m[1]] = v;
      }
      const session: StandInSession = {
        id: sessionId,
        object: 'checkout.session',
        url: `${base}/pay/${sessionId}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: unit * quantity,
        currency,
        customer_email: body.get('customer_email'),
        client_reference_id: body.get('client_reference_id'),
        metadata,
        success_url: success,
        cancel_url: cancel,
        payment_intent: null,
      };
      sessions.set(sessionId, session);
      return answer(200, session);
    }
    const retrieve = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(url.pathname);
    if (request.method === 'GET' && retrieve?.[1]) {
      const session = sessions.get(retrieve[1]);
      return session ? json(response, 200, session) : fail(response, 404, `No such checkout.session: ${retrieve[1]}`);
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = body.get('payment_intent') ?? '';
      const amount = Number(body.get('amount'));
      const session = [...sessions.values()].find((s) => s.payment_intent === intent && s.payment_status === 'paid');
      if (!session) return fail(response, 400, `No such payment_intent: '${intent}'`);
      const refunded = refunds.filter((r) => r.payment_intent === intent).reduce((sum, r) => sum + r.amount, 0);
      if (!Number.isInteger(amount) || amount <= 0 || refunded + amount > session.amount_total) {
        return answer(400, { error: { type: 'invalid_request_error', message: 'Refund amount is greater than unrefunded amount on charge' } });
      }
      const refund = { id: id('re'), payment_intent: intent, amount };
      refunds.push(refund);
      return answer(200, { ...refund, object: 'refund', status: 'succeeded', currency: session.currency });
    }
    // The hosted checkout page: what the booker sees at the session's url.
    const page = /^\/pay\/([\w]+)$/.exec(url.pathname);
    const session = page?.[1] ? sessions.get(page[1]) : undefined;
    if (page && session && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><html lang="en"><title>Test checkout</title><main><h1>Test checkout</h1>` +
          `<p>Amount: <span data-testid="amount">${(session.amount_total / 100).toFixed(2)} ${session.currency.toUpperCase()}</span></p>` +
          `<form method="post"><button type="submit">Pay</button></form><a href="${session.cancel_url}">Cancel</a></main></html>`,
      );
      return;
    }
    if (page && session && request.method === 'POST') {
      pay(session.id);
      await options.onEvent?.(event(session.id));
      response.writeHead(303, { location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
      response.end();
      return;
    }
    fail(response, 404, `Unrecognized request URL (${request.method}: ${url.pathname})`);
  }

  const server: Server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      if (!response.headersSent) fail(response, 500, error instanceof Error ? error.message : String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    webhookSecret,
    sessions,
    refunds,
    pay,
    event,
    sign: (payload) => Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
