import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { urlOf } from '../../../../shared/api/endpoint';
import {
  bookerShowcaseEndpoints as booker,
  hostShowcaseEndpoints as host,
  playFeedEndpoints as play,
  recapEndpoints as recap,
  screenEndpoints as screen,
} from '../../../../shared/api/endpoints/showcase';
import { MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import { isRefusal } from '../../../platform/code-guesses';
import { NotFoundError } from '../../../platform/errors';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { headerValue } from '../../../platform/http/request-headers';
import { sendMedia } from '../../../platform/http/media-reply';
import { requireStaffUser } from '../../identity';
import { loadGame, type GameContext } from '../game-state';
import { streamGame } from '../game-stream';
import { gameForStaff } from '../host/host-service';
import { playerOfRequest } from '../player-auth';
import { SHOWCASE_MESSAGES } from '../../../../shared/api/showcase';
import { hostPhotoUrl } from '../submissions/submission-review';
import { feedMediaKey, feedOf, hideFromFeed } from './feed';
import { mediaZip } from './media-zip';
import { gameOfRecap, publishRecap, recapData, recapMediaKey, recapState } from './recap-service';
import { gameOfScreen, regenerateScreenLink, SCREEN_VIEWER, screenLink, screenSnapshot } from './screen-service';
import { assertOrganiser } from '../../booking';

type Headers = Record<string, string | string[] | undefined>;

/** The zip's answer: a download, never cached, streamed as it is made (no length known beforehand). */
function zipHeaders(code: string) {
  return {
    'content-type': 'application/zip',
    'content-disposition': `attachment; filename="hatch-${code.replaceAll(/[^\w-]/g, '')}-media.zip"`,
    'cache-control': 'private, no-store',
  };
}

/**
 * The activity feed, the big screen, the recap and the media zip (issue 29, decisions 0450-0453). Each audience in
 * its own scope: players by their token, staff (an admin or the game's host) by session, the organiser by the
 * management key, the big screen and the recap by their secret tokens (every wrong token counts as a code guess).
 */
export const showcaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { media, codeGuesses, publicUrl } = app.deps;

  // ---- Players ----
  const player = (request: FastifyRequest) => {
    const params = z.object({ code: z.string() }).safeParse(request.params);
    return playerOfRequest(db, codeGuesses, request, params.success ? params.data.code : '');
  };
  const playOptions = { tags: ['play'] };
  endpointRoute(app, play.feed, playOptions, async (request) => {
    const auth = await player(request);
    const ctx = await loadGame(db, auth.game.code);
    if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
    return { items: await feedOf(db, ctx, (id) => urlOf(play.media, { code: auth.game.code, id })) };
  });
  endpointRoute(app, play.media, playOptions, async (request, reply) => {
    const auth = await player(request);
    const ctx = await loadGame(db, auth.game.code);
    if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
    return sendMedia(request, reply, media, await feedMediaKey(db, ctx, auth.instance.id, request.params.id), SHOWCASE_MESSAGES.mediaNotFound);
  });

  // ---- Staff: an admin or the game's host ----
  await app.register(async (staffScope) => {
    // Its own scope: the hook guards these routes only, before any body is parsed.
    staffScope.addHook('onRequest', async (request) => {
      requireStaffUser(request.auth.user);
    });
    const staffGame = (request: { auth: { user: Parameters<typeof requireStaffUser>[0] }; params: { code: string } }) =>
      gameForStaff(db, requireStaffUser(request.auth.user), request.params.code);
    const options = { tags: ['host'] };
    endpointRoute(staffScope, host.feed, options, async (request) => {
      const ctx = await staffGame(request);
      return { items: await feedOf(db, ctx, hostPhotoUrl(ctx.game.code)) };
    });
    endpointRoute(staffScope, host.hide, options, async (request) => {
      const user = requireStaffUser(request.auth.user);
      return hideFromFeed(db, user.id, await staffGame(request), request.params.id);
    });
    endpointRoute(staffScope, host.screen, options, async (request) => screenLink(db, (await staffGame(request)).game.id, publicUrl));
    endpointRoute(staffScope, host.regenerateScreen, options, async (request) => regenerateScreenLink(db, (await staffGame(request)).game.id, publicUrl));
    endpointRoute(staffScope, host.mediaZip, options, async (request, reply) => {
      const ctx = await staffGame(request);
      return reply.headers(zipHeaders(ctx.game.code)).send(await mediaZip(db, media, { gameId: ctx.game.id, bookingId: ctx.booking.id }, request.log));
    });
  });

  // ---- The organiser, by the management key ----
  const organiserGame = (request: { ip: string; params: { code: string }; headers: Headers }): Promise<GameContext> =>
    codeGuesses.guard(
      request.ip,
      async () => {
        const ctx = await loadGame(db, request.params.code);
        if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
        const key = headerValue(request.headers[MANAGE_KEY_HEADER], 128);
        assertOrganiser(ctx.booking, key);
        return ctx;
      },
      isRefusal,
    );
  const bookerOptions = { tags: ['booker'] };
  endpointRoute(app, booker.screen, bookerOptions, async (request) => screenLink(db, (await organiserGame(request)).game.id, publicUrl));
  endpointRoute(app, booker.regenerateScreen, bookerOptions, async (request) => regenerateScreenLink(db, (await organiserGame(request)).game.id, publicUrl));
  endpointRoute(app, booker.recapState, bookerOptions, async (request) => recapState(db, (await organiserGame(request)).game.id, publicUrl));
  endpointRoute(app, booker.publishRecap, bookerOptions, async (request) => publishRecap(db, await organiserGame(request), request.body.published, publicUrl));
  endpointRoute(app, booker.mediaZip, bookerOptions, async (request, reply) => {
    const ctx = await organiserGame(request);
    return reply.headers(zipHeaders(ctx.game.code)).send(await mediaZip(db, media, { gameId: ctx.game.id, bookingId: ctx.booking.id }, request.log));
  });

  // ---- The big screen, by its private link ----
  const screenOptions = { tags: ['screen'] };
  const screenGame = (request: { ip: string; params: { token: string } }) =>
    codeGuesses.guard(request.ip, () => gameOfScreen(db, request.params.token), isRefusal);
  endpointRoute(app, screen.screen, screenOptions, async (request) => screenSnapshot(db, await screenGame(request), request.params.token));
  endpointRoute(app, screen.stream, screenOptions, async (request, reply) => {
    const ctx = await screenGame(request);
    await streamGame(request, reply, { db, hub: app.deps.gameHub, gameId: ctx.game.id, viewer: SCREEN_VIEWER });
    return reply;
  });
  endpointRoute(app, screen.media, screenOptions, async (request, reply) => {
    const ctx = await screenGame(request);
    if (!ctx.instance) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
    return sendMedia(request, reply, media, await feedMediaKey(db, ctx, ctx.instance.id, request.params.id), SHOWCASE_MESSAGES.mediaNotFound);
  });

  // ---- The recap, public while published ----
  const recapOptions = { tags: ['recap'] };
  const recapGame = (request: { ip: string; params: { token: string } }) =>
    codeGuesses.guard(request.ip, () => gameOfRecap(db, request.params.token), isRefusal);
  endpointRoute(app, recap.recap, recapOptions, async (request) => recapData(db, await recapGame(request), request.params.token));
  // The organiser can unpublish the recap: a stranger's browser asks again before showing a photo it kept.
  endpointRoute(app, recap.media, recapOptions, async (request, reply) =>
    sendMedia(request, reply, media, await recapMediaKey(db, await recapGame(request), request.params.id), SHOWCASE_MESSAGES.mediaNotFound, 'ask-each-time'),
  );
};
