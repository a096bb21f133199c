import type { ReviewSubmission } from '../../shared/api/submissions';
import type { SubmissionStatus } from '../../shared/scoring/challenge-points';
import { formatAdminTimestamp as when } from '../../shared/time';
import type { Action } from '../lib/use-action';
import { Badge, type BadgeTone } from './ui';
import { SubmissionVerdict, type Verdict } from './submission-verdict';
import { useT } from '../lib/i18n';
import { useChallengeText } from '../lib/challenge-text';
import { useReaderFormat } from '../lib/reader-format';

export type { Verdict } from './submission-verdict';

const STATUS_TONE: Record<SubmissionStatus, BadgeTone> = { pending: 'amber', approved: 'green', rejected: 'red' };

type Props = {
  submission: ReviewSubmission;
  /** The screen's review call with its toasts and refreshes (`useAction`); the buttons wait while it runs. */
  review: Action<Verdict>;
  /** The card's title under the screen's own headings: h2 on a page of cards, h3 inside a section. */
  heading?: 'h2' | 'h3';
};

/**
 * One submission as a reviewer sees it, on the staff queue and on the host console alike (decisions 0243, 0273): what
 * the team sent (a photo, a video played in place, a text or a count), how it is scored, what a review gave, and the
 * verdict buttons. The photo is not lazy: the host's
 * queue sits far down a long console, where a lazy photo would wait for a scroll.
 */
export function SubmissionReviewCard({ submission, review, heading: Heading = 'h2' }: Props) {
  const t = useT('content');
  const words = useChallengeText();
  const { integer } = useReaderFormat();
  const c = submission.challenge;
  const team = submission.team.name;
  return (
    <li className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]" data-testid="review-card" data-team={team}>
      <div>
        {submission.kind === 'video' && submission.media_url ? (
          // The reviewer's session reaches the address itself, which answers byte ranges (Safari's player needs them).
          <video
            src={submission.media_url}
            controls
            playsInline
            preload="metadata"
            aria-label={t('review.videoFrom', { team })}
            className="h-40 w-48 rounded-md bg-slate-900"
            data-testid="review-video"
          />
        ) : submission.media_url ? (
          <a href={submission.media_url} target="_blank" rel="noreferrer">
            <img src={submission.media_url} alt={t('review.photoFrom', { team })} decoding="async" className="h-40 w-48 rounded-md bg-slate-100 object-cover" />
          </a>
        ) : (
          <div className="flex h-40 w-48 items-center justify-center rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            {submission.kind === 'count' ? (
              <span className="text-3xl font-bold">× {submission.count ?? 0}</span>
            ) : (
              <span className="line-clamp-6">{submission.text ?? '—'}</span>
            )}
          </div>
        )}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-lg font-semibold">{c?.name ?? t('review.deletedChallenge')}</Heading>
          <Badge tone={STATUS_TONE[submission.status]}>{words.status(submission.status)}</Badge>
          {c ? <Badge tone="slate">{words.type(c.type)}</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">
          <strong>{team}</strong> · {t('review.game')} <span className="font-mono">{submission.game_code}</span> · {when(submission.submitted_at)}
        </p>
        {submission.kind === 'text' && submission.media_url ? <p className="text-sm">{submission.text}</p> : null}
        {c ? (
          <p className="text-sm text-slate-600">
            {c.type === 'Tally'
              ? t('review.perItem', { points: integer(c.points_per_submission), max: integer(c.max_score) })
              : t('review.upTo', { max: integer(c.max_score) })}{' '}
            · {t('review.awarded', { points: integer(submission.points_awarded) })}
            {submission.rating !== null ? ` · ${t('review.rated', { rating: submission.rating })}` : ''}
          </p>
        ) : null}
        {c && c.accepted_answers.length > 0 ? (
          <p className="text-sm text-slate-700" data-testid="expected-answers">
            {t('review.expected', { answers: c.accepted_answers.map((a) => t('review.quoted', { answer: a })).join(', ') })}
          </p>
        ) : null}
        {submission.kind === 'check_in' ? <p className="text-sm text-slate-700">{t('review.checkedIn')}</p> : null}
        {submission.reason ? <p className="text-sm text-red-700">{t('review.rejectedReason', { reason: submission.reason })}</p> : null}
        {submission.reviewer ? (
          <p className="text-xs text-slate-500">
            {t('review.reviewedBy', { name: submission.reviewer.name })}
            {submission.reviewed_at ? ` · ${when(submission.reviewed_at)}` : ''}
          </p>
        ) : null}
        <SubmissionVerdict submission={submission} review={review} />
      </div>
    </li>
  );
}
