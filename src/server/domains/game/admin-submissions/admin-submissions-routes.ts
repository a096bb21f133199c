import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSubmissionsEndpoints as endpoints } from '../../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../identity';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { listSubmissions, reviewSubmission, submissionPhoto } from '../submissions/submission-review';

/** The review queue (decision 0243). Admin scope for now; the host's own routes come with the live game. */
export const adminSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['admin: submissions'] };

  endpointRoute(app, endpoints.list, options, async ({ query }) =>
    listSubmissions(db, { gameCode: query.game, status: query.status }, { page: query.page, perPage: query.per_page }),
  );

  endpointRoute(app, endpoints.photo, options, async (request, reply) => {
    const photo = await submissionPhoto(db, app.deps.photos, request.params.id);
    return (
      reply
        .header('Content-Type', photo.contentType)
        .header('Cache-Control', 'private, max-age=3600')
        .header('X-Content-Type-Options', 'nosniff')
        // Fastify sends a Buffer as it is (no serializer runs); the schema only documents the body.
        .send(Buffer.from(photo.bytes))
    );
  });

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
