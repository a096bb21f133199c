import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import { loadBookingAggregate, toBookerBooking } from '../../lib/booking-record';
import { normalizeCode } from '../../lib/codes';
import { safeEqual } from '../../lib/crypto';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors';
import { assertSectionsUnlocked } from '../../lib/section-locks';
import { consumeRateLimit, createBatchedRateLimiter, type BatchedRateLimiter } from '../../lib/rate-limit';
import type { BookerBooking } from '../../../shared/api/booking';
import { PUBLIC_BOOKING_MESSAGES } from '../../../shared/api/public-booking';
import {
  BOOKER_MESSAGES,
  type ChallengeOption,
  type chickenBody,
  type gameAreaBody,
  type locationsBody,
  type SpiceLevel,
  type teamsBody,
} from '../../../shared/api/booker-game';
import {
  activeChallengeIds,
  findGameByCode,
  listActiveChallenges,
  lockBooking,
  recordBookingChange,
  replaceGameChallenges,
  replaceTeams,
  setGameActivated,
  teamIdsOf,
  updateBookingRow,
  type BookingRow,
  type GameRow,
} from './booker-game-repository';

/** Every call by game code, per IP: plenty for a booker setting up a game, little for a guesser. */
export const CODE_CALL_LIMIT = { limit: 120, windowSeconds: 60 };
/** Unknown codes per IP: guessing 50-bit codes is hopeless anyway; this keeps it quiet. */
export const CODE_MISS_LIMIT = { limit: 20, windowSeconds: 600 };

/**
 * The per-address counter of game code calls, one per app: counted in memory and written to the shared rate_limits
 * rows in batches, so a call is not a database write (trade-off in lib/rate-limit.ts createBatchedRateLimiter).
 * Misses stay one write each: they are rare, and each must count at once against a guesser.
 */
export function createGameCallLimiter(db: Db, onError: (error: unknown) => void): BatchedRateLimiter {
  return createBatchedRateLimiter({ db, limit: CODE_CALL_LIMIT.limit, windowSeconds: CODE_CALL_LIMIT.windowSeconds, onError });
}

type Ctx = { db: Db; limiter: BatchedRateLimiter; code: string; manageKey: string | null; ip: string };
type GameCtx = { booking: BookingRow; game: GameRow };

/**
 * The game of the code, for its organiser only: the game code is the players' public join code, so every set-up
 * call also needs the booking's private management key (X-Manage-Key, decision 0185). A wrong key counts as a miss.
 */
async function findGame({ db, limiter, code, manageKey, ip }: Ctx): Promise<GameRow> {
  await limiter.consume(`booker-game:${ip}`);
  const found = await findGameByCode(db, normalizeCode(code));
  const miss = () => consumeRateLimit(db, `booker-game-miss:${ip}`, CODE_MISS_LIMIT.limit, CODE_MISS_LIMIT.windowSeconds);
  if (!found) {
    await miss();
    throw new NotFoundError(BOOKER_MESSAGES.gameNotFound);
  }
  if (!manageKey || !safeEqual(manageKey, found.manageKey)) {
    if (manageKey) await miss();
    throw new ForbiddenError(PUBLIC_BOOKING_MESSAGES.manageKeyRequired);
  }
  return found.game;
}

/** Finds the game, locks its booking, runs the change and answers the booking as the booker sees it. */
async function changeGame(ctx: Ctx, change: (tx: DbOrTx, game: GameCtx) => Promise<void>): Promise<BookerBooking> {
  const game = await findGame(ctx);
  return ctx.db.transaction(async (tx) => {
    const booking = await lockBooking(tx, game.bookingId);
    if (!booking) throw new NotFoundError(BOOKER_MESSAGES.gameNotFound);
    await change(tx, { booking, game });
    const aggregate = await loadBookingAggregate(tx, { id: booking.id });
    if (!aggregate) throw new NotFoundError(BOOKER_MESSAGES.gameNotFound);
    return toBookerBooking(aggregate);
  });
}

export async function listChallengeOptions(ctx: Ctx, spiceLevel: SpiceLevel | undefined): Promise<ChallengeOption[]> {
  await findGame(ctx);
  return listActiveChallenges(ctx.db, spiceLevel);
}

export function saveChallenges(ctx: Ctx, addedChallenges: number[]): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking, game }) => {
    assertSectionsUnlocked(booking, ['challenges']);
    const ids = [...new Set(addedChallenges)];
    const active = await activeChallengeIds(tx, ids);
    if (ids.some((id) => !active.has(id))) throw ValidationError.field('added_challenges', BOOKER_MESSAGES.challengeUnavailable);
    await replaceGameChallenges(tx, game.id, ids);
    await recordBookingChange(tx, booking.id, { section: 'challenges', added_challenges: ids });
  });
}

