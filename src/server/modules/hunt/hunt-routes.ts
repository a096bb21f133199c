import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse, errorResponses } from '../../../shared/api/common';
import { PLAYER_TOKEN_HEADER, playCodeParams } from '../../../shared/api/play';
import {
  backpackResponse,
  chickenResponse,
  foundBody,
  foundResponse,
  hideBody,
  hideResponse,
  huntConsoleResponse,
  pickupBody,
  pickupResponse,
  useBody,
  useResponse,
} from '../../../shared/api/hunt';
import { authenticate } from '../../lib/player-auth';
import { headerValue } from '../../lib/request-headers';
import { requireStaffUser } from '../../plugins/staff-guard';
import { backpack, pickUp, useItem } from './backpack-service';
import { chickenScreen, claimFind, hideChicken } from './chicken-service';
import { huntConsole } from './hunt-console-service';

/**
 * The hunt in play (decisions 0280–0283): the Chicken's screen and hiding, a team's find, the Backpack; and the
 * staff view of it under /api/host (admin or the game's host).
 */
export const huntRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['play'];
  const player = (code: string, headers: Record<string, string | string[] | undefined>) => authenticate(db, code, headerValue(headers[PLAYER_TOKEN_HEADER], 128));
  const play = '/api/play/:code';
  // A team an Egg Strike froze is refused with 423 and Retry-After (decision 0290).
  const frozenResponses = { ...errorResponses, 423: errorResponse };

  app.get(`${play}/chicken`, { schema: { tags, params: playCodeParams, response: { 200: chickenResponse, ...errorResponses } } }, async (request) =>
    chickenScreen(db, await player(request.params.code, request.headers)),
  );

  app.post(`${play}/chicken/hide`, { schema: { tags, params: playCodeParams, body: hideBody, response: { 200: hideResponse, ...errorResponses } } }, async (request) =>
    hideChicken(db, await player(request.params.code, request.headers)),
  );

  app.post(
    `${play}/found-chicken`,
    { schema: { tags, params: playCodeParams, body: foundBody, response: { 201: foundResponse, ...frozenResponses } } },
    async (request, reply) => reply.code(201).send(await claimFind(db, await player(request.params.code, request.headers), request.body)),
  );

  app.get(`${play}/backpack`, { schema: { tags, params: playCodeParams, response: { 200: backpackResponse, ...errorResponses } } }, async (request) =>
    backpack(db, await player(request.params.code, request.headers)),
  );

  app.post(
    `${play}/backpack/pickup`,
    { schema: { tags, params: playCodeParams, body: pickupBody, response: { 201: pickupResponse, ...frozenResponses } } },
    async (request, reply) => reply.code(201).send(await pickUp(db, await player(request.params.code, request.headers), request.body.station_id)),
  );

  app.post(`${play}/backpack/use`, { schema: { tags, params: playCodeParams, body: useBody, response: { 200: useResponse, ...frozenResponses } } }, async (request) =>
    useItem(db, await player(request.params.code, request.headers), request.body),
  );

  app.get(
    '/api/host/games/:code/hunt',
    {
      // Checked on request, before anything else, like the rest of /api/host.
      onRequest: async (request) => {
        requireStaffUser(request.auth.user);
      },
      schema: { tags: ['host'], params: playCodeParams, response: { 200: huntConsoleResponse, ...errorResponses } },
    },
    async (request) => huntConsole(db, requireStaffUser(request.auth.user), request.params.code),
  );
};
