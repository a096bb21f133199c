import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seedDataDir } from './support/data-dir';
import { bookingChanges } from '../../src/server/db/schema/bookings';
import { activityLog, mailOutbox } from '../../src/server/db/schema/system';
import { users } from '../../src/server/db/schema/users';
import { createBooking } from '../support/fixtures';
import { launchBrowser, loginAsAdmin, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

type Seed = { bookingId: number; email: string };
let seed: Seed;
let dataDir: string;
let server: RunningServer;
let browser: Browser;

/** A booking with its confirmation mail, a change by the booker and one by staff (logged the old way: snake before, camel after). */
async function seedDatabase(dir: string): Promise<Seed> {
  return seedDataDir(dir, async (db) => {
    const [staff] = await db.insert(users).values({ name: 'Sam Staff', email: 'sam@e2e.test', isAdmin: true }).returning();
    if (!staff) throw new Error('staff not seeded');
    const booking = await createBooking(db, { fullName: 'Tina Timeline', currency: 'EUR', createdAt: new Date('2025-01-01T09:00:00Z') });
    await db.insert(mailOutbox).values({
      to: booking.email,
      subject: 'Your hatch game on 2030-06-15 in London',
      text: `Hi Tina,\n\nYour booking code is ${booking.tempCode}.`,
      kind: 'booking_confirmation',
      bookingId: booking.id,
      status: 'stored',
      createdAt: new Date('2025-01-01T09:00:00Z'),
    });
    await db.insert(bookingChanges).values({ bookingId: booking.id, source: 'booker', fields: { players: { from: 8, to: 10 } }, createdAt: new Date('2025-01-02T09:00:00Z') });
    await db.insert(activityLog).values({
      actorId: staff.id,
      action: 'booking.meeting_point',
      entityType: 'booking',
      entityId: String(booking.id),
      bookingId: booking.id,
      before: { meeting_point_address: null, meeting_point_status: null },
      after: { meetingPointAddress: 'Louvre Pyramid', meetingPointStatus: 'confirmed' },
      createdAt: new Date('2025-01-03T09:00:00Z'),
    });
    return { bookingId: booking.id, email: booking.email };
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-timeline-'));
  seed = await seedDatabase(dataDir);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core on the timeline section only (other sections have their own tests): no serious or critical violation. */
async function seriousA11yViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string | null }[] };
    const w = window as unknown as { axe: { run: (context: string) => Promise<Result> } };
    return (await w.axe.run('section[aria-labelledby="section-timeline"]')).violations;
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
}

const entryTexts = (page: Page) => page.getByTestId('timeline-entry').allInnerTexts();

describe('booking timeline and mails', () => {
  it('shows staff, booker and mail entries in words, and Resend queues a copy with a toast', async () => {
    const { page, context, errors } = await newPage(browser, server.url);
    await loginAsAdmin(page, `/admin/bookings/${seed.bookingId}`);
    const section = page.getByRole('region', { name: 'Timeline and mails', exact: true });
    await section.getByTestId('timeline-entry').first().waitFor();

    const texts = await entryTexts(page);
    expect(texts).toHaveLength(4);
    expect(texts[0]).toContain('Sam Staff');
    expect(texts[0]).toContain('Set the meeting point');
    expect(texts[0]).toMatch(/Meeting point:\s*Louvre Pyramid/);
    expect(texts[1]).toContain('Booker');
    expect(texts[1]).toMatch(/Players:\s*8\s*→\s*changed to\s*10/);
    expect(texts[2]).toContain(`Mail: Booking confirmation to ${seed.email}`);
    expect(texts[3]).toContain('Made the booking online');
    const all = await section.innerText();
    expect(all).not.toMatch(/meeting_point|meetingPoint|[{}]/);
    // Each field once, though the log holds it under two spellings.
    expect(all.match(/Meeting point:/g)).toHaveLength(1);

    const mails = section.getByTestId('outbox-mail');
    expect(await mails.count()).toBe(1);
    expect(await mails.first().innerText()).toMatch(/Booking confirmation[\s\S]*Stored \(no mail server\)/);
    await mails.first().getByRole('button', { name: 'View text' }).click();
    await section.getByText(/Your booking code is [0-9A-Z]{12}\./).waitFor();

    await mails.first().getByRole('button', { name: `Resend Booking confirmation to ${seed.email}` }).click();
    await page.locator('[data-sonner-toast]', { hasText: `Booking confirmation resent to ${seed.email}` }).first().waitFor({ timeout: 10_000 });
    await expect.poll(() => mails.count()).toBe(2);
    expect(await mails.first().innerText()).toContain('Copy, resent by staff');
    await expect.poll(async () => (await entryTexts(page))[0] ?? '').toContain(`Resent mail: Booking confirmation to ${seed.email}`);
    expect((await entryTexts(page))[0]).toContain('Administrator');
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
