import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, errorResponses } from '../../../shared/api/common';
import { checkoutParams, confirmCheckoutResponse, paymentStateResponse, startCheckoutBody, startCheckoutResponse, webhookResponse } from '../../../shared/api/payments';
import { manageKeyParams } from '../../../shared/api/public-booking';
import { BadRequestError } from '../../lib/errors';
import { WebhookSignatureError, type ProviderEvent } from '../../lib/payments/payment-provider';
import type { PaymentSetup } from '../../lib/payments/payment-setup';
import { confirmCheckout, handleWebhook, paymentState, startCheckout, type PaymentDeps } from './payments-service';

const tags = ['payments'];

/**
 * The booker pays online with the management key, and the provider tells us by webhook (decisions 0250, 0251).
 * `setup` says which provider, if any, is configured.
 */
export function paymentsRoutes(setup: PaymentSetup): FastifyPluginAsyncZod {
  return async (app) => {
    const deps = (): PaymentDeps => ({ db: app.deps.database.db, setup, mailer: { mail: app.deps.mail, baseUrl: app.deps.publicUrl }, log: app.log });

    app.get(
      '/api/manage/:key/payment',
      { schema: { tags, summary: "The booking's total, paid, balance due, due date and how to pay", params: manageKeyParams, response: { 200: paymentStateResponse, ...errorResponses } } },
      async (request) => ({ payment: await paymentState(deps(), request.params.key) }),
    );

    app.post(
      '/api/manage/:key/checkout',
      {
        schema: {
          tags,
          summary: 'Start paying the deposit, the full price or the balance online: answers the checkout page to send the booker to',
          params: manageKeyParams,
          body: startCheckoutBody,
          response: { 201: startCheckoutResponse, ...errorResponses, 502: errorResponse },
        },
      },
      async (request, reply) => reply.code(201).send(await startCheckout(deps(), { key: request.params.key, ...request.body })),
    );

    app.post(
      '/api/manage/:key/checkout/:sessionId/confirm',
      {
        schema: {
          tags,
          summary: 'The return page: how the checkout went (records the payment if the provider says it is paid and the webhook has not)',
          params: checkoutParams,
          response: { 200: confirmCheckoutResponse, ...errorResponses, 502: errorResponse },
        },
      },
      async (request) => confirmCheckout(deps(), { key: request.params.key, sessionId: request.params.sessionId }),
    );

    // The provider's webhook: the raw body is what its signature covers, so this scope keeps JSON bodies as bytes.
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) => done(null, body));
      scope.post(
        '/api/payments/webhook',
        { schema: { tags, summary: "The payment provider's events, signed with the webhook secret (no CSRF token: the signature is the proof)", response: { 200: webhookResponse, ...errorResponses } } },
        async (request) => {
          const provider = setup.provider;
          const header = request.headers['stripe-signature'];
          let event: ProviderEvent;
          try {
            if (!provider || !Buffer.isBuffer(request.body)) throw new WebhookSignatureError('no provider or no body');
            event = provider.parseWebhook(request.body, typeof header === 'string' ? header : undefined);
          } catch (error) {
            if (!(error instanceof WebhookSignatureError)) throw error;
            request.log.warn({ why: error.message, ip: request.ip }, 'webhook refused: signature not verified');
            throw new BadRequestError('Invalid webhook signature');
          }
          if (!provider) throw new BadRequestError('Invalid webhook signature');
          const outcome = await handleWebhook(deps(), provider, event);
          request.log.info({ eventId: event.id, type: event.type, outcome }, 'webhook handled');
          return { received: true };
        },
      );
    });
  };
}
