import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameInstances, players } from '../../src/server/domains/game/tables/games';
import { feedResponse, recapResponse, screenResponse, SHOWCASE_MESSAGES, type FeedItem } from '../../src/shared/api/showcase';
import { PUBLIC_BOOKING_MESSAGES } from '../../src/shared/api/public-booking';
import { createChallenge, sendSubmission } from '../support/game-fixtures';
import { north, playedGame } from '../support/hunt-fixtures';
import { openSse } from '../support/sse';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { jpeg } from '../support/photo-fixtures';

/**
 * The game beyond the players' own phones (issue 29, decisions 0450-0453): the activity feed and hiding an answer,
 * the big screen's private link (one game, never the Chicken), the recap (404 unless published, only the organiser
 * publishes) and the zip of every media, streamed. One app, one played game with a Chicken, photos in DATA_DIR.
 */
let t: TestApp;
let admin: Agent & { userId: number };
let host: Agent;
let base: string;
let dataDir: string;
let g: Awaited<ReturnType<typeof playedGame>>;
let other: Awaited<ReturnType<typeof playedGame>>;
let challengeId: number;
const stored: Buffer[] = [];

/** A real JPEG header (all the checks read) and filler, different per photo. */
const photoBytes = (n: number) => jpeg(1_004 + n, n);

