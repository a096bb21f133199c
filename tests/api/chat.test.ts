import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameMessages } from '../../src/server/domains/game/tables/games';
import { CHAT_LIMIT, CHAT_MESSAGES, type ChatMessage, type InboxMessage } from '../../src/shared/api/chat';
import { MANAGE_KEY_HEADER } from '../../src/shared/api/public-booking';
import { ONE_LINE_MESSAGE } from '../../src/shared/validation/text-rules';
import { playedGame, type Joined } from '../support/hunt-fixtures';
import { openSse, type SseStream } from '../support/sse';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

/**
 * Talking in the game (issue 40, decision 0580): a team's channel reaches the team and the host, a team's channel with
 * the host that team and the host, the Chicken's channel with the host the Chicken alone; another team's player, the
 * Chicken and a stranger are refused or never receive them, in the lists and on the stream. A message written
 * offline is sent with its Idempotency-Key and made_at: a retry stores nothing more, the order holds, its time is
 * when it was written. The host hides a message; flooding is refused.
 */
let t: TestApp;
let admin: Agent & { userId: number };
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => t.close());

/** A live game: Foxes (Fay and Finn), Owls (Olly), the Chicken. */
async function chatGame() {
  const g = await playedGame(t, admin, { teams: ['Foxes', 'Owls'] });
  const [fay, olly] = g.members;
  const [foxesId, owlsId] = g.teamIds;
  if (!fay || !olly || !foxesId || !owlsId) throw new Error('no teams');
  const joined = await g.visitor.post(`/api/play/${g.gameCode}/join`, { name: 'Finn', team_id: foxesId });
  if (joined.statusCode !== 201) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  const { token, player } = joined.json<{ token: string; player: { id: number } }>();
  const finn: Joined = { token, id: player.id, headers: { 'x-player-token': token } };
  return { ...g, fay, finn, olly, foxesId, owlsId };
}
type Game = Awaited<ReturnType<typeof chatGame>>;

const post = (g: Game, who: Joined | null, body: object, key?: string) =>
  g.visitor.inject({
    method: 'POST',
    url: `/api/play/${g.gameCode}/messages`,
    payload: body,
    headers: { ...(who ? who.headers : {}), ...(key ? { 'idempotency-key': key } : {}) },
  });
