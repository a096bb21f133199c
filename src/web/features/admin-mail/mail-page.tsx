import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAIL_STATUS_VALUES, type AdminMailAttachment, type AdminMailDetail, type AdminMailQuery, type AdminMailSummary } from '../../../shared/api/admin-mail';
import { formatFileSize } from '../../../shared/file-size';
import { DEFAULT_ADMIN_TIMEZONE, formatTimestamp } from '../../../shared/time';
import { mailStatusLabel } from '../../../shared/timeline/describe';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, Select, Table, TableHead, type BadgeTone } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { fetchMail, fetchMails, mailDetailKey, mailKey, mailListKey, retryMail, revealMail } from './mail-api';
import { useMessageText, useT, type KeyOf } from '../../lib/i18n';

type Status = NonNullable<AdminMailQuery['status']>;
const isStatus = (value: string | null): value is Status => MAIL_STATUS_VALUES.some((s) => s === value);

const TONES: Record<string, BadgeTone> = { sent: 'green', failed: 'red', retry: 'amber', held: 'amber', pending: 'blue', sending: 'blue' };

function positiveInt(value: string | null): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

const when = (iso: string | null) => (iso ? formatTimestamp(iso, DEFAULT_ADMIN_TIMEZONE) : '—');

// The server writes a mail's status and kind in English (shared/timeline): the messages catalogue says them in the reader's language.
function StatusBadge({ mail }: { mail: Pick<AdminMailSummary, 'status' | 'status_label'> }) {
  const message = useMessageText();
  return <Badge tone={TONES[mail.status] ?? 'slate'}>{message(mail.status_label)}</Badge>;
}

const INVITE_METHODS: Record<string, KeyOf<'system'>> = { REQUEST: 'mail.inviteRequest', CANCEL: 'mail.inviteCancel', PUBLISH: 'mail.invitePublish' };

function FileRow({ file, label }: { file: AdminMailAttachment; label?: string }) {
  return (
    <li className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <a href={file.download_url} download={file.filename} className="font-medium text-brand-700 underline">
        {file.filename}
      </a>
      <span className="text-slate-600">
        {label ? `${label} · ` : ''}
        {file.content_type.split(';')[0]} · {formatFileSize(file.size)}
      </span>
    </li>
  );
}

/** What went with the mail (issue 36): its files and its calendar invite, each a download of what was sent. */
function MailFiles({ mail }: { mail: AdminMailDetail }) {
  const t = useT('system');
  const invite = mail.calendar_invite;
  const methodText = (method: string) => {
    const key = INVITE_METHODS[method];
    return key ? t(key) : method;
  };
  if (mail.attachments.length === 0 && !invite) {
    return <p className="text-sm text-slate-600">{t('mail.noFiles')}</p>;
  }
  return (
    <section aria-label={t('mail.attachments')} className="space-y-1 text-sm">
      <h3 className="font-medium">{t('mail.attachments')}</h3>
      <ul className="space-y-1" data-testid="mail-files">
        {mail.attachments.map((file) => (
          <FileRow key={file.download_url} file={file} />
        ))}
        {invite ? <FileRow file={invite} label={t('mail.invite', { method: invite.method, what: methodText(invite.method) })} /> : null}
      </ul>
    </section>
  );
}

