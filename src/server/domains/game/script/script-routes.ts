import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { scriptEndpoints as endpoints } from '../../../../shared/api/endpoints/script';
import { MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { headerValue } from '../../../platform/http/request-headers';
import { isRefusal } from '../../../platform/code-guesses';
import { requireAdmin, requireStaffUser } from '../../identity';
import { gameForStaff } from '../host/host-service';
import {
  addHostStep,
  bookerRules,
  bookerScript,
  hostScript,
  questionRulesOf,
  removeHostStep,
  saveBookerRules,
  saveBookerScript,
  saveHostRules,
  saveScriptTemplate,
  scriptTemplate,
} from './script-service';

type Headers = Record<string, string | string[] | undefined>;

/**
 * The game script (decision 0585): the organiser plans it by code and management key (a wrong one counts as a guess,
 * like every look-up by a secret); the host (or an admin) under /api/host, checked on request like the console.
 */
export const scriptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const manageKey = (headers: Headers) => headerValue(headers[MANAGE_KEY_HEADER], 128);
  const booker = { tags: ['booker'] };
  endpointRoute(app, endpoints.booker, booker, async (request) =>
    codeGuesses.guard(request.ip, () => bookerScript(db, request.params.code, manageKey(request.headers)), isRefusal),
  );
  endpointRoute(app, endpoints.bookerSave, booker, async (request) =>
    codeGuesses.guard(request.ip, () => saveBookerScript(db, request.params.code, manageKey(request.headers), request.body.steps), isRefusal),
  );
  endpointRoute(app, endpoints.bookerRules, booker, async (request) =>
    codeGuesses.guard(request.ip, () => bookerRules(db, request.params.code, manageKey(request.headers)), isRefusal),
  );
  endpointRoute(app, endpoints.bookerRulesSave, booker, async (request) =>
    codeGuesses.guard(request.ip, () => saveBookerRules(db, request.params.code, manageKey(request.headers), request.body), isRefusal),
  );

  const host = {
    tags: ['host'],
    // Checked on request, before the body is read, like the rest of /api/host.
    onRequest: async (request: { auth: { user: Parameters<typeof requireStaffUser>[0] } }) => {
      requireStaffUser(request.auth.user);
    },
  };
  const staffGame = async (request: { auth: { user: Parameters<typeof requireStaffUser>[0] }; params: { code: string } }) => {
    const user = requireStaffUser(request.auth.user);
    return { user, ctx: await gameForStaff(db, user, request.params.code) };
  };
  endpointRoute(app, endpoints.host, host, async (request) => hostScript(db, (await staffGame(request)).ctx));
  endpointRoute(app, endpoints.hostAdd, host, async (request) => {
    const { user, ctx } = await staffGame(request);
    return addHostStep(db, user, ctx, request.body);
  });
  endpointRoute(app, endpoints.hostRemove, host, async (request) => {
    const { user, ctx } = await staffGame(request);
    await removeHostStep(db, user, ctx, request.params.id);
    return null;
  });
  endpointRoute(app, endpoints.hostRules, host, async (request) => questionRulesOf(db, (await staffGame(request)).ctx.game.id));
  endpointRoute(app, endpoints.hostRulesSave, host, async (request) => {
    const { user, ctx } = await staffGame(request);
    return saveHostRules(db, user, ctx, request.body);
  });
};

/** Staff's template (registered in the admin scope: 401/403 before this runs). */
export const adminScriptRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  endpointRoute(app, endpoints.template, { tags: ['admin'] }, async (request) => {
    requireAdmin(request.auth.user);
    return scriptTemplate(db);
  });
  endpointRoute(app, endpoints.templateSave, { tags: ['admin'] }, async (request) => saveScriptTemplate(db, requireAdmin(request.auth.user).id, request.body));
};
