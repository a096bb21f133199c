import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { huntEndpoints as endpoints } from '../../../../shared/api/endpoints/hunt';
import { playerOfRequest } from '../player-auth';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { requireStaffUser } from '../../identity';
import { backpack, pickUp, useItem } from './backpack-service';
import { chickenScreen, claimFind, hideChicken } from './chicken-service';
import { hostRemoveStation, hostSetStationActive, huntConsole } from './hunt-console-service';

/**
 * The hunt in play (decisions 0241, 0280): the Chicken's screen and hiding, a team's find, the Backpack; and the
 * staff view of it under /api/host (admin or the game's host).
 */
export const huntRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const options = { tags: ['play'] };
  const player = (request: { ip: string; params: { code: string }; headers: Record<string, string | string[] | undefined> }) =>
    playerOfRequest(db, app.deps.codeGuesses, request, request.params.code);
  // A team an Egg Strike froze is refused with 423 and Retry-After (decision 0241).
  const frozen = { ...options, errors: { 423: errorResponse } };

  endpointRoute(app, endpoints.chicken, options, async (request) => chickenScreen(db, await player(request)));

  endpointRoute(app, endpoints.hide, options, async (request) => hideChicken(db, await player(request)));

  endpointRoute(app, endpoints.found, frozen, async (request) => claimFind(db, await player(request), request.body));

  endpointRoute(app, endpoints.backpack, options, async (request) => backpack(db, await player(request)));

  endpointRoute(app, endpoints.pickup, frozen, async (request) => pickUp(db, await player(request), request.body.station_id));

  endpointRoute(app, endpoints.use, frozen, async (request) => useItem(db, await player(request), request.body));

  endpointRoute(
    app,
    endpoints.console,
    {
      tags: ['host'],
      // Checked on request, before anything else, like the rest of /api/host.
      onRequest: async (request) => {
        requireStaffUser(request.auth.user);
      },
    },
    async (request) => huntConsole(db, requireStaffUser(request.auth.user), request.params.code),
  );

  const hostOnly = {
    tags: ['host'],
    onRequest: async (request: { auth: { user: Parameters<typeof requireStaffUser>[0] } }) => {
      requireStaffUser(request.auth.user);
    },
  };
  endpointRoute(app, endpoints.stationUpdate, hostOnly, async (request) =>
    hostSetStationActive(db, requireStaffUser(request.auth.user), request.params.code, request.params.id, request.body.active),
  );
  endpointRoute(app, endpoints.stationRemove, hostOnly, async (request) => {
    await hostRemoveStation(db, requireStaffUser(request.auth.user), request.params.code, request.params.id);
    return null;
  });
};
