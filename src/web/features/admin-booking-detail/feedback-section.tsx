import { useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import { RATING_MAX } from '../../../shared/feedback';
import { feedbackKeys, fetchStaffFeedback } from '../../lib/feedback-api';
import { formatDateTimeMinutes } from '../../../shared/time';
import { Section } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { Info } from './ui';

/** The booker's rating and comment after the game (issue 31, decision 0393), as they last gave it. */
export function FeedbackSection({ booking }: { booking: AdminBooking }) {
  const query = useQuery({ queryKey: feedbackKeys.staff(booking.id), queryFn: () => fetchStaffFeedback(booking.id) });
  const feedback = query.data;
  return (
    <Section title="Feedback" id="feedback">
      {query.isPending ? (
        <Spinner />
      ) : query.isError ? (
        <p className="text-sm text-red-700">The feedback could not be loaded.</p>
      ) : feedback ? (
        <dl className="grid gap-3 sm:grid-cols-2" data-testid="staff-feedback">
          <Info label="Rating">
            <span data-testid="staff-feedback-rating">
              {feedback.rating} / {RATING_MAX}
            </span>
          </Info>
          <Info label="Last changed">{formatDateTimeMinutes(new Date(feedback.updated_at), booking.timezone || 'Europe/London')}</Info>
          <div className="sm:col-span-2">
            <Info label="Comment">
              <span className="whitespace-pre-line" data-testid="staff-feedback-comment">
                {feedback.comment || '—'}
              </span>
            </Info>
          </div>
        </dl>
      ) : (
        <p className="text-sm text-slate-500">No feedback yet.</p>
      )}
    </Section>
  );
}
