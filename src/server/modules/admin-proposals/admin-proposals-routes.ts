import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, idParam } from '../../../shared/api/common';
import { createProposalBody, proposalResponse, proposalsQuery, proposalsResponse, updateProposalBody } from '../../../shared/api/proposals';
import { UnauthenticatedError } from '../../lib/errors';
import { createProposal, getProposal, listAll, sendProposal, updateDraft, withdrawProposal } from './admin-proposals-service';

const tags = ['admin proposals'];

function actorOf(request: FastifyRequest): { id: number } {
  const user = request.auth.user;
  if (!user) throw new UnauthenticatedError();
  return { id: user.id };
}

/** Staff's quotes for leads (docs/decisions/0260-proposals.md); under /api/admin, so the admin guard runs first. */
export const adminProposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.database.db, baseUrl: app.deps.publicUrl };

  app.get('/proposals', { schema: { tags, querystring: proposalsQuery, response: { 200: proposalsResponse, ...errorResponses } } }, async ({ query }) =>
    listAll(deps, query),
  );

  app.post(
    '/proposals',
    { schema: { tags, body: createProposalBody, response: { 201: proposalResponse, ...errorResponses } } },
    async (request, reply) => reply.code(201).send({ proposal: await createProposal(deps, actorOf(request), request.body) }),
  );

  app.get('/proposals/:id', { schema: { tags, params: idParam, response: { 200: proposalResponse, ...errorResponses } } }, async ({ params }) => ({
    proposal: await getProposal(deps, params.id),
  }));

  app.put(
    '/proposals/:id',
    { schema: { tags, params: idParam, body: updateProposalBody, response: { 200: proposalResponse, ...errorResponses } } },
    async (request) => ({ proposal: await updateDraft(deps, actorOf(request), request.params.id, request.body) }),
  );

  app.post('/proposals/:id/send', { schema: { tags, params: idParam, response: { 200: proposalResponse, ...errorResponses } } }, async (request) => ({
    proposal: await sendProposal({ ...deps, mail: app.deps.mail }, actorOf(request), request.params.id),
  }));

  app.post('/proposals/:id/withdraw', { schema: { tags, params: idParam, response: { 200: proposalResponse, ...errorResponses } } }, async (request) => ({
    proposal: await withdrawProposal(deps, actorOf(request), request.params.id),
  }));
};
