import { and, eq, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../platform/db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors';
import { recordActivity, type SessionUser } from '../../identity';
import { assertOrganiser } from '../../booking';
import { gameScriptSteps } from '../tables/script';
import { gameQuestionRules } from '../tables/questions';
import { loadGame, type GameContext } from '../game-state';
import { challengesOfGame } from '../play-challenges/play-challenges-repository';
import { stationsOf } from '../hunt/hunt-repository';
import { challengeIdsByName, challengeNames, saveTemplate, seedScript, stepsOfGame, templateSteps, type StepRow } from './script-repository';
import { SCRIPT_ACTION_LABELS, SCRIPT_MESSAGES, stepDueAt, stepProblems, type ScriptStepInput, type TemplateStep } from '../../../../shared/game/script';
import { DEFAULT_QUESTION_RULES, type QuestionRules } from '../../../../shared/game/questions';
import { GAME_MESSAGES } from '../../../../shared/game/teams';
import type { ScriptResponse, ScriptStep } from '../../../../shared/api/script';
import type { z } from 'zod';
import type { templateBody, templateResponse } from '../../../../shared/api/script';

/**
 * The game script's plans (issue 40, decision 0585): the booker's whole plan before the game (by code and management
 * key), the host's steps added or removed before and during it, staff's template. The runner (script-runner.ts) runs
 * them; this file only plans and shows.
 */

type Names = { challenges: Map<number, string>; stations: Map<number, string> };

function labelOf(step: StepRow, names: Names): string {
  const what = SCRIPT_ACTION_LABELS[step.action];
  const challenge = step.challengeId === null ? '' : (names.challenges.get(step.challengeId) ?? `challenge ${step.challengeId}`);
  switch (step.action) {
    case 'message':
      return `${what}: “${step.text ?? ''}”`;
    case 'open_challenge':
    case 'close_challenge':
      return `${what}: ${challenge}`;
    case 'double_points':
      return `Double the points of ${challenge} for ${step.minutes ?? 0} min`;
    case 'shrink_area':
      return `${what} to ${step.radiusM ?? 0} m`;
    case 'release_station':
      return `${what}: ${step.stationId === null ? '' : (names.stations.get(step.stationId) ?? `station ${step.stationId}`)}`;
  }
}

function stepDto(step: StepRow, ctx: GameContext, names: Names): ScriptStep {
  const due = ctx.instance ? stepDueAt({ anchor: step.anchor, offset_minutes: step.offsetMinutes }, ctx.instance) : null;
  return {
    id: step.id,
    anchor: step.anchor,
    offset_minutes: step.offsetMinutes,
    action: step.action,
    text: step.text,
    challenge_id: step.challengeId,
    station_id: step.stationId,
    radius_m: step.radiusM,
    minutes: step.minutes,
    planned_by: step.plannedBy,
    label: labelOf(step, names),
    due_at: step.ranAt ? null : (due?.toISOString() ?? null),
    ran_at: step.ranAt?.toISOString() ?? null,
    outcome: step.outcome,
  };
}

async function namesOf(db: DbOrTx, gameId: number) {
  const [list, stations] = await Promise.all([challengesOfGame(db, gameId), stationsOf(db, gameId, false)]);
  return {
    challenges: list.map((c) => ({ id: c.id, name: c.name })),
    stations: stations.map((s) => ({ id: s.id, label: s.label || `Station ${s.id}`, kind: s.kind, active: s.active })),
  };
}

async function view(db: Db, ctx: GameContext): Promise<ScriptResponse> {
  await db.transaction((tx) => seedScript(tx, ctx.game.id));
  const [steps, names] = await Promise.all([stepsOfGame(db, ctx.game.id), namesOf(db, ctx.game.id)]);
  const lookup = { challenges: new Map(names.challenges.map((c) => [c.id, c.name])), stations: new Map(names.stations.map((s) => [s.id, s.label])) };
  const sorted = [...steps].sort((a, b) => Number(a.anchor === 'end') - Number(b.anchor === 'end') || a.offsetMinutes - b.offsetMinutes || a.id - b.id);
  return {
    game_status: ctx.instance ? ctx.instance.status : 'not_started',
    steps: sorted.map((s) => stepDto(s, ctx, lookup)),
    ...names,
  };
}

/** Checks a step against what its action needs and the game's own challenges and stations (422 on `prefix.field`). */
async function checkedStep(db: DbOrTx, gameId: number, step: ScriptStepInput, prefix = ''): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(stepProblems(step))) errors[`${prefix}${field}`] = messages;
  const names = await namesOf(db, gameId);
  const usesChallenge = step.action === 'open_challenge' || step.action === 'close_challenge' || step.action === 'double_points';
  if (usesChallenge && step.challenge_id != null && !names.challenges.some((c) => c.id === step.challenge_id))
    errors[`${prefix}challenge_id`] = [SCRIPT_MESSAGES.challengeNotInGame];
  if (step.action === 'release_station' && step.station_id != null && !names.stations.some((s) => s.id === step.station_id))
    errors[`${prefix}station_id`] = [SCRIPT_MESSAGES.stationNotInGame];
  return errors;
}