export function activateGame(ctx: Ctx, bookingId: number): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking, game }) => {
    if (bookingId !== booking.id) throw ValidationError.field('booking_id', BOOKER_MESSAGES.bookingMismatch);
    if (game.activated) return;
    await setGameActivated(tx, game.id);
    await recordBookingChange(tx, booking.id, { section: 'activation', activated: true });
  });
}

type Spot = 'meeting_point' | 'hiding_spot';
const SPOTS = {
  meeting_point: { address: 'meetingPointAddress', notes: 'meetingPointNotes', status: 'meetingPointStatus', owner: 'meetingPointOwner', owned: BOOKER_MESSAGES.meetingPointOwned },
  hiding_spot: { address: 'hidingSpotAddress', notes: 'hidingSpotNotes', status: 'hidingSpotStatus', owner: 'hidingSpotOwner', owned: BOOKER_MESSAGES.hidingSpotOwned },
} as const;

/** The booker proposes a spot (status 'requested', owner 'booker') or withdraws a proposal. */
export function proposeLocations(ctx: Ctx, input: z.output<typeof locationsBody>): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking }) => {
    assertSectionsUnlocked(booking, ['locations']);
    const values: Partial<BookingRow> = {};
    const changed: Record<string, unknown> = {};
    for (const spot of ['meeting_point', 'hiding_spot'] as const satisfies readonly Spot[]) {
      const address = input[`${spot}_address`];
      if (address === undefined) continue;
      const notes = input[`${spot}_notes`] ?? null;
      const f = SPOTS[spot];
      if (booking[f.owner] === 'admin') throw new ConflictError(f.owned);
      if (booking[f.address] === address && booking[f.notes] === notes) continue;
      const next = address
        ? { [f.address]: address, [f.notes]: notes, [f.status]: 'requested', [f.owner]: 'booker' }
        : { [f.address]: null, [f.notes]: null, [f.status]: null, [f.owner]: null };
      Object.assign(values, next);
      changed[`${spot}_address`] = address;
      changed[`${spot}_notes`] = address ? notes : null;
    }
    if (Object.keys(changed).length === 0) return;
    await updateBookingRow(tx, booking, values);
    await recordBookingChange(tx, booking.id, { section: 'locations', ...changed });
  });
}

export function setGameArea(ctx: Ctx, area: z.output<typeof gameAreaBody>): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking }) => {
    assertSectionsUnlocked(booking, ['game_area']);
    await updateBookingRow(tx, booking, { initialAreaLat: area.lat, initialAreaLng: area.lng, initialAreaRadius: area.radius });
    await recordBookingChange(tx, booking.id, {
      section: 'game_area',
      before: { lat: booking.initialAreaLat, lng: booking.initialAreaLng, radius: booking.initialAreaRadius },
      after: area,
    });
  });
}

export function saveTeams(ctx: Ctx, input: z.output<typeof teamsBody>): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking }) => {
    assertSectionsUnlocked(booking, ['teams']);
    const known = await teamIdsOf(tx, booking.id);
    const unknownAt = input.teams.findIndex((t) => t.id !== undefined && !known.has(t.id));
    if (unknownAt >= 0) throw ValidationError.field(`teams.${unknownAt}.id`, BOOKER_MESSAGES.teamUnknown);
    await replaceTeams(tx, booking.id, input.teams);
    await updateBookingRow(tx, booking, {});
    await recordBookingChange(tx, booking.id, { section: 'teams', teams: input.teams.map((t) => ({ id: t.id ?? null, name: t.name, players: t.players })) });
  });
}

export function setChicken(ctx: Ctx, input: z.output<typeof chickenBody>): Promise<BookerBooking> {
  return changeGame(ctx, async (tx, { booking }) => {
    assertSectionsUnlocked(booking, ['chicken']);
    const choice = input.assigned_chicken;
    // The booker is the Chicken: their own email unless they give another one.
    const email = choice === null ? null : (input.assigned_chicken_email ?? (choice === 'self' ? booking.email : null));
    await updateBookingRow(tx, booking, { assignedChicken: choice, assignedChickenEmail: email });
    await recordBookingChange(tx, booking.id, { section: 'chicken', assigned_chicken: choice, assigned_chicken_email: email });
  });
}
