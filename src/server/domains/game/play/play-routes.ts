import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../../platform/i18n';
import { playEndpoints as endpoints } from '../../../../shared/api/endpoints/play';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { streamGame } from '../game-stream';
import { playerOfRequest } from '../player-auth';
import { changeTeam, getGame, join, map, me, postPosition, updateMe, viewerOf } from './play-service';

/**
 * The player app's calls by game code (public: the code is the join code). All but the game and the join need the
 * player's token in X-Player-Token; mutating calls carry the CSRF token like every other. Every call is a look-up by a
 * code or token anyone may type: a wrong one counts against the address (platform/code-guesses.ts).
 */
export const playRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { codeGuesses } = app.deps;
  const options = { tags: ['play'] };
  const player = (request: { ip: string; params: { code: string }; headers: Record<string, string | string[] | undefined> }) =>
    playerOfRequest(db, codeGuesses, request, request.params.code);

  endpointRoute(app, endpoints.game, options, async (request) => codeGuesses.guard(request.ip, () => getGame(db, request.params.code)));

  endpointRoute(app, endpoints.join, options, async (request) =>
    codeGuesses.guard(request.ip, () =>
      // Without a language of its own, the player takes the request's (api-contract, "Languages").
      join(db, request.params.code, { ...request.body, language: request.body.language ?? requestLanguage(request) }),
    ),
  );

  endpointRoute(app, endpoints.me, options, async (request) => me(db, await player(request)));

  endpointRoute(app, endpoints.updateMe, options, async (request) => ({
    player: await updateMe(db, await player(request), request.body),
  }));

  endpointRoute(app, endpoints.changeTeam, options, async (request) => changeTeam(db, await player(request), request.body));

  endpointRoute(app, endpoints.position, options, async (request) => {
    await postPosition(db, await player(request), request.body);
    return null;
  });

  endpointRoute(app, endpoints.map, options, async (request) => map(db, await player(request)));

  // The stream hijacks the reply and answers it itself.
  endpointRoute(app, endpoints.stream, options, async (request, reply) => {
    const auth = await player(request);
    await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId: auth.game.id, viewer: viewerOf(auth) });
    return reply;
  });
};
