import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { createChallenge, sendSubmission } from '../support/game-fixtures';
import { jpeg } from '../support/photo-fixtures';
import { pdfText } from '../support/pdf-text';
import { gameInstances, playerPositions, players } from '../../src/server/domains/game/tables/games';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { giftVouchers } from '../../src/server/domains/commerce/tables/gift-vouchers';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { PLAYER_TOKEN_HEADER } from '../../src/shared/api/play';
import { eraseResponse, peopleResponse, personExportResponse, PRIVACY_MESSAGES } from '../../src/shared/api/privacy';
import { invoiceListResponse } from '../../src/shared/api/invoices';

/**
 * A person's data on request (issue 41, decision 0570): found by email or a player's name, exported (JSON and a
 * readable page), then erased: afterwards no table but the invoices' buyer holds their email, name, phone or company,
 * their media files are gone and their positions dropped, their invoices still name the buyer, and another booker's
 * data is untouched. Both drivers (tagged postgres).
 */
let t: TestApp;
let admin: Agent;
let dataDir: string;
const EMAIL = 'zelda.quintessa@example.test';
const NAME = 'Zelda Quintessa';
const PHONE = '+44 7700 900461';
const COMPANY = 'Quintessa Works';
/** Every way the person could be written down, as a PostgreSQL regular expression. */
const TRACE = 'zelda|quintessa|7700 900461';

let target: Awaited<ReturnType<typeof createPaidBooking>>;
let other: Awaited<ReturnType<typeof createPaidBooking>>;
let mediaKey = '';
let playerId = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'hatch-privacy-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = await t.as('admin');
  expect(
    (
      await admin.put('/api/admin/invoice-settings', {
        seller_name: 'Hatch Events Ltd',
        seller_address: '1 Market Street',
        vat_number: 'GB123456789',
        vat_rate: 20,
      })
    ).statusCode,
  ).toBe(200);
  target = await createPaidBooking(t.db, { email: EMAIL, fullName: NAME, tel: PHONE, companyName: COMPANY, ...startableSchedule() });
  other = await createPaidBooking(t.db, { email: 'someone.else@example.test', fullName: 'Otto Other', ...startableSchedule() });

  // They play their own game under their name: a position and a photo.
  const visitor = await t.visitor();
  const joined = await visitor.post(`/api/play/${target.gameCode}/join`, { name: NAME, team_name: 'Owls' });
  expect(joined.statusCode).toBe(201);
  const { token, player } = joined.json<{ token: string; player: { id: number } }>();
  playerId = player.id;
  expect((await admin.post(`/api/admin/bookings/${target.booking.id}/start-game`)).statusCode).toBe(200);
  const sent = await visitor.post(`/api/play/${target.gameCode}/positions`, { lat: 51.5074, lng: -0.1278 }, { [PLAYER_TOKEN_HEADER]: token });
  expect(sent.statusCode).toBe(204);
  // They write in the team's chat, signing with their phone number (the stream keeps a copy of the message too).
  const wrote = await visitor.post(`/api/play/${target.gameCode}/messages`, { channel: 'team', text: `Call me on ${PHONE}` }, { [PLAYER_TOKEN_HEADER]: token });
  expect(wrote.statusCode).toBe(201);
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, target.gameId));
  const [row] = await t.db.select().from(players).where(eq(players.id, playerId));
  if (!instance || !row?.teamId) throw new Error('no live game');
  mediaKey = `games/${instance.id}/${crypto.randomUUID()}.jpg`;
  await t.app.deps.media.put(mediaKey, jpeg(1_200, 3), 'image/jpeg');
  const challengeId = await createChallenge(admin, { type: 'RightWrong', max_score: 5, name: 'Selfie' });
  await sendSubmission(t, { instanceId: instance.id, teamId: row.teamId, challengeId, kind: 'photo', mediaKey, playerId });
  // A gift voucher they bought for someone else, signed with their name.
  await t.db.insert(giftVouchers).values({
    token: 'privacy-voucher-token-0123456789',
    code: 'PRIVACYVOUCH1',
    amount: 5_000,
    balance: 5_000,
    currency: 'GBP',
    recipientName: 'Rita Recipient',
    message: `Happy birthday! Love, ${NAME}`,
    buyerName: NAME,
    buyerEmail: EMAIL,
    source: 'online',
    issuedAt: new Date(),
    expiresAt: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
  });
  // A mail to them, and a staff note that names them (copied into the activity log).
  await t.app.deps.mail.queue(t.db, { to: EMAIL, subject: `Hello ${NAME}`, text: `Dear ${NAME}`, kind: 'test', bookingId: target.booking.id });
  const noted = await admin.patch(`/api/admin/bookings/${target.booking.id}`, { admin_general_notes: `Call ${NAME} on ${PHONE}` });
  expect(noted.statusCode).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Each table (and how many rows) whose row text still holds a trace of the person. */
