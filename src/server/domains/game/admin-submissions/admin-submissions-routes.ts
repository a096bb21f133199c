import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSubmissionsEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../identity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { listSubmissions, reviewSubmission, submissionMediaKey } from '../submissions/submission-review';
import { sendMedia } from '../../../platform/http/media-reply';
import { REVIEW_MESSAGES } from '../../../../shared/api/submissions';

/** The review queue (decision 0243). Admin scope for now; the host's own routes come with the live game. */
export const adminSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: submissions'] };

  endpointRoute(app, endpoints.list, options, async ({ query }) =>
    listSubmissions(db, { gameCode: query.game, status: query.status }, { page: query.page, perPage: query.per_page }),
  );

  const media = async (request: FastifyRequest<{ Params: { id: number } }>, reply: FastifyReply) =>
    sendMedia(request, reply, app.deps.media, await submissionMediaKey(db, request.params.id), REVIEW_MESSAGES.noMedia);
  endpointRoute(app, endpoints.media, options, media);
  endpointRoute(app, endpoints.photo, options, media);

  endpointRoute(app, endpoints.approve, options, async (request) =>
    reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'approve' }),
  );

  endpointRoute(app, endpoints.rate, options, async (request) =>
    reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'rate', rating: request.body.rating }),
  );

  endpointRoute(app, endpoints.reject, options, async (request) =>
    reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'reject' }, request.body.reason),
  );
};
