import type { ChallengeType } from '../validation/challenge-rules';
import type { SubmissionKind } from '../api/submissions';
import type { MediaKind } from '../media';

/**
 * What a team may send for each challenge type (decision 0243): a Rating challenge is judged on a photo or a text,
 * an All-or-nothing one on a photo or an answer, a Tally counts items (a count, or one photo as one item).
 * The first kind is the one the player app offers first.
 */
export const ACCEPTED_KINDS: Readonly<Record<ChallengeType, readonly SubmissionKind[]>> = {
  Rating: ['photo', 'text'],
  RightWrong: ['photo', 'text'],
  Tally: ['count', 'photo'],
};

/**
 * The kinds a challenge takes: those of its type, with its media answer in place of the photo (a challenge that says
 * "film…" takes a video, issue 29, decision 0422).
 */
export function acceptedKinds(type: ChallengeType, media: MediaKind = 'photo'): SubmissionKind[] {
  return ACCEPTED_KINDS[type].map((kind) => (kind === 'photo' ? media : kind));
}

export function acceptsKind(type: ChallengeType, kind: SubmissionKind, media: MediaKind = 'photo'): boolean {
  return acceptedKinds(type, media).includes(kind);
}

export const SUBMISSION_TEXT_MAX = 1_000;
export const SUBMISSION_COUNT_MAX = 1_000;

export const SUBMIT_MESSAGES = {
  notLive: 'Submissions open when the game starts',
  ended: 'The game is over: no more submissions',
  wrongKind: 'This challenge does not take that kind of answer',
  unknownChallenge: 'This challenge is not part of this game',
  noTeam: 'Join a team to take part in the challenges',
  textRequired: 'Please write your answer',
  textTooLong: `An answer has at most ${SUBMISSION_TEXT_MAX} characters`,
  countRequired: 'Enter how many you counted (at least 1)',
  notEnded: 'The results are ready when the game is over',
  photoNotFound: 'Photo not found',
} as const;
