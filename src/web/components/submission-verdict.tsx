import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { rejectBody, type ReviewSubmission, type ReviewVerdict } from '../../shared/api/submissions';
import { MAX_RATING } from '../../shared/scoring/challenge-points';
import { reviewOptions } from '../../shared/scoring/review-options';
import { toastFirstError } from '../lib/form-errors';
import type { Action } from '../lib/use-action';
import { Button, Dialog, Field, Select, Textarea } from './ui';
import { useMessageText, useT } from '../lib/i18n';

/** A reviewer's verdict on one submission, whichever screen gives it (the staff queue, the host console). */
export type Verdict = ReviewVerdict;

/** The reviewer's choices under a submission (shared/scoring/review-options.ts): Rate or Approve (not twice), Reject. */
export function SubmissionVerdict({ submission, review }: { submission: ReviewSubmission; review: Action<Verdict> }) {
  const t = useT('content');
  const [rating, setRating] = useState(String(submission.rating ?? MAX_RATING));
  const [rejecting, setRejecting] = useState(false);
  const busy = review.isPending;
  const options = reviewOptions(submission);
  const team = submission.team.name;
  return (
    <div className="flex flex-wrap items-end gap-2">
      {options.scoring === 'rate' ? (
        <>
          {/* Named with the team, so a reviewer hearing a list of cards knows whose rating it is. */}
          <Field
            label={
              <>
                {t('verdict.rating')}
                <span className="sr-only"> {t('verdict.ratingFor', { team })}</span>
              </>
            }
            labelClassName="block text-xs font-semibold text-slate-600"
          >
            <Select value={rating} onChange={(e) => setRating(e.target.value)} disabled={busy} className="w-28">
              {Array.from({ length: MAX_RATING + 1 }, (_, r) => MAX_RATING - r).map((r) => (
                <option key={r} value={r}>
                  {'★'.repeat(r) || '0'} ({r}/{MAX_RATING})
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="primary" disabled={busy} onClick={() => void review.run({ kind: 'rate', rating: Number(rating) })}>
            {t('verdict.rate')}
          </Button>
        </>
      ) : null}
      {options.scoring === 'approve' ? (
        <Button variant="primary" disabled={busy || !options.canApprove} onClick={() => void review.run({ kind: 'approve' })}>
          {t('verdict.approve')}
        </Button>
      ) : null}
      <Button variant="secondary" disabled={busy || !options.canReject} onClick={() => setRejecting(true)}>
        {t('verdict.reject')}
      </Button>
      {rejecting ? <RejectDialog submission={submission} review={review} onClose={() => setRejecting(false)} /> : null}
    </div>
  );
}

/** Reject asks for the reason the team will read (the shared rule judges it) and closes once the verdict is saved. */
function RejectDialog({ submission, review, onClose }: { submission: ReviewSubmission; review: Action<Verdict>; onClose: () => void }) {
  const t = useT('content');
  const say = useMessageText();
  const formId = useId();
  const form = useForm<z.input<typeof rejectBody>, unknown, z.output<typeof rejectBody>>({ resolver: zodResolver(rejectBody), defaultValues: { reason: '' } });
  // The shared rule's message in the reader's language.
  const reasonError = form.formState.errors.reason?.message;
  const onSubmit = async ({ reason }: z.output<typeof rejectBody>) => {
    if (await review.run({ kind: 'reject', reason })) onClose();
  };
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !review.isPending && onClose()}
      title={t('verdict.rejectTitle')}
      description={`${submission.team.name} · ${submission.challenge?.name ?? t('review.deletedChallenge')}`}
      size="sm"
      footer={
        <>
          <Button disabled={review.isPending} onClick={onClose}>
            {t('verdict.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="danger" disabled={review.isPending}>
            {t('verdict.reject')}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void form.handleSubmit(onSubmit, toastFirstError)(e)}>
        <Field label={t('verdict.reason')} id={`${formId}-reason`} error={reasonError ? say(reasonError) : undefined}>
          <Textarea rows={3} maxLength={500} {...form.register('reason')} />
        </Field>
      </form>
    </Dialog>
  );
}
