import type { Db, Tx } from '../../../platform/db/client';
import type { Mailer } from '../../../platform/mail';
import { createBookingRecord, inputFromCreateBody, scheduleErrors, trackingFromBody } from '../booking-create';
import { loadBookingAggregate, toBookerBooking, toPublicBooking, toTempBooking } from '../booking-record';
import { normalizeCode } from '../../../platform/codes';
import { safeEqual } from '../../../platform/crypto';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { bookerInvite, bookerInviteOf, bookingCalendar, calendarFactsOf } from '../booking-calendar';
import { bookedWindow } from '../../../../shared/meeting-time';
import { requestFingerprint, runIdempotent, type IdempotentResult } from '../../../platform/idempotency';
import { itemTranslationsOf, loadPriceTable, priceBooking } from '../../catalogue';
import { assertSectionsUnlocked } from '../section-locks';
import type { LockSection } from '../../../../shared/api/admin-booking-detail';
import { consumeRateLimit } from '../../../platform/rate-limit';
import type { CodeGuesses } from '../../../platform/code-guesses';
import { bookerBookingResponse, type BookerBooking, type BookingByCode } from '../../../../shared/api/booking';
import { PUBLIC_BOOKING_MESSAGES, type CreateBookingBody, type UpdateBookingBody } from '../../../../shared/api/public-booking';
import type { AddOnType, Currency, PlanType } from '../../../../shared/plans';
import { isCurrency, isHostedGame, isPlanType, ADD_ON_TYPES } from '../../../../shared/plans';
import { localToUtcIso } from '../../../../shared/time';
import { DEFAULT_LANGUAGE } from '../../../../shared/i18n/languages';
import { bookingConfirmationMail } from '../booking-mails';
import { bankTransferReference } from '../../../platform/payment-provider/bank-transfer';
import { paymentMethodOf, type PaymentSetup } from '../../../platform/payment-provider/payment-setup';
import { withBooking, type BookingRow, type BookingValues, type BookingWrite } from '../booking-write';
import { gameCodeOf } from './public-booking-repository';
import { addPricingHistory } from '../booking-history';
import { contactOfRow, contactValues } from '../contact-columns';
import { CONTACT_FIELD_NAMES, type ContactDetails, type ContactField } from '../../../../shared/booking-contact';
import { attachDiscountCode, claimDiscountCode, promoCodeOf, releaseDiscountCode } from '../../commerce/records';
import { payWithVoucher } from '../voucher-payment';
import { normalizeDiscountCode } from '../../../../shared/commerce/discount-code';
import { holdsManageKey } from '../organiser-key';
import { recordTermsAcceptance, requireCurrentVersion } from '../../privacy';

type BookingAnswer = { booking: BookerBooking };

/**
 * Bookings created per client address: far above what one household or office books, far below a script's
 * thousands (decision 0180). Counted inside the creating transaction, so only bookings really created count
 * (an idempotent replay, a refused request or a rolled-back create does not), and an address's creates queue
 * on its counter row instead of racing past the limit.
 */
export const BOOKING_CREATE_LIMIT = { perIp: 20, windowSeconds: 60 * 60 };
const bookingCreateKey = (ip: string) => `booking-create:ip:${ip}`;

/**
 * POST /api/bookings: creates an enquiry, prices it, and queues the booker's confirmation in the same
 * transaction. With an Idempotency-Key, a retry gets the first answer back and creates nothing.
 */
