import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifySchema, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { publicOrigin, serverTimeouts, type Config } from './platform/config';
import { addBodyDeadline } from './platform/http/body-deadline';
import { limitConnections, trustedProxyPeers } from './platform/http/connection-limits';
import { limitConcurrentUploads } from './platform/http/upload-slots';
import type { Database } from './platform/db/client';
import { createMailer, registerOutboxMetrics, type Mailer } from './platform/mail';
import { createMetrics, metricsRoute, registerRequestMetrics, type Metrics } from './platform/metrics';
import { closeConnectionsWhileDraining, createDrain, type Drain } from './platform/drain';
import { probeRoutes } from './platform/http/probe-routes';
import { registerPoolMetrics } from './platform/db/pool-metrics';
import { createCodeGuesses, type CodeGuesses } from './platform/code-guesses';
import { createGameHub, gamePersonalData, type GameHub } from './domains/game';
import { bookingPersonalData } from './domains/booking';
import { commercePersonalData, voucherPersonalData } from './domains/commerce';
import { getOrCreateSecret } from './platform/app-secrets';
import { setPasswordCost } from './platform/crypto';
import { createMediaStorage, type MediaStorage } from './platform/storage';
import { memoizingSerializerCompiler } from './platform/memo-serializer';
import { registerErrorHandler } from './platform/http/error-handler';
import { loggerOptions, registerRequestIdHeader, requestIdFor } from './platform/http/request-logging';
import { createHotReads, type HotReads } from './platform/http/hot-reads';
import { registerSession, guardAdminScope, mayCarrySignedInSession } from './domains/identity';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerOpenApi } from './platform/http/openapi';
import { registerWeb } from './web/web';
import { authRoutes, adminUsersRoutes, adminActivityRoutes, adminMailRoutes, hostSettingsRoutes, hostTimeRoutes } from './domains/identity/routes';
import { healthRoutes } from './health-routes';
import { pricingRoutes, geocodeRoutes, adminChallengesRoutes, adminPricingRoutes } from './domains/catalogue/routes';
import {
  publicBookingRoutes,
  bookerGameRoutes,
  adminBookingsRoutes,
  adminBookingDetailRoutes,
  adminBookingTimelineRoutes,
  adminConsentsRoutes,
  bookerConsentsRoutes,
} from './domains/booking/routes';
import { activityPart, adminPrivacyRoutes, mailPart, privacyRoutes, waiverPart } from './domains/privacy/routes';

import {
  playRoutes,
  playChallengesRoutes,
  hostReviewRoutes,
  hostRoutes,
  huntRoutes,
  adminOverviewRoutes,
  adminSubmissionsRoutes,
  adminScoringRoutes,
  adminMarkersRoutes,
  showcaseRoutes,
  placesRoutes,
  briefingRoutes,
  adminBriefingRoutes,
  chatRoutes,
  hintsRoutes,
  scriptRoutes,
  adminScriptRoutes,
  questionRoutes,
} from './domains/game/routes';
import { adminProposalsRoutes, proposalRoutes } from './domains/proposals/routes';
import { adminCommerceRoutes, adminPaymentsRoutes, commerceRoutes, paymentsRoutes } from './domains/commerce/routes';
import { adminIntegrationsRoutes, outsideApiRoutes } from './domains/integrations/routes';
import { createPaymentSetup, paymentMethodOf, type PaymentSetup } from './platform/payment-provider/payment-setup';

export type AppDeps = {
  config: Config;
  database: Database;
  mail: Mailer;
  csrfKey: string;
  /** Where links in mails point: fixed at start (config.ts publicOrigin), never read from a request. */
  publicUrl: string;
  /** The card provider, if configured, else bank transfer (platform/payment-provider, decision 0250). */
  payments: PaymentSetup;
  /** Where submitted photos and videos are kept: DATA_DIR/photos, or S3-compatible storage when configured (platform/storage). */
  media: MediaStorage;
  /** @deprecated The same storage as `media`, while code written against the older name moves (decision 0421). */
  photos: MediaStorage;
  /** This process's live game subscribers, fed by one LISTEN (domains/game/game-events.ts). */
  gameHub: GameHub;
  /** Failed look-ups by code or token per address, one bucket for every such route (platform/code-guesses.ts, 0180). */
  codeGuesses: CodeGuesses;
  /** This app's Prometheus registry: every part adds its metrics here (platform/metrics.ts, 0365). */
  metrics: Metrics;
  /** Begun on SIGTERM: /readyz turns 503 and each part lets go of its long-lived work (platform/drain.ts, 0366). */
  drain: Drain;
  /** Hot public reads answered again from the bytes last sent, before routing (platform/http/hot-reads.ts, 0660). */
  hotReads: HotReads;
};
/** `schema` is the route's own (zod) schema, as declared: the fuzz tests generate requests from it. */
export type RouteRecord = { method: string; url: string; schema?: FastifySchema };

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every route, as registered: the security tests walk it so no new route slips through. */
    routeTable: RouteRecord[];
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
};

