import { ATTENTION_FILTERS, LIST_LEAD_STATUSES, type AttentionFilter, type ListLeadStatus } from '../../../shared/api/admin-bookings';

/** Everything on the bookings page lives in the query string, so reload, back and a shared link restore it. */
export const VIEWS = ['all', 'leads', 'calendar', 'stats'] as const;
export type View = (typeof VIEWS)[number];
export const ALL_TAB_STATUSES = ['all', 'enquiry', 'lead', 'paid', 'completed'] as const;
export type AllTabStatus = (typeof ALL_TAB_STATUSES)[number];
export const RANGE_PRESETS = ['today', 'yesterday', 'last_7_days', 'last_30_days', 'this_month', 'last_month', 'year_to_date', 'custom'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export type BookingsUrlState = {
  view: View;
  page: number;
  search: string;
  status: AllTabStatus;
  /** A paid-bookings filter from the metrics strip (or the legacy `filter` parameter). */
  filter: AttentionFilter | null;
  leadStatus: ListLeadStatus;
  /** Calendar month, yyyy-MM; empty means this month. */
  month: string;
  range: RangePreset;
  /** Custom range, yyyy-MM-dd. */
  from: string;
  to: string;
};

const pick = <T extends string>(values: readonly T[], value: string | null, fallback: T): T => values.find((v) => v === value) ?? fallback;
const apiDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

export function parseBookingsUrl(params: URLSearchParams): BookingsUrlState {
  const page = Number(params.get('page'));
  const filter = ATTENTION_FILTERS.find((f) => f === params.get('filter')) ?? null;
  const month = params.get('month') ?? '';
  const state: BookingsUrlState = {
    view: pick(VIEWS, params.get('view'), 'all'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    search: (params.get('search') ?? '').trim(),
    status: pick(ALL_TAB_STATUSES, params.get('status'), 'all'),
    filter,
    leadStatus: pick(LIST_LEAD_STATUSES, params.get('lead_status'), 'all'),
    month: /^\d{4}-\d{2}$/.test(month) ? month : '',
    range: pick(RANGE_PRESETS, params.get('range'), 'last_30_days'),
    from: apiDate(params.get('from')),
    to: apiDate(params.get('to')),
  };
  // Legacy links (?filter=need_venues…): the all-bookings view, paid bookings, that filter.
  if (filter) return { ...state, view: 'all', status: 'paid' };
  return state;
}

/** The query string of a state: only what differs from the defaults, in a stable order. */
export function bookingsUrlParams(s: BookingsUrlState): URLSearchParams {
  const p = new URLSearchParams();
  if (s.view !== 'all') p.set('view', s.view);
  if (s.view === 'all' && s.status !== 'all') p.set('status', s.status);
  if (s.view === 'all' && s.filter) p.set('filter', s.filter);
  if (s.view === 'leads' && s.leadStatus !== 'all') p.set('lead_status', s.leadStatus);
  if ((s.view === 'all' || s.view === 'leads') && s.search) p.set('search', s.search);
  if ((s.view === 'all' || s.view === 'leads') && s.page > 1) p.set('page', String(s.page));
  if (s.view === 'calendar' && s.month) p.set('month', s.month);
  if (s.view === 'stats' && s.range !== 'last_30_days') p.set('range', s.range);
  if (s.view === 'stats' && s.range === 'custom') {
    if (s.from) p.set('from', s.from);
    if (s.to) p.set('to', s.to);
  }
  return p;
}

/** The list call's query for the all and leads tabs. */
export function listQuery(s: BookingsUrlState): Record<string, string | number> {
  const q: Record<string, string | number> = { page: s.page, per_page: 10 };
  if (s.search) q.search = s.search;
  if (s.view === 'leads') {
    q.view = 'leads';
    if (s.leadStatus !== 'all') q.lead_status = s.leadStatus;
  } else {
    q.view = 'list';
    const status = s.filter ?? s.status;
    if (status !== 'all') q.status = status;
  }
  return q;
}

/** The Export link of a tab: the list's own filters (every page of them), so the file holds what is on screen. */
export function exportUrl(base: string, s: BookingsUrlState): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(listQuery(s))) {
    if (key !== 'page' && key !== 'per_page') params.set(key, String(value));
  }
  return `${base}?${params.toString()}`;
}
