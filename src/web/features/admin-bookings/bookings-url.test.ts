import { describe, expect, it } from 'vitest';
import { bookingsUrlParams, exportUrl, listQuery, parseBookingsUrl } from './bookings-url';

const parse = (q: string) => parseBookingsUrl(new URLSearchParams(q));

describe('bookings page URL', () => {
  it('defaults to the all view, page 1, last 30 days', () => {
    const s = parse('');
    expect(s).toMatchObject({ view: 'all', page: 1, search: '', status: 'all', filter: null, leadStatus: 'all', range: 'last_30_days' });
    expect(bookingsUrlParams(s).toString()).toBe('');
  });
  it('turns a legacy filter into the all view, paid, with that filter', () => {
    const s = parse('view=leads&filter=need_hosts&status=enquiry');
    expect(s).toMatchObject({ view: 'all', status: 'paid', filter: 'need_hosts' });
    expect(listQuery(s)).toEqual({ page: 1, per_page: 10, view: 'list', status: 'need_hosts' });
  });
  it('round-trips every view', () => {
    for (const q of [
      'status=paid&search=ann&page=3',
      'view=leads&lead_status=lost&search=bob&page=2',
      'view=calendar&month=2026-02',
      'view=stats&range=custom&from=2026-01-01&to=2026-02-01',
      'view=stats&range=this_month',
    ]) {
      expect(bookingsUrlParams(parse(q)).toString()).toBe(q);
    }
  });
  it('ignores unknown values', () => {
    expect(parse('view=grid&page=-2&status=x&lead_status=trash&month=26-1')).toMatchObject({
      view: 'all',
      page: 1,
      status: 'all',
      leadStatus: 'all',
      month: '',
    });
  });
  it('builds the leads list query', () => {
    expect(listQuery(parse('view=leads&lead_status=new&search=x'))).toEqual({ page: 1, per_page: 10, search: 'x', view: 'leads', lead_status: 'new' });
  });
  it('exports with the filters on screen, without the page', () => {
    expect(exportUrl('/x', parse('status=paid&search=ann&page=3'))).toBe('/x?search=ann&view=list&status=paid');
    expect(exportUrl('/x', parse('filter=need_venues'))).toBe('/x?view=list&status=need_venues');
    expect(exportUrl('/x', parse('view=leads&lead_status=lost'))).toBe('/x?view=leads&lead_status=lost');
    expect(exportUrl('/x', parse(''))).toBe('/x?view=list');
  });
});
