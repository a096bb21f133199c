import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponse } from '../../../../shared/api/common';
import { bookerResultsEndpoints as booker, playChallengesEndpoints as play } from '../../../../shared/api/endpoints/play-challenges';
import { IDEMPOTENCY_HEADER, MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { readIdempotencyKey } from '../../../platform/idempotency';
import { MAX_PHOTO_BYTES, PHOTO_TYPES, UPLOAD_MESSAGES } from '../../../../shared/uploads';
import { AppError } from '../../../platform/errors';
import { playerOfRequest, type PlayerAuth } from '../player-auth';
import { isRefusal } from '../../../platform/code-guesses';
import { headerValue } from '../../../platform/http/request-headers';
import type { StoredPhoto } from '../../../platform/storage';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import { album, albumPhoto, albumPhotoUrl, bookerEnded, listChallenges, playerEnded, playerPhoto, results, submit } from './play-challenges-service';
import { playerPhotoUrl } from '../submissions/submission-review';

type Headers = Record<string, string | string[] | undefined>;

/** Photos go back privately: never cached by a shared cache, never sniffed as something else. */
export function sendPhoto(reply: FastifyReply, photo: StoredPhoto) {
  return (
    reply
      .header('Content-Type', photo.contentType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      // Fastify sends a Buffer as it is (no serializer runs); the schema only documents the body.
      .send(Buffer.from(photo.bytes) as unknown as string)
  );
}

/**
 * The team's challenges and submissions (X-Player-Token), and after the game the results and album for players and
 * for the organiser (X-Manage-Key). A photo is sent as the raw image body: this scope alone reads image bodies, up
 * to the photo cap (the app's JSON limit stays small everywhere else; decision 0242).
 */
export const playChallengesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { photos, codeGuesses } = app.deps;
  // The player's token is checked on request, before a body is read or validated: an upload from nobody is never
  // taken in, and a missing token answers 401 whatever the body.
  const players = new WeakMap<FastifyRequest, PlayerAuth>();
  const onRequest = async (request: FastifyRequest) => {
    const params = z.object({ code: z.string() }).safeParse(request.params);
    players.set(request, await playerOfRequest(db, codeGuesses, request, params.success ? params.data.code : ''));
  };
  const player = (request: FastifyRequest): PlayerAuth => {
    const auth = players.get(request);
    if (!auth) throw new Error('player route without its onRequest check');
    return auth;
  };
  const manageKey = (headers: Headers) => headerValue(headers[MANAGE_KEY_HEADER], 128);
  const options = { tags: ['play'], onRequest };
  // A team an Egg Strike froze is refused with 423 and Retry-After (decision 0241).
  const frozen = { ...options, errors: { 423: errorResponse } };

  app.addContentTypeParser([...PHOTO_TYPES, 'application/octet-stream'], { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES }, (_request, body, done) => {
    done(null, body);
  });

  // An answer kept offline carries its Idempotency-Key and made_at (decision 0430).
  const offline = (request: FastifyRequest, madeAt: string | undefined) => ({ key: readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]), madeAt });

  endpointRoute(app, play.challenges, options, async (request) => listChallenges(db, player(request)));

  endpointRoute(app, play.submit, frozen, async (request) => {
    const auth = player(request);
    const body = request.body;
    const input =
      body.kind === 'text'
        ? { challengeId: body.challenge_id, kind: body.kind, text: body.text }
        : { challengeId: body.challenge_id, kind: body.kind, count: body.count };
    return { submission: await submit(db, photos, auth, input, new Date(), offline(request, body.made_at)) };
  });

  endpointRoute(app, play.submitPhoto, { ...frozen, bodyLimit: MAX_PHOTO_BYTES }, async (request) => {
    const auth = player(request);
    // Only the image parser above yields bytes; JSON or a form is not a photo.
    if (!Buffer.isBuffer(request.body)) throw new AppError(415, UPLOAD_MESSAGES.notImage);
    const bytes = new Uint8Array(request.body.buffer, request.body.byteOffset, request.body.byteLength);
    const answer = { challengeId: request.query.challenge_id, kind: 'photo' as const, bytes };
    return { submission: await submit(db, photos, auth, answer, new Date(), offline(request, request.query.made_at)) };
  });

  endpointRoute(app, play.photo, options, async (request, reply) => sendPhoto(reply, await playerPhoto(db, photos, player(request), request.params.id)));

  endpointRoute(app, play.results, options, async (request) => results(db, await playerEnded(db, player(request))));

  endpointRoute(app, play.album, options, async (request) => {
    const ended = await playerEnded(db, player(request));
    return album(db, ended, playerPhotoUrl(ended.code));
  });

  const bookerOptions = { tags: ['booker'] };
  // The organiser's game by code and management key: a wrong code, key or photo counts as a guess (code-guesses.ts).
  const organiserGame = (request: { ip: string; params: { code: string }; headers: Headers }) =>
    codeGuesses.guard(request.ip, () => bookerEnded(db, request.params.code, manageKey(request.headers)), isRefusal);
  endpointRoute(app, booker.results, bookerOptions, async (request) => results(db, await organiserGame(request)));

  endpointRoute(app, booker.album, bookerOptions, async (request) => {
    const ended = await organiserGame(request);
    return album(db, ended, albumPhotoUrl(ended.code));
  });

  endpointRoute(app, booker.photo, bookerOptions, async (request, reply) => {
    const ended = await organiserGame(request);
    return sendPhoto(reply, await codeGuesses.guard(request.ip, () => albumPhoto(db, photos, ended, request.params.id)));
  });
};
