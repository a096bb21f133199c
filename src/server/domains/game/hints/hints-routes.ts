import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hintEndpoints as endpoints } from '../../../../shared/api/endpoints/hints';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { requireStaffUser } from '../../identity';
import { gameForStaff } from '../host/host-service';
import { playerOfRequest } from '../player-auth';
import { takeHint, takenHints, teamHints } from './hints-service';

/** Hints (decision 0581): a team's hints and taking one (X-Player-Token); the host's list of hints taken. */
export const hintsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const player = (request: { ip: string; params: { code: string }; headers: Record<string, string | string[] | undefined> }) =>
    playerOfRequest(db, codeGuesses, request, request.params.code);

  endpointRoute(app, endpoints.list, { tags: ['play'] }, async (request) => ({ hints: await teamHints(db, await player(request)) }));
  endpointRoute(app, endpoints.take, { tags: ['play'] }, async (request) => takeHint(db, await player(request), request.body));

  endpointRoute(app, endpoints.host, { tags: ['host'] }, async (request) => {
    const user = requireStaffUser(request.auth.user);
    return { taken: await takenHints(db, await gameForStaff(db, user, request.params.code)) };
  });
};
