import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { errorResponse } from '../../../../shared/api/common';
import { bookerResultsEndpoints as booker, playChallengesEndpoints as play } from '../../../../shared/api/endpoints/play-challenges';
import { IDEMPOTENCY_HEADER, MANAGE_KEY_HEADER } from '../../../../shared/api/public-booking';
import { readIdempotencyKey } from '../../../platform/idempotency';
import { PHOTO_TYPES, UPLOAD_MESSAGES } from '../../../../shared/uploads';
import { VIDEO_MESSAGES, VIDEO_TYPES } from '../../../../shared/video-uploads';
import { MAX_MEDIA_BYTES, type MediaKind } from '../../../../shared/media';
import { SUBMIT_MESSAGES } from '../../../../shared/game/submission-kinds';
import { AppError } from '../../../platform/errors';
import { playerOfRequest, type PlayerAuth } from '../player-auth';
import { isRefusal } from '../../../platform/code-guesses';
import { headerValue } from '../../../platform/http/request-headers';
import { receiveUpload, uploadSpoolDir, type StoredMedia } from '../../../platform/storage';
import { sendMedia } from '../../../platform/http/media-reply';
import { MEDIA_CSP } from '../../../platform/http/security-headers';
import { endpointRoute } from '../../../platform/http/endpoint-route';
import {
  album,
  albumMediaKey,
  albumPhotoUrl,
  bookerEnded,
  listChallenges,
  playerEnded,
  playerMediaKey,
  results,
  submit,
  submitMedia,
} from './play-challenges-service';
import { playerPhotoUrl } from '../submissions/submission-review';

type Headers = Record<string, string | string[] | undefined>;

/**
 * A photo held in memory, sent whole. Stored media go out through sendMedia (platform/http/media-reply.ts: a stream,
 * byte ranges); this stays for callers that hold the bytes. Never cached by a shared cache, never sniffed.
 */
export function sendPhoto(reply: FastifyReply, photo: StoredMedia) {
  return (
    reply
      .header('Content-Type', photo.contentType)
      .header('Cache-Control', 'private, max-age=3600')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', MEDIA_CSP)
      // Fastify sends a Buffer as it is (no serializer runs); the schema only documents the body.
      .send(Buffer.from(photo.bytes) as unknown as string)
  );
}

/**
 * The team's challenges and submissions (X-Player-Token), and after the game the results and album for players and
 * for the organiser (X-Manage-Key). A photo or video is sent as the raw body: this scope alone takes such bodies, as a
 * stream that the upload spools to disk under its cap (the app's JSON limit stays small everywhere else; decisions
 * 0242, 0421).
 */
export const playChallengesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps.database;
  const { media, codeGuesses } = app.deps;
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

  // The body stays a stream: nothing is buffered here. Any declared type is taken (a phone may send none, or one of
  // its own for a .mov): the bytes decide what the file is.
  app.addContentTypeParser([...PHOTO_TYPES, ...VIDEO_TYPES, 'application/octet-stream', '*'], (_request, payload, done) => {
    done(null, payload);
  });
  const spoolDir = uploadSpoolDir(app.deps.config);
  const tooLarge: Record<MediaKind, string> = { photo: UPLOAD_MESSAGES.tooLarge, video: VIDEO_MESSAGES.tooLarge };
  const notMedia: Record<MediaKind, string> = { photo: UPLOAD_MESSAGES.notImage, video: VIDEO_MESSAGES.notVideo };
  /** Streams the request body to a spooled file under the kind's cap; over the cap the connection is closed after the 413. */
  const receive = (request: FastifyRequest, reply: FastifyReply, kind: MediaKind) => async () => {
    if (!(request.body instanceof Readable)) throw new AppError(415, notMedia[kind]);
    const length = Number(request.headers['content-length']);
    try {
      return await receiveUpload(request.body, {
        dir: spoolDir,
        maxBytes: MAX_MEDIA_BYTES[kind],
        tooLarge: tooLarge[kind],
        declaredLength: Number.isFinite(length) ? length : undefined,
      });
    } catch (error) {
      reply.header('Connection', 'close');
      throw error;
    }
  };
  // An answer kept offline carries its Idempotency-Key and made_at (decision 0430).
  const offline = (request: FastifyRequest, madeAt: string | undefined) => ({ key: readIdempotencyKey(request.headers[IDEMPOTENCY_HEADER]), madeAt });
  const uploadMedia = (request: FastifyRequest, reply: FastifyReply, input: { challenge_id: number; kind: MediaKind; made_at?: string | undefined }) =>
    submitMedia(
      db,
      media,
      player(request),
      { challengeId: input.challenge_id, kind: input.kind },
      receive(request, reply, input.kind),
      new Date(),
      offline(request, input.made_at),
    );

  endpointRoute(app, play.challenges, options, async (request) => listChallenges(db, player(request)));

  endpointRoute(app, play.submit, frozen, async (request) => {
    const auth = player(request);
    const body = request.body;
    const input =
      body.kind === 'text'
        ? { challengeId: body.challenge_id, kind: body.kind, text: body.text }
        : { challengeId: body.challenge_id, kind: body.kind, count: body.count };
    return { submission: await submit(db, auth, input, new Date(), offline(request, body.made_at)) };
  });

  // A video from a phone on a weak uplink takes minutes: these two may take UPLOAD_TIMEOUT_MS to arrive, and a player
  // sends MAX_UPLOADS_PER_PLAYER of them at once at most (platform/http/upload-slots.ts).
  const upload = { ...frozen, longUpload: true, uploadOwner: (request: FastifyRequest) => `player ${player(request).player.id}` };
  endpointRoute(app, play.submitMedia, upload, async (request, reply) => ({ submission: await uploadMedia(request, reply, request.query) }));
  endpointRoute(app, play.submitPhoto, upload, async (request, reply) => ({
    submission: await uploadMedia(request, reply, { ...request.query, kind: 'photo' }),
  }));

  const playerMedia = async (request: FastifyRequest<{ Params: { code: string; id: number } }>, reply: FastifyReply) =>
    sendMedia(request, reply, media, await playerMediaKey(db, player(request), request.params.id), SUBMIT_MESSAGES.photoNotFound);
  endpointRoute(app, play.media, options, playerMedia);
  endpointRoute(app, play.photo, options, playerMedia);

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

  const organiserMedia = async (request: FastifyRequest<{ Params: { code: string; id: number } }>, reply: FastifyReply) => {
    const ended = await organiserGame(request);
    const key = await codeGuesses.guard(request.ip, () => albumMediaKey(db, ended, request.params.id));
    return sendMedia(request, reply, media, key, SUBMIT_MESSAGES.photoNotFound);
  };
  endpointRoute(app, booker.media, bookerOptions, organiserMedia);
  endpointRoute(app, booker.photo, bookerOptions, organiserMedia);
};