/** The columns a step keeps: only what its action uses. */
function rowOf(gameId: number, step: ScriptStepInput, plannedBy: string) {
  return {
    gameId,
    anchor: step.anchor,
    offsetMinutes: step.offset_minutes,
    action: step.action,
    text: step.action === 'message' ? (step.text ?? null) : null,
    challengeId: step.action === 'open_challenge' || step.action === 'close_challenge' || step.action === 'double_points' ? (step.challenge_id ?? null) : null,
    stationId: step.action === 'release_station' ? (step.station_id ?? null) : null,
    radiusM: step.action === 'shrink_area' ? (step.radius_m ?? null) : null,
    minutes: step.action === 'double_points' ? (step.minutes ?? null) : null,
    plannedBy,
  };
}

async function gameOf(db: DbOrTx, code: string): Promise<GameContext> {
  const ctx = await loadGame(db, code);
  if (!ctx) throw new NotFoundError(GAME_MESSAGES.gameNotFound);
  return ctx;
}

async function organiserGame(db: DbOrTx, code: string, manageKey: string | null): Promise<GameContext> {
  const ctx = await gameOf(db, code);
  assertOrganiser(ctx.booking, manageKey);
  return ctx;
}

const started = (ctx: GameContext) => ctx.instance !== null && ctx.instance.status !== 'lobby';

export async function bookerScript(db: Db, code: string, manageKey: string | null): Promise<ScriptResponse> {
  return view(db, await organiserGame(db, code, manageKey));
}

/**
 * The booker's plan, before the game: the steps replace every step still planned (the template's too). Once the game
 * has started the host plans (409): a booker's late save would silently undo the host's changes.
 */
export async function saveBookerScript(db: Db, code: string, manageKey: string | null, steps: ScriptStepInput[]): Promise<ScriptResponse> {
  const ctx = await organiserGame(db, code, manageKey);
  if (started(ctx)) throw new ConflictError(SCRIPT_MESSAGES.gameStarted);
  const errors: Record<string, string[]> = {};
  for (const [i, step] of steps.entries()) Object.assign(errors, await checkedStep(db, ctx.game.id, step, `steps.${i}.`));
  if (Object.keys(errors).length) throw new ValidationError(errors);
  await db.transaction(async (tx) => {
    await seedScript(tx, ctx.game.id, true);
    await tx.delete(gameScriptSteps).where(and(eq(gameScriptSteps.gameId, ctx.game.id), isNull(gameScriptSteps.ranAt)));
    if (steps.length) await tx.insert(gameScriptSteps).values(steps.map((s) => rowOf(ctx.game.id, s, 'booker')));
  });
  return view(db, ctx);
}

export function hostScript(db: Db, ctx: GameContext): Promise<ScriptResponse> {
  return view(db, ctx);
}

/** The host adds a step, before or during the game; a step whose time has passed runs at the runner's next tick. */
export async function addHostStep(db: Db, user: SessionUser, ctx: GameContext, step: ScriptStepInput): Promise<{ step: ScriptStep }> {
  if (ctx.instance?.status === 'ended') throw new ConflictError(SCRIPT_MESSAGES.gameOver);
  const errors = await checkedStep(db, ctx.game.id, step);
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const row = await db.transaction(async (tx) => {
    await seedScript(tx, ctx.game.id);
    const [inserted] = await tx
      .insert(gameScriptSteps)
      .values(rowOf(ctx.game.id, step, 'host'))
      .returning();
    if (!inserted) throw new Error('step not stored');
    await recordActivity(tx, {
      actorId: user.id,
      action: 'game.script_step_add',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      after: { ...step },
    });
    return inserted;
  });
  const names = await namesOf(db, ctx.game.id);
  return {
    step: stepDto(row, ctx, {
      challenges: new Map(names.challenges.map((c) => [c.id, c.name])),
      stations: new Map(names.stations.map((s) => [s.id, s.label])),
    }),
  };
}

/** The host removes a step still to come; one that ran stays (409), one of another game is unknown (404). */
export async function removeHostStep(db: Db, user: SessionUser, ctx: GameContext, stepId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [step] = await tx
      .select()
      .from(gameScriptSteps)
      .where(and(eq(gameScriptSteps.id, stepId), eq(gameScriptSteps.gameId, ctx.game.id)))
      .for('update');
    if (!step) throw new NotFoundError(SCRIPT_MESSAGES.stepNotFound);
    if (step.ranAt) throw new ConflictError(SCRIPT_MESSAGES.alreadyRan);
    await tx.delete(gameScriptSteps).where(eq(gameScriptSteps.id, stepId));
    await recordActivity(tx, {
      actorId: user.id,
      action: 'game.script_step_remove',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      before: { action: step.action, anchor: step.anchor, offset_minutes: step.offsetMinutes },
    });
  });
}

