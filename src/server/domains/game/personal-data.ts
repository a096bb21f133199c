import { and, asc, eq, ilike, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client';
import { scrubJson, scrubPattern, scrubText, holds } from '../../platform/db/scrub';
import type { PartErasure, PersonalDataPart, PersonRef, RetentionPart } from '../privacy';
import { ERASED_NAME } from '../../../shared/privacy/erasure';
import { gameEvents, gameInstances, gameMessages, games, instanceTeams, playerPositions, players, submissions } from './tables/games';

const like = (q: string) => `%${q.replaceAll(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The players a person was (decision 0570): in their bookings' games, going by a name they booked under. */
async function theirPlayers(db: DbOrTx, person: PersonRef) {
  if (person.bookingIds.length === 0 || person.names.length === 0) return [];
  return db
    .select({
      id: players.id,
      name: players.name,
      instanceId: players.instanceId,
      team: instanceTeams.name,
      joinedAt: players.createdAt,
      bookingId: games.bookingId,
    })
    .from(players)
    .innerJoin(gameInstances, eq(gameInstances.id, players.instanceId))
    .innerJoin(games, eq(games.id, gameInstances.gameId))
    .leftJoin(instanceTeams, eq(instanceTeams.id, players.teamId))
    .where(
      and(
        inArray(games.bookingId, person.bookingIds),
        inArray(
          sql`lower(${players.name})`,
          person.names.map((n) => n.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(players.id));
}

/**
 * What the game domain holds of a person (issue 41): the players they were, their positions and the media they sent.
 * An erasure drops the positions, deletes the media (the answers keep their points) and renames the player.
 */
export const gamePersonalData: PersonalDataPart = {
  name: 'players',
  async find(db, q) {
    const rows = await db
      .select({ name: players.name, bookingId: games.bookingId, code: games.code })
      .from(players)
      .innerJoin(gameInstances, eq(gameInstances.id, players.instanceId))
      .innerJoin(games, eq(games.id, gameInstances.gameId))
      .where(ilike(players.name, like(q)))
      .limit(50);
    return rows.map((r) => ({ kind: 'player' as const, email: null, name: r.name, booking_id: r.bookingId, detail: `Player in game ${r.code}` }));
  },
  async export(db, person) {
    const rows = await theirPlayers(db, person);
    const ids = rows.map((r) => r.id);
    const messages = ids.length
      ? await db
          .select({ playerId: gameMessages.senderPlayerId, text: gameMessages.text, at: gameMessages.writtenAt })
          .from(gameMessages)
          .where(inArray(gameMessages.senderPlayerId, ids))
      : [];
    const [fixes, media] = ids.length
      ? await Promise.all([
          db
            .select({ playerId: playerPositions.playerId, n: sql<number>`count(*)::int` })
            .from(playerPositions)
            .where(inArray(playerPositions.playerId, ids))
            .groupBy(playerPositions.playerId),
          db
            .select({ playerId: submissions.playerId, id: submissions.id, kind: submissions.kind, at: submissions.submittedAt })
            .from(submissions)
            .where(and(inArray(submissions.playerId, ids), isNotNull(submissions.mediaKey))),
        ])
      : [[], []];
    return rows.map((r) => ({
      player_id: r.id,
      name: r.name,
      booking_id: r.bookingId,
      team: r.team,
      joined_at: r.joinedAt.toISOString(),
      positions_kept: fixes.find((f) => f.playerId === r.id)?.n ?? 0,
      media: media.filter((m) => m.playerId === r.id).map((m) => ({ submission_id: m.id, kind: m.kind, sent_at: m.at.toISOString() })),
      messages: messages.filter((m) => m.playerId === r.id).map((m) => ({ text: m.text, written_at: m.at.toISOString() })),
    }));
  },
  async erase(tx, person): Promise<PartErasure> {
    const rows = await theirPlayers(tx, person);
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return { counts: { players: 0, positions: 0, media: 0, messages: 0 } };
    const positions = await tx.delete(playerPositions).where(inArray(playerPositions.playerId, ids)).returning({ id: playerPositions.id });
    const media = await takeMedia(tx, inArray(submissions.playerId, ids));
    await tx
      .update(players)
      .set({ name: sql`${ERASED_NAME} || ' ' || ${players.id}`, lastLat: null, lastLng: null, lastAt: null })
      .where(inArray(players.id, ids));
    // What they wrote in the game's chat goes; the message stays in the thread, emptied (issue 40's chat).
    const written = await tx
      .update(gameMessages)
      .set({ text: ERASED_NAME })
      .where(inArray(gameMessages.senderPlayerId, ids))
      .returning({ id: gameMessages.id });
    // The stream's stored copies of those messages (replayed after Last-Event-ID) are emptied the same way.
    await tx
      .update(gameEvents)
      .set({ payload: sql`jsonb_set(${gameEvents.payload}, '{data,text}', to_jsonb(${ERASED_NAME}::text))` })
      .where(and(eq(gameEvents.type, 'message'), inArray(sql`(${gameEvents.payload}->'data'->>'from_player_id')::int`, ids)));
    // The stored events of their games carry the names (the lobby's player events): scrubbed there too.
    const pattern = scrubPattern(person.names, ERASED_NAME);
    const instanceIds = [...new Set(rows.map((r) => r.instanceId))];
    if (pattern) {
      await tx
        .update(gameMessages)
        .set({ text: scrubText(gameMessages.text, pattern) })
        .where(and(inArray(gameMessages.instanceId, instanceIds), holds(gameMessages.text, pattern)));
      await tx
        .update(gameEvents)
        .set({ payload: scrubJson(gameEvents.payload, pattern) })
        .where(and(inArray(gameEvents.instanceId, instanceIds), holds(gameEvents.payload, pattern, true)));
    }
    return { counts: { players: ids.length, positions: positions.length, media: media.length, messages: written.length }, mediaKeys: media };
  },
};

/** Takes the media keys off the matching submissions (the answers and their points stay) and answers the keys. */
async function takeMedia(tx: Tx, where: SQL | undefined): Promise<string[]> {
  const rows = await tx
    .select({ id: submissions.id, key: submissions.mediaKey })
    .from(submissions)
    .where(and(where, isNotNull(submissions.mediaKey)));
  if (rows.length === 0) return [];
  await tx
    .update(submissions)
    .set({ mediaKey: null })
    .where(
      inArray(
        submissions.id,
        rows.map((r) => r.id),
      ),
    );
  return rows.flatMap((r) => (r.key === null ? [] : [r.key]));
}

/** Instances of games that ended before `cutoff`. */
const endedBefore = (cutoff: Date) =>
  sql`select ${gameInstances.id} from ${gameInstances} where ${gameInstances.status} = 'ended' and coalesce(${gameInstances.endTime}, ${gameInstances.endsAt}) < ${cutoff}`;

/**
 * Retention (issue 41, decision 0570): positions and tracks of games ended before the positions cut-off, and the photos
 * and videos of games ended before the media cut-off. The answers stay with their points.
 */
export const gameRetention: RetentionPart = {
  name: 'game',
  async prune(tx, cutoffs) {
    const positions = await tx
      .delete(playerPositions)
      .where(sql`${playerPositions.instanceId} in (${endedBefore(cutoffs.positions)})`)
      .returning({ id: playerPositions.id });
    await tx
      .update(players)
      .set({ lastLat: null, lastLng: null })
      .where(and(sql`${players.instanceId} in (${endedBefore(cutoffs.positions)})`, isNotNull(players.lastLat)));
    const media = await takeMedia(tx, sql`${submissions.instanceId} in (${endedBefore(cutoffs.media)})`);
    return { counts: { positions: positions.length, media: media.length }, mediaKeys: media };
  },
};
