import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../shared/api/common';
import { acceptProposalResponse, publicProposalResponse, tokenParam } from '../../../shared/api/proposals';
import { acceptProposal, getPublicProposal } from './proposal-service';

/**
 * The customer's side of a proposal: the quote behind its 256-bit token, and Accept (CSRF like every change). The
 * token is the credential, as the management key is; a wrong one counts against the address in the one bucket of
 * every look-up by code or token (lib/code-guesses.ts, 0315).
 */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const tags = ['proposal'];

  app.get('/api/proposals/:token', { schema: { tags, params: tokenParam, response: { 200: publicProposalResponse, ...errorResponses } } }, async ({ params, ip }) => ({
    proposal: await codeGuesses.guard(ip, () => getPublicProposal(db, params.token)),
  }));

  app.post('/api/proposals/:token/accept', { schema: { tags, params: tokenParam, response: { 200: acceptProposalResponse, ...errorResponses } } }, async ({ params, ip }) =>
    codeGuesses.guard(ip, () => acceptProposal(db, params.token)),
  );
};
