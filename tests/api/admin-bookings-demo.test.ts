import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp } from '../support/test-app';
import { seedDemoBookings, type DemoSummary } from '../../src/server/seed/seed-demo';
import { listBookingsResponse } from '../../src/shared/api/admin-bookings';

let t: TestApp;
let admin: Agent;
let summary: DemoSummary;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.as('admin');
  summary = await seedDemoBookings(t.db, { count: 60, seed: 7 });
});
afterAll(async () => t?.close());

describe('demo data (npm run db:seed-demo)', () => {
  it('adds bookings of every kind, with payments and notes', () => {
    expect(summary.bookings).toBe(60);
    expect(summary.enquiries + summary.leads + summary.paid + summary.completed).toBe(60);
    for (const n of [summary.enquiries, summary.leads, summary.paid, summary.payments, summary.notes]) expect(n).toBeGreaterThan(0);
  });

  it('fills the workspace the pages read', async () => {
    const metrics = (await admin.get('/api/admin/bookings/metrics')).json();
    expect(metrics.total).toBe(60);
    const paid = listBookingsResponse.parse((await admin.get('/api/admin/bookings?status=paid&per_page=100')).json());
    expect(paid.pagination.total).toBe(summary.paid);
    expect(paid.bookings.every((b) => b.code_type === 'game')).toBe(true);
    const leads = listBookingsResponse.parse((await admin.get('/api/admin/bookings?view=leads&per_page=100')).json());
    expect(leads.bookings.some((b) => b.last_contact_at !== null)).toBe(true);
    const all = listBookingsResponse.parse((await admin.get('/api/admin/bookings?per_page=100')).json());
    expect(all.bookings.some((b) => b.source !== null)).toBe(true);
  });
});
