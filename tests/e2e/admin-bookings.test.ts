import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { format } from 'date-fns';
import { contactHistory } from '../../src/server/domains/booking/tables/bookings';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { LEADS_CAPTION } from '../../src/shared/leads';
import { todayIn } from '../../src/shared/time';
import { chartIntervalFor, intervalCaption } from '../../src/shared/chart-interval';
import { useServerAndBrowser } from './support/journey';
import { completeStepZero, expectNoSeriousA11yViolations } from './wizard-support';

const month = todayIn('Europe/London').slice(0, 7);

/** Known bookings, written into the server's database before it starts. */
const j = useServerAndBrowser({
  seed: async (db) => {
    const ids: Record<string, number> = {};
    const old = new Date(Date.now() - 20 * 24 * 3600 * 1000);
    for (let i = 0; i < 8; i++) await createBooking(db, { fullName: `Filler ${i}`, createdAt: old });
    ids.leah = (
      await createBooking(db, {
        fullName: 'Leah Lead',
        companyName: 'Globex',
        bookingStatus: 'lead',
        leadStatus: 'contacted',
        utmSource: 'admin',
        utmMedium: 'manual_created',
      })
    ).id;
    await db.insert(contactHistory).values({ bookingId: ids.leah, type: 'phone', note: 'Called', createdAt: new Date('2026-01-05T10:00:00Z') });
    ids.hana = (await createPaidBooking(db, { fullName: 'Hana Hosted', hosted: true, players: 12, date: `${month}-15` })).booking.id;
    ids.sam = (
      await createPaidBooking(db, { fullName: 'Sam Selfrun', players: 6, date: `${month}-16`, meetingPointStatus: 'confirmed', hidingSpotStatus: 'confirmed' })
    ).booking.id;
    ids.iris = (await createBooking(db, { fullName: 'Iris Instagram', email: 'iris@example.test', utmSource: 'instagram' })).id;
    ids.fiona = (await createBooking(db, { fullName: 'Fiona Facebook', fbclid: 'abc' })).id;
    ids.gary = (await createBooking(db, { fullName: 'Gary Google', gclid: 'abc' })).id;
    ids.lily = (await createBooking(db, { fullName: 'Lily LinkedIn', liFatId: 'abc' })).id;
    ids.nora = (await createBooking(db, { fullName: 'Nora Nosource', utmSource: 'newsletter' })).id;
    return ids;
  },
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const pressed = (page: Page, name: string) => page.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');

// No serious axe violations in any view: each view's test below runs axe once its data is on screen.
describe('admin bookings: all view', () => {
  it('lists bookings with source icons only for the four networks, pages, and filters from the metrics strip', async () => {
    const { page, context, errors } = await j.staffPage('/admin/bookings');
    await row(page, 'Iris Instagram').waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Code', 'Name', 'Email', 'Players', 'Date', 'Status', 'Source', 'Actions']);
    expect(await row(page, 'Iris Instagram').getByRole('img', { name: 'Instagram' }).isVisible()).toBe(true);
    expect(await row(page, 'Fiona Facebook').getByRole('img', { name: 'Facebook' }).isVisible()).toBe(true);
    expect(await row(page, 'Gary Google').getByRole('img', { name: 'Google' }).isVisible()).toBe(true);
    expect(await row(page, 'Lily LinkedIn').getByRole('img', { name: 'LinkedIn' }).isVisible()).toBe(true);
    expect(await row(page, 'Nora Nosource').getByRole('img').count()).toBe(0);
    expect(await page.getByText('Page 1 of 2').isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('metric-total').textContent()).toBe('16');
    expect(await page.getByTestId('metric-need-hosts').textContent()).toBe('1');
    expect(await page.getByTestId('metric-need-venues').textContent()).toBe('1');
    expect(await page.getByTestId('metric-unactivated').textContent()).toBe('2');
    await expectNoSeriousA11yViolations(page, 'all view');

    await page.getByRole('button', { name: /Need Hosts/ }).click();
    await page.waitForURL(/status=paid&filter=need_hosts/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await row(page, 'Hana Hosted').isVisible()).toBe(true);
    await page.reload();
    await row(page, 'Hana Hosted').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('button', { name: /Need Hosts/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await pressed(page, 'Paid')).toBe('true');

    await page.getByRole('button', { name: 'Leads', exact: true }).click();
    await page.waitForURL(/status=lead/);
    await row(page, 'Leah Lead').waitFor();
    expect(await page.getByRole('row').count()).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('restores a legacy filter link, and pages through the list', async () => {
    const { page, context } = await j.staffPage('/admin/bookings?filter=need_venues');
    await row(page, 'Hana Hosted').waitFor();
    expect(await pressed(page, 'Paid')).toBe('true');
    expect(await page.getByRole('button', { name: /Need Venues/ }).getAttribute('aria-pressed')).toBe('true');
    expect(await row(page, 'Sam Selfrun').count()).toBe(0);

    await page.goto('/admin/bookings');
    await row(page, 'Iris Instagram').waitFor();
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.waitForURL(/page=2/);
    await expect.poll(() => page.getByRole('row').count()).toBe(7);
    await page.goBack();
    await row(page, 'Iris Instagram').waitFor();
    expect(new URL(page.url()).search).toBe('');
    await context.close();
  });

  it('searches, shows the results banner, keeps the search on reload and clears it', async () => {
    const { page, context } = await j.staffPage('/admin/bookings');
    await page.getByPlaceholder('Search name or email').fill('iris');
    await page.getByPlaceholder('Search name or email').press('Enter');
    await page.waitForURL(/search=iris/);
    await page.getByText('Showing 1 results for "iris"').waitFor();
    await page.reload();
    await page.getByText('Showing 1 results for "iris"').waitFor();
    expect(await page.getByPlaceholder('Search name or email').inputValue()).toBe('iris');
    expect(await page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expect.poll(() => page.getByRole('row').count()).toBe(11);
    await page.getByPlaceholder('Search name or email').fill('no such person');
    await page.getByPlaceholder('Search name or email').press('Enter');
    await page.getByText('No bookings found.').waitFor();
    await context.close();
  });

  it('downloads the CSV export of what is on screen from the Export button', async () => {
    const { page, context } = await j.staffPage('/admin/bookings');
    await row(page, 'Iris Instagram').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe(`bookings-${todayIn('Europe/London')}.csv`);
    const text = readFileSync(await download.path(), 'utf8');
    expect(text.split('\n')[0]).toMatch(/^ID,Game code,Temporary code,Created,Booking status,Lead status,Name,/);
    expect(text).toContain('Iris Instagram');
    expect(text).toContain('Hana Hosted');

    // The Paid sub-tab: only paid bookings in the file.
    await page.getByRole('button', { name: 'Paid', exact: true }).click();
    await page.waitForURL(/status=paid/);
    await row(page, 'Hana Hosted').waitFor();
    const [paid] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    const paidText = readFileSync(await paid.path(), 'utf8');
    expect(paidText).toContain('Hana Hosted');
    expect(paidText).toContain('Sam Selfrun');
    expect(paidText).not.toContain('Iris Instagram');
    await context.close();
  });
});

describe('admin bookings: leads, calendar and stats views', () => {
  it('shows the leads pipeline with its metrics, company, last contact and sub-tabs', async () => {
    const { page, context, errors } = await j.staffPage('/admin/bookings');
    await page.getByRole('button', { name: 'Leads & Enquiries' }).click();
    await page.waitForURL(/view=leads/);
    // The headers say the leads table is in: the bookings table before it lists Leah Lead too (seen once under load).
    await expect
      .poll(() => page.getByRole('columnheader').allTextContents())
      .toEqual(['Added', 'Name', 'Email', 'Players', 'Status', 'Last Contact', 'Actions']);
    await row(page, 'Leah Lead').waitFor();
    expect(await row(page, 'Leah Lead').textContent()).toContain('Globex');
    expect(await row(page, 'Leah Lead').textContent()).toContain('05/01/2026 10:00:00');
    expect(await row(page, 'Iris Instagram').textContent()).toContain('No contact yet');
    // The two paid bookings are converted leads (a payment converts the lead).
    await expect.poll(() => page.getByTestId('lead-metric-total').textContent()).toBe('16');
    // The metric's spec label (now in the admin catalogue) is what the card shows.
    await page.getByText('Conversion Rate', { exact: true }).waitFor();
    expect(await page.getByTestId('lead-metric-contacted').textContent()).toBe('1');
    expect(await page.getByTestId('lead-metric-rate').textContent()).toBe('12.5%');
    await expectNoSeriousA11yViolations(page, 'leads view');
    await page.getByRole('button', { name: 'Contacted', exact: true }).click();
    await page.waitForURL(/lead_status=contacted/);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Lost', exact: true }).click();
    await page.getByText('No leads found.').waitFor();
    await page.reload();
    await page.getByText('No leads found.').waitFor();
    expect(await pressed(page, 'Lost')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the month grid with hosted games coloured apart, month navigation in the URL, and links to the booking', async () => {
    const { page, context } = await j.staffPage('/admin/bookings?view=calendar');
    const title = format(new Date(`${month}-01T12:00:00`), 'MMMM yyyy');
    await page.getByRole('heading', { name: title }).waitFor();
    const hana = page.getByRole('link', { name: 'Hana Hosted (12)' });
    await hana.waitFor();
    expect(await hana.getAttribute('data-hosted')).toBe('true');
    expect(await page.getByRole('link', { name: 'Sam Selfrun (6)' }).getAttribute('data-hosted')).toBe('false');
    expect(await hana.getAttribute('class')).not.toBe(await page.getByRole('link', { name: 'Sam Selfrun (6)' }).getAttribute('class'));
    const headers = await page.getByRole('columnheader').allTextContents();
    expect(headers).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    await expect.poll(() => page.getByTestId('calendar-bookings').textContent()).toBe('2');
    // The two games on the grid, each paid £120 (the fixture's payment), net of no refunds; average = revenue ÷ bookings.
    expect(await page.getByTestId('calendar-revenue').textContent()).toBe('£240');
    expect(await page.getByTestId('calendar-average').textContent()).toBe('£120');
    for (const label of ['Monthly Revenue', 'Total Bookings', 'Avg. Booking Value']) await page.getByText(label, { exact: true }).waitFor();
    expect(await page.getByTestId('calendar-metrics-basis').textContent()).toBe(
      'Paid and completed games with a game date in this month. Revenue is what their payments brought in less refunds and voids, per currency; average = revenue ÷ bookings.',
    );
    await expectNoSeriousA11yViolations(page, 'calendar view');

    await page.getByRole('button', { name: 'Next month' }).click();
    await page.waitForURL(/month=/);
    const next = new URL(page.url()).searchParams.get('month');
    await page.reload();
    await page.getByRole('heading', { name: format(new Date(`${next}-01T12:00:00`), 'MMMM yyyy') }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.getByRole('link', { name: 'Hana Hosted (12)' }).click();
    await page.waitForURL(`**/admin/bookings/${j.seed.hana}`);
    await context.close();
  });

  it('draws the enquiries and leads chart, with presets, interval captions and a custom range', async () => {
    const { page, context, errors } = await j.staffPage('/admin/bookings?view=stats');
    await page.getByRole('heading', { name: 'Enquiries & Leads Over Time' }).waitFor();
    expect(await page.getByLabel('Date range', { exact: true }).inputValue()).toBe('last_30_days');
    await expect.poll(() => page.getByTestId('interval-caption').textContent()).toBe('Showing daily data');
    await expect.poll(() => page.getByTestId('total-enquiries').textContent()).toBe('15');
    await page.getByText('Total Enquiries', { exact: true }).waitFor();
    // Every booking is a lead (shared/leads.ts): the same 16 as the Leads & Enquiries tab's Total Leads; 15 came in
    // through the booking form (Leah was made by staff).
    expect(await page.getByTestId('total-leads').textContent()).toBe('16');
    expect(await page.getByTestId('leads-caption').textContent()).toBe(LEADS_CAPTION);
    await page.getByTestId('enquiry-lead-chart').locator('svg').first().waitFor();

    await page.getByLabel('Date range', { exact: true }).selectOption('year_to_date');
    await page.waitForURL(/range=year_to_date/);
    const today = todayIn('Europe/London');
    await expect.poll(() => page.getByTestId('interval-caption').textContent()).toBe(intervalCaption(chartIntervalFor(`${today.slice(0, 4)}-01-01`, today)));
    await page.getByLabel('Date range', { exact: true }).selectOption('today');
    await expect.poll(() => page.getByTestId('total-enquiries').textContent()).toBe('7');
    await page.getByLabel('Date range', { exact: true }).selectOption('custom');
    await page.waitForURL(/range=custom&from=.*&to=/);
    await page.getByRole('grid').first().waitFor();
    await page.reload();
    expect(await page.getByLabel('Date range', { exact: true }).inputValue()).toBe('custom');
    await page.getByRole('grid').first().waitFor();
    await page.getByTestId('enquiry-lead-chart').locator('svg').first().waitFor();
    await expectNoSeriousA11yViolations(page, 'stats view');
    expect(errors).toEqual([]);
    await context.close();
  });
});

// The load failures (toasts, the error with Retry) and copying an email: tests/component/admin-bookings.test.tsx.
describe('admin bookings: create wizard', () => {
  it('walks the four steps, enables Create Booking only when valid, and lands on the new booking', async () => {
    const { page, context, errors } = await j.staffPage('/admin/bookings');
    await page.getByRole('link', { name: 'Create Booking' }).click();
    await page.waitForURL('**/admin/bookings/create');
    expect(await page.getByRole('button', { name: 'Previous', exact: true }).isDisabled()).toBe(true);
    const steps = page.getByRole('navigation', { name: 'Booking steps' });
    await steps.waitFor();
    expect(await steps.getByRole('listitem').allTextContents()).toEqual(
      ['1Hatch Game', '2Game Type', '3Add-ons', '4Details'].map((t) => expect.stringContaining(t.slice(1))),
    );
    await expectNoSeriousA11yViolations(page, 'create booking: hatch game');
    await completeStepZero(page, { players: '14' });
    await expectNoSeriousA11yViolations(page, 'create booking: game type');
    // A plan's Select only chooses it (decision 0537); Next leads to Add-ons.
    await page.getByRole('button', { name: 'Select Weapons' }).click();
    await page.getByRole('button', { name: 'Selected Weapons' }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Add Item: In-Person Host' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'create booking: add-ons');
    await page.getByRole('button', { name: 'Add Item: In-Person Host' }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    const create = page.getByRole('button', { name: 'Create Booking' });
    await create.waitFor();
    expect(await create.isDisabled()).toBe(true);
    expect(await page.getByText('Weapons (hosted)').count()).toBe(1);
    await page.getByRole('textbox', { name: /Full name/ }).fill('Wendy Wizard');
    // Spec section 5: the email error appears only once the field was touched (left), not while typing.
    await page.getByRole('textbox', { name: 'Email' }).pressSequentially('wendy@example');
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    expect(await page.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBeNull();
    expect(await create.isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Email' }).press('Tab');
    await page.getByText('Please enter a valid email address').waitFor();
    await expectNoSeriousA11yViolations(page, 'create booking: details with an error');
    await page.getByRole('textbox', { name: 'Email' }).fill('wendy@example.test');
    await page.getByRole('textbox', { name: /Company/ }).fill('Wizards Ltd');
    expect(await create.isDisabled()).toBe(false);
    await create.click();
    await page.waitForURL(/\/admin\/bookings\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const booking = await page.evaluate(async () => {
      const res = await fetch('/api/admin/bookings?search=wendy%40example.test');
      return (await res.json()) as { bookings: Record<string, unknown>[] };
    });
    expect(booking.bookings).toHaveLength(1);
    expect(booking.bookings[0]).toMatchObject({
      id,
      full_name: 'Wendy Wizard',
      company_name: 'Wizards Ltd',
      players: 14,
      plan_type: 'pro',
      add_ons: ['hosted'],
      hosted: true,
      booking_status: 'lead',
      utm_source: 'admin',
      total_price: 14 * 20 + 300,
    });
    expect(errors).toEqual([]);
    await context.close();
  });
});
