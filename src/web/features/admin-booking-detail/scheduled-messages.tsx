import type { AdminBooking } from '../../../shared/api/booking';
import type { ScheduledMessageDto } from '../../../shared/api/message-schedule';
import { MESSAGE_KIND_LABELS, type ScheduledMessageStatus } from '../../../shared/message-schedule';
import { formatTimestamp } from '../../../shared/time';
import { useAction } from '../../lib/use-action';
import { Badge, Button, Table, TableHead } from '../../components/ui';
import { skipScheduledMessage, timelineQueryKey } from './timeline-api';

const TONES: Record<ScheduledMessageStatus, 'green' | 'red' | 'amber' | 'slate'> = { scheduled: 'amber', sent: 'green', skipped: 'slate', failed: 'red' };
const WORDS: Record<ScheduledMessageStatus, string> = { scheduled: 'Scheduled', sent: 'Sent', skipped: 'Skipped', failed: 'Failed' };

/**
 * The booking's message schedule (issue 31, decision 0380): reminders, balance chasers, staff's overdue notice and the
 * feedback request, by due time in the game's zone; staff skip one still waiting.
 */
export function ScheduledMessages({ booking, messages }: { booking: AdminBooking; messages: ScheduledMessageDto[] }) {
  const skip = useAction({
    call: (m: ScheduledMessageDto) => skipScheduledMessage(booking.id, m.id),
    success: (_, m) => `${MESSAGE_KIND_LABELS[m.kind]} skipped`,
    failure: 'Failed to skip the message',
    failureToast: 'server',
    invalidates: [timelineQueryKey(booking.id)],
  });
  if (messages.length === 0) return <p className="text-sm text-slate-500">No messages planned for this booking.</p>;
  return (
    <div className="overflow-x-auto">
      <Table look="plain">
        <caption className="sr-only">Scheduled messages of this booking</caption>
        <TableHead look="plain" headers={['Message', { label: 'Due', nowrap: true }, 'Status', { label: 'Actions', srOnly: true }]} />
        <tbody>
          {messages.map((m) => (
            <tr key={m.id} className="border-t border-slate-100 align-top" data-testid="scheduled-message">
              <td className="py-1.5 pr-2">{MESSAGE_KIND_LABELS[m.kind]}</td>
              <td className="whitespace-nowrap pr-2">
                <time dateTime={m.due_at}>{formatTimestamp(m.due_at, booking.timezone)}</time>
              </td>
              <td className="pr-2">
                <Badge tone={TONES[m.status]}>{WORDS[m.status]}</Badge>
              </td>
              <td>
                {m.status === 'scheduled' ? (
                  <Button disabled={skip.isPending} onClick={() => void skip.run(m)} aria-label={`Skip ${MESSAGE_KIND_LABELS[m.kind]}`}>
                    Skip
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
