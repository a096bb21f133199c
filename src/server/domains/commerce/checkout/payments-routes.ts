import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { paymentEndpoints as endpoints } from '../../../../shared/api/endpoints/payments';
import { BadRequestError } from '../../../platform/errors';
import { WebhookBodyError, WebhookSignatureError, type ProviderEvent } from '../../../platform/payment-provider/payment-provider';
import type { PaymentSetup } from '../../../platform/payment-provider/payment-setup';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { confirmCheckout, handleWebhook, paymentState, startCheckout, type PaymentDeps } from './payments-service';

const tags = ['payments'];
/** A signed webhook whose body does not parse: told apart from a forgery, so the provider's dashboard says what is wrong. */
export const WEBHOOK_NOT_JSON = 'The webhook body is not JSON';
/** The payment provider failed or refused (UpstreamError). */
const upstream = { 502: errorResponse };

/**
 * The booker pays online with the management key, and the provider tells us by webhook (decision 0250).
 * `setup` says which provider, if any, is configured.
 */
export function paymentsRoutes(setup: PaymentSetup): FastifyPluginAsyncZod {
  return async (app) => {
    // The request's own logger: its lines carry the request id (platform/http/request-logging.ts).
    const deps = (log: PaymentDeps['log']): PaymentDeps => ({
      db: app.deps.database.db,
      setup,
      mailer: { mail: app.deps.mail, baseUrl: app.deps.publicUrl },
      log,
    });

    // Every call names the booking by its management key: a wrong key counts as a guess (platform/code-guesses.ts).
    const guarded = <T>(ip: string, lookup: () => Promise<T>) => app.deps.codeGuesses.guard(ip, lookup);

    endpointRoute(app, endpoints.state, { tags, summary: "The booking's total, paid, balance due, due date and how to pay" }, async (request) => ({
      payment: await guarded(request.ip, () => paymentState(deps(request.log), request.params.key)),
    }));

    endpointRoute(
      app,
      endpoints.startCheckout,
      { tags, summary: 'Start paying the deposit, the full price or the balance online: answers the checkout page to send the booker to', errors: upstream },
      async (request) => guarded(request.ip, () => startCheckout(deps(request.log), { key: request.params.key, ...request.body })),
    );

    endpointRoute(
      app,
      endpoints.confirmCheckout,
      {
        tags,
        summary: 'The return page: how the checkout went (records the payment if the provider says it is paid and the webhook has not)',
        errors: upstream,
      },
      async (request) => guarded(request.ip, () => confirmCheckout(deps(request.log), { key: request.params.key, sessionId: request.params.sessionId })),
    );

    // The provider's webhook: the raw body is what its signature covers, so this scope keeps every body as bytes,
    // whatever type it declares: the signature is checked on them, then they are read as JSON (issue 36: a signed
    // text/plain body was parsed as text, and answered as a forgery).
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      endpointRoute(
        scope,
        endpoints.webhook,
        { tags, summary: "The payment provider's events, signed with the webhook secret (no CSRF token: the signature is the proof)" },
        async (request) => {
          const provider = setup.provider;
          const header = request.headers['stripe-signature'];
          let event: ProviderEvent;
          try {
            if (!provider || !Buffer.isBuffer(request.body)) throw new WebhookSignatureError('no provider or no body');
            event = await provider.parseWebhook(request.body, typeof header === 'string' ? header : undefined);
          } catch (error) {
            if (error instanceof WebhookBodyError) {
              request.log.warn({ why: error.message, ip: request.ip }, 'webhook refused: signed, but its body is not JSON');
              throw new BadRequestError(WEBHOOK_NOT_JSON);
            }
            if (!(error instanceof WebhookSignatureError)) throw error;
            request.log.warn({ why: error.message, ip: request.ip }, 'webhook refused: signature not verified');
            throw new BadRequestError('Invalid webhook signature');
          }
          if (!provider) throw new BadRequestError('Invalid webhook signature');
          if (event.unreadable) {
            // Signed, so the provider's, but of a shape we do not read: acknowledged, since a 5xx would be retried for
            // days without ever reading better; logged for a person to look at, and nothing is recorded.
            request.log.warn({ eventId: event.id, type: event.type, why: event.unreadable }, 'webhook of an unexpected shape: acknowledged, not handled');
            return { received: true };
          }
          const outcome = await handleWebhook(deps(request.log), provider, event);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
          return { received: true };
        },
      );
    });
  };
}
