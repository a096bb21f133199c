import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponse } from '../../../../shared/api/common';
import { placesEndpoints as endpoints } from '../../../../shared/api/endpoints/places';
import { playerOfRequest } from '../player-auth';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { checkIn } from './places';

/** A team's check-in at a check-in challenge's place (X-Player-Token; decision 0440). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  // A team an Egg Strike froze is refused with 423 and Retry-After, like any submission.
  const options = { tags: ['play'], errors: { 423: errorResponse } };
  endpointRoute(app, endpoints.checkIn, options, async (request) =>
    checkIn(db, await playerOfRequest(db, app.deps.codeGuesses, request, request.params.code), request.body.challenge_id),
  );
};
