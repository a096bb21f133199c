import { useEffect, useId, useState } from 'react';
import { formatAdminTimestamp } from '../../../shared/time';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { adminSubmissionsEndpoints as ep } from '../../../shared/api/endpoints/admin-review';
import { rejectBody, type ReviewSubmission } from '../../../shared/api/submissions';
import { MAX_RATING, SUBMISSION_STATUSES, type SubmissionStatus } from '../../../shared/scoring/challenge-points';
import { reviewOptions } from '../../../shared/scoring/review-options';
import { teamTotal } from '../../../shared/scoring/leaderboard';
import { CHALLENGE_TYPE_LABELS } from '../../../shared/validation/challenge-rules';
import { api, errorMessage } from '../../lib/api-client';
import { notifyError, notifySuccess, requestToasts } from '../../lib/toast';
import { toastFirstError } from '../../lib/form-errors';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { Badge, Button, Dialog, EmptyState, ErrorState, Field, Input, Select, Textarea, type BadgeTone } from '../../components/ui';
import { refreshScores, scoresKeys } from '../../lib/scores-data';

const STATUS_LABEL: Record<SubmissionStatus, string> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };
const STATUS_TONE: Record<SubmissionStatus, BadgeTone> = { pending: 'amber', approved: 'green', rejected: 'red' };
const when = formatAdminTimestamp;

type Action = { kind: 'approve' } | { kind: 'rate'; rating: number } | { kind: 'reject'; reason: string };

function useReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: Action }) => {
      const params = { id };
      if (action.kind === 'approve') return api(ep.approve, { params, body: {} });
      if (action.kind === 'rate') return api(ep.rate, { params, body: { rating: action.rating } });
      return api(ep.reject, { params, body: { reason: action.reason } });
    },
    onSuccess: (answer, { action }) => {
      const verb = action.kind === 'reject' ? 'rejected' : action.kind === 'rate' ? 'rated' : 'approved';
      notifySuccess(`Submission ${verb}: ${answer.team.name} now has ${teamTotal(answer.team)} points`);
      refreshScores(queryClient);
    },
    onError: (error) => notifyError(errorMessage(error, 'Failed to review the submission')),
  });
}

function RejectDialog({ submission, onClose }: { submission: ReviewSubmission | null; onClose: () => void }) {
  const review = useReview();
  const formId = useId();
  const form = useForm<z.input<typeof rejectBody>, unknown, z.output<typeof rejectBody>>({ resolver: zodResolver(rejectBody), defaultValues: { reason: '' } });
  useEffect(() => form.reset({ reason: '' }), [submission, form]);
  if (!submission) return null;
  const onSubmit = async ({ reason }: z.output<typeof rejectBody>) => {
    await review.mutateAsync({ id: submission.id, action: { kind: 'reject', reason } }).then(onClose, () => undefined);
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !review.isPending && onClose()}
      title="Reject submission"
      description={`${submission.team.name} · ${submission.challenge?.name ?? 'Deleted challenge'}`}
      size="sm"
      footer={
        <>
          <Button disabled={review.isPending} onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={review.isPending}>
            Reject
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void form.handleSubmit(onSubmit, toastFirstError)(e)}>
        <Field label="Reason (the team sees it)" id={`${formId}-reason`} error={form.formState.errors.reason?.message}>
          <Textarea rows={3} {...form.register('reason')} />
        </Field>
      </form>
    </Dialog>
  );
}

function Verdict({ submission, onReject }: { submission: ReviewSubmission; onReject: () => void }) {
  const review = useReview();
  const [rating, setRating] = useState(String(submission.rating ?? MAX_RATING));
  const ratingId = useId();
  const busy = review.isPending;
  const options = reviewOptions(submission);
  return (
    <div className="flex flex-wrap items-end gap-2">
      {options.scoring === 'rate' ? (
        <>
          <div>
            <label htmlFor={ratingId} className="block text-xs font-semibold text-slate-600">
              Rating
            </label>
            <Select id={ratingId} value={rating} onChange={(e) => setRating(e.target.value)} disabled={busy} className="w-28">
              {Array.from({ length: MAX_RATING + 1 }, (_, r) => MAX_RATING - r).map((r) => (
                <option key={r} value={r}>
                  {'★'.repeat(r) || '0'} ({r}/5)
                </option>
              ))}
            </Select>
          </div>
          <Button variant="primary" disabled={busy} onClick={() => review.mutate({ id: submission.id, action: { kind: 'rate', rating: Number(rating) } })}>
            Rate
          </Button>
        </>
      ) : null}
      {options.scoring === 'approve' ? (
        <Button variant="primary" disabled={busy || !options.canApprove} onClick={() => review.mutate({ id: submission.id, action: { kind: 'approve' } })}>
          Approve
        </Button>
      ) : null}
      <Button variant="secondary" disabled={busy || !options.canReject} onClick={onReject}>
        Reject
      </Button>
    </div>
  );
}

