import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { FEEDBACK_COMMENT_MAX, RATING_MAX, RATING_MIN } from '../../../shared/feedback';
import type { BookerFeedbackResponse } from '../../../shared/api/feedback';
import { errorMessage } from '../../lib/api-client';
import { feedbackKeys, fetchBookerFeedback, giveFeedback } from '../../lib/feedback-api';
import { useAction } from '../../lib/use-action';
import { paths } from '../../lib/paths';
import { BrandHeader } from '../../components/brand-header';
import { Spinner } from '../../components/spinner';
import { Button, Field, FieldError, Textarea } from '../../components/ui';
import { useLocale, useT } from '../../lib/i18n';
import { dayText } from '../../lib/day-text';

const RATINGS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, i) => RATING_MIN + i);

/**
 * /manage/{key}/feedback: the page the feedback request mail links to (issue 31, decision 0393). The booker rates the
 * game 1–5 and may add a comment; coming back, they see what they gave and may change it.
 */
export function FeedbackPage() {
  const { key = '' } = useParams();
  const query = useQuery({ queryKey: feedbackKeys.booker(key), queryFn: () => fetchBookerFeedback(key), retry: false });
  const t = useT('public');
  return (
    <>
      <BrandHeader width="max-w-xl" />
      <main className="mx-auto w-full max-w-xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
        {query.isPending ? (
          <Spinner label={t('loading')} />
        ) : query.isError ? (
          <p role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-red-700">
            {errorMessage(query.error, t('feedbackLoadFailed'))}
          </p>
        ) : (
          <FeedbackForm manageKey={key} state={query.data} />
        )}
      </main>
    </>
  );
}

function FeedbackForm({ manageKey, state }: { manageKey: string; state: BookerFeedbackResponse }) {
  const [rating, setRating] = useState<number | null>(state.feedback?.rating ?? null);
  const [comment, setComment] = useState(state.feedback?.comment ?? '');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const t = useT('public');
  const { locale } = useLocale();
  const save = useAction({
    call: () => giveFeedback(manageKey, { rating: rating ?? 0, comment }),
    failure: t('feedbackSaveFailed'),
    failureToast: 'server',
    invalidates: [feedbackKeys.booker(manageKey)],
    onSuccess: () => setSaved(true),
  });
  const day = dayText(state.game.date, locale);

  if (state.window !== 'open') {
    return (
      <section className="space-y-2 rounded-xl border border-slate-200 bg-white p-6">
        <h1 className="text-xl font-bold text-slate-900">{t('rateYourGame')}</h1>
        <p data-testid="feedback-closed">{state.window === 'closed' ? t('feedbackClosed') : t('feedbackNotYet')}</p>
        <a href={paths.manage(manageKey)} className="font-medium text-brand-700 underline">
          {t('backToBooking')}
        </a>
      </section>
    );
  }

  function submit(event: React.FormEvent) {
    event.preventDefault();
    // The server judges it too; this only saves a round trip for the one mistake a tap can make.
    if (rating === null) {
      setRatingError(t('ratingRequired', { min: String(RATING_MIN), max: String(RATING_MAX) }));
      return;
    }
    setRatingError(null);
    setSaved(false);
    void save.run();
  }

  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="feedback-form" noValidate>
      <div>
        <h1 className="text-xl font-bold text-slate-900">{t('howWasYourGame')}</h1>
        <p className="text-slate-600">{t('yourHuntOn', { city: state.game.city, day })}</p>
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">{t('yourRating')}</legend>
        <div className="mt-2 flex gap-2" role="radiogroup" aria-describedby={ratingError ? 'rating-error' : undefined}>
          {RATINGS.map((value) => (
            <label
              key={value}
              className={`flex h-12 w-12 cursor-pointer items-center justify-center rounded-full border text-lg font-semibold ${
                rating === value ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'
              }`}
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
                aria-label={t('ratingOutOf', { value: String(value), max: String(RATING_MAX) })}
              />
              {value}
            </label>
          ))}
        </div>
        <FieldError id="rating-error" message={ratingError} />
      </fieldset>
      <Field label={t('commentLabel')} hint={t('commentHint', { max: String(FEEDBACK_COMMENT_MAX) })}>
        <Textarea value={comment} maxLength={FEEDBACK_COMMENT_MAX} rows={4} onChange={(e) => setComment(e.target.value)} />
      </Field>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" size="lg" disabled={save.isPending}>
          {save.isPending ? t('sending') : state.feedback ? t('updateFeedback') : t('sendFeedback')}
        </Button>
        {saved ? (
          <p role="status" className="text-green-800" data-testid="feedback-saved">
            {t('feedbackSaved')}
          </p>
        ) : null}
      </div>
      {save.error ? <FieldError message={save.error} /> : null}
    </form>
  );
}
