import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { Db } from '../../src/server/platform/db/client';
import { bookingChanges } from '../../src/server/domains/booking/tables/bookings';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { activityLog } from '../../src/server/domains/identity/tables/activity-log';
import { users } from '../../src/server/domains/identity/tables/users';
import { createBooking } from '../support/fixtures';
import { seriousA11yViolations } from './support/axe';
import { useServerAndBrowser } from './support/journey';
import { expectToast } from './support/toasts';

type Seed = { bookingId: number; email: string };

/** A booking with its confirmation mail, a change by the booker and one by staff (logged the old way: snake before, camel after). */
async function seedDatabase(db: Db): Promise<Seed> {
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
  await db
    .insert(bookingChanges)
    .values({ bookingId: booking.id, source: 'booker', fields: { players: { from: 8, to: 10 } }, createdAt: new Date('2025-01-02T09:00:00Z') });
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
}

const j = useServerAndBrowser({ seed: seedDatabase });

const entryTexts = (page: Page) => page.getByTestId('timeline-entry').allInnerTexts();

describe('booking timeline and mails', () => {
  it('shows staff, booker and mail entries in words, and Resend queues a copy with a toast', async () => {
    const { page, context, errors } = await j.staffPage(`/admin/bookings/${j.seed.bookingId}`);
    const section = page.getByRole('region', { name: 'Timeline and mails', exact: true });
    await section.getByTestId('timeline-entry').first().waitFor();

    const texts = await entryTexts(page);
    expect(texts).toHaveLength(4);
    expect(texts[0]).toContain('Sam Staff');
    expect(texts[0]).toContain('Set the meeting point');
    expect(texts[0]).toMatch(/Meeting point:\s*Louvre Pyramid/);
    expect(texts[1]).toContain('Booker');
    expect(texts[1]).toMatch(/Players:\s*8\s*→\s*changed to\s*10/);
    expect(texts[2]).toContain(`Mail: Booking confirmation to ${j.seed.email}`);
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

    await mails
      .first()
      .getByRole('button', { name: `Resend Booking confirmation to ${j.seed.email}` })
      .click();
    await expectToast(page, `Booking confirmation resent to ${j.seed.email}`);
    await expect.poll(() => mails.count()).toBe(2);
    expect(await mails.first().innerText()).toContain('Copy, resent by staff');
    await expect.poll(async () => (await entryTexts(page))[0] ?? '').toContain(`Resent mail: Booking confirmation to ${j.seed.email}`);
    expect((await entryTexts(page))[0]).toContain('Administrator');
    expect(await seriousA11yViolations(page, 'section[aria-labelledby="section-timeline"]')).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
