import { isNearPlace, placeOfColumns, type Place } from '../../../../shared/game/places';
import { acceptedKinds } from '../../../../shared/game/submission-kinds';
import { challengeProgress, type ChallengeRule } from '../../../../shared/scoring/challenge-points';
import type { Fix } from '../../../../shared/game/positions';
import type { PlayChallenge, TeamSubmission } from '../../../../shared/api/play-challenges';
import type { ChallengeRow } from './play-challenges-repository';
import { localized } from '../../../../shared/i18n/content';
import type { Language } from '../../../../shared/i18n/languages';
import { CHALLENGE_TRANSLATED_FIELDS } from '../../../../shared/validation/challenge-rules';

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

/**
 * The challenge with the team's submissions and its progress; without fixes a hidden place stays hidden. Its title and
 * description in the reader's language (decision 0630); the shared event, read by phones of every language, is in
 * English with the translations beside it (`language: 'all'`).
 */
export function playChallengeView(c: ChallengeRow, submissions: TeamSubmission[], fixes: readonly Fix[], now: Date, language: Language | 'all'): PlayChallenge {
  const rule = ruleOf(c);
  const text = language === 'all' ? c : localized(c, c.translations, language, CHALLENGE_TRANSLATED_FIELDS);
  return {
    id: c.id,
    name: text.name,
    description: text.description,
    ...(language === 'all' && Object.keys(c.translations).length > 0 ? { translations: c.translations } : {}),
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
