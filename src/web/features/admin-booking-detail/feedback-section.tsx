import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { RATING_MAX } from '../../../shared/feedback';
import { feedbackKeys, fetchStaffFeedback } from '../../lib/feedback-api';
import { formatDateTimeMinutes } from '../../../shared/time';
import { Section } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { Info } from './ui';
import { useT } from '../../lib/i18n';

/** The booker's rating and comment after the game (issue 31, decision 0393), as they last gave it. */
export function FeedbackSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const query = useQuery({ queryKey: feedbackKeys.staff(booking.id), queryFn: () => fetchStaffFeedback(booking.id) });
  const feedback = query.data;
  return (
    <Section title={t('detail.feedback')} id="feedback">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-sm text-red-700">{t('detail.feedbackFailed')}</p>
      ) : feedback ? (
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="staff-feedback">
          <Info label={t('detail.rating')}>
            <span data-testid="staff-feedback-rating">
              {feedback.rating} / {RATING_MAX}
            </span>
          </Info>
          <Info label={t('detail.lastChanged')}>{formatDateTimeMinutes(new Date(feedback.updated_at), booking.timezone || 'Europe/London')}</Info>
          <div className="sm:col-span-2">
            <Info label={t('detail.comment')}>
              <span className="whitespace-pre-line" data-testid="staff-feedback-comment">
                {feedback.comment || '—'}
              </span>
            </Info>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-500">{t('detail.noFeedback')}</p>
      )}
    </Section>
  );
}
