import type { AdminBooking } from '../../../shared/api/booking';
import type { ScheduledMessageDto } from '../../../shared/api/message-schedule';
import { MESSAGE_KIND_LABELS, type ScheduledMessageStatus } from '../../../shared/message-schedule';
import { formatTimestamp } from '../../../shared/time';
import { useAction } from '../../lib/use-action';
import { Badge, Button, Table, TableHead } from '../../components/ui';
import { skipScheduledMessage, timelineQueryKey } from './timeline-api';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';

const TONES: Record<ScheduledMessageStatus, 'green' | 'red' | 'amber' | 'slate'> = { scheduled: 'amber', sent: 'green', skipped: 'slate', failed: 'red' };
const WORDS = {
  scheduled: 'schedule.scheduled',
  sent: 'schedule.sent',
  skipped: 'schedule.skipped',
  failed: 'schedule.failed',
} as const satisfies Record<ScheduledMessageStatus, KeyOf<'admin'>>;

/**
 * The booking's message schedule (issue 31, decision 0380): reminders, balance chasers, staff's overdue notice and the
 * feedback request, by due time in the game's zone; staff skip one still waiting.
 */
export function ScheduledMessages({ booking, messages }: { booking: AdminBooking; messages: ScheduledMessageDto[] }) {
  const t = useT('admin');
  const message = useMessageText();
  // A planned message's name is its mail's (shared/message-schedule.ts), translated where every mail's name is.
  const kindText = (m: ScheduledMessageDto) => message(MESSAGE_KIND_LABELS[m.kind]);
  const skip = useAction({
    call: (m: ScheduledMessageDto) => skipScheduledMessage(booking.id, m.id),
    success: (_, m) => t('schedule.skippedToast', { kind: kindText(m) }),
    failure: t('schedule.skipFailed'),
    failureToast: 'server',
    invalidates: [timelineQueryKey(booking.id)],
  });
  if (messages.length === 0) return <p className="text-sm text-slate-500">{t('schedule.none')}</p>;
  return (
    <div className="overflow-x-auto">
      <Table look="plain">
        <caption className="sr-only">{t('schedule.caption')}</caption>
        <TableHead
          look="plain"
          headers={[
            t('schedule.colMessage'),
            { label: t('schedule.colDue'), nowrap: true },
            t('bookings.colStatus'),
            { label: t('bookings.colActions'), srOnly: true },
          ]}
        />
        <tbody>
          {messages.map((m) => (
            <tr key={m.id} className="border-t border-slate-100 align-top" data-testid="scheduled-message">
              <td className="py-1.5 pr-2">{kindText(m)}</td>
              <td className="whitespace-nowrap pr-2">
                <time dateTime={m.due_at}>{formatTimestamp(m.due_at, booking.timezone)}</time>
              </td>
              <td className="pr-2">
                <Badge tone={TONES[m.status]}>{t(WORDS[m.status])}</Badge>
              </td>
              <td>
                {m.status === 'scheduled' ? (
                  <Button disabled={skip.isPending} onClick={() => void skip.run(m)} aria-label={t('schedule.skipLabel', { kind: kindText(m) })}>
                    {t('schedule.skip')}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
