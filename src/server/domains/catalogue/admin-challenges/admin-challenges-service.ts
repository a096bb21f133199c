import type { Db } from '../../../platform/db/client';
import { recordActivity } from '../../identity';
import { NotFoundError } from '../../../platform/errors';
import type { Challenge } from '../../../../shared/api/challenges';
import { placeOfColumns } from '../../../../shared/game/places';
import { CHALLENGE_DEFAULTS, type ChallengeValues, type SpiceLevel } from '../../../../shared/validation/challenge-rules';
import { findChallenge, insertChallenge, listChallenges, updateChallenge, type ChallengeRow, type ChallengeWrite } from './admin-challenges-repository';

const CHALLENGE_NOT_FOUND = 'Challenge not found';

function toChallengeDto(row: ChallengeRow): Challenge {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    type: row.type,
    spice_level: row.spiceLevel,
    is_active: row.isActive,
    max_score: row.maxScore,
    max_submissions: row.maxSubmissions,
    points_per_submission: row.pointsPerSubmission,
    region_code: row.regionCode,
    is_default: row.isDefault,
    location: placeOfColumns(row),
    hidden_until_near: row.hiddenUntilNear,
    check_in: row.checkIn,
    accepted_answers: row.acceptedAnswers,
    answer_media: row.answerMedia,
    live_capture: row.liveCapture,
    hints: row.hints,
    translations: row.translations,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The row to write; translations left out of an edit keep what is stored (`kept`), of a new one are none. */
function toWrite(input: ChallengeValues, kept: ChallengeRow['translations'] = {}): ChallengeWrite {
  return {
    name: input.name,
    description: input.description,
    type: input.type,
    spiceLevel: input.spice_level,
    isActive: input.is_active,
    maxScore: input.max_score,
    maxSubmissions: input.max_submissions,
    pointsPerSubmission: input.points_per_submission ?? CHALLENGE_DEFAULTS.points_per_submission,
    regionCode: input.region_code,
    locationLat: input.location?.lat ?? null,
    locationLng: input.location?.lng ?? null,
    locationRadiusM: input.location?.radius_m ?? null,
    // A pin that is not there cannot be hidden, and a check-in needs one (the schema refuses it without).
    hiddenUntilNear: input.location !== null && input.hidden_until_near,
    checkIn: input.check_in,
    acceptedAnswers: input.accepted_answers,
    answerMedia: input.answer_media,
    liveCapture: input.live_capture,
    hints: input.hints,
    translations: input.translations ?? kept,
  };
}

/** The editable fields of a challenge, as the activity log keeps them. */
function snapshot(dto: Challenge): Record<string, unknown> {
  const { id: _id, created_at: _c, updated_at: _u, is_default: _d, ...fields } = dto;
  return fields;
}

/** Only the fields that changed, before and after. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    // Places and answer lists are compared by value.
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

export async function getChallenges(db: Db, spiceLevel: SpiceLevel | undefined): Promise<Challenge[]> {
  return (await listChallenges(db, spiceLevel)).map(toChallengeDto);
}

export async function getChallenge(db: Db, id: number): Promise<Challenge> {
  const row = await findChallenge(db, id);
  if (!row) throw new NotFoundError(CHALLENGE_NOT_FOUND);
  return toChallengeDto(row);
}

export async function createChallenge(db: Db, actorId: number, input: ChallengeValues): Promise<Challenge> {
  return db.transaction(async (tx) => {
    const dto = toChallengeDto(await insertChallenge(tx, toWrite(input)));
    await recordActivity(tx, { actorId, action: 'challenge.create', entityType: 'challenge', entityId: dto.id, before: null, after: snapshot(dto) });
    return dto;
  });
}

export async function editChallenge(db: Db, actorId: number, id: number, input: ChallengeValues): Promise<Challenge> {
  return db.transaction(async (tx) => {
    const existing = await findChallenge(tx, id, true);
    if (!existing) throw new NotFoundError(CHALLENGE_NOT_FOUND);
    const before = toChallengeDto(existing);
    const dto = toChallengeDto(await updateChallenge(tx, id, toWrite(input, existing.translations)));
    const diff = changedFields(snapshot(before), snapshot(dto));
    if (Object.keys(diff.after).length > 0) {
      await recordActivity(tx, { actorId, action: 'challenge.update', entityType: 'challenge', entityId: id, before: diff.before, after: diff.after });
    }
    return dto;
  });
}
