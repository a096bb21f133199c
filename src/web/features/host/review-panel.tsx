import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { rejectBody, type ReviewSubmission } from '../../../shared/api/submissions';
import { MAX_RATING } from '../../../shared/scoring/challenge-points';
import { reviewOptions } from '../../../shared/scoring/review-options';
import { CHALLENGE_TYPE_LABELS } from '../../../shared/validation/challenge-rules';
import { formatTimestamp } from '../../../shared/time';
import { errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess } from '../../lib/toast';
import { Spinner } from '../../components/spinner';
import { Badge, Button, Dialog, ErrorState, Field, Select, Textarea } from '../../components/ui';
import { approveSubmission, fetchReviewQueue, rateSubmission, rejectSubmission, reviewKeys } from './review-api';

const STATUS_TONE = { pending: 'amber', approved: 'green', rejected: 'red' } as const;

/**
 * The host's review of its game's submissions (issue 14): pending ones first, oldest first; approve, rate (Rating
 * challenges) or reject with a reason. Each verdict reaches the team and moves the leaderboards live.
 */
export function ReviewPanel({ code }: { code: string }) {
  const [showAll, setShowAll] = useState(false);
  const queue = useQuery({ queryKey: [...reviewKeys.list(code), showAll], queryFn: () => fetchReviewQueue(code, showAll ? undefined : 'pending') });
  return (
    <div className="space-y-3" data-testid="review-panel">
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} /> Show reviewed ones too
      </label>
      {queue.isPending ? (
        <Spinner />
      ) : queue.isError ? (
        <ErrorState message={errorMessage(queue.error, 'Failed to load the submissions.')} onRetry={() => void queue.refetch()} retrying={queue.isFetching} />
      ) : queue.data.submissions.length === 0 ? (
        <p className="text-sm text-slate-600">{showAll ? 'No submissions yet.' : 'Nothing waiting for review.'}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2">
          {queue.data.submissions.map((s) => (
            <ReviewCard key={s.id} code={code} submission={s} />
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ code, submission: s }: { code: string; submission: ReviewSubmission }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [rating, setRating] = useState(String(MAX_RATING));
  const [rejecting, setRejecting] = useState(false);
  const rejectForm = useForm<z.input<typeof rejectBody>, unknown, z.output<typeof rejectBody>>({ resolver: zodResolver(rejectBody), defaultValues: { reason: '' } });
  const reason = useWatch({ control: rejectForm.control, name: 'reason' });
  const options = reviewOptions(s);
  const run = (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    return work()
      .then(() => {
        notifySuccess(done);
        setRejecting(false);
        rejectForm.reset({ reason: '' });
        void queryClient.invalidateQueries({ queryKey: reviewKeys.list(code) });
      })
      .catch((e: unknown) => notifyError(errorMessage(e, 'Failed to save the review.')))
      .finally(() => setBusy(false));
  };
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-3" data-testid="review-card" data-team={s.team.name}>
      <div className="flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold">{s.team.name}</p>
          <p className="text-sm text-slate-700">
            {s.challenge ? `${s.challenge.name} · ${CHALLENGE_TYPE_LABELS[s.challenge.type]} · max ${s.challenge.max_score}` : 'Deleted challenge'}
          </p>
          <p className="text-xs text-slate-500">Sent {formatTimestamp(s.submitted_at)}</p>
        </div>
        <Badge tone={STATUS_TONE[s.status]}>{s.status === 'approved' ? `approved · ${s.points_awarded} pts` : s.status}</Badge>
      </div>
      {s.photo_url ? <img src={s.photo_url} alt={`Photo from ${s.team.name}`} className="max-h-64 w-full rounded-lg object-contain" /> : null}
      {s.kind === 'text' ? <p className="rounded-lg bg-slate-50 p-2">“{s.text}”</p> : null}
      {s.kind === 'count' ? <p className="rounded-lg bg-slate-50 p-2">Counted: {s.count}</p> : null}
      {s.reason ? <p className="text-sm text-red-800">Reason: {s.reason}</p> : null}
      <div className="flex flex-wrap items-end gap-2">
        {options.scoring === 'rate' ? (
          <>
            <Field label="Rating">
              <Select value={rating} onChange={(e) => setRating(e.target.value)} aria-label={`Rating for ${s.team.name}`}>
                {Array.from({ length: MAX_RATING + 1 }, (_, i) => MAX_RATING - i).map((n) => (
                  <option key={n} value={n}>
                    {n} / {MAX_RATING}
                  </option>
                ))}
              </Select>
            </Field>
            <Button variant="primary" disabled={busy} onClick={() => void run(() => rateSubmission(code, s.id, Number(rating)), 'Rated')}>
              Rate
            </Button>
          </>
        ) : null}
        {options.scoring === 'approve' ? (
          <Button variant="primary" disabled={busy || !options.canApprove} onClick={() => void run(() => approveSubmission(code, s.id), 'Approved')}>
            Approve
          </Button>
        ) : null}
        <Button variant="danger" disabled={busy || !options.canReject} onClick={() => setRejecting(true)}>
          Reject
        </Button>
      </div>
      <Dialog
        open={rejecting}
        onOpenChange={(open) => (open ? undefined : setRejecting(false))}
        title="Reject this submission?"
        description="The team sees your reason."
        size="sm"
        footer={
          <>
            <Button onClick={() => setRejecting(false)}>Cancel</Button>
            <Button
              variant="danger"
              disabled={busy || !reason.trim()}
              onClick={() => void rejectForm.handleSubmit((body) => run(() => rejectSubmission(code, s.id, body.reason), 'Rejected'))()}
            >
              Reject
            </Button>
          </>
        }
      >
        <Field label="Reason" error={rejectForm.formState.errors.reason?.message}>
          <Textarea maxLength={500} rows={3} {...rejectForm.register('reason')} />
        </Field>
      </Dialog>
    </li>
  );
}