export async function createPublicBooking(
  deps: { db: Db; mail: Mailer; payments: PaymentSetup },
  input: { body: CreateBookingBody; sessionKey: string; idempotencyKey: string | null; baseUrl: string; ip: string; now?: Date },
): Promise<IdempotentResult<BookingAnswer>> {
  // The session is part of the fingerprint: another visitor reusing a key is refused, never shown this booking.
  const fingerprint = requestFingerprint({ body: input.body, session: input.sessionKey });
  // Plan and add-on names in the booker's language for the confirmation (decision 0630): an English booking reads
  // nothing more, another reads the cached translations, before the transaction.
  const items = input.body.language && input.body.language !== DEFAULT_LANGUAGE ? await itemTranslationsOf(deps.db) : {};
  return runIdempotent(
    deps.db,
    { scope: 'POST /api/bookings', key: input.idempotencyKey, fingerprint, parse: (stored) => bookerBookingResponse.parse(stored) },
    async (tx) => {
      const { perIp, windowSeconds } = BOOKING_CREATE_LIMIT;
      await consumeRateLimit(tx, bookingCreateKey(input.ip), perIp, windowSeconds, PUBLIC_BOOKING_MESSAGES.tooManyBookings);
      // While booking terms are published the booker accepts the current version in the summary step (issue 41).
      const termsVersion = await requireCurrentVersion(tx, 'terms', input.body.terms_version);
      const created = await createBookingRecord(
        tx,
        inputFromCreateBody(input.body, { bookingStatus: 'enquiry', createdBySession: input.sessionKey, tracking: trackingFromBody(input.body) }),
        { ...(input.now ? { now: input.now } : {}), mailer: { mail: deps.mail, baseUrl: input.baseUrl } },
      );
      if (termsVersion !== null) await recordTermsAcceptance(tx, created.id, termsVersion, input.now ?? new Date());
      const booking = toBookerBooking(created.aggregate);
      // The confirmation is about the game's time: it carries the calendar invite (decision 0373).
      // From the row just inserted (a new booking has no game): not read again.
      const icalEvent = bookerInviteOf({ ...created.aggregate.booking, gameCode: null }, { from: deps.mail.from, baseUrl: input.baseUrl }, input.now);
      await deps.mail.queue(tx, {
        ...bookingConfirmationMail(booking, input.baseUrl, paymentFactsOf(deps.payments, booking), input.now, 'booked', items),
        bookingId: booking.id,
        icalEvent,
      });
      return { statusCode: 201, body: { booking } };
    },
  );
}

/** How this install takes the booker's money, for the confirmation's payment part (decision 0250). */
function paymentFactsOf(payments: PaymentSetup, booking: Pick<BookerBooking, 'temp_code'>) {
  return { method: paymentMethodOf(payments), bankTransferDetails: payments.bankTransferDetails, reference: bankTransferReference(booking.temp_code) };
}

/**
 * GET /api/booking/{code}: by temporary or game code, any case, in one query. Wrong codes count against the address
 * (platform/code-guesses.ts). The organiser's view (with the management key, the contact details) needs the management
 * key (X-Manage-Key) or the browser session that made the booking (the wizard's, as PATCH allows it). An unpaid
 * booking's temp code alone reads the temp view: the facts and the price, no key, email or phone (issue 36, decision
 * 0526: the temp code is the bank transfer's reference and shorter than a key). Anyone else, such as a player with the
 * game code, gets the public view (decision 0140).
 */
export async function findBookingByCode(
  deps: { db: Db; guesses: CodeGuesses },
  input: { code: string; ip: string; manageKey: string | null; sessionKey: string | null },
): Promise<{ booking: BookingByCode }> {
  const code = normalizeCode(input.code);
  const agg = await deps.guesses.guard(input.ip, async () => {
    const found = await loadBookingAggregate(deps.db, { code });
    if (!found) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
    return found;
  });
  const row = agg.booking;
  const madeHere = !!input.sessionKey && !!row.createdBySession && safeEqual(input.sessionKey, row.createdBySession);
  if (madeHere || holdsManageKey(row, input.manageKey)) return { booking: toBookerBooking(agg) };
  if (agg.game === null && safeEqual(code, row.tempCode)) return { booking: toTempBooking(agg) };
  return { booking: toPublicBooking(agg) };
}

/**
 * GET /api/booking/{code}/calendar.ics: the game as one calendar event (METHOD:PUBLISH), by temporary or game code,
 * wrong codes counted like the booking's own look-up. The game code is the players' join code, so this .ics holds
 * what the public view holds: never the organiser's private link (decision 0375).
 */
export async function bookingCalendarByCode(
  deps: { db: Db; guesses: CodeGuesses },
  input: { code: string; ip: string; baseUrl: string; now?: Date },
): Promise<string> {
  const code = normalizeCode(input.code);
  const agg = await deps.guesses.guard(input.ip, async () => {
    const found = await loadBookingAggregate(deps.db, { code });
    if (!found) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
    return found;
  });
  const facts = calendarFactsOf(agg.booking, agg.game?.code ?? null);
  if (!bookedWindow(facts)) throw new ConflictError(PUBLIC_BOOKING_MESSAGES.noCalendarTime);
  return bookingCalendar(facts, { baseUrl: input.baseUrl, method: 'PUBLISH', now: input.now ?? new Date(), language: agg.booking.language });
}