function SubmissionCard({ submission, onReject }: { submission: ReviewSubmission; onReject: () => void }) {
  const c = submission.challenge;
  return (
    <li className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-[12rem_1fr]" data-testid="submission">
      <div>
        {submission.photo_url ? (
          <a href={submission.photo_url} target="_blank" rel="noreferrer">
            <img src={submission.photo_url} alt={`Photo from ${submission.team.name}`} loading="lazy" className="h-40 w-48 rounded-md bg-slate-100 object-cover" />
          </a>
        ) : (
          <div className="flex h-40 w-48 items-center justify-center rounded-md bg-slate-50 p-3 text-sm text-slate-700">
            {submission.kind === 'count' ? <span className="text-3xl font-bold">× {submission.count ?? 0}</span> : <span className="line-clamp-6">{submission.text ?? '—'}</span>}
          </div>
        )}
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="text-lg font-semibold">{c?.name ?? 'Deleted challenge'}</h2>
          <Badge tone={STATUS_TONE[submission.status]}>{STATUS_LABEL[submission.status]}</Badge>
          {c ? <Badge tone="slate">{CHALLENGE_TYPE_LABELS[c.type]}</Badge> : null}
        </div>
        <p className="text-sm text-slate-600">
          <strong>{submission.team.name}</strong> · game <span className="font-mono">{submission.game_code}</span> · {when(submission.submitted_at)}
        </p>
        {submission.kind === 'text' && submission.photo_url ? <p className="text-sm">{submission.text}</p> : null}
        {c ? (
          <p className="text-sm text-slate-600">
            {c.type === 'Tally' ? `${c.points_per_submission} per item, up to ${c.max_score}` : `Up to ${c.max_score} points`} · {submission.points_awarded} awarded
            {submission.rating !== null ? ` · rated ${submission.rating}/5` : ''}
          </p>
        ) : null}
        {submission.reason ? <p className="text-sm text-red-700">Rejected: {submission.reason}</p> : null}
        {submission.reviewer ? (
          <p className="text-xs text-slate-500">
            Reviewed by {submission.reviewer.name}
            {submission.reviewed_at ? ` · ${when(submission.reviewed_at)}` : ''}
          </p>
        ) : null}
        <Verdict submission={submission} onReject={onReject} />
      </div>
    </li>
  );
}

/** /admin/submissions: the review queue, filtered by game and status (the filters live in the URL). */
export function SubmissionsPage() {
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const game = params.get('game') ?? '';
  const statusParam = params.get('status');
  const status = SUBMISSION_STATUSES.find((s) => s === statusParam) ?? (statusParam === 'all' ? undefined : 'pending');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [gameDraft, setGameDraft] = useState(game);
  const [rejecting, setRejecting] = useState<ReviewSubmission | null>(null);

  const query = useQuery({
    queryKey: scoresKeys.submissionList(game, status ?? 'all', page),
    queryFn: () => api(ep.list, { query: { game: game || undefined, status, page } }),
    placeholderData: keepPreviousData,
  });

  const setParam = (key: string, value: string) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key !== 'page') next.delete('page');
      return next;
    });

  return (
    <section>
      <h1 className="text-2xl font-bold">Submissions</h1>
      <p className="mt-1 text-slate-600">Review what teams sent: approve, rate or reject with a reason. Points go to the team at once.</p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setParam('game', gameDraft.trim().toUpperCase());
        }}
      >
        <Field label="Game code" id="submissions-game">
          <Input value={gameDraft} onChange={(e) => setGameDraft(e.target.value)} placeholder="All games" className="w-40 font-mono uppercase" />
        </Field>
        <Field label="Status" id="submissions-status">
          <Select value={status ?? 'all'} onChange={(e) => setParam('status', e.target.value)} className="w-40">
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
            <option value="all">All</option>
          </Select>
        </Field>
        <Button type="submit">Filter</Button>
      </form>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <ErrorState message="Failed to load submissions" onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      {query.data ? (
        query.data.submissions.length === 0 ? (
          <div className="mt-6">
            <EmptyState>{status === 'pending' ? 'Nothing waiting for review.' : 'No submissions match these filters.'}</EmptyState>
          </div>
        ) : (
          <>
            <ul className="mt-6 space-y-4">
              {query.data.submissions.map((s) => (
                <SubmissionCard key={s.id} submission={s} onReject={() => setRejecting(s)} />
              ))}
            </ul>
            {query.data.pagination.last_page > 1 ? (
              <Pager currentPage={query.data.pagination.current_page} lastPage={query.data.pagination.last_page} onPageChange={(p) => setParam('page', String(p))} />
            ) : null}
          </>
        )
      ) : null}
      <RejectDialog submission={rejecting} onClose={() => setRejecting(null)} />
    </section>
  );
}
