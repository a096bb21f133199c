import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PHONE, newPage } from './support/browser';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { completeStepZero, expectNoSeriousA11yViolations, stepTitle } from './wizard-support';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { waiverAcceptances } from '../../src/server/domains/privacy/tables/privacy';
import { bookings } from '../../src/server/domains/booking/tables/bookings';

/**
 * Privacy and consent in the browser (issue 41), on a 390 px phone: booking with the terms box, a player joining with
 * and without photo consent, and staff exporting and erasing a person on the Privacy page.
 */
const j = useServerAndBrowser({
  seed: async (db) => {
    const game = await createPaidBooking(db, { ...startableSchedule(), players: 6 });
    const person = await createPaidBooking(db, { email: 'erase.me@example.test', fullName: 'Ezra Erasable', ...startableSchedule() });
    return { gameCode: game.gameCode, bookingId: game.booking.id, personId: person.booking.id };
  },
});

describe('privacy journeys (phone)', () => {
  it('books with the terms box once terms are published', async () => {
    const staff = await j.staffPage('/admin/privacy', { viewport: PHONE });
    await staff.page.getByRole('heading', { name: 'Booking terms' }).waitFor();
    const terms = staff.page.locator('section', { has: staff.page.getByRole('heading', { name: 'Booking terms' }) });
    await terms.getByLabel('Text of the new version').fill('Cancel up to two days before for a full refund.');
    await terms.getByRole('button', { name: 'Publish a new version' }).click();
    await staff.page.getByTestId('terms-current').filter({ hasText: 'Version 1' }).waitFor();

    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    const email = `terms-${Date.now()}@example.com`;
    await page.goto('/');
    await completeStepZero(page, { players: '4' });
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await stepTitle(page, 'Check your booking').waitFor();
    const box = page.getByTestId('terms-box');
    await box.waitFor();
    expect(await box.getByRole('link', { name: 'Read the booking terms' }).getAttribute('href')).toBe('/privacy#terms');
    // Without ticking the box, Book now says what is missing and books nothing.
    await page.getByRole('button', { name: 'Book now' }).click();
    await page.getByText('Please accept the booking terms').first().waitFor();
    await box.getByRole('checkbox').check();
    await expectNoSeriousA11yViolations(page, 'summary with the terms box (phone)');
    await page.getByRole('button', { name: 'Book now' }).click();
    await stepTitle(page, 'Your game is booked!').waitFor();
    const [row] = await j.server.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.email, email));
    const consents = await call(staff.page, 'GET', `/api/admin/bookings/${row?.id}/consents`);
    expect(consents.json).toMatchObject({ consents: { terms: { version: 1 }, terms_pending: false } });
    expect(errors).toEqual([]);
    await context.close();
    await staff.context.close();
  });

  it('players join with and without photo consent once a waiver is published', async () => {
    const staff = await j.staffPage('/admin/privacy', { viewport: PHONE });
    const published = await call(staff.page, 'PUT', '/api/admin/waiver', { text: 'I play at my own risk. Photos of me may be shown if I say so.' });
    expect(published.status).toBe(200);

    const join = async (name: string, photos: RegExp) => {
      const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
      await page.goto(`/play/${j.seed.gameCode}`);
      await page.getByLabel('Your name').fill(name);
      // The first player makes the team; the next one is offered it.
      const teamName = page.getByLabel('Team name');
      if (await teamName.count()) await teamName.fill('Foxes');
      const waiver = page.getByTestId('waiver-box');
      await waiver.getByText('I play at my own risk.', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Join the game' }).click();
      await page.getByText('Please accept the waiver to join').waitFor();
      await waiver.getByRole('checkbox', { name: 'I accept the waiver' }).check();
      await waiver.getByRole('radio', { name: photos }).check();
      await expectNoSeriousA11yViolations(page, 'join with the waiver (phone)');
      await page.getByRole('button', { name: 'Join the game' }).click();
      await page.getByRole('form', { name: 'Join the game' }).waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
      await context.close();
    };
    await join('Yara', /May be shown/);
    await join('Noor', /Keep my photos/);
    const rows = await j.server.db.select().from(waiverAcceptances).where(eq(waiverAcceptances.bookingId, j.seed.bookingId));
    expect(rows.map((r) => [r.name, r.version, r.photoConsent])).toEqual([
      ['Yara', 1, true],
      ['Noor', 1, false],
    ]);
    // Staff see who accepted what on the booking.
    await staff.page.goto(`/admin/bookings/${j.seed.bookingId}`);
    const consents = staff.page.getByTestId('consents');
    await consents.getByText(/Noor/).waitFor();
    expect(await consents.textContent()).toContain('kept off the shared screens');
    await staff.context.close();
  });

  it('staff export and erase a person', async () => {
    const { page, context, errors } = await j.staffPage('/admin/privacy', { viewport: PHONE });
    const people = page.locator('section', { has: page.getByRole('heading', { name: "A person's data" }) });
    await people.getByLabel('Email or player name').fill('erase.me');
    await people.getByRole('button', { name: 'Search' }).click();
    const person = people.getByTestId('person');
    await person.getByText('erase.me@example.test').waitFor();
    expect(await person.getByRole('link', { name: 'Export (JSON)' }).getAttribute('href')).toBe(
      '/api/admin/privacy/people/export?email=erase.me%40example.test',
    );
    const exported = await call(page, 'GET', '/api/admin/privacy/people/export?email=erase.me%40example.test');
    expect(exported.json).toMatchObject({ parts: { bookings: [{ full_name: 'Ezra Erasable' }] } });
    await expectNoSeriousA11yViolations(page, 'privacy page with a person found (phone)');

    await person.getByRole('button', { name: 'Erase…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
    await dialog.getByRole('button', { name: 'Erase', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await j.server.db.select().from(bookings).where(eq(bookings.id, j.seed.personId));
    expect(row?.fullName).toBe('Erased');
    expect(row?.email).toMatch(/^erased-\d+@erased\.invalid$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
