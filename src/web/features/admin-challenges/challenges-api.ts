import type { Challenge } from '../../../shared/api/challenges';
import { adminChallengesEndpoints as ep } from '../../../shared/api/endpoints/admin-challenges';
import type { ChallengeInput, SpiceLevel } from '../../../shared/validation/challenge-rules';
import { api } from '../../lib/api-client';

export const challengesKey = ['admin', 'challenges'] as const;

export function fetchChallenges(spiceLevel: SpiceLevel | null): Promise<Challenge[]> {
  return api(ep.list, { query: { spice_level: spiceLevel } }).then((r) => r.data);
}

export function fetchChallenge(id: string): Promise<Challenge> {
  return api(ep.get, { params: { id } }).then((r) => r.data);
}

/** POST when there is no id, PUT to the challenge otherwise; the body is the form's parsed values. */
export function saveChallenge(id: string | null, body: ChallengeInput): Promise<Challenge> {
  return (id ? api(ep.update, { params: { id }, body }) : api(ep.create, { body })).then((r) => r.data);
}
