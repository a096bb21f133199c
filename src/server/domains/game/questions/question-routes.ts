import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { questionEndpoints as endpoints } from '../../../../shared/api/endpoints/questions';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { readIdempotencyKey } from '../../../platform/idempotency';
import { requireStaffUser } from '../../identity';
import { playerOfRequest } from '../player-auth';
import { gameForStaff } from '../host/host-service';
import { ask, hostQuestions, teamQuestionsView } from './question-service';

/** Questions about the Chicken (decision 0585): a team's list and ask (X-Player-Token), the host's list under /api/host. */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const player = (request: { ip: string; params: { code: string }; headers: Record<string, string | string[] | undefined> }) =>
    playerOfRequest(db, app.deps.codeGuesses, request, request.params.code);

  endpointRoute(app, endpoints.list, { tags: ['play'] }, async (request) => teamQuestionsView(db, await player(request)));

  // Refused with its reason (409, nothing charged) or past the cooldown (429 with Retry-After).
  endpointRoute(app, endpoints.ask, { tags: ['play'], errors: { 409: errorResponse, 429: errorResponse } }, async (request) =>
    ask(db, await player(request), request.body, readIdempotencyKey(request.headers['idempotency-key'])),
  );

  endpointRoute(
    app,
    endpoints.host,
    {
      tags: ['host'],
      onRequest: async (request) => {
        requireStaffUser(request.auth.user);
      },
    },
    async (request) => hostQuestions(db, await gameForStaff(db, requireStaffUser(request.auth.user), request.params.code)),
  );
};
