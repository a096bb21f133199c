import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import { adminProposalsEndpoints as ep } from '../../../shared/api/endpoints/proposals';
import { PROPOSAL_LIST_STATUSES, type Proposal } from '../../../shared/api/proposals';
import { PLANS } from '../../../shared/plans';
import { PROPOSAL_ZONE } from '../../../shared/proposals';
import { formatMoney } from '../../../shared/money';
import { formatTimestamp, todayIn } from '../../../shared/time';
import { api, errorMessage } from '../../lib/api-client';
import { useCopyToClipboard } from '../../lib/clipboard';
import { paths } from '../../lib/paths';
import { useAction } from '../../lib/use-action';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { Badge, Button, EmptyTableRow, ErrorState, Field, Select, Table, TableCell, TableHead, TableRow, type BadgeTone } from '../../components/ui';
import { ProposalFormDialog } from './proposal-form';
import { proposalsKeys } from './proposals-keys';
import { withParam } from '../../lib/search-params';
import { bookingFactsChanged } from '../../lib/booking-facts-data';
import { dayText } from '../../lib/day-text';
import { useLocale, useT, type KeyOf } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { useStatusText } from '../../lib/status-text';

type ListStatus = (typeof PROPOSAL_LIST_STATUSES)[number];
const STATUS_LABELS = {
  all: 'proposals.statusAll',
  draft: 'proposals.statusDraft',
  sent: 'proposals.statusSent',
  expired: 'proposals.statusExpired',
  accepted: 'proposals.statusAccepted',
  withdrawn: 'proposals.statusWithdrawn',
} as const satisfies Record<ListStatus, KeyOf<'money'>>;

function statusOf(p: Proposal): { label: KeyOf<'money'>; tone: BadgeTone } {
  if (p.expired) return { label: STATUS_LABELS.expired, tone: 'red' };
  if (p.status === 'accepted') return { label: STATUS_LABELS.accepted, tone: 'green' };
  if (p.status === 'sent') return { label: STATUS_LABELS.sent, tone: 'blue' };
  if (p.status === 'withdrawn') return { label: STATUS_LABELS.withdrawn, tone: 'slate' };
  return { label: STATUS_LABELS.draft, tone: 'amber' };
}

const planName = (t: string) => PLANS.find((p) => p.type === t)?.name ?? t;

/** A row's buttons: Send (again) and Withdraw wait while either is sent for this proposal; other rows do not wait. */
function ProposalActions({ proposal: p, onEdit }: { proposal: Proposal; onEdit: () => void }) {
  const t = useT('money');
  const copyToClipboard = useCopyToClipboard();
  const id = String(p.id);
  const act = useAction({
    call: (action: 'send' | 'withdraw') => api(action === 'send' ? ep.send : ep.withdraw, { params: { id: p.id } }),
    success: (_, action) => (action === 'send' ? t('proposals.sentTo', { id, email: p.booking_email }) : t('proposals.withdrawnToast', { id })),
    failure: (action) => (action === 'send' ? t('proposals.sendFailed') : t('proposals.withdrawFailed')),
    failureToast: 'server',
    invalidates: [proposalsKeys.all, ...bookingFactsChanged],
  });
  const open = p.status === 'draft' || p.status === 'sent';
  return (
    <div className="flex flex-wrap gap-1">
      {p.status === 'draft' ? <Button onClick={onEdit}>{t('proposals.edit')}</Button> : null}
      {open && !p.expired ? (
        <Button variant="primary" disabled={act.isPending} onClick={() => void act.run('send')}>
          {p.status === 'sent' ? t('proposals.sendAgain') : t('proposals.send')}
        </Button>
      ) : null}
      {open ? (
        <Button disabled={act.isPending} onClick={() => void act.run('withdraw')}>
          {t('proposals.withdraw')}
        </Button>
      ) : null}
      {p.status !== 'draft' ? <Button onClick={() => void copyToClipboard(p.link, t('proposals.linkCopied'))}>{t('proposals.copyLink')}</Button> : null}
    </div>
  );
}

