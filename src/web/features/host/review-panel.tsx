import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReviewSubmission } from '../../../shared/api/submissions';
import { errorMessage } from '../../lib/api-client';
import { useAction } from '../../lib/use-action';
import { Spinner } from '../../components/spinner';
import { SubmissionReviewCard, type Verdict } from '../../components/submission-review-card';
import { ErrorState } from '../../components/ui';
import { useT } from '../../lib/i18n';
import { approveSubmission, fetchReviewQueue, rateSubmission, rejectSubmission, reviewKeys } from './review-api';

const DONE = { approve: 'verdictApproved', rate: 'verdictRated', reject: 'verdictRejected' } as const satisfies Record<Verdict['kind'], string>;

/**
 * The host's review of its game's submissions (issue 14): pending ones first, oldest first; approve, rate (Rating
 * challenges) or reject with a reason. Each verdict reaches the team and moves the leaderboards live.
 */
export function ReviewPanel({ code }: { code: string }) {
  const t = useT('host');
  const [showAll, setShowAll] = useState(false);
  const queue = useQuery({ queryKey: [...reviewKeys.list(code), showAll], queryFn: () => fetchReviewQueue(code, showAll ? undefined : 'pending') });
  return (
    <div className="space-y-3" data-testid="review-panel">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> {t('showReviewed')}
      </label>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <ErrorState message={errorMessage(queue.error, t('submissionsFailed'))} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.submissions.length === 0 ? (
        <p className="text-sm text-slate-600">{showAll ? t('noSubmissions') : t('nothingWaiting')}</p>
      ) : (
        <ul className="space-y-3">
          {queue.data.submissions.map((s) => (
            <ReviewCard key={s.id} code={code} submission={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function reviewCall(code: string, id: number, verdict: Verdict) {
  if (verdict.kind === 'approve') return approveSubmission(code, id);
  if (verdict.kind === 'rate') return rateSubmission(code, id, verdict.rating);
  return rejectSubmission(code, id, verdict.reason);
}

/** The host's verdict refreshes its queue; the leaderboards move through the console's stream. */
function ReviewCard({ code, submission }: { code: string; submission: ReviewSubmission }) {
  const t = useT('host');
  const review = useAction({
    call: (verdict: Verdict) => reviewCall(code, submission.id, verdict),
    success: (_, verdict) => t(DONE[verdict.kind]),
    failure: t('reviewFailed'),
    failureToast: 'server',
    invalidates: [reviewKeys.list(code)],
  });
  return <SubmissionReviewCard submission={submission} review={review} heading="h3" />;
}
