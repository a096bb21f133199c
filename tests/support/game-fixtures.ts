import { eq } from 'drizzle-orm';
import { gameInstances, instanceTeams } from '../../src/server/domains/game/tables/games';
import { insertSubmission, type SubmissionInsert } from '../../src/server/domains/game/submissions/submissions-repository';
import type { PlanType } from '../../src/shared/plans';
import { nameKey } from '../../src/shared/game/teams';
import { createPaidBooking, startableSchedule } from './fixtures';
import type { Agent, TestApp } from './test-app';

/**
 * A live game with teams, for tests of scoring and review before the players' join and submit calls exist.
 * The game starts through the real admin Start Game call; the teams are inserted as rows (the players' join call
 * will make them), and submissions go through the submissions repository the submit call will use.
 */
export async function liveGameWithTeams(t: TestApp, admin: Agent, options: { teams?: string[]; plan?: PlanType } = {}) {
  const { booking, gameId, gameCode } = await createPaidBooking(t.db, { planType: options.plan ?? 'standard', ...startableSchedule() });
  const res = await admin.post(`/api/admin/bookings/${booking.id}/start-game`);
  if (res.statusCode !== 200) throw new Error(`start-game failed: ${res.statusCode} ${res.body}`);
  const [instance] = await t.db.select().from(gameInstances).where(eq(gameInstances.gameId, gameId));
  if (!instance) throw new Error('no instance after start-game');
  const names = options.teams ?? ['Foxes', 'Owls'];
  const teams = await t.db
    .insert(instanceTeams)
    .values(names.map((name) => ({ instanceId: instance.id, name, nameKey: nameKey(name) })))
    .returning();
  return { booking, gameId, gameCode, instanceId: instance.id, teams };
}

export async function endInstance(t: TestApp, instanceId: number) {
  await t.db.update(gameInstances).set({ status: 'ended', endTime: new Date() }).where(eq(gameInstances.id, instanceId));
}

let clock = Date.parse('2030-06-15T14:00:00Z');
/** A pending submission; each one a second after the last, so their order is known. */
export function sendSubmission(t: TestApp, values: Omit<SubmissionInsert, 'kind'> & { kind?: SubmissionInsert['kind'] }) {
  clock += 1000;
  return insertSubmission(t.db, { kind: 'text', submittedAt: new Date(clock), ...values });
}

export async function createChallenge(
  admin: Agent,
  values: { type: 'Rating' | 'Tally' | 'RightWrong'; max_score: number; max_submissions?: number; points_per_submission?: number; name?: string },
) {
  const res = await admin.post('/api/admin/challenges', {
    name: values.name ?? `${values.type} challenge ${Math.random().toString(36).slice(2, 8)}`,
    description: 'A challenge for the scoring tests.',
    type: values.type,
    spice_level: 'Mild',
    is_active: true,
    max_score: values.max_score,
    max_submissions: values.max_submissions ?? 1,
    points_per_submission: values.points_per_submission ?? 1,
    region_code: null,
  });
  if (res.statusCode !== 201) throw new Error(`challenge not created: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { id: number } }>().data.id;
}