async function tracesByTable(): Promise<Record<string, number>> {
  const tables = await t.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const found: Record<string, number> = {};
  for (const { table_name } of z.object({ rows: z.array(z.object({ table_name: z.string() })) }).parse(tables).rows) {
    const res = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(table_name)} x where x::text ~* ${TRACE}`);
    const n = z.object({ rows: z.array(z.object({ n: z.number() })) }).parse(res).rows[0]?.n ?? 0;
    if (n > 0) found[table_name] = n;
  }
  return found;
}

describe("a person's data", { tags: ['postgres'] }, () => {
  it('is found by email or by a player name, for admins only', async () => {
    expect((await (await t.visitor()).get('/api/admin/privacy/people?q=quintessa')).statusCode).toBe(401);
    expect((await (await t.as('host')).get('/api/admin/privacy/people?q=quintessa')).statusCode).toBe(403);
    const short = await admin.get('/api/admin/privacy/people?q=ze');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.q).toEqual([PRIVACY_MESSAGES.searchTooShort]);
    const { people } = peopleResponse.parse((await admin.get('/api/admin/privacy/people?q=quintessa')).json());
    expect(people).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'booker', email: EMAIL, booking_id: target.booking.id }),
        expect.objectContaining({ kind: 'player', name: NAME, booking_id: target.booking.id }),
        expect.objectContaining({ kind: 'mail', email: EMAIL }),
        expect.objectContaining({ kind: 'voucher', email: EMAIL }),
      ]),
    );
    expect(people.some((p) => p.booking_id === other.booking.id)).toBe(false);
  });

  it('is exported as JSON and as a readable page', async () => {
    const res = await admin.get(`/api/admin/privacy/people/export?email=${encodeURIComponent(EMAIL.toUpperCase())}`);
    expect(res.statusCode).toBe(200);
    const data = personExportResponse.parse(res.json());
    expect(data.parts.bookings).toEqual([expect.objectContaining({ booking_id: target.booking.id, email: EMAIL, full_name: NAME, phone: PHONE })]);
    expect(data.parts.players).toEqual([
      expect.objectContaining({ player_id: playerId, name: NAME, positions_kept: 1, messages: [expect.objectContaining({ text: `Call me on ${PHONE}` })] }),
    ]);
    expect(data.parts.mails).toEqual([expect.objectContaining({ to: EMAIL, subject: `Hello ${NAME}` })]);
    expect(data.parts.invoices).toHaveLength(1);
    expect(data.parts.gift_vouchers).toEqual([expect.objectContaining({ code: 'PRIVACYVOUCH1', buyer_name: NAME, recipient_name: 'Rita Recipient' })]);
    const page = await admin.get(`/api/admin/privacy/people/export/html?email=${encodeURIComponent(EMAIL)}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(NAME);
    expect(page.body).toContain('Personal data of zelda.quintessa@example.test');
    expect((await admin.get('/api/admin/privacy/people/export?email=nobody%40example.test')).statusCode).toBe(404);
  });

  it('is erased everywhere but the invoices, which keep the buyer', async () => {
    expect(Object.keys(await tracesByTable()).sort()).toEqual(expect.arrayContaining(['activity_log', 'bookings', 'game_events', 'mail_outbox', 'players']));
    expect((await admin.post('/api/admin/privacy/people/erase', {})).statusCode).toBe(422);
    const res = await admin.post('/api/admin/privacy/people/erase', { email: EMAIL });
    expect(res.statusCode).toBe(200);
    const { erasure } = eraseResponse.parse(res.json());
    expect(erasure.counts).toMatchObject({
      'bookings.bookings': 1,
      'players.players': 1,
      'players.positions': 1,
      'players.media': 1,
      'mails.mails': 1,
      'gift_vouchers.vouchers': 1,
    });

    // Searched across every table: only the invoices' buyer row keeps them.
    expect(await tracesByTable()).toEqual({ invoice_buyers: 1 });
    expect(await t.app.deps.media.open(mediaKey)).toBeNull();
    expect(await t.db.select().from(playerPositions).where(eq(playerPositions.playerId, playerId))).toEqual([]);

    // The invoice still names the buyer as issued.
    const list = invoiceListResponse.parse(
      (
        await (
          await t.visitor()
        ).inject({ method: 'GET', url: `/api/booking/${target.gameCode}/invoices`, headers: { 'x-manage-key': target.booking.manageKey } })
      ).json(),
    );
    const pdf = await (
      await t.visitor()
    ).inject({ method: 'GET', url: list.invoices[0]?.pdf_url ?? '', headers: { 'x-manage-key': target.booking.manageKey } });
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain(NAME);
    expect(text).toContain(EMAIL);

    // The other booker is untouched; the erasure is in the activity log, without the person.
    const [otherRow] = await t.db.select().from(bookings).where(eq(bookings.id, other.booking.id));
    expect(otherRow).toMatchObject({ email: 'someone.else@example.test', fullName: 'Otto Other' });
    // The voucher still pays its holder: only its buyer is gone.
    const [voucher] = await t.db.select().from(giftVouchers).where(eq(giftVouchers.code, 'PRIVACYVOUCH1'));
    expect(voucher).toMatchObject({ balance: 5_000, recipientName: 'Rita Recipient', buyerName: 'Erased', message: 'Happy birthday! Love, Erased' });
    const logged = await t.db.select().from(activityLog).where(eq(activityLog.action, 'person.erase'));
    expect(logged).toHaveLength(1);
    expect(JSON.stringify(logged)).not.toMatch(/zelda|quintessa/i);
    // Nothing left to erase.
    expect((await admin.post('/api/admin/privacy/people/erase', { email: EMAIL })).statusCode).toBe(404);
  });
});
