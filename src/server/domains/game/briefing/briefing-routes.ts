import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { briefingEndpoints as endpoints } from '../../../../shared/api/endpoints/briefing';
import { MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { headerValue } from '../../../platform/http/request-headers';
import { isRefusal } from '../../../platform/code-guesses';
import { requireAdmin } from '../../identity';
import { playerOfRequest } from '../player-auth';
import { bookerBriefing, playerBriefing, saveBriefing, staffBriefing } from './briefing-service';

type Headers = Record<string, string | string[] | undefined>;

/** Players read the briefing; the organiser reads and edits it by code and management key (decision 0442). */
export const briefingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const manageKey = (headers: Headers) => headerValue(headers[MANAGE_KEY_HEADER], 128);
  endpointRoute(app, endpoints.play, { tags: ['play'] }, async (request) =>
    playerBriefing(db, await playerOfRequest(db, codeGuesses, request, request.params.code)),
  );
  // A wrong code or key counts as a guess (platform/code-guesses.ts), like every look-up by a secret.
  endpointRoute(app, endpoints.booker, { tags: ['booker'] }, async (request) =>
    codeGuesses.guard(request.ip, () => bookerBriefing(db, request.params.code, manageKey(request.headers)), isRefusal),
  );
  endpointRoute(app, endpoints.bookerSave, { tags: ['booker'] }, async (request) =>
    codeGuesses.guard(request.ip, () => saveBriefing(db, request.params.code, request.body, { manageKey: manageKey(request.headers) }), isRefusal),
  );
};

/** Staff read and edit any game's briefing (registered in the admin scope: 401/403 before this runs). */
export const adminBriefingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, endpoints.admin, { tags: ['admin'] }, async (request) => {
    requireAdmin(request.auth.user);
    return staffBriefing(db, request.params.code);
  });
  endpointRoute(app, endpoints.adminSave, { tags: ['admin'] }, async (request) =>
    saveBriefing(db, request.params.code, request.body, { actorId: requireAdmin(request.auth.user).id }),
  );
};