/** One mail: its facts, its text (a reset link of someone else's masked), Retry now when it failed, Show the link. */
function MailReader({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT('system');
  const message = useMessageText();
  const mail = useQuery({ queryKey: mailDetailKey(id), queryFn: () => fetchMail(id) });
  const [revealed, setRevealed] = useState<AdminMailDetail | null>(null);
  const retry = useAction({
    call: () => retryMail(id),
    success: t('mail.retried'),
    failure: t('mail.retryFailed'),
    failureToast: 'server',
    invalidates: [mailKey],
  });
  const reveal = useAction({
    call: () => revealMail(id),
    failure: t('mail.revealFailed'),
    failureToast: 'server',
    onSuccess: (shown) => setRevealed(shown),
  });

  if (mail.isPending) return <Spinner />;
  if (mail.error) {
    return (
      <p role="alert" className="text-red-700">
        {t('mail.loadOneFailed')}
      </p>
    );
  }
  const shown = revealed ?? mail.data;
  return (
    <section aria-label={t('mail.readerLabel', { to: shown.to })} className="space-y-3 rounded-xl bg-white p-4 shadow">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{shown.subject}</h2>
          <p className="text-sm text-slate-600">
            {t('mail.kindTo', { kind: message(shown.kind_label), to: shown.to })} · <StatusBadge mail={shown} /> ·{' '}
            {t('mail.attempts', { count: shown.attempts })}
          </p>
        </div>
        <Button size="sm" onClick={onClose}>
          {t('mail.close')}
        </Button>
      </div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium">{t('mail.created')}</dt>
        <dd>{when(shown.created_at)}</dd>
        <dt className="font-medium">{t('mail.sent')}</dt>
        <dd>{when(shown.sent_at)}</dd>
        {shown.next_attempt_at ? (
          <>
            <dt className="font-medium">{t('mail.nextAttempt')}</dt>
            <dd>{when(shown.next_attempt_at)}</dd>
          </>
        ) : null}
        {shown.error ? (
          <>
            <dt className="font-medium">{t('mail.lastError')}</dt>
            <dd className="text-red-700">{shown.error}</dd>
          </>
        ) : null}
        {shown.booking_id !== null ? (
          <>
            <dt className="font-medium">{t('mail.booking')}</dt>
            <dd>
              <Link to={paths.admin.booking(shown.booking_id)} className="text-brand-700 underline">
                {t('mail.bookingNumber', { id: String(shown.booking_id) })}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      {shown.masked ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm">
          <p>{t('mail.masked')}</p>
          <Button size="sm" onClick={() => void reveal.run()} disabled={reveal.isPending}>
            {t('mail.reveal')}
          </Button>
        </div>
      ) : null}
      <pre className="max-h-[32rem] overflow-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-sm" data-testid="mail-text">
        {shown.text}
      </pre>
      <MailFiles mail={shown} />
      {shown.status === 'failed' ? (
        <Button variant="primary" size="md" onClick={() => void retry.run()} disabled={retry.isPending}>
          {t('mail.retryNow')}
        </Button>
      ) : null}
    </section>
  );
}

/** /admin/mail: every mail of the install, newest first, by status; the view lives in the query string. */
export function MailPage() {
  const t = useT('system');
  const message = useMessageText();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const rawStatus = params.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const openId = positiveInt(params.get('mail'));

  const list = useQuery({ queryKey: mailListKey(page, status), queryFn: () => fetchMails(page, status), placeholderData: keepPreviousData });

  function update(changes: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  }

  const mails = list.data?.mails ?? [];
  const pagination = list.data?.pagination;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{t('mail.title')}</h1>
      {list.data && !list.data.sends ? <p className="rounded-md bg-slate-100 p-3 text-sm">{t('mail.noServer')}</p> : null}
      {list.data && list.data.failed > 0 ? (
        <p role="status" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {t('mail.undelivered', { count: list.data.failed })}{' '}
          {status !== 'failed' ? (
            <Button variant="link" onClick={() => update({ status: 'failed', page: null })}>
              {t('mail.showFailed')}
            </Button>
          ) : null}
        </p>
      ) : null}
      <div className="flex items-end gap-3">
        <label htmlFor="mail-status" className="text-sm font-medium">
          {t('mail.status')}
        </label>
        <Select id="mail-status" value={status ?? ''} onChange={(e) => update({ status: e.target.value || null, page: null })}>
          <option value="">{t('mail.all')}</option>
          {MAIL_STATUS_VALUES.map((s) => (
            <option key={s} value={s}>
              {message(mailStatusLabel(s))}
            </option>
          ))}
        </Select>
      </div>
      {openId !== null ? <MailReader key={openId} id={openId} onClose={() => update({ mail: null })} /> : null}
      {list.isPending ? (
        <Spinner />
      ) : list.error ? (
        <p role="alert" className="text-red-700">
          {t('mail.loadFailed')}
        </p>
      ) : (
        <Table>
          <caption className="sr-only">{t('mail.outbox')}</caption>
          <TableHead headers={[t('mail.created'), t('mail.to'), t('mail.subject'), t('mail.status'), t('mail.attemptsHeader'), t('mail.sent')]} />
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-t border-slate-100 align-top" data-testid="mail-row">
                <td className="whitespace-nowrap px-4 py-3">{when(mail.created_at)}</td>
                <td className="px-4 py-3">{mail.to}</td>
                <td className="px-4 py-3">
                  <Button variant="link" className="text-left" onClick={() => update({ mail: String(mail.id) })}>
                    {mail.subject}
                  </Button>
                  <span className="block text-xs text-slate-500">{message(mail.kind_label)}</span>
                </td>
                <td className="px-4 py-3">
                  <StatusBadge mail={mail} />
                  {mail.error ? <span className="block text-xs text-red-700">{mail.error}</span> : null}
                </td>
                <td className="px-4 py-3">{mail.attempts}</td>
                <td className="whitespace-nowrap px-4 py-3">{when(mail.sent_at)}</td>
              </tr>
            ))}
            {mails.length === 0 ? <EmptyTableRow columns={6}>{t('mail.none')}</EmptyTableRow> : null}
          </tbody>
        </Table>
      )}
      {pagination && pagination.last_page > 1 ? (
        <Pager currentPage={pagination.current_page} lastPage={pagination.last_page} onPageChange={(p) => update({ page: String(p) })} />
      ) : null}
    </section>
  );
}
