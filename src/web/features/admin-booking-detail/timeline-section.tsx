import { Fragment, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '../../../shared/api/booking';
import type { OutboxMail, TimelineEntry } from '../../../shared/api/booking-timeline';
import { formatTimestamp } from '../../../shared/time';
import { ChangeList } from '../../components/change-list';
import { Spinner } from '../../components/spinner';
import { useAction } from '../../lib/use-action';
import { fetchTimeline, resendMail, timelineQueryKey } from './timeline-api';
import { ScheduledMessages } from './scheduled-messages';
import { Badge, Button, Section, Table, TableHead } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';

const STATUS_TONES: Record<string, 'green' | 'red' | 'amber' | 'slate'> = { sent: 'green', failed: 'red', pending: 'amber', retry: 'amber', sending: 'amber' };
const SOURCE_TONES: Record<TimelineEntry['source'], 'blue' | 'amber' | 'slate'> = { staff: 'blue', booker: 'amber', system: 'slate' };

function MailsTable({ booking, mails }: { booking: AdminBooking; mails: OutboxMail[] }) {
  const t = useT('admin');
  const message = useMessageText();
  const [open, setOpen] = useState<number | null>(null);
  // One mail at a time: every Resend waits while one is sent; the timeline then shows the copy.
  const resend = useAction({
    call: (mail: OutboxMail) => resendMail(booking.id, mail.id),
    // A mail's name and status are the server's English labels, translated where every mail's are (messages catalogue).
    success: (_, mail) => t('timeline.resent', { kind: message(mail.kind_label), to: mail.to }),
    failure: t('timeline.resendFailed'),
    failureToast: 'server',
    invalidates: [timelineQueryKey(booking.id)],
  });
  const resending = (mail: OutboxMail) => resend.isPending && resend.variables?.id === mail.id;

  if (mails.length === 0) return <p className="text-sm text-slate-500">{t('timeline.noMails')}</p>;
  return (
    <div className="overflow-x-auto">
      <Table look="plain">
        <caption className="sr-only">{t('timeline.mailsCaption')}</caption>
        <TableHead
          look="plain"
          headers={[
            t('timeline.colMail'),
            t('timeline.colTo'),
            t('timeline.colSubject'),
            t('bookings.colStatus'),
            { label: t('timeline.colSentAt'), nowrap: true },
            { label: t('bookings.colActions'), srOnly: true },
          ]}
        />
        <tbody>
          {mails.map((mail) => (
            <Fragment key={mail.id}>
              <tr className="border-t border-slate-100 align-top" data-testid="outbox-mail">
                <td className="py-1.5 pr-2">
                  {message(mail.kind_label)}
                  {mail.resent_from !== null ? <span className="block text-xs text-slate-500">{t('timeline.copyResent')}</span> : null}
                </td>
                <td className="break-all pr-2">{mail.to}</td>
                <td className="pr-2">{mail.subject}</td>
                <td className="pr-2">
                  <Badge tone={STATUS_TONES[mail.status] ?? 'slate'}>{message(mail.status_label)}</Badge>
                  {mail.error ? <span className="block text-xs text-red-700">{mail.error}</span> : null}
                </td>
                <td className="whitespace-nowrap pr-2">{mail.sent_at ? formatTimestamp(mail.sent_at, booking.timezone) : '—'}</td>
                <td className="whitespace-nowrap">
                  <div className="flex gap-2">
                    <Button aria-expanded={open === mail.id} aria-controls={`mail-text-${mail.id}`} onClick={() => setOpen(open === mail.id ? null : mail.id)}>
                      {open === mail.id ? t('timeline.hideText') : t('timeline.viewText')}
                    </Button>
                    <Button
                      disabled={resend.isPending}
                      onClick={() => void resend.run(mail)}
                      aria-label={t('timeline.resendLabel', { kind: message(mail.kind_label), to: mail.to })}
                    >
                      {resending(mail) ? t('timeline.resending') : t('timeline.resend')}
                    </Button>
                  </div>
                </td>
              </tr>
              {open === mail.id ? (
                <tr>
                  <td colSpan={6} className="pb-3">
                    <pre
                      id={`mail-text-${mail.id}`}
                      className="max-h-80 overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-xs text-slate-800"
                    >
                      {mail.text}
                    </pre>
                  </td>
                </tr>
              ) : null}
            </Fragment>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

/** The same timeline query as the section below (one request): "Balance overdue" beside the booking's code (issue 31). */
export function BalanceOverdueBadge({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const query = useQuery({ queryKey: [...timelineQueryKey(booking.id), booking.version], queryFn: () => fetchTimeline(booking.id) });
  if (!query.data?.balance_overdue) return null;
  return <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">{t('timeline.balanceOverdue')}</span>;
}

/**
 * The booking's timeline, newest first (staff changes, the booker's changes, mails), its scheduled messages with
 * Skip, and its outbox with Resend. Keyed by the booking's version, so a staff change made on this page shows at once.
 */
export function TimelineSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  const message = useMessageText();
  const query = useQuery({
    queryKey: [...timelineQueryKey(booking.id), booking.version],
    queryFn: () => fetchTimeline(booking.id),
    placeholderData: keepPreviousData,
  });

  let body;
  if (query.isPending) body = <Spinner />;
  else if (query.isError) {
    body = (
      <div className="space-y-2">
        <p role="alert" className="text-sm text-red-700">
          {t('timeline.loadFailed')}
        </p>
        <Button onClick={() => void query.refetch()}>{t('detail.tryAgain')}</Button>
      </div>
    );
  } else {
    const { entries, mails, truncated, scheduled_messages } = query.data;
    body = (
      <div className="space-y-6">
        <div>
          <h3 className="mb-2 font-semibold">{t('timeline.scheduled')}</h3>
          <ScheduledMessages booking={booking} messages={scheduled_messages} />
        </div>
        <div>
          <h3 className="mb-2 font-semibold">{t('timeline.mails')}</h3>
          <MailsTable booking={booking} mails={mails} />
        </div>
        <div>
          <h3 className="mb-2 font-semibold">{t('timeline.history')}</h3>
          {entries.length === 0 ? (
            <p className="text-sm text-slate-500">{t('timeline.nothingYet')}</p>
          ) : (
            <ol className="space-y-3" aria-label={t('timeline.historyLabel')}>
              {entries.map((entry) => (
                <li key={entry.id} className="border-l-2 border-slate-200 pl-3" data-testid="timeline-entry">
                  <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                    <time dateTime={entry.at}>{formatTimestamp(entry.at, booking.timezone)}</time>
                    {/* A staff member's name, or the server's English word for who else it was (System, Staff, Booker). */}
                    <Badge tone={SOURCE_TONES[entry.source]}>{message(entry.who)}</Badge>
                  </div>
                  {/* The server's English sentence, with its values, in the reader's language (messages catalogue). */}
                  <p className="text-sm text-slate-900">{message(entry.summary)}</p>
                  <ChangeList changes={entry.changes} />
                </li>
              ))}
            </ol>
          )}
          {truncated ? <p className="mt-2 text-xs text-slate-500">{t('timeline.truncated')}</p> : null}
        </div>
      </div>
    );
  }
  return (
    <Section title={t('timeline.title')} id="timeline">
      {body}
    </Section>
  );
}