/** A game's question rules: its own, else the default. */
export async function questionRulesOf(db: DbOrTx, gameId: number): Promise<{ rules: QuestionRules; is_default: boolean }> {
  const [row] = await db.select().from(gameQuestionRules).where(eq(gameQuestionRules.gameId, gameId)).limit(1);
  return row
    ? { rules: { cost_points: row.costPoints, cooldown_seconds: row.cooldownSeconds }, is_default: false }
    : { rules: { ...DEFAULT_QUESTION_RULES }, is_default: true };
}

async function saveRules(db: DbOrTx, gameId: number, rules: QuestionRules) {
  const values = { costPoints: rules.cost_points, cooldownSeconds: rules.cooldown_seconds, updatedAt: new Date() };
  await db
    .insert(gameQuestionRules)
    .values({ gameId, ...values })
    .onConflictDoUpdate({ target: gameQuestionRules.gameId, set: values });
  return questionRulesOf(db, gameId);
}

export async function bookerRules(db: Db, code: string, manageKey: string | null) {
  return questionRulesOf(db, (await organiserGame(db, code, manageKey)).game.id);
}
export async function saveBookerRules(db: Db, code: string, manageKey: string | null, rules: QuestionRules) {
  return saveRules(db, (await organiserGame(db, code, manageKey)).game.id, rules);
}
export async function saveHostRules(db: Db, user: SessionUser, ctx: GameContext, rules: QuestionRules) {
  return db.transaction(async (tx) => {
    const before = await questionRulesOf(tx, ctx.game.id);
    const after = await saveRules(tx, ctx.game.id, rules);
    await recordActivity(tx, {
      actorId: user.id,
      action: 'game.question_rules',
      entityType: 'game',
      entityId: ctx.game.id,
      bookingId: ctx.booking.id,
      before: before.rules,
      after: after.rules,
    });
    return after;
  });
}

type TemplateAnswer = z.infer<typeof templateResponse>;

/** Staff's template, each challenge step with the catalogue challenge of its name (null when none has it now). */
export async function scriptTemplate(db: Db): Promise<TemplateAnswer> {
  const { steps, isDefault } = await templateSteps(db);
  const ids = await challengeIdsByName(db);
  return {
    is_default: isDefault,
    steps: steps.map((s) => ({
      anchor: s.anchor,
      offset_minutes: s.offset_minutes,
      action: s.action,
      text: s.text ?? null,
      radius_m: s.radius_m ?? null,
      minutes: s.minutes ?? null,
      challenge_name: s.challenge_name ?? null,
      challenge_id: s.challenge_name ? (ids.get(s.challenge_name) ?? null) : null,
    })),
  };
}

/** Staff replace the template: new games take it; games already seeded keep theirs. */
export async function saveScriptTemplate(db: Db, actorId: number, body: z.infer<typeof templateBody>): Promise<TemplateAnswer> {
  const errors: Record<string, string[]> = {};
  const names = await challengeNames(
    db,
    body.steps.flatMap((s) => (s.challenge_id == null ? [] : [s.challenge_id])),
  );
  for (const [i, step] of body.steps.entries()) {
    if (step.action === 'release_station') errors[`steps.${i}.action`] = [SCRIPT_MESSAGES.stationInTemplate];
    for (const [field, messages] of Object.entries(stepProblems(step))) errors[`steps.${i}.${field}`] = messages;
    if (step.challenge_id != null && !names.has(step.challenge_id)) errors[`steps.${i}.challenge_id`] = [SCRIPT_MESSAGES.challengeRequired];
  }
  if (Object.keys(errors).length) throw new ValidationError(errors);
  const steps: TemplateStep[] = body.steps.map((s) => {
    const name = s.challenge_id == null ? undefined : names.get(s.challenge_id);
    return {
      anchor: s.anchor,
      offset_minutes: s.offset_minutes,
      action: s.action,
      ...(s.text ? { text: s.text } : {}),
      ...(s.radius_m != null ? { radius_m: s.radius_m } : {}),
      ...(s.minutes != null ? { minutes: s.minutes } : {}),
      ...(name ? { challenge_name: name } : {}),
    };
  });
  await db.transaction(async (tx) => {
    await saveTemplate(tx, steps);
    await recordActivity(tx, { actorId, action: 'script_template.update', entityType: 'setting', entityId: 'script_template', after: { steps } });
  });
  return scriptTemplate(db);
}
