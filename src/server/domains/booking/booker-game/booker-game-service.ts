import type { CodeGuesses } from '../../../platform/code-guesses';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/client';
import { toBookerBooking } from '../booking-record';
import { withBooking, type BookingValues, type BookingWrite } from '../booking-write';
import { normalizeCode } from '../../../platform/codes';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { assertSectionsUnlocked } from '../section-locks';
import { consumeRateLimit, createBatchedRateLimiter, type BatchedRateLimiter } from '../../../platform/rate-limit';
import type { BookerBooking } from '../../../../shared/api/booking';
import type { ConsoleResponse } from '../../../../shared/api/host';
import { consoleSnapshot, loadGameById } from '../../game';
import { replaceGameChallenges, updateGame } from '../../game/records';
import type { Viewer } from '../../game';
import {
  BOOKER_MESSAGES,
  type ChallengeOption,
  type chickenBody,
  type gameAreaBody,
  type LiveQuery,
  type locationsBody,
  type SpiceLevel,
  type teamsBody,
} from '../../../../shared/api/booker-game';
import { activeChallengeIds, findGameByCode, listActiveChallenges, replaceTeams, teamIdsOf, type BookerGame } from './booker-game-repository';
import { assertOrganiser, holdsManageKey } from '../organiser-key';

/** Every call by game code, per IP: plenty for a booker setting up a game, little for a guesser. */
export const CODE_CALL_LIMIT = { limit: 120, windowSeconds: 60 };
/** Unknown codes per IP: guessing 50-bit codes is hopeless anyway; this keeps it quiet. */
export const CODE_MISS_LIMIT = { limit: 20, windowSeconds: 600 };

/**
 * The per-address counter of game code calls, one per app: counted in memory and written to the shared rate_limits
 * rows in batches, so a call is not a database write (trade-off in platform/rate-limit.ts createBatchedRateLimiter).
 * Misses stay one write each: they are rare, and each must count at once against a guesser.
 */
export function createGameCallLimiter(db: Db, onError: (error: unknown) => void): BatchedRateLimiter {
  return createBatchedRateLimiter({ db, limit: CODE_CALL_LIMIT.limit, windowSeconds: CODE_CALL_LIMIT.windowSeconds, onError });
}

type Ctx = { db: Db; limiter: BatchedRateLimiter; guesses: CodeGuesses; code: string; manageKey: string | null; ip: string };

/**
 * The game of the code, for its organiser only: the game code is the players' public join code, so every set-up
 * call also needs the booking's private management key (X-Manage-Key, decision 0140). A wrong key counts as a miss.
 */
async function findGame({ db, limiter, guesses, code, manageKey, ip }: Ctx): Promise<BookerGame> {
  await limiter.consume(`booker-game:${ip}`);
  const miss = () => consumeRateLimit(db, `booker-game-miss:${ip}`, CODE_MISS_LIMIT.limit, CODE_MISS_LIMIT.windowSeconds);
  // An unknown code is also a guess in the one bucket every look-up by code shares (platform/code-guesses.ts).
  const found = await guesses.guard(ip, async () => {
    const game = await findGameByCode(db, normalizeCode(code));
    if (!game) {
      await miss();
      throw new NotFoundError(BOOKER_MESSAGES.gameNotFound);
    }
    return game;
  });
  if (!holdsManageKey(found, manageKey) && manageKey) await miss();
  assertOrganiser(found, manageKey);
  return found.game;
}

/**
 * Finds the game and changes its booking through the one write path (domains/booking/booking-write.ts): the row locked (so a lock
 * set by staff meanwhile is seen), one version step and one booking_changes entry per change; answers the booking as
 * the booker sees it.
 */
async function changeGame(ctx: Ctx, change: (write: BookingWrite<'booker'>, game: BookerGame) => Promise<void>): Promise<BookerBooking> {
  const game = await findGame(ctx);
  const { aggregate } = await withBooking(
    ctx.db,
    { id: game.bookingId },
    { actor: { source: 'booker' }, messages: { notFound: BOOKER_MESSAGES.gameNotFound } },
    (write) => change(write, game),
  );
  return toBookerBooking(aggregate);
}

export async function listChallengeOptions(ctx: Ctx, spiceLevel: SpiceLevel | undefined): Promise<ChallengeOption[]> {
  await findGame(ctx);
  return listActiveChallenges(ctx.db, spiceLevel);
}

