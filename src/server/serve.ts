import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { backupSchedule, type Config } from './platform/config';
import type { Database } from './platform/db/client';
import { bootstrapAdmin, type BootstrapResult, pruneExpiredSessions } from './domains/identity';
import { buildApp } from './app';
import { runMaintenance } from './platform/maintenance';
import { endDueGames, gameRetention, shrinkDueAreas, queueDueResultsMails, runDueScriptSteps } from './domains/game';
import { retentionMetrics, runRetention } from './domains/privacy';
import { registerSchedulerMetrics, startScheduler } from './platform/scheduler';
import { bookingRetention, foldKeyCountDeltas, runMessageSchedule } from './domains/booking';
import { expireDueVouchers, renderDueInvoices, renderInvoicePdf } from './domains/commerce';
import { paymentMethodOf } from './platform/payment-provider/payment-setup';
import { scheduledBackups } from './platform/backup/scheduled-backups';
import { pruneEventOutbox } from './platform/event-outbox';
import { createWebhookDispatcher, createWebhookSender, pruneWebhookLog } from './domains/integrations';

export type Serving = { app: FastifyInstance; address: string; admin: BootstrapResult; close(): Promise<void> };

/**
 * Everything a running server does on a migrated database: the app, the first admin, the mail queue, the periodic
 * jobs, and listening. server.ts runs it as the process; the browser tests run it inside their worker on a database
 * of their own, so both start the product the same way.
 */
export async function serve(options: { config: Config; database: Database; webRoot: string; logger?: FastifyServerOptions['logger'] }): Promise<Serving> {
  const { config, database } = options;
  const app = await buildApp({ config, database, webRoot: options.webRoot, ...(options.logger === undefined ? {} : { logger: options.logger }) });
  const admin = await bootstrapAdmin(database.db, { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD });
  app.deps.mail.start();
  const { db } = database;
  const backupPlan = backupSchedule(config);
  // The embedded database backs itself up while it serves (decision 0361): no other process may read it meanwhile.
  const backups = backupPlan
    ? scheduledBackups({ sources: { database, media: app.deps.media }, ...backupPlan, log: app.log, metrics: app.deps.metrics })
    : null;
  // Webhooks (decision 0560): planned from the event outbox after each commit and sent beside everything else; a
  // slow receiver holds up only its own queue.
  const webhooks = createWebhookDispatcher({
    db,
    send: createWebhookSender({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE, timeoutMs: config.WEBHOOK_TIMEOUT_MS }),
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    log: app.log,
    notice: { mail: app.deps.mail, baseUrl: app.deps.publicUrl },
  });
  const retentionDeleted = retentionMetrics(app.deps.metrics);
  const scheduler = startScheduler(
    [
      // Every process ends the games whose time is up; the UPDATE lets one of them win each game.
      { name: 'ending due games', everyMs: 5_000, run: () => endDueGames(db) },
      // …and moves their shrinking areas (decision 0280).
      { name: 'shrinking game areas', everyMs: 5_000, run: () => shrinkDueAreas(db) },
      // …and run their scripts' due steps, each once whichever process claims it (decision 0585); every 2 s, so a step
      // planned for 14:30 reaches the phones within seconds of it.
      { name: 'running game scripts', everyMs: 2_000, run: () => runDueScriptSteps(db) },
      // Once a game is over its booker gets the results, once, whichever process sees it first.
      { name: 'queueing results mails', everyMs: 5_000, run: () => queueDueResultsMails(db, { mail: app.deps.mail, baseUrl: app.deps.publicUrl }) },
      // Each booking's reminders, balance chasers and feedback request: planned again when it changes, each sent once
      // whichever process claims it (decision 0380); the run's clock is the time.
      {
        name: 'message schedule',
        everyMs: 15_000,
        run: () =>
          runMessageSchedule(db, {
            paymentMethod: paymentMethodOf(app.deps.payments),
            mail: app.deps.mail,
            baseUrl: app.deps.publicUrl,
            bankTransferDetails: app.deps.payments.bankTransferDetails,
            now: new Date(),
            log: app.log,
          }),
      },
      // Each issued invoice's and credit note's PDF, rendered after its payment's commit and mailed once; a failed
      // render is retried with backoff, the payment untouched (decision 0510).
      {
        name: 'rendering invoices',
        everyMs: 5_000,
        run: () => renderDueInvoices(db, { mail: app.deps.mail, render: renderInvoicePdf, now: new Date(), log: app.log }),
      },
      { name: 'delivering webhooks', everyMs: 1_000, run: () => webhooks.tick() },
      // Gift vouchers past their last day lose what is left, once, with a ledger entry (decision 0401); paying with one
      // after that day is refused before this runs, so an hourly run is soon enough.
      { name: 'expiring gift vouchers', everyMs: 60 * 60_000, firstAfterMs: 60_000, run: () => expireDueVouchers(db, new Date()) },
      // Positions, media and old leads past the privacy settings' days go, once a day whichever process claims the day
      // first (decision 0570); hourly so a day is never missed, the clock read at each run.
      {
        name: 'privacy retention',
        everyMs: 60 * 60_000,
        firstAfterMs: 90_000,
        run: () => runRetention({ db, media: app.deps.media, deleted: retentionDeleted, log: app.log }, [gameRetention, bookingRetention], new Date()),
      },
      // Expired sessions, windows and keys go; folding the booking count deltas keeps the first staff read after a
      // quiet spell quick.
      {
        name: 'maintenance',
        everyMs: 10 * 60_000,
        firstAfterMs: 30_000,
        run: () => runMaintenance(db, [pruneExpiredSessions, foldKeyCountDeltas, pruneEventOutbox, pruneWebhookLog]),
      },
      ...(backups ? [backups.job] : []),
    ],
    app.log,
  );
  registerSchedulerMetrics(app.deps.metrics, scheduler);
  // Draining, no new run starts; the drain waits for the runs under way, so none meets a closed database.
  app.deps.drain.onDrain(() => scheduler.stop());
  app.deps.drain.onDrain(() => webhooks.stop());
  const close = async () => {
    await scheduler.stop();
    await webhooks.stop();
    await app.close();
  };
  let address: string;
  try {
    address = await app.listen({ port: config.PORT, host: config.HOST });
  } catch (error) {
    // A port already taken: nothing of this attempt may keep running (a caller may try another port).
    await close();
    throw error;
  }
  if (!config.PUBLIC_URL) app.log.warn({ links: app.deps.publicUrl }, 'PUBLIC_URL is not set: links in mails point at the address this server listens on');
  return { app, address, admin, close };
}