/** GET /api/manage/{key}: the organiser's full view by the private management key. Wrong keys count like wrong codes. */
export async function findBookingByManageKey(deps: { db: Db; guesses: CodeGuesses }, input: { key: string; ip: string }): Promise<BookingAnswer> {
  return deps.guesses.guard(input.ip, async () => {
    const agg = await loadBookingAggregate(deps.db, { manageKey: input.key });
    if (!agg) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
    return { booking: toBookerBooking(agg) };
  });
}

const PRICE_FIELDS = ['players', 'plan_type', 'add_ons', 'currency', 'discount_code'] as const;
const SCHEDULE_FIELDS = ['date', 'meeting_time', 'timezone'] as const;
const LOCATION_FIELDS = ['city', 'initial_area_id', 'initial_area_lat', 'initial_area_lng', 'initial_area_radius'] as const;
/** What a booker may still change once the booking is paid: their own contact details (CONTACT_FIELD_NAMES). */
/**
 * Fields of this PATCH that belong to a section staff can lock; a locked section answers 423 here exactly as on the
 * booker's set-up pages (domains/booking/section-locks.ts). The place and size of the game area are the game area; whether the
 * game has an in-person host (the 'hosted' add-on) is the host.
 */
const LOCKABLE_FIELDS: Partial<Record<EditableField, LockSection>> = {
  city: 'game_area',
  initial_area_id: 'game_area',
  initial_area_lat: 'game_area',
  initial_area_lng: 'game_area',
  initial_area_radius: 'game_area',
};

function lockedSectionsTouched(changed: readonly EditableField[], before: Snapshot, after: Snapshot): Set<LockSection> {
  const sections = new Set<LockSection>();
  for (const field of changed) {
    const section = LOCKABLE_FIELDS[field];
    if (section) sections.add(section);
  }
  if (before.add_ons.includes('hosted') !== after.add_ons.includes('hosted')) sections.add('host');
  return sections;
}

type EditableField = (typeof PRICE_FIELDS)[number] | (typeof SCHEDULE_FIELDS)[number] | (typeof LOCATION_FIELDS)[number] | ContactField;

type Snapshot = {
  players: number;
  date: string;
  meeting_time: { hour: number; minute: number };
  timezone: string;
  city: string;
  initial_area_id: string | null;
  initial_area_lat: number;
  initial_area_lng: number;
  initial_area_radius: number;
  plan_type: string;
  add_ons: string[];
  currency: string;
  discount_code: string | null;
} & ContactDetails;

