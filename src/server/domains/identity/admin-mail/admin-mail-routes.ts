import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminMailEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-mail';
import { UnauthenticatedError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import type { SessionUser } from '../session-plugin';
import { sendFileDownload } from '../../../platform/http/file-download';
import { listOutbox, mailAttachment, mailCalendarInvite, retryMail, revealMail, showMail } from './admin-mail-service';

const options = { tags: ['admin: mail'] };

function viewerOf(user: SessionUser | null) {
  if (!user) throw new UnauthenticatedError();
  return user;
}

/** Every mail of the install for admins, under /api/admin (the scope's admin guard runs first). */
export const adminMailRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const mailer = app.deps.mail;
  endpointRoute(app, endpoints.list, options, async (request) => listOutbox(db, mailer, request.query));
  endpointRoute(app, endpoints.show, options, async (request) => ({ mail: await showMail(db, request.params.id, viewerOf(request.auth.user)) }));
  endpointRoute(app, endpoints.retry, options, async (request) => ({ mail: await retryMail(db, mailer, request.params.id, viewerOf(request.auth.user)) }));
  endpointRoute(app, endpoints.reveal, options, async (request) => ({ mail: await revealMail(db, request.params.id, viewerOf(request.auth.user)) }));
  endpointRoute(app, endpoints.attachment, { ...options, summary: 'A file the mail carried, as it was sent (a download)' }, async (request, reply) =>
    sendFileDownload(reply, await mailAttachment(db, request.params.id, request.params.index)),
  );
  endpointRoute(
    app,
    endpoints.calendarInvite,
    { ...options, summary: 'The calendar invite the mail carried, as it was sent (a download)' },
    async (request, reply) => sendFileDownload(reply, await mailCalendarInvite(db, request.params.id)),
  );
};
