import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { invoiceEndpoints as endpoints } from '../../../../shared/api/endpoints/invoices';
import { urlOf } from '../../../../shared/api/endpoint';
import { MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { headerValue } from '../../../platform/http/request-headers';
import { recordActivity } from '../../identity';
import type { Db } from '../../../platform/db/client';
import { loadInvoiceSettings } from './invoice-settings';
import { countWaitingDocuments, saveInvoiceSettings } from './invoice-numbers';
import { bookerBooking, buyerOf, invoicePdf, listInvoices, saveBuyer, staffBooking, summaries, unmailedDocuments, waitingDocuments } from './invoices-service';
import { retryRenderNow } from './invoices-repository';
import { NotFoundError } from '../../../platform/errors';
import { INVOICE_MESSAGES } from '../../../../shared/commerce/invoices';

const sendPdf = (reply: FastifyReply, file: { filename: string; pdf: Buffer }) =>
  reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.pdf);

/** The booker's invoices and credit notes, by code with X-Manage-Key (issue 32, decision 0411). */
export const bookerInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const guesses = app.deps.codeGuesses;
  const options = { tags: ['booker: invoices'] };
  const booking = (request: { params: { code: string }; headers: Record<string, string | string[] | undefined>; ip: string }) =>
    bookerBooking({ db, guesses, code: request.params.code, manageKey: headerValue(request.headers[MANAGE_KEY_HEADER], 128), ip: request.ip });

  endpointRoute(app, endpoints.bookerList, { ...options, summary: "The booking's invoices and credit notes (X-Manage-Key)" }, async (request) => {
    const code = request.params.code;
    const rows = await listInvoices(db, await booking(request));
    return { invoices: summaries(rows, (number) => urlOf(endpoints.bookerPdf, { code, number: `${number}.pdf` })) };
  });
  endpointRoute(app, endpoints.bookerPdf, { ...options, summary: 'One invoice or credit note as a PDF (X-Manage-Key)' }, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, await booking(request), request.params.number)),
  );
  endpointRoute(app, endpoints.bookerBuyer, { ...options, summary: "The buyer's company and address the invoices show (X-Manage-Key)" }, async (request) => ({
    buyer: await buyerOf(db, await booking(request)),
  }));
  endpointRoute(
    app,
    endpoints.bookerSaveBuyer,
    { ...options, summary: "The booker adds or changes the buyer's company and address; every PDF downloaded after shows them" },
    async (request) => ({ buyer: await saveBuyer(db, await booking(request), request.body) }),
  );
};

/** Staff's side: a booking's documents and the install's invoice settings (inside the admin scope). */
export const adminInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: invoices'] };

  /** Staff's list: issued documents, those waiting for the seller's details, those whose PDF failed (0510). */
  const staffList = async (id: number) => {
    const booking = await staffBooking(db, id);
    const rows = await listInvoices(db, booking);
    return {
      invoices: summaries(rows, (number) => urlOf(endpoints.adminPdf, { id: booking.id, number: `${number}.pdf` })),
      ...waitingDocuments(rows),
      ...unmailedDocuments(rows),
    };
  };
  endpointRoute(app, endpoints.adminList, options, async (request) => staffList(request.params.id));
  endpointRoute(
    app,
    endpoints.adminRetryRender,
    { ...options, summary: 'Retry the PDF of a document whose render failed: the job takes it at its next run, then mails it' },
    async (request) => {
      const { id, number } = request.params;
      await staffBooking(db, id);
      await db.transaction(async (tx) => {
        if (!(await retryRenderNow(tx, id, number))) throw new NotFoundError(INVOICE_MESSAGES.notFound);
        await recordActivity(tx, {
          actorId: request.auth.user?.id ?? null,
          action: 'invoice.retry_render',
          entityType: 'invoice',
          entityId: number,
          bookingId: id,
        });
      });
      return staffList(id);
    },
  );
  endpointRoute(app, endpoints.adminPdf, options, async (request, reply) =>
    sendPdf(reply, await invoicePdf(db, await staffBooking(db, request.params.id), request.params.number)),
  );
  endpointRoute(app, endpoints.settings, options, async () => settingsAnswer(db));
  endpointRoute(app, endpoints.saveSettings, options, async (request) => {
    const settings = request.body;
    await db.transaction(async (tx) => {
      const { vatRateBp: _bp, ready: _ready, ...before } = await loadInvoiceSettings(tx);
      // Every document waiting for these details is issued in this transaction, in order (decision 0510).
      const issued = await saveInvoiceSettings(tx, settings);
      // A staff change like any other: in the activity log, with what it was. Issued documents keep their own copy.
      await recordActivity(tx, {
        actorId: request.auth.user?.id ?? null,
        action: 'settings.invoices',
        entityType: 'setting',
        entityId: 'invoices',
        before,
        after: { ...settings, waiting_documents_issued: issued },
      });
    });
    return settingsAnswer(db);
  });
};

/** The settings as saved, whether invoices can be issued with them, and how many documents wait for them (0510). */
async function settingsAnswer(db: Db) {
  const { vatRateBp: _bp, ready, ...settings } = await loadInvoiceSettings(db);
  return { settings, ready, waiting: await countWaitingDocuments(db) };
}