function snapshot(row: BookingRow): Snapshot {
  return {
    players: row.players,
    date: row.date,
    meeting_time: { hour: row.meetingTime.hour, minute: row.meetingTime.minute },
    timezone: row.timezone,
    city: row.city,
    initial_area_id: row.initialAreaId,
    initial_area_lat: row.initialAreaLat,
    initial_area_lng: row.initialAreaLng,
    initial_area_radius: row.initialAreaRadius,
    plan_type: row.planType,
    add_ons: row.addOns.map((a) => (typeof a === 'string' ? a : a.type)),
    currency: row.currency,
    discount_code: row.discountCode,
    ...contactOfRow(row),
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Who may change a booking: the session that created it, the holder of its management key, or the holder of its
 * temp code while it is unpaid (no game yet). The game code is the players' join code: it grants nothing.
 */
function isOwner(row: BookingRow, gameCode: string | null, who: { sessionKey: string | null; bookingCode: string | null; manageKey: string | null }): boolean {
  if (who.sessionKey && row.createdBySession && safeEqual(who.sessionKey, row.createdBySession)) return true;
  if (holdsManageKey(row, who.manageKey)) return true;
  if (!who.bookingCode || gameCode !== null) return false;
  return safeEqual(normalizeCode(who.bookingCode), row.tempCode);
}

/**
 * PATCH /api/bookings/{id}, for the session that created the booking, the holder of its management key, or
 * the holder of its temp code before payment (isOwner).
 * Rules (docs/decisions/0110-public-booking-api.md): fields that change the price, schedule or place
 * may change until the booking is paid; afterwards only contact details. Prices are recomputed from
 * the price list when players, plan, add-ons or currency change, with a pricing history entry; every
 * change is recorded in booking_changes (source 'booker') and bumps the version.
 */
type ChangeDeps = { db: Db; guesses: CodeGuesses; mail: Mailer; payments: PaymentSetup; baseUrl: string };

export async function updatePublicBooking(
  deps: ChangeDeps,
  input: { id: number; body: UpdateBookingBody; sessionKey: string | null; bookingCode: string | null; manageKey: string | null; ip: string; now?: Date },
): Promise<BookingAnswer> {
  // A code or key in the headers is a guess like any other: a wrong one (404) counts against the address.
  const byCode = input.bookingCode !== null || input.manageKey !== null;
  return byCode ? deps.guesses.guard(input.ip, () => changeBooking(deps, input)) : changeBooking(deps, input);
}

async function changeBooking(
  deps: ChangeDeps,
  input: { id: number; body: UpdateBookingBody; sessionKey: string | null; bookingCode: string | null; manageKey: string | null; now?: Date },
): Promise<BookingAnswer> {
  // A gift voucher's code in the box pays once the change is made, in the same transaction (decision 0401).
  return deps.db.transaction(async (tx) => {
    const typed: { voucher: string | null } = { voucher: null };
    const { aggregate } = await editBooking(tx, deps, input, typed);
    if (typed.voucher === null) return { booking: toBookerBooking(aggregate) };
    const now = input.now ?? new Date();
    const paid = await payWithVoucher(
      tx,
      { bookingId: input.id, code: typed.voucher, field: 'discount_code', now },
      { mail: deps.mail, baseUrl: deps.baseUrl },
    );
    return { booking: toBookerBooking(paid.aggregate) };
  });
}

function editBooking(
  tx: Tx,
  deps: ChangeDeps,
  input: { id: number; body: UpdateBookingBody; sessionKey: string | null; bookingCode: string | null; manageKey: string | null; now?: Date },
  typed: { voucher: string | null },
) {
  return withBooking(
    tx,
    { id: input.id },
    {
      actor: { source: 'booker' },
      mailer: deps.mail,
      expectedVersion: input.body.version,
      guard: async (row, tx) => {
        if (!isOwner(row, await gameCodeOf(tx, row.id), input)) throw new NotFoundError(PUBLIC_BOOKING_MESSAGES.bookingNotFound);
      },
    },
    async (write) => {
      const { tx, row } = write;
      const before = snapshot(row);
      const after: Snapshot = { ...before };
      const body = input.body;
      if (body.players !== undefined) after.players = body.players;
      if (body.date !== undefined) after.date = body.date;
      if (body.meeting_time !== undefined) after.meeting_time = { hour: body.meeting_time.hour, minute: body.meeting_time.minute };
      if (body.timezone !== undefined) after.timezone = body.timezone;
      if (body.city !== undefined) after.city = body.city;
      if (body.initial_area_id !== undefined) after.initial_area_id = body.initial_area_id;
      if (body.initial_area_lat !== undefined) after.initial_area_lat = body.initial_area_lat;
      if (body.initial_area_lng !== undefined) after.initial_area_lng = body.initial_area_lng;
      if (body.initial_area_radius !== undefined) after.initial_area_radius = body.initial_area_radius;
      if (body.plan_type !== undefined) after.plan_type = body.plan_type;
      if (body.add_ons !== undefined) after.add_ons = [...new Set(body.add_ons)];
      if (body.currency !== undefined) after.currency = body.currency;
      if (body.discount_code !== undefined) after.discount_code = body.discount_code ? normalizeDiscountCode(body.discount_code) : null;
      for (const field of CONTACT_FIELD_NAMES) {
        const value = body[field];
        if (value !== undefined) after[field] = value;
      }

      const fields = Object.keys(after).filter((k): k is EditableField => k in before);
      const changed = fields.filter((f) => !same(before[f], after[f]));
      if (changed.length === 0) return;
      assertSectionsUnlocked(row, lockedSectionsTouched(changed, before, after));

      if (row.bookingStatus === 'paid' || row.bookingStatus === 'completed') {
        const locked = changed.filter((f) => !CONTACT_FIELD_NAMES.some((contact) => contact === f));
        if (locked.length) throw new ValidationError(Object.fromEntries(locked.map((f) => [f, [PUBLIC_BOOKING_MESSAGES.paidLocked]])));
      }

      const has = (group: readonly string[]) => changed.some((f) => group.includes(f));
      const scheduleChanged = has(SCHEDULE_FIELDS);
      const locationChanged = has(LOCATION_FIELDS);
      if (scheduleChanged || locationChanged) {
        const errors = scheduleErrors(
          { date: after.date, meetingTime: after.meeting_time, timezone: after.timezone, lat: after.initial_area_lat, lng: after.initial_area_lng },
          input.now ? { now: input.now } : {},
        );
        const relevant = Object.entries(errors ?? {}).filter(([k]) => (k === 'city' ? locationChanged : scheduleChanged));
        if (relevant.length) throw new ValidationError(Object.fromEntries(relevant));
      }

      const update: BookingValues = {
        players: after.players,
        date: after.date,
        meetingTime: after.meeting_time,
        timezone: after.timezone,
        city: after.city,
        initialAreaId: after.initial_area_id,
        initialAreaLat: after.initial_area_lat,
        initialAreaLng: after.initial_area_lng,
        initialAreaRadius: after.initial_area_radius,
        ...contactValues(after),
      };
      if (scheduleChanged) {
        const utc = localToUtcIso(after.date, after.meeting_time, after.timezone);
        update.utcDateTime = utc ? new Date(utc) : null;
      }
      if (has(PRICE_FIELDS)) {
        const planType: PlanType = isPlanType(after.plan_type) ? after.plan_type : 'standard';
        const currency: Currency = isCurrency(after.currency) ? after.currency : 'GBP';
        const addOns = after.add_ons.filter((a): a is AddOnType => (ADD_ON_TYPES as readonly string[]).includes(a));
        // The code is checked anew against the new facts: the old use is given back first, so keeping a one-use code
        // while changing players takes that same use again (decision 0400).
        await releaseDiscountCode(tx, row.id);
        const now = input.now ?? new Date();
        const claim = after.discount_code ? await claimDiscountCode(tx, after.discount_code, { planType, players: after.players, currency, now }) : null;
        if (claim) await attachDiscountCode(tx, claim, row.id);
        if (claim?.kind === 'voucher') typed.voucher = claim.code;
        const price = priceBooking(await loadPriceTable(tx, currency), { planType, addOns, players: after.players, discount: claim?.discount ?? null });
        Object.assign(update, {
          planType,
          addOns,
          currency,
          hosted: isHostedGame(planType, addOns),
          pricePerPersonMinor: price.pricePerPersonMinor,
          addOnsTotalMinor: price.addOnsTotalMinor,
          discountCode: promoCodeOf(claim),
          discountTotalMinor: price.discountTotalMinor,
          totalPriceMinor: price.totalPriceMinor,
        } satisfies BookingValues);
        await addPricingHistory(tx, {
          bookingId: row.id,
          planType,
          pricePerPersonMinor: price.pricePerPersonMinor,
          addOns,
          players: after.players,
          discountCode: promoCodeOf(claim),
          discountTotalMinor: price.discountTotalMinor,
          totalPriceMinor: price.totalPriceMinor,
        });
      }
      await write.update(update);
      write.audit({ fields: Object.fromEntries(changed.map((f) => [f, { from: before[f], to: after[f] }])) });
      // A new total is confirmed anew (issue 31, decision 0392): the booker's mails always name the current amount.
      if (update.totalPriceMinor !== undefined && update.totalPriceMinor !== row.totalPriceMinor) await queueNewConfirmation(deps, write, input.now);
    },
  );
}

/**
 * The confirmation again, as the booking now stands, when the booker's own change altered its total: same kind (so the
 * recipient cap of decision 0180 counts it), the current amount and payment terms, and the calendar invite.
 */
async function queueNewConfirmation(deps: ChangeDeps, write: BookingWrite<'booker'>, now: Date | undefined): Promise<void> {
  const agg = await loadBookingAggregate(write.tx, { id: write.row.id });
  if (!agg) return;
  const booking = toBookerBooking(agg);
  const icalEvent = await bookerInvite(write.tx, { from: deps.mail.from, baseUrl: deps.baseUrl }, booking.id, now);
  const items = booking.language === DEFAULT_LANGUAGE ? {} : await itemTranslationsOf(deps.db, write.tx);
  await write.queueMail({ ...bookingConfirmationMail(booking, deps.baseUrl, paymentFactsOf(deps.payments, booking), now, 'total_changed', items), icalEvent });
}
