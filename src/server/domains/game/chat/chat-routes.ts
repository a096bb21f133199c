import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hostChatEndpoints as host, playChatEndpoints as play } from '../../../../shared/api/endpoints/chat';
import { IDEMPOTENCY_HEADER } from '../../../../shared/api/public-booking';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { readIdempotencyKey } from '../../../platform/idempotency';
import { requireStaffUser } from '../../identity';
import { gameForStaff } from '../host/host-service';
import { playerOfRequest } from '../player-auth';
import { hideMessage, hostReply, inbox, listPlayerMessages, postPlayerMessage } from './chat-service';

/** Chat (decision 0580): the players' messages by game code and token, and the host console's inbox. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const options = { tags: ['play'] };
  const player = (request: { ip: string; params: { code: string }; headers: Record<string, string | string[] | undefined> }) =>
    playerOfRequest(db, codeGuesses, request, request.params.code);

  endpointRoute(app, play.list, options, async (request) => ({ messages: await listPlayerMessages(db, await player(request)) }));

  endpointRoute(app, play.post, options, async (request) => {
    const auth = await player(request);
    const offline = { key: readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]), madeAt: request.body.made_at };
    return { message: await postPlayerMessage(db, auth, request.body, offline) };
  });

  // The host's routes are their own scope: the staff check runs on request, before any body is read.
  await app.register(async (staffScope) => {
    staffScope.addHook('onRequest', async (request) => {
      requireStaffUser(request.auth.user);
    });
    const hostOptions = { tags: ['host'] };
    const staff = (request: { auth: { user: Parameters<typeof requireStaffUser>[0] } }) => requireStaffUser(request.auth.user);

    endpointRoute(staffScope, host.inbox, hostOptions, async (request) => ({
      messages: await inbox(db, await gameForStaff(db, staff(request), request.params.code)),
    }));

    endpointRoute(staffScope, host.replyToTeam, hostOptions, async (request) => {
      const user = staff(request);
      const ctx = await gameForStaff(db, user, request.params.code);
      return { message: await hostReply(db, user, ctx, { teamId: request.params.teamId }, request.body.text) };
    });

    endpointRoute(staffScope, host.replyToChicken, hostOptions, async (request) => {
      const user = staff(request);
      const ctx = await gameForStaff(db, user, request.params.code);
      return { message: await hostReply(db, user, ctx, 'chicken', request.body.text) };
    });

    endpointRoute(staffScope, host.hide, hostOptions, async (request) => {
      const user = staff(request);
      return { message: await hideMessage(db, user, await gameForStaff(db, user, request.params.code), request.params.id) };
    });
  });
};
