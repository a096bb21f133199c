import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { bookings, contactHistory } from '../../src/server/domains/booking/tables/bookings';
import { games } from '../../src/server/domains/game/tables/games';
import { listBookingsResponse } from '../../src/shared/api/admin-bookings';

/**
 * The list, its filters, search, paging and the two metric strips, on a database holding exactly the
 * bookings made here, so every count is known.
 */
let t: TestApp;
let admin: Agent;
const ids: Record<string, number> = {};
const codes: Record<string, string> = {};
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  const host = await t.createUser({ role: 'host', name: 'Hana Host' });
  const db = t.db;
  const admin_ = { utmSource: 'admin', utmMedium: 'manual_created' };

  const make = async (key: string, values: Parameters<typeof createBooking>[1]) => {
    const row = await createBooking(db, values);
    ids[key] = row.id;
    codes[key] = row.tempCode;
  };
  await make('E1', { fullName: 'Alice Enquiry', companyName: 'Acme Widgets', createdAt: at('2026-01-01T10:00:00Z') });
  await make('E2', { fullName: 'Bob Enquiry', email: 'bob@zeta-corp.test', createdAt: at('2026-01-02T10:00:00Z'), utmSource: 'facebook' });
  await make('L1', { fullName: 'Lena Lead', companyName: 'Globex', bookingStatus: 'lead', ...admin_, createdAt: at('2026-01-03T10:00:00Z') });
  await make('L2', { fullName: 'Leo Lead', bookingStatus: 'lead', leadStatus: 'contacted', ...admin_, createdAt: at('2026-01-04T10:00:00Z') });
  await make('L3', { fullName: 'Nina Negotiating', leadStatus: 'negotiating', createdAt: at('2026-01-05T10:00:00Z'), gclid: 'abc' });
  await make('L4', { fullName: 'Lou Lost', bookingStatus: 'lead', leadStatus: 'lost', createdAt: at('2026-01-06T10:00:00Z') });
  await make('L5', { fullName: 'Tom Trash', leadStatus: 'trash', createdAt: at('2026-01-07T10:00:00Z') });
  await make('C1', { fullName: 'Cara Completed', bookingStatus: 'completed', createdAt: at('2026-01-08T10:00:00Z') });

  const paid = async (key: string, values: Parameters<typeof createBooking>[1], activated: boolean) => {
    const result = await createPaidBooking(db, values);
    ids[key] = result.booking.id;
    codes[key] = result.gameCode;
    if (activated) await db.update(games).set({ activated: true }).where(eq(games.id, result.gameId));
  };
  const confirmed = { meetingPointStatus: 'confirmed', hidingSpotStatus: 'confirmed' };
  await paid('P1', { fullName: 'Pat Ready', ...confirmed, createdAt: at('2026-01-09T10:00:00Z') }, true);
  await paid(
    'P2',
    { fullName: 'Pam Needs', meetingPointStatus: 'confirmed', hidingSpotStatus: 'requested', hosted: true, createdAt: at('2026-01-10T10:00:00Z') },
    false,
  );
  await paid('P3', { fullName: 'Pip Nothing', hosted: true, assignedHostId: host.id, createdAt: at('2026-01-11T10:00:00Z'), liFatId: 'x' }, false);
  await paid('P4', { fullName: 'Pia Converted', ...confirmed, leadStatus: 'converted', createdAt: at('2026-01-12T10:00:00Z') }, true);

  await db.insert(contactHistory).values([
    { bookingId: ids.L2!, type: 'phone', note: 'first call', createdAt: at('2026-02-01T09:00:00Z') },
    { bookingId: ids.L2!, type: 'email', note: 'follow up', createdAt: at('2026-02-03T09:00:00Z') },
  ]);
});
afterAll(async () => t?.close());