/** A photo answer of a team, stored as the submit call stores it, pending review. */
async function photoAnswer(teamIndex: number, n: number): Promise<number> {
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
  const teamId = g.teamIds[teamIndex];
  if (!instance || teamId === undefined) throw new Error('no live instance');
  const key = `games/${instance.id}/${crypto.randomUUID()}.jpg`;
  const bytes = photoBytes(n);
  await t.app.deps.photos.put(key, bytes, 'image/jpeg');
  stored.push(bytes);
  const row = await sendSubmission(t, { instanceId: instance.id, teamId, challengeId, kind: 'photo', mediaKey: key });
  return row.id;
}
const approve = (agent: Agent, id: number, code = g.gameCode) => agent.post(`/api/host/games/${code}/submissions/${id}/approve`, {});
const manage = (key = g.booking.manageKey) => ({ 'x-manage-key': key });

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-showcase-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.as('admin');
  host = await t.as('host');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  g = await playedGame(t, admin);
  other = await playedGame(t, admin);
  challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: 'Statue selfie' });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('the activity feed', () => {
  // Live delivery is LISTEN/NOTIFY: also on PostgreSQL.
  it("shows an approved answer live on another team's phone, and a hidden one disappears live everywhere", { tags: ['postgres'] }, async () => {
    const [fox, owl] = g.members;
    if (!fox || !owl) throw new Error('no players');
    const owlStream = await openSse(`${base}/api/play/${g.gameCode}/stream`, owl.headers);
    try {
      const id = await photoAnswer(0, 1);
      expect((await approve(admin, id)).statusCode).toBe(200);
      const shown = await owlStream.next((e) => e.event === 'feed' && JSON.parse(e.data).action === 'show');
      expect(JSON.parse(shown.data)).toMatchObject({ item: { id, team_name: 'Foxes', challenge_name: 'Statue selfie', media_kind: 'photo' } });

      // The other team's phone lists it and may open its photo (not its own team's: the feed is everyone's).
      const feed = feedResponse.parse((await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/feed`, headers: owl.headers })).json());
      const item = feed.items.find((i) => i.id === id);
      expect(item?.media_url).toBe(`/api/play/${g.gameCode}/feed/${id}/media`);
      const photo = await g.visitor.inject({ method: 'GET', url: item?.media_url ?? '', headers: owl.headers });
      expect(photo.statusCode).toBe(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');
      // A player of another game sees nothing of it.
      const stranger = other.members[0];
      if (!stranger) throw new Error('no stranger');
      expect((await g.visitor.inject({ method: 'GET', url: `/api/play/${other.gameCode}/feed/${id}/media`, headers: stranger.headers })).statusCode).toBe(404);

      // A player cannot hide; a host of another game cannot; the admin can, once.
      expect((await g.visitor.post(`/api/host/games/${g.gameCode}/feed/${id}/hide`, {})).statusCode).toBe(401);
      expect((await host.post(`/api/host/games/${g.gameCode}/feed/${id}/hide`, {})).statusCode).toBe(403);
      const hidden = await admin.post(`/api/host/games/${g.gameCode}/feed/${id}/hide`, {});
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json()).toEqual({ hidden: true });
      const gone = await owlStream.next((e) => e.event === 'feed' && JSON.parse(e.data).action === 'hide');
      expect(JSON.parse(gone.data)).toEqual({ action: 'hide', id });
      const after = feedResponse.parse((await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/feed`, headers: owl.headers })).json());
      expect(after.items.map((i) => i.id)).not.toContain(id);
      expect((await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/feed/${id}/media`, headers: owl.headers })).statusCode).toBe(404);
      // The answer keeps its points: hiding is about what is shown, not the score.
      expect((await admin.post(`/api/host/games/${g.gameCode}/feed/${id}/hide`, {})).json()).toEqual({ hidden: true });
    } finally {
      owlStream.close();
    }
  });

  it('refuses to hide an answer that is not approved or not of this game, with a 404', async () => {
    const pending = await photoAnswer(1, 2);
    const res = await admin.post(`/api/host/games/${g.gameCode}/feed/${pending}/hide`, {});
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: SHOWCASE_MESSAGES.feedItemNotFound });
    expect((await admin.post(`/api/host/games/${other.gameCode}/feed/${pending}/hide`, {})).statusCode).toBe(404);
    expect((await admin.post(`/api/host/games/${g.gameCode}/submissions/${pending}/reject`, { reason: 'Blurry' })).statusCode).toBe(200);
  });
});

describe('the big screen', () => {
  let token = '';

  it('has one private link per game that staff and the organiser get, and only they', async () => {
    const staff = await admin.get(`/api/host/games/${g.gameCode}/screen`);
    expect(staff.statusCode).toBe(200);
    const { url } = staff.json<{ url: string }>();
    expect(url).toMatch(/\/screen\/[0-9a-f]{64}$/);
    token = url.slice(url.lastIndexOf('/') + 1);
    const organiser = await g.visitor.inject({ method: 'GET', url: `/api/booking/${g.gameCode}/screen`, headers: manage() });
    expect(organiser.json()).toEqual({ url });
    const wrongKey = await g.visitor.inject({ method: 'GET', url: `/api/booking/${g.gameCode}/screen`, headers: manage(other.booking.manageKey) });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json()).toMatchObject({ message: PUBLIC_BOOKING_MESSAGES.manageKeyRequired });
    expect((await g.visitor.get(`/api/host/games/${g.gameCode}/screen`)).statusCode).toBe(401);
    expect((await host.get(`/api/host/games/${g.gameCode}/screen`)).statusCode).toBe(403);
  });

  it('shows the teams, the one leaderboard and the feed, never the Chicken; another game or an unknown token is a 404', async () => {
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    await g.place(fox, north(10));
    await g.place(g.chicken, north(300));
    expect((await approve(admin, await photoAnswer(0, 3))).statusCode).toBe(200);
    const visitor = await t.visitor();
    const res = await visitor.get(`/api/screen/${token}`);
    expect(res.statusCode).toBe(200);
    const body = screenResponse.parse(res.json());
    expect(body.game.code).toBe(g.gameCode);
    expect(body.teams.map((team) => team.name).sort()).toEqual(['Foxes', 'Owls']);
    expect(body.players.some((p) => p.role === 'chicken')).toBe(false);
    expect(res.body).not.toContain('Clucky');
    expect(res.body).not.toContain(String(north(300).lat));
    expect(body.feed.every((i: FeedItem) => i.media_url === null || i.media_url.startsWith(`/api/screen/${token}/feed/`))).toBe(true);
    const shownPhoto = body.feed.find((i) => i.media_url !== null);
    expect((await visitor.get(shownPhoto?.media_url ?? '')).statusCode).toBe(200);

    const otherToken = (await admin.get(`/api/host/games/${other.gameCode}/screen`)).json<{ url: string }>().url.split('/').pop();
    const otherScreen = screenResponse.parse((await visitor.get(`/api/screen/${otherToken}`)).json());
    expect(otherScreen.game.code).toBe(other.gameCode);
    // A media of this game through the other game's link is not found.
    expect((await visitor.get(`/api/screen/${otherToken}/feed/${shownPhoto?.id}/media`)).statusCode).toBe(404);
    const unknown = await visitor.get(`/api/screen/${'0'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: SHOWCASE_MESSAGES.screenNotFound });
    expect((await visitor.get(`/api/screen/${'0'.repeat(64)}/stream`)).statusCode).toBe(404);
  });

  it("streams the teams' positions and the feed, never the Chicken's position or a team's verdict", { tags: ['postgres'] }, async () => {
    const [fox] = g.members;
    if (!fox) throw new Error('no player');
    // The position speed rule: start both from fresh fixes in the past.
    await t.db
      .update(players)
      .set({ lastLat: null, lastLng: null, lastAt: null })
      .where(eq(players.instanceId, await instanceId()));
    const link = (await admin.get(`/api/host/games/${g.gameCode}/screen`)).json<{ url: string }>().url;
    const stream = await openSse(`${base}/api/screen/${link.slice(link.lastIndexOf('/') + 1)}/stream`);
    const staff = await openSse(`${base}/api/host/games/${g.gameCode}/stream`, { cookie: admin.cookie });
    expect(stream.status).toBe(200);
    try {
      await g.send(g.chicken, north(150));
      await g.send(fox, north(20));
      const isChicken = (e: { event: string; data: string }) => e.event === 'position' && JSON.parse(e.data).role === 'chicken';
      const isFox = (e: { event: string; data: string }) => e.event === 'position' && JSON.parse(e.data).player_id === fox.id;
      await staff.next(isChicken);
      await stream.next(isFox);
      const id = await photoAnswer(0, 4);
      expect((await approve(admin, id)).statusCode).toBe(200);
      await stream.next((e) => e.event === 'feed' && JSON.parse(e.data).item?.id === id);
      await stream.next((e) => e.event === 'teams');
      expect(stream.events.filter(isChicken)).toEqual([]);
      expect(stream.events.map((e) => e.data).join('\n')).not.toContain(String(north(150).lat));
      expect(stream.events.filter((e) => e.event === 'submission' || e.event === 'items')).toEqual([]);
    } finally {
      stream.close();
      staff.close();
    }
  });

  it('is replaced by a new link on request: the old one is a 404 at once', async () => {
    const res = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/screen`, payload: {}, headers: manage() });
    expect(res.statusCode).toBe(200);
    const fresh = res.json<{ url: string }>().url.split('/').pop();
    expect(fresh).not.toBe(token);
    expect((await g.visitor.get(`/api/screen/${token}`)).statusCode).toBe(404);
    expect((await g.visitor.get(`/api/screen/${fresh}`)).statusCode).toBe(200);
  });
});

async function instanceId(): Promise<number> {
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
  if (!instance) throw new Error('no instance');
  return instance.id;
}

describe('the recap', () => {
  let recapUrl = '';
  const recapToken = () => recapUrl.slice(recapUrl.lastIndexOf('/') + 1);

  it('is a 404 before it is published, and only the organiser (with the key) publishes it, after the game', async () => {
    const state = await g.visitor.inject({ method: 'GET', url: `/api/booking/${g.gameCode}/recap`, headers: manage() });
    expect(state.json()).toMatchObject({ published: false });
    recapUrl = state.json<{ url: string }>().url;
    expect(recapUrl).toMatch(/\/recap\/[0-9a-f]{64}$/);
    const stranger = await t.visitor();
    expect((await stranger.get(`/api/recap/${recapToken()}`)).statusCode).toBe(404);

    const noKey = await g.visitor.post(`/api/booking/${g.gameCode}/recap`, { published: true });
    expect(noKey.statusCode).toBe(403);
    expect(noKey.json()).toMatchObject({ message: PUBLIC_BOOKING_MESSAGES.manageKeyRequired });
    const wrongKey = await g.visitor.inject({
      method: 'POST',
      url: `/api/booking/${g.gameCode}/recap`,
      payload: { published: true },
      headers: manage(other.booking.manageKey),
    });
    expect(wrongKey.statusCode).toBe(403);
    const live = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: true }, headers: manage() });
    expect(live.statusCode).toBe(409);
    expect(live.json()).toMatchObject({ message: SHOWCASE_MESSAGES.recapNotEnded });
    const bad = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: 'yes' }, headers: manage() });
    expect(bad.statusCode).toBe(422);
    expect((await stranger.get(`/api/recap/${recapToken()}`)).statusCode).toBe(404);
  });

  it('opens for anyone once published: the final ranking, the album without hidden answers, every track with the Chicken', async () => {
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`, {})).statusCode).toBe(200);
    const res = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: true }, headers: manage() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ url: recapUrl });

    const stranger = await t.visitor();
    const page = await stranger.get(`/api/recap/${recapToken()}`);
    expect(page.statusCode).toBe(200);
    const recap = recapResponse.parse(page.json());
    expect(recap.game.code).toBe(g.gameCode);
    expect(recap.game.ended_at).not.toBeNull();
    expect(recap.teams.map((team) => team.rank)).toEqual([1, 2]);
    expect(recap.teams[0]?.name).toBe('Foxes');
    // Of the Foxes' three approved photos the first was hidden from the feed; the Owls' was rejected.
    expect(recap.album.map((a) => a.team_name)).toEqual(['Foxes', 'Foxes']);
    expect(recap.album.every((a) => a.media_kind === 'photo' && a.media_url?.startsWith(`/api/recap/${recapToken()}/media/`))).toBe(true);
    const chicken = recap.tracks.find((track) => track.role === 'chicken');
    expect(chicken?.points.map((p) => p.lat)).toContain(north(150).lat);
    const media = await stranger.get(recap.album[0]?.media_url ?? '');
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('image/jpeg');
    // The organiser may take the link back: a browser that kept the photo asks again before showing it.
    expect(media.headers['cache-control']).toBe('private, no-cache');
  });

  it('is a 404 again once the organiser takes it back, its media too', async () => {
    const album = recapResponse.parse((await g.visitor.get(`/api/recap/${recapToken()}`)).json()).album;
    const res = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: false }, headers: manage() });
    expect(res.json()).toEqual({ url: recapUrl });
    const stranger = await t.visitor();
    const gone = await stranger.get(`/api/recap/${recapToken()}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ message: SHOWCASE_MESSAGES.recapNotFound });
    expect((await stranger.get(album[0]?.media_url ?? '')).statusCode).toBe(404);
  });
});

/** The zip's entries and their bytes, read with a real unzip library. */
async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await new Promise<ZipFile>((resolve, reject) => fromBuffer(bytes, { lazyEntries: true }, (err, file) => (err ? reject(err) : resolve(file))));
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      zip.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}

describe('the media zip', () => {
  it('holds every photo of the game (hidden ones too), streamed as it is made, for the organiser and staff only', async () => {
    const res = await fetch(`${base}/api/booking/${g.gameCode}/media.zip`, { headers: manage() });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    // Streamed: sent in chunks as the entries are read, with no length known beforehand.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.size).toBe(stored.length);
    const contents = [...entries.values()];
    for (const bytes of stored) expect(contents.some((c) => c.equals(bytes))).toBe(true);
    expect([...entries.keys()].every((name) => /^(Foxes|Owls)\/Statue selfie-\d+\.jpg$/.test(name))).toBe(true);

    const staff = await admin.get(`/api/host/games/${g.gameCode}/media.zip`);
    expect(staff.statusCode).toBe(200);
    expect((await unzip(staff.rawPayload)).size).toBe(stored.length);
    expect((await g.visitor.get(`/api/booking/${g.gameCode}/media.zip`)).statusCode).toBe(403);
    expect((await host.get(`/api/host/games/${g.gameCode}/media.zip`)).statusCode).toBe(403);
    expect((await g.visitor.get(`/api/host/games/${g.gameCode}/media.zip`)).statusCode).toBe(401);
  });

  it('holds a large video whole, to its last byte and the zip directory after it', async () => {
    // The zip once stopped after a few MB of a 30 MB video (the bench's media section): the whole file was pushed into a
    // wrapping stream that the archive's end then destroyed with most of it unsent.
    const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, g.gameId));
    const teamId = g.teamIds[0];
    if (!instance || teamId === undefined) throw new Error('no live instance');
    const video = Buffer.alloc(12 * 1024 * 1024, 9);
    const key = `games/${instance.id}/${crypto.randomUUID()}.webm`;
    await t.app.deps.media.put(key, video, 'video/webm');
    stored.push(video);
    await sendSubmission(t, { instanceId: instance.id, teamId, challengeId, kind: 'video', mediaKey: key });

    const res = await fetch(`${base}/api/booking/${g.gameCode}/media.zip`, { headers: manage() });
    expect(res.status).toBe(200);
    const entries = await unzip(Buffer.from(await res.arrayBuffer()));
    expect(entries.size).toBe(stored.length);
    expect([...entries.values()].some((c) => c.equals(video))).toBe(true);
  });
});
