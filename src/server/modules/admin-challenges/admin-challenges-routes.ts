import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { challengeBody, challengeListResponse, challengeResponse, challengesQuery } from '../../../shared/api/challenges';
import { requireAdmin } from '../../plugins/admin-guard';
import { createChallenge, editChallenge, getChallenge, getChallenges } from './admin-challenges-service';

export const adminChallengesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const tags = ['admin: challenges'];

  app.get(
    '/challenges',
    { schema: { tags, querystring: challengesQuery, response: { 200: challengeListResponse, ...errorResponses } } },
    async (request) => ({ data: await getChallenges(db, request.query.spice_level) }),
  );

  app.get(
    '/challenges/:id',
    { schema: { tags, params: idParam, response: { 200: challengeResponse, ...errorResponses } } },
    async (request) => ({ data: await getChallenge(db, request.params.id) }),
  );

  app.post(
    '/challenges',
    { schema: { tags, body: challengeBody, response: { 201: challengeResponse, ...errorResponses } } },
    async (request, reply) => {
      const actor = requireAdmin(request.auth.user);
      const data = await createChallenge(db, actor.id, request.body);
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/challenges/:id',
    { schema: { tags, params: idParam, body: challengeBody, response: { 200: challengeResponse, ...errorResponses } } },
    async (request) => {
      const actor = requireAdmin(request.auth.user);
      return { data: await editChallenge(db, actor.id, request.params.id, request.body) };
    },
  );
};
