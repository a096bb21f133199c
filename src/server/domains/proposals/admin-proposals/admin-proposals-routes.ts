import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminProposalsEndpoints as endpoints } from '../../../../shared/api/endpoints/proposals';
import { UnauthenticatedError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { createProposal, getProposal, listAll, sendProposal, updateDraft, withdrawProposal } from './admin-proposals-service';

const options = { tags: ['admin proposals'] };

function actorOf(request: FastifyRequest): { id: number } {
  const user = request.auth.user;
  if (!user) throw new UnauthenticatedError();
  return { id: user.id };
}

/** Staff's quotes for leads (docs/decisions/0260-proposals.md); under /api/admin, so the admin guard runs first. */
export const adminProposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.deps.database.db, baseUrl: app.deps.publicUrl };

  endpointRoute(app, endpoints.list, options, async ({ query }) => listAll(deps, query));

  endpointRoute(app, endpoints.create, options, async (request) => ({ proposal: await createProposal(deps, actorOf(request), request.body) }));

  endpointRoute(app, endpoints.get, options, async ({ params }) => ({ proposal: await getProposal(deps, params.id) }));

  endpointRoute(app, endpoints.update, options, async (request) => ({ proposal: await updateDraft(deps, actorOf(request), request.params.id, request.body) }));

  endpointRoute(app, endpoints.send, options, async (request) => ({
    proposal: await sendProposal({ ...deps, mail: app.deps.mail }, actorOf(request), request.params.id),
  }));

  endpointRoute(app, endpoints.withdraw, options, async (request) => ({ proposal: await withdrawProposal(deps, actorOf(request), request.params.id) }));
};
