import type { MediaKind } from '../../shared/media';
import type { SubmissionStatus } from '../../shared/scoring/challenge-points';
import type { ChallengeType, SpiceLevel } from '../../shared/validation/challenge-rules';
import { useT, type KeyOf } from './i18n';

/**
 * The content catalogue's words for a challenge's fixed choices (its type, the hint under the type, its spice level,
 * what it is answered with) and a submission's status: one list for the challenge screens, the review queue and the
 * host console's review cards. The English is the spec's (shared/validation/challenge-rules.ts keeps it for the rules).
 */
const TYPE_KEYS = {
  Rating: 'challengeWords.typeRating',
  Tally: 'challengeWords.typeTally',
  RightWrong: 'challengeWords.typeRightWrong',
} as const satisfies Record<ChallengeType, KeyOf<'content'>>;
const TYPE_HINT_KEYS = {
  Rating: 'challengeWords.hintRating',
  Tally: 'challengeWords.hintTally',
  RightWrong: 'challengeWords.hintRightWrong',
} as const satisfies Record<ChallengeType, KeyOf<'content'>>;
const SPICE_KEYS = {
  Mild: 'challengeWords.spiceMild',
  Medium: 'challengeWords.spiceMedium',
  Spicy: 'challengeWords.spiceSpicy',
} as const satisfies Record<SpiceLevel, KeyOf<'content'>>;
const MEDIA_KEYS = {
  photo: 'challengeWords.mediaPhoto',
  video: 'challengeWords.mediaVideo',
} as const satisfies Record<MediaKind, KeyOf<'content'>>;
const STATUS_KEYS = {
  pending: 'challengeWords.statusPending',
  approved: 'challengeWords.statusApproved',
  rejected: 'challengeWords.statusRejected',
} as const satisfies Record<SubmissionStatus, KeyOf<'content'>>;

type ChallengeText = {
  type: (type: ChallengeType) => string;
  typeHint: (type: ChallengeType) => string;
  spice: (level: SpiceLevel) => string;
  media: (kind: MediaKind) => string;
  status: (status: SubmissionStatus) => string;
};

/** The words in the reader's language (a component re-renders when it changes). */
export function useChallengeText(): ChallengeText {
  const t = useT('content');
  return {
    type: (type) => t(TYPE_KEYS[type]),
    typeHint: (type) => t(TYPE_HINT_KEYS[type]),
    spice: (level) => t(SPICE_KEYS[level]),
    media: (kind) => t(MEDIA_KEYS[kind]),
    status: (status) => t(STATUS_KEYS[status]),
  };
}
