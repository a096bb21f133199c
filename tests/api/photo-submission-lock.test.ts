import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameChallenges, submissions } from '../../src/server/domains/game/tables/games';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { submitMedia } from '../../src/server/domains/game/play-challenges/play-challenges-service';
import { authenticate } from '../../src/server/domains/game/player-auth';
import { receiveUpload, type MediaStorage, type StoredMedia } from '../../src/server/platform/storage';
import { SCORING_MESSAGES } from '../../src/shared/scoring/challenge-points';
import type { MediaType } from '../../src/shared/media';
import { MAX_PHOTO_BYTES } from '../../src/shared/uploads';
import { createChallenge } from '../support/game-fixtures';
import { playedGame, type Joined } from '../support/hunt-fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { jpeg } from '../support/photo-fixtures';

/**
 * A photo is stored outside the team's lock (issue 28): the upload may take seconds on a weak network or a slow
 * bucket, and the team's other phones must not wait on it. The storage is the outside service, so it is the one part
 * faked here: an in-memory adapter whose put can be held open.
 */
let t: TestApp;
let admin: Agent & { userId: number };
let spool: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  spool = await mkdtemp(path.join(tmpdir(), 'hatch-spool-'));
});
afterAll(async () => {
  await t.close();
  await rm(spool, { recursive: true, force: true });
});

/** MediaStorage in memory; `hold()` makes the next put wait until `release()`. */
function heldStorage() {
  const photos = new Map<string, StoredMedia>();
  let gate: { started: () => void; release: Promise<void> } | null = null;
  const puts: string[] = [];
  const storage: MediaStorage = {
    kind: 'local',
    async putFile(key, file, contentType) {
      await this.put(key, new Uint8Array(await readFile(file)), contentType);
    },
    async open(key) {
      const found = photos.get(key);
      return found ? { body: Readable.from([Buffer.from(found.bytes)]), contentType: found.contentType, size: found.bytes.length, range: null } : null;
    },
    async put(key: string, bytes: Uint8Array, contentType: MediaType) {
      puts.push(key);
      const held = gate;
      gate = null;
      if (held) {
        held.started();
        await held.release;
      }
      photos.set(key, { bytes, contentType });
    },
    get: async (key) => photos.get(key) ?? null,
    delete: async (key) => void photos.delete(key),
    list: async function* () {
      yield* photos.keys();
    },
  };
  function hold() {
    let release = () => {};
    let started = () => {};
    const startedPromise = new Promise<void>((resolve) => (started = resolve));
    gate = { started, release: new Promise<void>((resolve) => (release = resolve)) };
    return { started: startedPromise, release: () => release() };
  }
  return { storage, photos, puts, hold };
}

/** The team's photo as the route sends it: the body streamed to a spooled file, then checked and stored. */
const sendPhoto = (storage: MediaStorage, auth: Awaited<ReturnType<typeof authenticate>>, challengeId: number) =>
  submitMedia(t.db, storage, auth, { challengeId, kind: 'photo' }, () =>
    receiveUpload(Readable.from([jpeg(204)]), { dir: spool, maxBytes: MAX_PHOTO_BYTES, tooLarge: 'too large' }),
  );
type Game = Awaited<ReturnType<typeof playedGame>>;
const text = (g: Game, who: Joined, challengeId: number) =>
  g.visitor.post(`/api/play/${g.gameCode}/submissions`, { challenge_id: challengeId, kind: 'text', text: 'An answer' }, who.headers);

async function gameWith(challenges: { type: 'Rating' | 'RightWrong'; max_submissions?: number }[]) {
  const g = await playedGame(t, admin, { plan: 'standard', weaponsOn: false });
  const ids: number[] = [];
  for (const c of challenges) ids.push(await createChallenge(admin, { ...c, max_score: 10 }));
  await t.db.delete(gameChallenges).where(eq(gameChallenges.gameId, g.gameId));
  await t.db.insert(gameChallenges).values(ids.map((challengeId, position) => ({ gameId: g.gameId, challengeId, position })));
  const [fox] = g.members;
  if (!fox) throw new Error('no player');
  return { g, fox, ids, auth: await authenticate(t.db, g.gameCode, fox.token) };
}

describe('a photo submission', () => {
  it('holds no lock while its photo uploads: the same team sends an answer meanwhile, then the photo lands', async () => {
    const { g, fox, ids, auth } = await gameWith([{ type: 'Rating' }, { type: 'RightWrong' }]);
    const [selfie = 0, riddle = 0] = ids;
    const held = heldStorage();
    const gate = held.hold();
    const photo = sendPhoto(held.storage, auth, selfie);
    await gate.started;
    // The upload is in flight. Before the fix the team's row stayed locked across it and this answer waited on it.
    const answer = await text(g, fox, riddle);
    expect(answer.statusCode).toBe(201);
    gate.release();
    const sent = await photo;
    expect(sent.media_url).toContain(`/submissions/${sent.id}/media`);
    // One name for a photo's or a video's address (issue 36): no photo-only copy beside it.
    expect(sent).not.toHaveProperty('photo_url');
    expect([...held.photos.keys()]).toHaveLength(1);
    const rows = await t.db
      .select({ kind: submissions.kind, mediaKey: submissions.mediaKey })
      .from(submissions)
      .where(eq(submissions.instanceId, auth.instance.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['photo', 'text']);
    expect(rows.find((r) => r.kind === 'photo')?.mediaKey).toBe(held.puts[0]);
  });

  it('is refused before any upload when the rules refuse it, and its photo is deleted when the rules refuse it under the lock', async () => {
    const { ids, auth } = await gameWith([{ type: 'Rating', max_submissions: 1 }, { type: 'RightWrong' }]);
    const [selfie = 0, riddle = 0] = ids;
    const held = heldStorage();
    // A photo for a challenge not in the game: refused by the rules, nothing uploaded.
    await expect(sendPhoto(held.storage, auth, riddle + 1_000)).rejects.toMatchObject({ statusCode: 422 });
    expect(held.puts).toEqual([]);

    // Two phones of one team send the one allowed photo at once: the first uploads slowly, the second gets in first.
    const gate = held.hold();
    const slow = sendPhoto(held.storage, auth, selfie);
    await gate.started;
    const fast = await sendPhoto(held.storage, auth, selfie);
    gate.release();
    await expect(slow).rejects.toMatchObject({ statusCode: 409, message: SCORING_MESSAGES.maxSubmissions });
    expect(held.puts).toHaveLength(2);
    // The refused one's photo is gone; the accepted one's stays.
    const [kept] = await t.db.select({ mediaKey: submissions.mediaKey }).from(submissions).where(eq(submissions.id, fast.id));
    expect([...held.photos.keys()]).toEqual([kept?.mediaKey]);
  });
});
