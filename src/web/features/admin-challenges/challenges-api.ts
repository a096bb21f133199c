import { challengeListResponse, challengeResponse, type Challenge } from '../../../shared/api/challenges';
import type { SpiceLevel } from '../../../shared/validation/challenge-rules';
import { apiRequest } from '../../lib/api-client';

export const challengesKey = ['admin', 'challenges'] as const;

export function fetchChallenges(spiceLevel: SpiceLevel | null): Promise<Challenge[]> {
  return apiRequest('/api/admin/challenges', { query: { spice_level: spiceLevel }, schema: challengeListResponse }).then((r) => r.data);
}

export function fetchChallenge(id: string): Promise<Challenge> {
  return apiRequest(`/api/admin/challenges/${encodeURIComponent(id)}`, { schema: challengeResponse }).then((r) => r.data);
}

/** POST when there is no id, PUT to the challenge otherwise; the body is the form's parsed values. */
export function saveChallenge(id: string | null, body: unknown): Promise<Challenge> {
  return apiRequest(id ? `/api/admin/challenges/${encodeURIComponent(id)}` : '/api/admin/challenges', {
    method: id ? 'PUT' : 'POST',
    body,
    schema: challengeResponse,
  }).then((r) => r.data);
}