/** /admin/proposals: quotes for leads, by status; create and edit drafts, send (again), withdraw, copy the customer's link. */
export function ProposalsPage() {
  const t = useT('money');
  const leadText = useStatusText();
  const { language, locale, moneyLocale } = useLocale();
  const { integer } = useReaderFormat();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, moneyLocale);
  // The last day in the reader's form ('15. Juni 2030'); English keeps the ISO day the page always showed.
  const day = (iso: string) => (language === 'en' ? iso : dayText(iso, locale, 'short'));
  const headers = [
    '#',
    t('proposals.booking'),
    t('proposals.quote'),
    t('proposals.total'),
    t('proposals.validUntil'),
    t('proposals.status'),
    t('proposals.actions'),
  ];
  const [params, setParams] = useSearchParams();
  const status = PROPOSAL_LIST_STATUSES.find((s) => s === params.get('status')) ?? 'all';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const forBooking = params.get('booking') ?? '';
  const [editing, setEditing] = useState<Proposal | 'new' | null>(forBooking ? 'new' : null);
  const list = useQuery({
    queryKey: proposalsKeys.list(status, page),
    queryFn: () => api(ep.list, { query: { status, page } }),
    placeholderData: keepPreviousData,
  });
  const setParam = (key: string, value: string) => setParams((prev) => withParam(prev, key, value));

  const today = todayIn(PROPOSAL_ZONE);
  const defaultValidUntil = format(addDays(new Date(`${today}T12:00:00`), 14), 'yyyy-MM-dd');

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t('proposals.title')}</h1>
          <p className="mt-1 text-slate-600">{t('proposals.intro')}</p>
        </div>
        <div className="flex items-end gap-2">
          <Field label={t('proposals.status')}>
            <Select value={status} onChange={(e) => setParam('status', e.target.value === 'all' ? '' : e.target.value)}>
              {PROPOSAL_LIST_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(STATUS_LABELS[s])}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="primary" onClick={() => setEditing('new')}>
            {t('proposals.new')}
          </Button>
        </div>
      </div>
      {list.isPending ? <Spinner /> : null}
      {list.isError ? (
        <ErrorState message={errorMessage(list.error, t('proposals.loadFailed'))} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : null}
      {list.data ? (
        <>
          <Table>
            <TableHead headers={headers} />
            <tbody>
              {list.data.proposals.length === 0 ? (
                <EmptyTableRow columns={headers.length}>{t('proposals.none')}</EmptyTableRow>
              ) : (
                list.data.proposals.map((p) => {
                  const s = statusOf(p);
                  return (
                    <TableRow key={p.id} className="border-t border-slate-100 align-top" data-testid={`proposal-${p.id}`}>
                      <TableCell>{p.id}</TableCell>
                      <TableCell>
                        <Link to={paths.admin.booking(p.booking_id)} className="text-brand-700 underline">
                          {p.booking_name ?? p.booking_email}
                        </Link>
                        <span className="block text-xs text-slate-600">{t('proposals.lead', { status: leadText(p.lead_status) })}</span>
                      </TableCell>
                      <TableCell>
                        {t(p.add_ons.includes('hosted') ? 'proposals.quoteHosted' : 'proposals.quotePlayers', {
                          plan: planName(p.plan_type),
                          players: integer(p.players),
                        })}
                        {p.lines.map((l, i) => (
                          <span key={i} className="block text-xs text-slate-600">
                            {l.label}: {money(l.amount, p.currency)}
                          </span>
                        ))}
                      </TableCell>
                      <TableCell>{money(p.total_price, p.currency)}</TableCell>
                      <TableCell>{day(p.valid_until)}</TableCell>
                      <TableCell>
                        <Badge tone={s.tone}>{t(s.label)}</Badge>
                        <span className="block text-xs text-slate-600">
                          {p.accepted_at
                            ? t('proposals.acceptedAt', { when: formatTimestamp(p.accepted_at, PROPOSAL_ZONE) })
                            : p.sent_at
                              ? t('proposals.sentAt', { when: formatTimestamp(p.sent_at, PROPOSAL_ZONE) })
                              : t('proposals.by', { name: p.created_by_name ?? '—' })}
                        </span>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        <ProposalActions proposal={p} onEdit={() => setEditing(p)} />
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </tbody>
          </Table>
          {list.data.pagination.last_page > 1 ? (
            <Pager
              currentPage={list.data.pagination.current_page}
              lastPage={list.data.pagination.last_page}
              onPageChange={(n) => setParam('page', String(n))}
            />
          ) : null}
        </>
      ) : null}
      {editing !== null ? (
        <ProposalFormDialog
          proposal={editing === 'new' ? null : editing}
          bookingId={forBooking}
          validUntil={defaultValidUntil}
          onClose={() => {
            setEditing(null);
            if (forBooking) setParam('booking', '');
          }}
          onSaved={() => {
            setEditing(null);
            if (forBooking) setParam('booking', '');
          }}
        />
      ) : null}
    </section>
  );
}