/** Builds the whole app: outside plugins, then our own, then the public routes, then the admin scope. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  // Before anything hashes a password (the bootstrap admin comes after the app is built).
  setPasswordCost(config.TEST_PASSWORD_COST === 'low' ? 'low' : 'standard');
  const timeouts = serverTimeouts(config);
  // The server's settings, once: the hot reads' server factory sets them on the server it makes (Fastify's own
  // factory would have), and Fastify validates them as its options.
  const serverSettings = {
    http: { headersTimeout: timeouts.headersTimeout, connectionsCheckingInterval: timeouts.connectionsCheckingInterval },
    keepAliveTimeout: timeouts.keepAliveTimeout,
    requestTimeout: timeouts.requestTimeout,
    connectionTimeout: timeouts.connectionTimeout,
  };
  const hotReads = createHotReads(serverSettings);
  const app = Fastify({
    // The HTTP server Fastify would make, with the hot reads' replay in front of Fastify's handler (decision 0660).
    serverFactory: hotReads.serverFactory,
    // Our serializers redact secrets from every line; each line of a request carries its id (request-logging.ts).
    logger: loggerOptions(options.logger ?? { level: config.LOG_LEVEL }),
    genReqId: requestIdFor,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 256 * 1024,
    ...serverSettings,
    // A request that reached us while we close is still served (with Connection: close), never refused with 503: a
    // refused POST is not retried by the proxy and would reach the client as a 5xx. New work is refused by the closed
    // listener instead, which a proxy retries elsewhere (decision 0366).
    return503OnClosing: false,
  });
  // Slow senders (decision 0520): a minimum body rate, slow bodies closed first when sockets run short, and a cap on
  // media uploads at once per player and per address.
  const bodyRate = { minBytesPerSecond: config.MIN_BODY_BYTES_PER_SECOND, windowMs: config.BODY_RATE_WINDOW_MS };
  addBodyDeadline(app, { bodyMs: timeouts.bodyTimeout, uploadMs: timeouts.uploadTimeout, nodeMs: timeouts.requestTimeout, rate: bodyRate });
  limitConnections(
    app.server,
    {
      maxTotal: config.MAX_CONNECTIONS,
      maxPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
      firstRequestWithinMs: timeouts.headersTimeout,
      isTrustedProxy: trustedProxyPeers(config.TRUST_PROXY),
      bodyRate,
    },
    app.log,
  );
  limitConcurrentUploads(app, { perOwner: config.MAX_UPLOADS_PER_PLAYER, perAddress: config.MAX_UPLOADS_PER_ADDRESS });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(memoizingSerializerCompiler);

  const routeTable: RouteRecord[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method, url: route.url, schema: route.schema });
  });

  const csrfKey = await getOrCreateSecret(database.db, 'csrf');
  const metrics = createMetrics({ processMetrics: config.METRICS_TOKEN !== undefined });
  const mail = createMailer({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    maxAttempts: config.MAIL_MAX_ATTEMPTS,
    metrics,
  });
  const payments = createPaymentSetup(config);
  const media = createMediaStorage(config);
  const drain = createDrain(app.log);
  const gameHub = createGameHub(database, app.log, metrics);
  // Draining, the game's streams ask their phones to reconnect elsewhere and no new one is taken.
  drain.onDrain(() => gameHub.drain());
  closeConnectionsWhileDraining(app, drain);
  registerOutboxMetrics(metrics, database.db);
  registerPoolMetrics(metrics, database);
  const observeRequest = registerRequestMetrics(app, metrics);
  hotReads.attach(app, { isDraining: () => drain.draining, observe: observeRequest, carriesCredentials: mayCarrySignedInSession });
  const codeGuesses = createCodeGuesses(database.db, (error) => app.log.warn({ err: error }, 'code guess counts not written yet: kept for the next flush'));
  app.decorate('deps', {
    config,
    database,
    mail,
    csrfKey,
    publicUrl: publicOrigin(config),
    payments,
    media,
    photos: media,
    gameHub,
    codeGuesses,
    metrics,
    drain,
    hotReads,
  });
  app.addHook('onClose', async () => {
    media.close();
    await mail.stop();
    // Runs before the database closes (server.ts and the tests close it after the app): the last counts are written.
    await codeGuesses.close().catch((error: unknown) => app.log.warn({ err: error }, 'code guess counts not written'));
  });
  app.addHook('onReady', async () => gameHub.start());
  // Open streams end with the app: stop() drops every subscriber before the database closes.
  app.addHook('preClose', async () => gameHub.stop());

  registerErrorHandler(app);
  registerRequestIdHeader(app);
  await app.register(cookie);
  registerSecurityHeaders(app, { tileOrigins: tileOrigins(config.MAP_TILE_URL) });
  await registerOpenApi(app, { referencePage: config.NODE_ENV !== 'production' });
  registerSession(app, database.db, csrfKey);

  await app.register(healthRoutes);
  await app.register(probeRoutes({ db: database.db, drain }));
  await app.register(metricsRoute({ metrics, token: config.METRICS_TOKEN }));
  await app.register(authRoutes);
  await app.register(pricingRoutes);
  await app.register(publicBookingRoutes);
  await app.register(geocodeRoutes);
  await app.register(bookerGameRoutes);
  await app.register(proposalRoutes);
  await app.register(commerceRoutes);
  await app.register(paymentsRoutes(payments));
  await app.register(playRoutes);
  await app.register(hostRoutes);
  await app.register(hostTimeRoutes);
  await app.register(huntRoutes);
  await app.register(playChallengesRoutes);
  await app.register(placesRoutes);
  await app.register(briefingRoutes);
  await app.register(scriptRoutes);
  await app.register(questionRoutes);
  await app.register(hostReviewRoutes);
  await app.register(showcaseRoutes);
  await app.register(privacyRoutes);
  await app.register(bookerConsentsRoutes);
  await app.register(chatRoutes);
  await app.register(hintsRoutes);
  // The outside API: an API key alone opens it (decision 0560).
  await app.register(outsideApiRoutes, { prefix: '/api/v1' });

  // Everything under /api/admin is for admins only: the guard runs before any route of the scope.
  await app.register(
    async (admin) => {
      guardAdminScope(admin);
      await admin.register(adminBookingsRoutes);
      await admin.register(adminBookingDetailRoutes);
      await admin.register(adminChallengesRoutes);
      await admin.register(adminPricingRoutes);
      await admin.register(adminUsersRoutes);
      await admin.register(hostSettingsRoutes);
      await admin.register(adminActivityRoutes);
      await admin.register(adminMailRoutes);
      await admin.register(adminBookingTimelineRoutes);
      await admin.register(adminOverviewRoutes);
      await admin.register(adminProposalsRoutes);
      await admin.register(adminCommerceRoutes);
      await admin.register(adminPaymentsRoutes);
      await admin.register(adminSubmissionsRoutes);
      await admin.register(adminScoringRoutes);
      await admin.register(adminMarkersRoutes);
      await admin.register(adminBriefingRoutes);
      await admin.register(adminConsentsRoutes);
      // A person's data is held by several domains: each hands privacy its part (decision 0570).
      await admin.register(
        adminPrivacyRoutes([commercePersonalData, voucherPersonalData, gamePersonalData, waiverPart, mailPart, activityPart, bookingPersonalData]),
      );
      await admin.register(adminIntegrationsRoutes);
      await admin.register(adminScriptRoutes);
    },
    { prefix: '/api/admin' },
  );

  await registerWeb(app, {
    webRoot: options.webRoot ?? path.resolve('dist/web'),
    csrfKey,
    pageMeta: { 'terms-url': config.TERMS_URL, 'map-tile-url': config.MAP_TILE_URL, 'payment-method': paymentMethodOf(payments) },
  });
  return app;
}

/** A hop count as the function Fastify takes: hop 0 is the socket's peer, each proxy adds one entry on the right. */
function trustProxyOption(setting: Config['TRUST_PROXY']): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

function tileOrigins(tileUrl: string): string[] {
  try {
    const { protocol, hostname, port } = new URL(tileUrl.replaceAll(/\{[a-z]\}/g, 'a'));
    const host = tileUrl.includes('{s}.') ? `*.${hostname.split('.').slice(1).join('.')}` : hostname;
    return [`${protocol}//${host}${port ? `:${port}` : ''}`];
  } catch {
    return [];
  }
}