const list = async (g: Game, who: Joined) => {
  const res = await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/messages`, headers: who.headers });
  expect(res.statusCode).toBe(200);
  return res.json<{ messages: ChatMessage[] }>().messages;
};
const texts = (messages: { text: string }[]) => messages.map((m) => m.text);
const inbox = async (g: Game) => (await admin.get(`/api/host/games/${g.gameCode}/messages`)).json<{ messages: InboxMessage[] }>().messages;
const messageEvents = (stream: SseStream) => stream.events.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ChatMessage);

describe('a team channel', () => {
  it('reaches the team and the host only, in the lists and on the stream', { tags: ['postgres'] }, async () => {
    const g = await chatGame();
    const streams = {
      finn: await openSse(`${base}/api/play/${g.gameCode}/stream`, g.finn.headers),
      olly: await openSse(`${base}/api/play/${g.gameCode}/stream`, g.olly.headers),
      chicken: await openSse(`${base}/api/play/${g.gameCode}/stream`, g.chicken.headers),
      host: await openSse(`${base}/api/host/games/${g.gameCode}/stream`, { cookie: admin.cookie }),
      organiser: await openSse(`${base}/api/booking/${g.gameCode}/live/stream`, { [MANAGE_KEY_HEADER]: g.booking.manageKey }),
    };
    try {
      for (const stream of Object.values(streams)) expect(stream.status).toBe(200);
      const sent = await post(g, g.fay, { channel: 'team', text: 'Meet at the bridge 🦊' });
      expect(sent.statusCode).toBe(201);
      const message = sent.json<{ message: ChatMessage }>().message;
      expect(message).toMatchObject({
        channel: 'team',
        from: 'Player 1',
        from_player_id: g.fay.id,
        team_id: g.foxesId,
        text: 'Meet at the bridge 🦊',
        hidden: false,
      });
      expect(Date.parse(message.at)).toBeGreaterThan(Date.now() - 60_000);

      // The teammate and the host get it live; then a broadcast, which everyone gets after it.
      await streams.finn.next((e) => e.event === 'message' && JSON.parse(e.data).id === message.id);
      await streams.host.next((e) => e.event === 'message' && JSON.parse(e.data).id === message.id);
      const broadcast = await admin.post(`/api/host/games/${g.gameCode}/messages`, { text: 'Ten minutes left' });
      expect(broadcast.statusCode).toBe(201);
      expect(broadcast.json().message).toMatchObject({ channel: 'all', from: 'Host', text: 'Ten minutes left' });
      for (const stream of [streams.olly, streams.chicken, streams.organiser, streams.finn])
        await stream.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Ten minutes left');
      // The other team, the Chicken and the organiser never received the team's message.
      for (const stream of [streams.olly, streams.chicken, streams.organiser]) expect(texts(messageEvents(stream))).toEqual(['Ten minutes left']);

      expect(texts(await list(g, g.finn))).toEqual(['Meet at the bridge 🦊', 'Ten minutes left']);
      expect(texts(await list(g, g.fay))).toEqual(['Meet at the bridge 🦊', 'Ten minutes left']);
      expect(texts(await list(g, g.olly))).toEqual(['Ten minutes left']);
      expect(texts(await list(g, g.chicken))).toEqual(['Ten minutes left']);
      const hosted = await inbox(g);
      expect(hosted.map((m) => [m.thread, m.text])).toEqual([
        [`team:${g.foxesId}`, 'Meet at the bridge 🦊'],
        ['all', 'Ten minutes left'],
      ]);
      // The live snapshots (the players' map, the console) list broadcasts only.
      const map = await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/map`, headers: g.finn.headers });
      expect(texts(map.json<{ messages: ChatMessage[] }>().messages)).toEqual(['Ten minutes left']);
    } finally {
      for (const stream of Object.values(streams)) stream.close();
    }
  });

  it('refuses a stranger, another game\'s player, a player writing to the Chicken\'s "team" and a broadcast from a player', async () => {
    const g = await chatGame();
    const other = await chatGame();
    expect((await post(g, null, { channel: 'team', text: 'hi' })).statusCode).toBe(401);
    expect((await post(g, { token: 'nope', id: 0, headers: { 'x-player-token': 'nope' } }, { channel: 'team', text: 'hi' })).statusCode).toBe(401);
    expect((await post(g, other.fay, { channel: 'team', text: 'hi' })).statusCode).toBe(403);
    expect((await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/messages` })).statusCode).toBe(401);
    expect((await g.visitor.inject({ method: 'GET', url: `/api/play/${g.gameCode}/messages`, headers: other.fay.headers })).statusCode).toBe(403);
    const chickenTeam = await post(g, g.chicken, { channel: 'team', text: 'hi' });
    expect(chickenTeam.statusCode).toBe(422);
    expect(chickenTeam.json().errors.channel).toEqual([CHAT_MESSAGES.chickenNoTeam]);
    expect((await post(g, g.fay, { channel: 'all', text: 'hi everyone' })).statusCode).toBe(422);
    // A host who does not run this game reads no inbox.
    const otherHost = await t.as('host');
    expect((await otherHost.get(`/api/host/games/${g.gameCode}/messages`)).statusCode).toBe(403);
    expect((await otherHost.post(`/api/host/games/${g.gameCode}/teams/${g.foxesId}/messages`, { text: 'hi' })).statusCode).toBe(403);
    expect((await (await t.visitor()).get(`/api/host/games/${g.gameCode}/messages`)).statusCode).toBe(401);
    expect(await t.db.select().from(gameMessages).where(eq(gameMessages.text, 'hi'))).toHaveLength(0);
  });
});

describe("a team's channel with the host, and the Chicken's", () => {
  it('reaches that team (or the Chicken) and the host; the host answers one team privately', { tags: ['postgres'] }, async () => {
    const g = await chatGame();
    const olly = await openSse(`${base}/api/play/${g.gameCode}/stream`, g.olly.headers);
    const chicken = await openSse(`${base}/api/play/${g.gameCode}/stream`, g.chicken.headers);
    const finn = await openSse(`${base}/api/play/${g.gameCode}/stream`, g.finn.headers);
    try {
      expect((await post(g, g.fay, { channel: 'host', text: 'Is the museum in the area?' })).statusCode).toBe(201);
      const reply = await admin.post(`/api/host/games/${g.gameCode}/teams/${g.foxesId}/messages`, { text: 'Yes, the garden too' });
      expect(reply.statusCode).toBe(201);
      expect(reply.json().message).toMatchObject({ channel: 'host', from: 'Host', team_id: g.foxesId, text: 'Yes, the garden too' });
      expect((await post(g, g.chicken, { channel: 'host', text: 'I moved to the park' })).statusCode).toBe(201);
      const toChicken = await admin.post(`/api/host/games/${g.gameCode}/chicken/messages`, { text: 'Noted' });
      expect(toChicken.statusCode).toBe(201);
      expect((await admin.post(`/api/host/games/${g.gameCode}/teams/${g.owlsId}/messages`, { text: 'Owls: hurry up' })).statusCode).toBe(201);

      await finn.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Yes, the garden too');
      await chicken.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Noted');
      await olly.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Owls: hurry up');
      expect(texts(messageEvents(olly))).toEqual(['Owls: hurry up']);
      expect(texts(messageEvents(chicken))).toEqual(['I moved to the park', 'Noted']);

      expect(texts(await list(g, g.finn))).toEqual(['Is the museum in the area?', 'Yes, the garden too']);
      expect(texts(await list(g, g.olly))).toEqual(['Owls: hurry up']);
      expect(texts(await list(g, g.chicken))).toEqual(['I moved to the park', 'Noted']);
      expect((await inbox(g)).map((m) => [m.thread, m.from, m.text])).toEqual([
        [`host:${g.foxesId}`, 'Player 1', 'Is the museum in the area?'],
        [`host:${g.foxesId}`, 'Host', 'Yes, the garden too'],
        ['chicken', 'Clucky', 'I moved to the park'],
        ['chicken', 'Host', 'Noted'],
        [`host:${g.owlsId}`, 'Host', 'Owls: hurry up'],
      ]);
      // After the Finn stream had everything, it never carried the Owls' or the Chicken's messages.
      await finn.next((e) => e.event === 'message' && JSON.parse(e.data).text === 'Yes, the garden too');
      expect(texts(messageEvents(finn))).toEqual(['Is the museum in the area?', 'Yes, the garden too']);
    } finally {
      for (const s of [olly, chicken, finn]) s.close();
    }
    const unknownTeam = await admin.post(`/api/host/games/${g.gameCode}/teams/999999/messages`, { text: 'hi' });
    expect(unknownTeam.statusCode).toBe(404);
  });
});

describe('a message written offline', () => {
  it('arrives once, in order, with its written time, however often the phone sends it', { tags: ['postgres'] }, async () => {
    const g = await chatGame();
    const first = { key: randomUUID(), body: { channel: 'team', text: 'Lost signal, going north', made_at: new Date(Date.now() - 4 * 60_000).toISOString() } };
    const second = { key: randomUUID(), body: { channel: 'team', text: 'Found the statue', made_at: new Date(Date.now() - 2 * 60_000).toISOString() } };
    // The outbox sends both; the answers were lost, so it sends both again, in the same order.
    const answers = [];
    for (const m of [first, second, first, second]) answers.push(await post(g, g.fay, m.body, m.key));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(answers[2]?.json()).toEqual(answers[0]?.json());
    expect(answers[3]?.json()).toEqual(answers[1]?.json());
    const read = await list(g, g.finn);
    expect(texts(read)).toEqual(['Lost signal, going north', 'Found the statue']);
    expect(read.map((m) => m.at)).toEqual([first.body.made_at, second.body.made_at]);
    // Two sends of one key at once store it once.
    const raced = { key: randomUUID(), body: { channel: 'team', text: 'On our way' } };
    const both = await Promise.all([post(g, g.finn, raced.body, raced.key), post(g, g.finn, raced.body, raced.key)]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(both[0]?.json()).toEqual(both[1]?.json());
    expect(texts(await list(g, g.fay))).toEqual(['Lost signal, going north', 'Found the statue', 'On our way']);
    // A key sent again with another text is refused, and stores nothing.
    expect((await post(g, g.fay, { ...first.body, text: 'Something else' }, first.key)).statusCode).toBe(422);
    expect(await t.db.select().from(gameMessages).where(eq(gameMessages.teamId, g.foxesId))).toHaveLength(3);
  });

  it('is taken after the end when written before it, refused when written after it', async () => {
    const g = await chatGame();
    const written = new Date(Date.now() - 60_000).toISOString();
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    const late = await post(g, g.fay, { channel: 'team', text: 'Written in the tunnel', made_at: written }, randomUUID());
    expect(late.statusCode).toBe(201);
    const now = await post(g, g.fay, { channel: 'team', text: 'After the end' }, randomUUID());
    expect(now.statusCode).toBe(409);
    expect(texts(await list(g, g.finn))).toEqual(['Written in the tunnel']);
  });
});

describe('the recap', () => {
  it('leaves chat out', async () => {
    const g = await chatGame();
    expect((await post(g, g.fay, { channel: 'team', text: 'Secret plan: the north gate' })).statusCode).toBe(201);
    expect((await post(g, g.chicken, { channel: 'host', text: 'Hiding in the crypt' })).statusCode).toBe(201);
    expect((await admin.post(`/api/host/games/${g.gameCode}/teams/${g.foxesId}/messages`, { text: 'Private answer to the Foxes' })).statusCode).toBe(201);
    expect((await admin.post(`/api/host/games/${g.gameCode}/end`)).statusCode).toBe(200);
    const manage = { [MANAGE_KEY_HEADER]: g.booking.manageKey };
    const published = await g.visitor.inject({ method: 'POST', url: `/api/booking/${g.gameCode}/recap`, payload: { published: true }, headers: manage });
    expect(published.statusCode).toBe(200);
    const url = published.json<{ url: string }>().url;
    const recap = await (await t.visitor()).get(`/api/recap/${url.slice(url.lastIndexOf('/') + 1)}`);
    expect(recap.statusCode).toBe(200);
    for (const text of ['Secret plan', 'Hiding in the crypt', 'Private answer']) expect(recap.body).not.toContain(text);
  });
});

describe('the host and the limits', () => {
  it('hides a message: players no longer read it, the stream tells them, the inbox keeps it marked', { tags: ['postgres'] }, async () => {
    const g = await chatGame();
    const sent = (await post(g, g.fay, { channel: 'team', text: 'something rude' })).json<{ message: ChatMessage }>().message;
    const finn = await openSse(`${base}/api/play/${g.gameCode}/stream`, g.finn.headers);
    try {
      const hidden = await admin.post(`/api/host/games/${g.gameCode}/messages/${sent.id}/hide`);
      expect(hidden.statusCode).toBe(200);
      expect(hidden.json().message).toMatchObject({ id: sent.id, hidden: true });
      const event = await finn.next((e) => e.event === 'message' && JSON.parse(e.data).id === sent.id);
      expect(JSON.parse(event.data)).toMatchObject({ hidden: true, text: '' });
    } finally {
      finn.close();
    }
    expect(await list(g, g.finn)).toEqual([]);
    expect((await inbox(g)).map((m) => [m.text, m.hidden])).toEqual([['something rude', true]]);
    expect((await admin.post(`/api/host/games/${g.gameCode}/messages/${sent.id}/hide`)).statusCode).toBe(200);
    expect((await admin.post(`/api/host/games/${g.gameCode}/messages/999999/hide`)).statusCode).toBe(404);
  });

  it('refuses empty, long and multi-line text, and a flood with 429 and Retry-After', async () => {
    const g = await chatGame();
    expect((await post(g, g.fay, { channel: 'team', text: '   ' })).json().errors.text).toEqual([CHAT_MESSAGES.textRequired]);
    expect((await post(g, g.fay, { channel: 'team', text: 'x'.repeat(281) })).json().errors.text).toEqual([CHAT_MESSAGES.textTooLong]);
    expect((await post(g, g.fay, { channel: 'team', text: 'line\nbreak' })).json().errors.text).toEqual([ONE_LINE_MESSAGE]);
    for (let i = 0; i < CHAT_LIMIT; i++) expect((await post(g, g.olly, { channel: 'team', text: `msg ${i}` })).statusCode).toBe(201);
    const flood = await post(g, g.olly, { channel: 'team', text: 'one too many' });
    expect(flood.statusCode).toBe(429);
    expect(flood.json().message).toBe(CHAT_MESSAGES.tooMany);
    expect(Number(flood.headers['retry-after'])).toBeGreaterThan(0);
    // Another player is not held back by it.
    expect((await post(g, g.fay, { channel: 'team', text: 'still here' })).statusCode).toBe(201);
  });
});