async function list(query: string) {
  const res = await admin.get(`/api/admin/bookings?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return listBookingsResponse.parse(res.json());
}
const namesOf = (r: { bookings: { full_name: string | null }[] }) => r.bookings.map((b) => b.full_name);

describe('GET /api/admin/bookings', () => {
  it('lists every booking newest first, ten a page, with pagination', async () => {
    const r = await list('');
    expect(r.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 10, total: 12 });
    expect(namesOf(r)).toEqual([
      'Pia Converted',
      'Pip Nothing',
      'Pam Needs',
      'Pat Ready',
      'Cara Completed',
      'Tom Trash',
      'Lou Lost',
      'Nina Negotiating',
      'Leo Lead',
      'Lena Lead',
    ]);
    const page2 = await list('page=2');
    expect(namesOf(page2)).toEqual(['Bob Enquiry', 'Alice Enquiry']);
  });

  it('filters by status and by what paid bookings still need', async () => {
    expect(namesOf(await list('status=enquiry')).sort()).toEqual(['Alice Enquiry', 'Bob Enquiry', 'Nina Negotiating', 'Tom Trash']);
    expect(namesOf(await list('status=lead')).sort()).toEqual(['Lena Lead', 'Leo Lead', 'Lou Lost']);
    expect(namesOf(await list('status=paid')).sort()).toEqual(['Pam Needs', 'Pat Ready', 'Pia Converted', 'Pip Nothing']);
    expect(namesOf(await list('status=need_venues')).sort()).toEqual(['Pam Needs', 'Pip Nothing']);
    expect(namesOf(await list('status=need_hosts'))).toEqual(['Pam Needs']);
    expect(namesOf(await list('status=unactivated')).sort()).toEqual(['Pam Needs', 'Pip Nothing']);
  });

  it('lists the sales pipeline in the leads view, by lead status, never trash', async () => {
    // Paid bookings are converted leads (their first payment converted them).
    expect(namesOf(await list('view=leads')).sort()).toEqual([
      'Alice Enquiry',
      'Bob Enquiry',
      'Lena Lead',
      'Leo Lead',
      'Lou Lost',
      'Nina Negotiating',
      'Pam Needs',
      'Pat Ready',
      'Pia Converted',
      'Pip Nothing',
    ]);
    expect(namesOf(await list('view=leads&lead_status=new')).sort()).toEqual(['Alice Enquiry', 'Bob Enquiry', 'Lena Lead']);
    expect(namesOf(await list('view=leads&lead_status=contacted'))).toEqual(['Leo Lead']);
    expect(namesOf(await list('view=leads&lead_status=converted')).sort()).toEqual(['Pam Needs', 'Pat Ready', 'Pia Converted', 'Pip Nothing']);
    expect(namesOf(await list('view=leads&lead_status=lost'))).toEqual(['Lou Lost']);
  });

  it('lists games (paid and completed) by game date in the calendar view', async () => {
    const r = await list('view=calendar');
    expect(namesOf(r).sort()).toEqual(['Cara Completed', 'Pam Needs', 'Pat Ready', 'Pia Converted', 'Pip Nothing']);
    expect(r.bookings.map((b) => b.date)).toEqual([...r.bookings.map((b) => b.date)].sort());
  });

  it('searches name, email and company case-insensitively, and codes exactly', async () => {
    expect(namesOf(await list('search=alice'))).toEqual(['Alice Enquiry']);
    expect(namesOf(await list('search=ACME'))).toEqual(['Alice Enquiry']);
    expect(namesOf(await list('search=globex'))).toEqual(['Lena Lead']);
    expect(namesOf(await list('search=zeta-CORP'))).toEqual(['Bob Enquiry']);
    expect(namesOf(await list(`search=${codes.L1!.toLowerCase()}`))).toEqual(['Lena Lead']);
    expect(namesOf(await list(`search=${codes.P1}`))).toEqual(['Pat Ready']);
    expect(namesOf(await list('search=%25'))).toEqual([]);
    expect(namesOf(await list('search=_'))).toEqual([]);
    expect(namesOf(await list('search=Lead&status=lead')).sort()).toEqual(['Lena Lead', 'Leo Lead']);
    const r = await list('search=enquiry&per_page=1');
    expect(r.pagination).toEqual({ current_page: 1, last_page: 2, per_page: 1, total: 2 });
  });

  it('carries last contact, source, game and host on each item', async () => {
    const items = (await list('per_page=100')).bookings;
    const byName = new Map(items.map((b) => [b.full_name, b]));
    expect(byName.get('Leo Lead')?.last_contact_at).toBe('2026-02-03T09:00:00.000Z');
    expect(byName.get('Lena Lead')?.last_contact_at).toBeNull();
    expect(byName.get('Bob Enquiry')?.source).toBe('facebook');
    expect(byName.get('Nina Negotiating')?.source).toBe('google');
    expect(byName.get('Pip Nothing')?.source).toBe('linkedin');
    expect(byName.get('Alice Enquiry')?.source).toBeNull();
    expect(byName.get('Pat Ready')?.code).toBe(codes.P1);
    expect(byName.get('Pat Ready')?.code_type).toBe('game');
    expect(byName.get('Pat Ready')?.game_activated).toBe(true);
    expect(byName.get('Pip Nothing')?.assigned_host_name).toBe('Hana Host');
    expect(byName.get('Alice Enquiry')?.code).toBe(codes.E1);
    expect(byName.get('Alice Enquiry')).not.toHaveProperty('contact_history');
  });

  it('pages stably when bookings share a creation time, and answers empty past the end', async () => {
    const same = at('2025-06-01T12:00:00Z');
    const extra: number[] = [];
    for (let i = 0; i < 7; i++) extra.push((await createBooking(t.db, { fullName: `Same Time ${i}`, createdAt: same, companyName: 'Tie Ltd' })).id);
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await list(`search=tie%20ltd&per_page=3&page=${page}`);
      expect(r.pagination).toEqual({ current_page: page, last_page: 3, per_page: 3, total: 7 });
      seen.push(...r.bookings.map((b) => b.id));
    }
    expect(seen).toEqual([...extra].sort((a, b) => b - a));
    const past = await list('search=tie%20ltd&per_page=3&page=4');
    expect(past.bookings).toEqual([]);
    expect(past.pagination).toEqual({ current_page: 4, last_page: 3, per_page: 3, total: 7 });
    const none = await list('search=nobody-matches-this');
    expect(none.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 10, total: 0 });
    await t.db.delete(bookings).where(eq(bookings.companyName, 'Tie Ltd'));
  });

  it('refuses bad paging and unknown filters with 422', async () => {
    for (const q of ['page=0', 'page=abc', 'per_page=0', 'per_page=101', 'status=bogus', 'view=grid', 'lead_status=trash', `search=${'x'.repeat(101)}`]) {
      const res = await admin.get(`/api/admin/bookings?${q}`);
      expect({ q, status: res.statusCode }).toEqual({ q, status: 422 });
    }
  });

  it('never fails on odd search text', async () => {
    for (const q of ['search=a%00b', 'search=%5C', 'search=%27%3B%20drop%20table%20bookings%3B--', 'search=%F0%9F%90%94', 'search=%20%20']) {
      const res = await admin.get(`/api/admin/bookings?${q}`);
      expect({ q, ok: res.statusCode === 200 || res.statusCode === 422 }).toEqual({ q, ok: true });
    }
    expect((await list('search=%20%20')).pagination.total).toBe(12);
  });

  it('is for admins only', async () => {
    expect((await (await t.visitor()).get('/api/admin/bookings')).statusCode).toBe(401);
    expect((await (await t.as('host')).get('/api/admin/bookings')).statusCode).toBe(403);
  });
});

describe('metrics', () => {
  it('counts all bookings and the paid ones that need venues, hosts or activation', async () => {
    const res = await admin.get('/api/admin/bookings/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 12, need_venues: 2, need_hosts: 1, unactivated: 2, upcoming: 4 });
  });

  it('counts the pipeline by lead status, with the conversion rate in percent', async () => {
    const res = await admin.get('/api/admin/bookings/leads-metrics');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      converted_leads: 4,
      new_leads: 3,
      contacted_leads: 1,
      negotiating_leads: 1,
      lost_leads: 1,
      total_leads: 10,
      conversion_rate: 40,
    });
  });
});