export function saveChallenges(ctx: Ctx, addedChallenges: number[]): Promise<BookerBooking> {
  return changeGame(ctx, async ({ tx, row: booking, audit }, game) => {
    assertSectionsUnlocked(booking, ['challenges']);
    const ids = [...new Set(addedChallenges)];
    const active = await activeChallengeIds(tx, ids);
    if (ids.some((id) => !active.has(id))) throw ValidationError.field('added_challenges', BOOKER_MESSAGES.challengeUnavailable);
    await replaceGameChallenges(tx, game.id, ids);
    audit({ fields: { section: 'challenges', added_challenges: ids } });
  });
}

export function activateGame(ctx: Ctx, bookingId: number): Promise<BookerBooking> {
  return changeGame(ctx, async ({ tx, row: booking, audit }, game) => {
    if (bookingId !== booking.id) throw ValidationError.field('booking_id', BOOKER_MESSAGES.bookingMismatch);
    if (game.activated) return;
    await updateGame(tx, game.id, { activated: true });
    audit({ fields: { section: 'activation', activated: true } });
  });
}

type Spot = 'meeting_point' | 'hiding_spot';
const SPOTS = {
  meeting_point: {
    address: 'meetingPointAddress',
    notes: 'meetingPointNotes',
    status: 'meetingPointStatus',
    owner: 'meetingPointOwner',
    owned: BOOKER_MESSAGES.meetingPointOwned,
  },
  hiding_spot: {
    address: 'hidingSpotAddress',
    notes: 'hidingSpotNotes',
    status: 'hidingSpotStatus',
    owner: 'hidingSpotOwner',
    owned: BOOKER_MESSAGES.hidingSpotOwned,
  },
} as const;

/** The booker proposes a spot (status 'requested', owner 'booker') or withdraws a proposal. */
export function proposeLocations(ctx: Ctx, input: z.output<typeof locationsBody>): Promise<BookerBooking> {
  return changeGame(ctx, async ({ row: booking, update, audit }) => {
    assertSectionsUnlocked(booking, ['locations']);
    const values: BookingValues = {};
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
    await update(values);
    audit({ fields: { section: 'locations', ...changed } });
  });
}

export function setGameArea(ctx: Ctx, area: z.output<typeof gameAreaBody>): Promise<BookerBooking> {
  return changeGame(ctx, async ({ row: booking, update, audit }) => {
    assertSectionsUnlocked(booking, ['game_area']);
    await update({ initialAreaLat: area.lat, initialAreaLng: area.lng, initialAreaRadius: area.radius });
    audit({
      fields: {
        section: 'game_area',
        before: { lat: booking.initialAreaLat, lng: booking.initialAreaLng, radius: booking.initialAreaRadius },
        after: area,
      },
    });
  });
}

export function saveTeams(ctx: Ctx, input: z.output<typeof teamsBody>): Promise<BookerBooking> {
  return changeGame(ctx, async ({ tx, row: booking, audit }) => {
    assertSectionsUnlocked(booking, ['teams']);
    const known = await teamIdsOf(tx, booking.id);
    const unknownAt = input.teams.findIndex((t) => t.id !== undefined && !known.has(t.id));
    if (unknownAt >= 0) throw ValidationError.field(`teams.${unknownAt}.id`, BOOKER_MESSAGES.teamUnknown);
    await replaceTeams(tx, booking.id, input.teams);
    audit({ fields: { section: 'teams', teams: input.teams.map((t) => ({ id: t.id ?? null, name: t.name, players: t.players })) } });
  });
}

export function setChicken(ctx: Ctx, input: z.output<typeof chickenBody>): Promise<BookerBooking> {
  return changeGame(ctx, async ({ row: booking, update, audit }) => {
    assertSectionsUnlocked(booking, ['chicken']);
    const choice = input.assigned_chicken;
    // The booker is the Chicken: their own email unless they give another one.
    const email = choice === null ? null : (input.assigned_chicken_email ?? (choice === 'self' ? booking.email : null));
    await update({ assignedChicken: choice, assignedChickenEmail: email });
    audit({ fields: { section: 'chicken', assigned_chicken: choice, assigned_chicken_email: email } });
  });
}

/** The organiser sees the Chicken's position only when they asked for it (decision 0280). */
export function organiserViewer(query: LiveQuery): Viewer {
  return { kind: 'organiser', seesChicken: query.chicken === 'show' };
}

/** The live game as the organiser watches it (read-only): every team and player, the Chicken's position if opted in. */
export async function liveGame(ctx: Ctx, viewer: Viewer): Promise<ConsoleResponse> {
  const game = await findGame(ctx);
  const live = await loadGameById(ctx.db, game.id);
  if (!live) throw new NotFoundError(BOOKER_MESSAGES.gameNotFound);
  return consoleSnapshot(ctx.db, live, viewer);
}

/** The game a live stream follows, once the organiser's key is checked. */
export async function liveGameId(ctx: Ctx): Promise<number> {
  return (await findGame(ctx)).id;
}
