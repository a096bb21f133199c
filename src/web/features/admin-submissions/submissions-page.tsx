import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminSubmissionsEndpoints as ep } from '../../../shared/api/endpoints/admin-review';
import type { ReviewSubmission } from '../../../shared/api/submissions';
import { SUBMISSION_STATUSES } from '../../../shared/scoring/challenge-points';
import { teamTotal } from '../../../shared/scoring/leaderboard';
import { api } from '../../lib/api-client';
import { requestToasts } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { SubmissionReviewCard, type Verdict } from '../../components/submission-review-card';
import { Button, EmptyState, ErrorState, Field, Input, Select } from '../../components/ui';
import { scoresChanged, scoresKeys } from '../../lib/scores-data';
import { withParam } from '../../lib/search-params';
import { useT, type KeyOf } from '../../lib/i18n';
import { useChallengeText } from '../../lib/challenge-text';
import { useReaderFormat } from '../../lib/reader-format';

/** The toast after each verdict: one sentence per verdict, so a translation can bend its verb. */
const REVIEWED = {
  approve: 'submissions.approved',
  rate: 'submissions.rated',
  reject: 'submissions.rejected',
} as const satisfies Record<Verdict['kind'], KeyOf<'content'>>;

function reviewCall(id: number, verdict: Verdict) {
  const params = { id };
  if (verdict.kind === 'approve') return api(ep.approve, { params, body: {} });
  if (verdict.kind === 'rate') return api(ep.rate, { params, body: { rating: verdict.rating } });
  return api(ep.reject, { params, body: { reason: verdict.reason } });
}

/** One card of the queue: a verdict moves the team's points, so the queue and every leaderboard are read again. */
function QueueCard({ submission }: { submission: ReviewSubmission }) {
  const t = useT('content');
  const { integer } = useReaderFormat();
  const review = useAction({
    call: (verdict: Verdict) => reviewCall(submission.id, verdict),
    success: (answer, verdict) => t(REVIEWED[verdict.kind], { team: answer.team.name, points: integer(teamTotal(answer.team)) }),
    failure: t('submissions.reviewFailed'),
    failureToast: 'server',
    invalidates: scoresChanged,
  });
  return <SubmissionReviewCard submission={submission} review={review} />;
}

/** /admin/submissions: the review queue, filtered by game and status (the filters live in the URL). */
export function SubmissionsPage() {
  const t = useT('content');
  const words = useChallengeText();
  useEffect(requestToasts, []);
  const [params, setParams] = useSearchParams();
  const game = params.get('game') ?? '';
  const statusParam = params.get('status');
  const status = SUBMISSION_STATUSES.find((s) => s === statusParam) ?? (statusParam === 'all' ? undefined : 'pending');
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [gameDraft, setGameDraft] = useState(game);

  const query = useQuery({
    queryKey: scoresKeys.submissionList(game, status ?? 'all', page),
    queryFn: () => api(ep.list, { query: { game: game || undefined, status, page } }),
    placeholderData: keepPreviousData,
  });

  const setParam = (key: string, value: string) => setParams((prev) => withParam(prev, key, value));

  return (
    <section>
      <h1 className="text-2xl font-bold">{t('submissions.title')}</h1>
      <p className="mt-1 text-slate-600">{t('submissions.intro')}</p>
      <form
        className="mt-4 flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          setParam('game', gameDraft.trim().toUpperCase());
        }}
      >
        <Field label={t('submissions.gameCode')} id="submissions-game">
          <Input
            value={gameDraft}
            onChange={(e) => setGameDraft(e.target.value)}
            placeholder={t('submissions.allGames')}
            className="w-40 font-mono uppercase"
          />
        </Field>
        <Field label={t('submissions.status')} id="submissions-status">
          <Select value={status ?? 'all'} onChange={(e) => setParam('status', e.target.value)} className="w-40">
            {SUBMISSION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {words.status(s)}
              </option>
            ))}
            <option value="all">{t('submissions.statusAll')}</option>
          </Select>
        </Field>
        <Button type="submit">{t('submissions.filter')}</Button>
      </form>
      {query.isPending ? <Spinner /> : null}
      {query.isError ? <ErrorState message={t('submissions.loadFailed')} onRetry={() => void query.refetch()} retrying={query.isFetching} /> : null}
      {query.data ? (
        query.data.submissions.length === 0 ? (
          <div className="mt-6">
            <EmptyState>{status === 'pending' ? t('submissions.nothingWaiting') : t('submissions.noMatch')}</EmptyState>
          </div>
        ) : (
          <>
            <ul className="mt-6 space-y-4">
              {query.data.submissions.map((s) => (
                <QueueCard key={s.id} submission={s} />
              ))}
            </ul>
            {query.data.pagination.last_page > 1 ? (
              <Pager
                currentPage={query.data.pagination.current_page}
                lastPage={query.data.pagination.last_page}
                onPageChange={(p) => setParam('page', String(p))}
              />
            ) : null}
          </>
        )
      ) : null}
    </section>
  );
}
