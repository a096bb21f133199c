import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicProposalEndpoints as endpoints } from '../../../../shared/api/endpoints/proposals';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { acceptProposal, getPublicProposal } from './proposal-service';

/**
 * The customer's side of a proposal: the quote behind its 256-bit token, and Accept (CSRF like every change). The
 * token is the credential, as the management key is; a wrong one counts against the address in the one bucket of
 * every look-up by code or token (platform/code-guesses.ts, 0180).
 */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const options = { tags: ['proposal'] };

  endpointRoute(app, endpoints.get, options, async ({ params, ip }) => ({
    proposal: await codeGuesses.guard(ip, () => getPublicProposal(db, params.token)),
  }));

  endpointRoute(app, endpoints.accept, options, async ({ params, ip }) => codeGuesses.guard(ip, () => acceptProposal(db, params.token)));
};
