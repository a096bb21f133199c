import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { adminSubmissionsEndpoints as endpoints } from '../../../shared/api/endpoints/admin-review';
import { requireAdmin } from '../../plugins/admin-guard';
import { listSubmissions, reviewSubmission, submissionPhoto } from '../../lib/submissions/submission-review';

/** The review queue (decision 0243). Admin scope for now; the host's own routes come with the live game. */
export const adminSubmissionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin: submissions'];

  app.get(
    '/submissions',
    { schema: { tags, querystring: endpoints.list.query, response: { 200: endpoints.list.response, ...errorResponses } } },
    async ({ query }) => listSubmissions(db, { gameCode: query.game, status: query.status }, { page: query.page, perPage: query.per_page }),
  );

  app.get(
    '/submissions/:id/photo',
    { schema: { tags, params: idParam, response: { 200: endpoints.photo.response, ...errorResponses } } },
    async (request, reply) => {
      const photo = await submissionPhoto(db, app.deps.photos, request.params.id);
      return (
        reply
          .header('Content-Type', photo.contentType)
          .header('Cache-Control', 'private, max-age=3600')
          .header('X-Content-Type-Options', 'nosniff')
          // Fastify sends a Buffer as it is (no serializer runs); the schema only documents the body.
          .send(Buffer.from(photo.bytes) as unknown as string)
      );
    },
  );

  app.post(
    '/submissions/:id/approve',
    { schema: { tags, params: idParam, body: endpoints.approve.body, response: { 200: endpoints.approve.response, ...errorResponses } } },
    async (request) => reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'approve' }),
  );

  app.post(
    '/submissions/:id/rate',
    { schema: { tags, params: idParam, body: endpoints.rate.body, response: { 200: endpoints.rate.response, ...errorResponses } } },
    async (request) => reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'rate', rating: request.body.rating }),
  );

  app.post(
    '/submissions/:id/reject',
    { schema: { tags, params: idParam, body: endpoints.reject.body, response: { 200: endpoints.reject.response, ...errorResponses } } },
    async (request) => reviewSubmission(db, requireAdmin(request.auth.user).id, request.params.id, { kind: 'reject' }, request.body.reason),
  );
};
