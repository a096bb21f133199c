import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntry } from '../../../shared/api/activity';
import { DEFAULT_ADMIN_TIMEZONE, formatTimestamp } from '../../../shared/time';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { activityKey, fetchActivity } from './activity-api';
import { Button, EmptyTableRow, Table, TableHead } from '../../components/ui';
import { ChangeList } from '../../components/change-list';
import { useMessageText, useT } from '../../lib/i18n';

function positiveInt(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return null;
  const n = Number(value.trim());
  return n > 0 ? n : null;
}

function Subject({ entry }: { entry: ActivityEntry }) {
  const t = useT('admin');
  const links = [];
  if (entry.booking_id !== null) {
    links.push(
      <Link key="booking" to={paths.admin.booking(entry.booking_id)} className="text-brand-700 underline">
        {t('activity.booking', { id: String(entry.booking_id) })}
      </Link>,
    );
  }
  if (entry.subject_user_id !== null) {
    links.push(
      <Link key="user" to={`${paths.admin.activity}?user_id=${entry.subject_user_id}`} className="text-brand-700 underline">
        {t('activity.user', { id: String(entry.subject_user_id) })}
      </Link>,
    );
  }
  if (entry.entity_type === 'challenge' && entry.entity_id && /^\d+$/.test(entry.entity_id)) {
    links.push(
      <Link key="challenge" to={paths.admin.challengeEdit(entry.entity_id)} className="text-brand-700 underline">
        {t('activity.challenge', { id: entry.entity_id })}
      </Link>,
    );
  }
  if (links.length === 0) return <span>{entry.entity_id ? `${entry.entity_type} #${entry.entity_id}` : entry.entity_type}</span>;
  return <span className="flex flex-col gap-1">{links}</span>;
}

/** /admin/activity: every staff change, newest first, filterable by booking or user; the view lives in the query string. */
export function ActivityPage() {
  const t = useT('admin');
  const message = useMessageText();
  const [params, setParams] = useSearchParams();
  const page = positiveInt(params.get('page')) ?? 1;
  const bookingId = positiveInt(params.get('booking_id'));
  const userId = positiveInt(params.get('user_id'));
  const [bookingText, setBookingText] = useState(bookingId ? String(bookingId) : '');
  const [userText, setUserText] = useState(userId ? String(userId) : '');
  const [filterError, setFilterError] = useState(false);
  const [shown, setShown] = useState({ bookingId, userId });
  if (shown.bookingId !== bookingId || shown.userId !== userId) {
    // The query string changed from outside (a link in the list, back/forward): follow it. Only the box whose value
    // changed is refilled, so what is being typed in the other one is kept.
    setShown({ bookingId, userId });
    if (shown.bookingId !== bookingId) setBookingText(bookingId ? String(bookingId) : '');
    if (shown.userId !== userId) setUserText(userId ? String(userId) : '');
  }

  const list = useQuery({
    queryKey: [...activityKey, page, bookingId, userId],
    queryFn: () => fetchActivity({ page, bookingId, userId }),
    placeholderData: keepPreviousData,
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    const b = bookingText.trim();
    const u = userText.trim();
    if ((b && !positiveInt(b)) || (u && !positiveInt(u))) {
      setFilterError(true);
      return;
    }
    setFilterError(false);
    const next: Record<string, string> = {};
    if (b) next.booking_id = b;
    if (u) next.user_id = u;
    setParams(next);
  }

  function clear() {
    setFilterError(false);
    setBookingText('');
    setUserText('');
    setParams({});
  }

  function goTo(p: number) {
    const next = new URLSearchParams(params);
    next.set('page', String(p));
    setParams(next);
  }

  const entries = list.data?.entries ?? [];
  const pagination = list.data?.pagination;
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-bold">{t('activity.title')}</h1>
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3 rounded-xl bg-white p-4 shadow" aria-label={t('activity.filterLabel')}>
        <div>
          <label htmlFor="activity-booking" className="mb-1 block text-sm font-medium">
            {t('activity.bookingId')}
          </label>
          <input
            id="activity-booking"
            inputMode="numeric"
            value={bookingText}
            onChange={(e) => setBookingText(e.target.value)}
            className="w-32 rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <div>
          <label htmlFor="activity-user" className="mb-1 block text-sm font-medium">
            {t('activity.userId')}
          </label>
          <input
            id="activity-user"
            inputMode="numeric"
            value={userText}
            onChange={(e) => setUserText(e.target.value)}
            className="w-32 rounded-md border border-slate-300 px-3 py-2"
          />
        </div>
        <Button type="submit" variant="primary" size="md">
          {t('activity.filter')}
        </Button>
        {bookingId || userId ? (
          <Button size="md" onClick={clear}>
            {t('bookings.clear')}
          </Button>
        ) : null}
        {filterError ? (
          <p role="alert" className="w-full text-sm text-red-700">
            {t('activity.invalidId')}
          </p>
        ) : null}
      </form>

      {list.isPending ? (
        <Spinner />
      ) : list.error ? (
        <p role="alert" className="text-red-700">
          {t('activity.loadFailed')}
        </p>
      ) : (
        <Table>
          <caption className="sr-only">{t('activity.caption')}</caption>
          <TableHead headers={[t('activity.colWhen'), t('activity.colWho'), t('activity.colWhat'), t('activity.colOn')]} />
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.id} className="border-t border-slate-100 align-top" data-testid="activity-entry">
                <td className="whitespace-nowrap px-4 py-3">{formatTimestamp(entry.created_at, DEFAULT_ADMIN_TIMEZONE)}</td>
                <td className="px-4 py-3">
                  {entry.actor ? (
                    <>
                      <Link to={`${paths.admin.activity}?user_id=${entry.actor.id}`} className="text-brand-700 underline">
                        {entry.actor.name}
                      </Link>
                      <span className="block text-xs text-slate-500">{entry.actor.email}</span>
                    </>
                  ) : (
                    <span className="text-slate-500">{t('activity.system')}</span>
                  )}
                </td>
                <td className="px-4 py-3">
                  {/* The server's English sentence, with its values, in the reader's language (messages catalogue). */}
                  {message(entry.summary)}
                  <ChangeList changes={entry.changes} />
                </td>
                <td className="px-4 py-3">
                  <Subject entry={entry} />
                </td>
              </tr>
            ))}
            {entries.length === 0 ? <EmptyTableRow columns={4}>{t('activity.empty')}</EmptyTableRow> : null}
          </tbody>
        </Table>
      )}
      {pagination && pagination.last_page > 1 ? <Pager currentPage={pagination.current_page} lastPage={pagination.last_page} onPageChange={goTo} /> : null}
    </section>
  );
}
