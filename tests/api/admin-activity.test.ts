import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordActivity } from '../../src/server/domains/identity/activity';
import { createBooking } from '../support/fixtures';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';

let t: TestApp;
let admin: Agent & { userId: number; email: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin', { name: 'Ada Admin' });
});
afterAll(async () => t.close());

type Entry = {
  id: number;
  actor: { id: number; name: string; email: string } | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  booking_id: number | null;
  subject_user_id: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
  summary: string;
  changes: { label: string; before: string | null; after: string | null }[];
};
type Page = { entries: Entry[]; pagination: { current_page: number; last_page: number; per_page: number; total: number } };

describe('GET /api/admin/activity', () => {
  it('shows staff changes newest first with who, what, before and after', async () => {
    const created = await admin.post('/api/admin/challenges', { name: 'Logged', description: 'Shows in the log.' });
    const id = created.json<{ data: { id: number } }>().data.id;
    await admin.put(`/api/admin/challenges/${id}`, { name: 'Logged again', description: 'Shows in the log.' });
    const res = await admin.get('/api/admin/activity');
    expect(res.statusCode).toBe(200);
    const body = res.json<Page>();
    const [latest, previous] = body.entries;
    expect(latest).toEqual({
      id: expect.any(Number),
      actor: { id: admin.userId, name: 'Ada Admin', email: admin.email },
      action: 'challenge.update',
      entity_type: 'challenge',
      entity_id: String(id),
      booking_id: null,
      subject_user_id: null,
      before: { name: 'Logged' },
      after: { name: 'Logged again' },
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      summary: 'Updated a challenge',
      changes: [{ label: 'Name', before: 'Logged', after: 'Logged again' }],
    });
    expect(previous).toMatchObject({ action: 'challenge.create', before: null, after: expect.objectContaining({ name: 'Logged' }) });
    expect(body.pagination).toMatchObject({ current_page: 1, per_page: 20 });
    expect(body.pagination.total).toBeGreaterThanOrEqual(2);
  });

  it('reads each staff change in words: one line per field, money from pence in the booking currency', async () => {
    const booking = await createBooking(t.db, { currency: 'EUR' });
    expect((await admin.patch(`/api/admin/bookings/${booking.id}`, { meeting_point_address: '5 Rue de Rivoli' })).statusCode).toBe(200);
    expect((await admin.post(`/api/admin/bookings/${booking.id}/payments`, { payment_type: 'card', payment_amount: 9_999 })).statusCode).toBe(201);
    const body = (await admin.get(`/api/admin/activity?booking_id=${booking.id}`)).json<Page>();
    // The first payment also converts the lead (0190), logged as its own change.
    expect(body.entries.map((e) => e.summary)).toEqual(['Recorded a card payment of €99.99', 'Changed the lead status to Converted', 'Set the meeting point']);
    expect(body.entries[2]?.changes).toEqual([
      { label: 'Meeting point', before: null, after: '5 Rue de Rivoli' },
      { label: 'Meeting point status', before: null, after: 'Confirmed' },
      { label: 'Meeting point set by', before: null, after: 'Staff' },
    ]);
    expect(JSON.stringify(body.entries.map((e) => e.changes))).not.toMatch(/_|9999|[a-z][A-Z]/);
  });

  it('filters by booking id', async () => {
    const booking = await createBooking(t.db);
    await recordActivity(t.db, {
      actorId: admin.userId,
      action: 'booking.notes',
      entityType: 'booking',
      entityId: booking.id,
      bookingId: booking.id,
      before: { admin_general_notes: null },
      after: { admin_general_notes: 'hi' },
    });
    const res = await admin.get(`/api/admin/activity?booking_id=${booking.id}`);
    const body = res.json<Page>();
    expect(body.entries).toHaveLength(1);
    expect(body.entries[0]).toMatchObject({ booking_id: booking.id, action: 'booking.notes', after: { admin_general_notes: 'hi' } });
    expect(body.pagination).toEqual({ current_page: 1, last_page: 1, per_page: 20, total: 1 });
  });

  it('filters by user id: changes made to that user and changes that user made', async () => {
    const subject = await t.createUser({ role: 'user' });
    await admin.post('/api/admin/users/upgrade', { email: subject.email, is_admin: false, is_host: true });
    const about = (await admin.get(`/api/admin/activity?user_id=${subject.id}`)).json<Page>();
    expect(about.entries.map((e) => e.action)).toEqual(['user.upgrade']);
    expect(about.entries[0]).toMatchObject({
      subject_user_id: subject.id,
      before: { is_admin: false, is_host: false },
      after: { is_admin: false, is_host: true },
    });
    const byAdmin = (await admin.get(`/api/admin/activity?user_id=${admin.userId}`)).json<Page>();
    expect(byAdmin.entries.every((e) => e.actor?.id === admin.userId || e.subject_user_id === admin.userId)).toBe(true);
    expect(byAdmin.entries.length).toBeGreaterThanOrEqual(3);
  });

  it('pages with per_page and page', async () => {
    for (let i = 0; i < 5; i++)
      await recordActivity(t.db, { actorId: null, action: 'price.update', entityType: 'price', entityId: i, before: { price: i }, after: { price: i + 1 } });
    const all = (await admin.get('/api/admin/activity?per_page=100')).json<Page>();
    const page2 = (await admin.get('/api/admin/activity?per_page=2&page=2')).json<Page>();
    expect(page2.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    expect(page2.pagination).toEqual({ current_page: 2, last_page: Math.ceil(all.pagination.total / 2), per_page: 2, total: all.pagination.total });
    const system = all.entries.find((e) => e.action === 'price.update');
    expect(system?.actor).toBeNull();
    const beyond = (await admin.get('/api/admin/activity?page=999')).json<Page>();
    expect(beyond.entries).toEqual([]);
  });

  it('refuses bad filters with 422 and outsiders with 401/403', async () => {
    expect((await admin.get('/api/admin/activity?booking_id=abc')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/activity?per_page=1000')).statusCode).toBe(422);
    expect((await admin.get('/api/admin/activity?page=0')).statusCode).toBe(422);
    expect((await (await t.visitor()).get('/api/admin/activity')).statusCode).toBe(401);
    expect((await (await t.as('host')).get('/api/admin/activity')).statusCode).toBe(403);
  });
});
