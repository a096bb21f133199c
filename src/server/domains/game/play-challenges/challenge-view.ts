import { isNearPlace, placeOfColumns, type Place } from '../../../../shared/game/places';
import { acceptedKinds } from '../../../../shared/game/submission-kinds';
import { challengeProgress, type ChallengeRule } from '../../../../shared/scoring/challenge-points';
import type { Fix } from '../../../../shared/game/positions';
import type { PlayChallenge, TeamSubmission } from '../../../../shared/api/play-challenges';
import type { ChallengeRow } from './play-challenges-repository';

/**
 * A challenge as a team sees it on the phone, one shape for the team's list (GET /challenges) and the `challenges`
 * event that brings challenges added during the game (issue 36). Imports no domain module: the booking domain's
 * write of the game's challenges reaches it through records.ts without an import cycle (decision 0327).
 */

export const ruleOf = (c: ChallengeRow): ChallengeRule => ({
  type: c.type,
  max_score: c.maxScore,
  max_submissions: c.maxSubmissions,
  points_per_submission: c.pointsPerSubmission,
});

/** What a player sees of a challenge's place: hidden pins only once the team is near (the location never leaves the server before). */
export function placeForTeam(challenge: ChallengeRow, teamFixes: readonly Fix[], now: Date): { location: Place | null; place_hidden: boolean } {
  const place = placeOfColumns(challenge);
  if (!place) return { location: null, place_hidden: false };
  if (challenge.hiddenUntilNear && !isNearPlace(place, teamFixes, now)) return { location: null, place_hidden: true };
  return { location: place, place_hidden: false };
}

/** The challenge with the team's submissions and its progress; without fixes a hidden place stays hidden. */
export function playChallengeView(c: ChallengeRow, submissions: TeamSubmission[], fixes: readonly Fix[], now: Date): PlayChallenge {
  const rule = ruleOf(c);
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    type: rule.type,
    max_score: rule.max_score,
    max_submissions: rule.max_submissions,
    points_per_submission: rule.points_per_submission,
    kinds: c.checkIn ? ['check_in'] : acceptedKinds(rule.type, c.answerMedia),
    live_capture: c.liveCapture,
    check_in: c.checkIn,
    ...placeForTeam(c, fixes, now),
    ...challengeProgress(rule, submissions),
    submissions,
  };
}
