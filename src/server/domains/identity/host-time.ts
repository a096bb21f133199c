import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client';
import { DEFAULT_TRAVEL_MARGIN_MINUTES, type HostUnavailable, type TimeWindow } from '../../../shared/host-time';
import { hostTimeSettings, hostUnavailability } from './tables/host-time';
import { users } from './tables/users';

/**
 * Hosts' time as the identity domain keeps it (issue 31, decision 0376): what a host marked unavailable and the
 * install's travel margin. The booking domain asks these inside its write when it assigns a host.
 */

/**
 * Locks the host's user row for the rest of the transaction, so two staff assigning the same host at once are taken
 * one after the other: the second sees the first's booking when it looks for clashes. False when no such user.
 */
export async function lockHost(tx: DbOrTx, hostId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, hostId)).for('update');
  return rows.length > 0;
}

export async function travelMarginMinutes(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ minutes: hostTimeSettings.travelMarginMinutes }).from(hostTimeSettings).where(eq(hostTimeSettings.id, 1));
  return row?.minutes ?? DEFAULT_TRAVEL_MARGIN_MINUTES;
}

export async function saveTravelMarginMinutes(db: DbOrTx, minutes: number): Promise<void> {
  await db
    .insert(hostTimeSettings)
    .values({ id: 1, travelMarginMinutes: minutes })
    .onConflictDoUpdate({ target: hostTimeSettings.id, set: { travelMarginMinutes: minutes, updatedAt: new Date() } });
}

/** The unavailable stretches of these hosts that meet the window, by host id. */
export async function unavailabilityMeeting(db: DbOrTx, hostIds: number[], window: TimeWindow): Promise<Map<number, HostUnavailable[]>> {
  const out = new Map<number, HostUnavailable[]>();
  if (hostIds.length === 0) return out;
  const rows = await db
    .select()
    .from(hostUnavailability)
    .where(and(inArray(hostUnavailability.hostId, hostIds), lt(hostUnavailability.startsAt, window.end), gt(hostUnavailability.endsAt, window.start)))
    .orderBy(asc(hostUnavailability.startsAt));
  for (const row of rows) out.set(row.hostId, [...(out.get(row.hostId) ?? []), { start: row.startsAt, end: row.endsAt, note: row.note }]);
  return out;
}

export type UnavailabilityRow = typeof hostUnavailability.$inferSelect;

export function listUnavailability(db: DbOrTx, hostId: number, from: Date): Promise<UnavailabilityRow[]> {
  return db
    .select()
    .from(hostUnavailability)
    .where(and(eq(hostUnavailability.hostId, hostId), gt(hostUnavailability.endsAt, from)))
    .orderBy(asc(hostUnavailability.startsAt));
}

export async function insertUnavailability(db: DbOrTx, values: { hostId: number; startsAt: Date; endsAt: Date; note: string }): Promise<UnavailabilityRow> {
  const [row] = await db.insert(hostUnavailability).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Deletes one of the host's own stretches; false when it is not theirs or is gone. */
export async function deleteUnavailability(db: DbOrTx, hostId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(hostUnavailability)
    .where(and(eq(hostUnavailability.id, id), eq(hostUnavailability.hostId, hostId)))
    .returning({ id: hostUnavailability.id });
  return rows.length > 0;
}
