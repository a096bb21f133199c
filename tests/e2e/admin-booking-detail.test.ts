import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDataDir } from './support/data-dir';
import { users } from '../../src/server/db/schema/users';
import { pricingHistory, teams } from '../../src/server/db/schema/bookings';
import { gameInstances, instanceTeams, players, submissions } from '../../src/server/db/schema/games';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { DETAIL_MESSAGES } from '../../src/shared/api/admin-booking-detail';
import { DESKTOP, launchBrowser, loginAsAdmin, newPage, PHONE } from './support/browser';
import { seriousA11yViolations } from './support/axe';
import { call } from './support/call';
import { startServer, type RunningServer } from './support/server';

/**
 * The spawned server owns its embedded database while it runs, so the rows these tests need
 * (bookings, a host, a running game with teams, players and submissions) are written into the
 * data folder first; the server then starts on it. Everything else goes through the screens.
 */
type Seed = { plain: number; paid: number; paidCode: string; live: number; hosted: number; hostId: number; stale: number; usd: number; pay: number; lead: number };
let seed: Seed;
let dataDir: string;
let server: RunningServer;
let browser: Browser;

async function seedDatabase(dir: string): Promise<Seed> {
  return seedDataDir(dir, async (db) => {
    const [host] = await db.insert(users).values({ name: 'Hattie Host', email: 'hattie@e2e.test', isHost: true }).returning();
    if (!host) throw new Error('host not seeded');
    const plain = await createBooking(db, { fullName: 'Paula Plain', companyName: 'Acme Ltd', tel: '+44 20 7946 0000', bookingStatus: 'lead', utmSource: 'google', gclid: 'abc123' });
    await db.insert(teams).values({ bookingId: plain.id, name: 'Team Crumble', players: 'Ann,Bob , Cy' });
    await db.insert(pricingHistory).values({ bookingId: plain.id, planType: 'pro', pricePerPerson: 20, players: 8, totalPrice: 160, createdAt: new Date('2030-01-02T10:00:00Z') });
    const stale = await createBooking(db, { fullName: 'Sam Stale' });
    const usd = await createBooking(db, { fullName: 'Uma Dollar', currency: 'USD', bookingStatus: 'lead' });
    const pay = await createBooking(db, { fullName: 'Priya Pays', bookingStatus: 'lead', leadStatus: 'negotiating' });
    const lead = await createBooking(db, { fullName: 'Lee Lead', bookingStatus: 'lead' });
    const paid = await createPaidBooking(db, { fullName: 'Pat Paid', ...startableSchedule() });
    const live = await createPaidBooking(db, { fullName: 'Liv Live' });
    const hosted = await createPaidBooking(db, { fullName: 'Hugo Hosted', hosted: true });
    const start = new Date(Date.now() - 30 * 60_000);
    const [instance] = await db.insert(gameInstances).values({ gameId: live.gameId, status: 'live', startTime: start, latestArea: { lat: 51.5, lng: -0.12, radius: 750 } }).returning();
    if (!instance) throw new Error('instance not seeded');
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', points: 40, chickenPoints: 15, foundChickenAt: new Date(start.getTime() + 20 * 60_000) },
        { instanceId: instance.id, name: 'Owls', points: 25 },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('teams not seeded');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Fran Fox', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Oscar Owl', ready: false },
    ]);
    await db.insert(submissions).values({ instanceId: instance.id, teamId: owls.id, status: 'approved', pointsAwarded: 25, submittedAt: new Date(start.getTime() + 10 * 60_000) });
    return { usd: usd.id, pay: pay.id, lead: lead.id, plain: plain.id, stale: stale.id, paid: paid.booking.id, paidCode: paid.gameCode, live: live.booking.id, hosted: hosted.booking.id, hostId: host.id };
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-detail-'));
  seed = await seedDatabase(dataDir);
  server = await startServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
  const { page, context } = await newPage(browser, server.url);
  await loginAsAdmin(page, '/admin/bookings');
  adminState = await context.storageState();
  await context.close();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
let adminState: StorageState;

/** Logins are rate-limited per email: log in once, then open each page with that session. */
async function openBooking(id: number | string, beforeLoad?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London', storageState: adminState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await beforeLoad?.(page);
  await page.goto(`/admin/bookings/${id}`);
  return { context, page, errors };
}

/** Toasts show for 1.2 s: wait for the one with this text. */
async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('admin booking detail', () => {
  it('shows the record in its sections, links the code and goes back to the list', async () => {
    const { page, context, errors } = await openBooking(seed.plain);
    const basic = region(page, 'Basic Information');
    await basic.waitFor();
    expect(await basic.textContent()).toContain('Paula Plain');
    expect(await basic.textContent()).toContain('Acme Ltd');
    expect(await basic.textContent()).toContain('+44 20 7946 0000');
    expect(await basic.getByRole('link', { name: /View on map/ }).getAttribute('href')).toContain('51.5074,-0.1278');
    const title = page.getByRole('heading', { level: 1 }).getByRole('link');
    expect(await title.getAttribute('href')).toMatch(/^\/hatch\/[0-9A-Z]{12}$/);
    for (const name of ['Game Setup Status', 'Locations', 'Lead Status', 'Notes & Contact History', 'Teams', 'Payment History', 'Tracking Information', 'Plan and Pricing']) {
      await region(page, name).waitFor();
    }
    expect(await region(page, 'Host Assignment').count()).toBe(0);
    expect(await region(page, 'Emergency Host Change').count()).toBe(0);
    const setup = region(page, 'Game Setup Status');
    expect(await setup.textContent()).toContain('Inactive');
    expect(await setup.textContent()).toContain('Weapons disabled');
    expect(await setup.textContent()).toContain('Undecided');
    expect(await region(page, 'Tracking Information').textContent()).toContain('abc123');
    expect(await region(page, 'Locations').textContent()).toContain('Not set');
    expect(await region(page, 'Teams').textContent()).toContain('Ann, Bob, Cy');
    const plan = (await region(page, 'Plan and Pricing').textContent()) ?? '';
    for (const expected of ['Standard', '£15', '£120', '02/01/2030 10:00:00', 'Weapons', '£20', '£160']) expect(plan).toContain(expected);

    await page.getByRole('button', { name: 'All Booking Fields' }).click();
    expect(await page.locator('#all-booking-fields').textContent()).toContain('temp_code');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: /Back to Bookings/ }).click();
    await page.waitForURL('**/admin/bookings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone screen without sideways scrolling', async () => {
    const { page, context } = await openBooking(seed.live);
    await page.setViewportSize(PHONE);
    await region(page, 'Game Setup Status').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await context.close();
  });

  it('goes back in history to the list the staff member came from', async () => {
    const { page, context } = await openBooking(seed.plain);
    await page.goto('/admin/bookings?search=Paula');
    await page.locator(`a[href="/admin/bookings/${seed.plain}"]`).first().click();
    await region(page, 'Basic Information').waitFor();
    await page.getByRole('button', { name: /Back to Bookings/ }).click();
    await page.waitForURL(/\/admin\/bookings\?search=Paula$/);
    await context.close();
  });

  it("says 'Booking not found' for an unknown id", async () => {
    const { page, context } = await openBooking(999_999);
    await page.getByRole('heading', { name: 'Booking not found' }).waitFor();
    await context.close();
  });

  it('edits the game date and time in the booking zone', async () => {
    const { page, context, errors } = await openBooking(seed.plain);
    const basic = region(page, 'Basic Information');
    await basic.getByRole('button', { name: 'Edit date and time' }).click();
    await page.getByLabel('Date', { exact: true }).fill('2031-02-20');
    await page.getByLabel('Meeting time').fill('18:45');
    await page.getByLabel('Timezone').selectOption('Europe/Paris');
    await page.getByRole('button', { name: 'Save date and time' }).click();
    await toast(page, 'Date and meeting time updated successfully');
    await expect.poll(() => page.getByTestId('game-date-time').textContent()).toContain('20/02/2031 18:45:00');
    expect(await page.getByTestId('game-date-time').textContent()).toContain('Europe/Paris');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds typed notes, ignores an empty one, and saves the general notes', async () => {
    const { page, context } = await openBooking(seed.plain);
    const notes = region(page, 'Notes & Contact History');
    await notes.waitFor();
    let noteCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/notes') && r.method() === 'POST') noteCalls++;
    });
    await page.getByLabel('New note').fill('   ');
    await notes.getByRole('button', { name: 'Add Note' }).click();

    await page.getByLabel('Type', { exact: true }).selectOption('phone');
    await page.getByLabel('New note').fill('Called about the venue');
    await notes.getByRole('button', { name: 'Add Note' }).click();
    await toast(page, 'Note added successfully');
    await expect.poll(() => notes.getByRole('list', { name: 'Contact history' }).textContent()).toContain('Called about the venue');
    // Requests leave in order: the typed note's call is the only one, so the empty note sent nothing (no fixed wait).
    expect(noteCalls).toBe(1);
    expect(await notes.getByRole('list', { name: 'Contact history' }).textContent()).toContain('Phone');
    expect(await page.getByLabel('New note').inputValue()).toBe('');

    await page.getByLabel('General notes').fill('Prefers email contact');
    await notes.getByRole('button', { name: 'Save Notes' }).click();
    await toast(page, 'Notes updated successfully');
    await context.close();
  });

  it('changes the lead status only with a reason typed in a dialog that keeps the chosen status', async () => {
    const { page, context, errors } = await openBooking(seed.lead);
    const select = page.getByLabel('Lead status', { exact: true });
    await select.waitFor();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/lead-status')) calls++;
    });
    const nativePrompts: string[] = [];
    page.on('dialog', (dialog) => {
      nativePrompts.push(dialog.message());
      void dialog.dismiss();
    });

    await select.selectOption('trash');
    const dialog = page.getByRole('dialog', { name: 'Change lead status' });
    await dialog.waitFor();
    expect(await select.inputValue()).toBe('trash');
    const reason = dialog.getByLabel('Please enter a reason for this status change:');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await select.inputValue()).toBe('new');

    await select.selectOption('lost');
    await reason.fill('   ');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await dialog.getByRole('alert').getByText('Please enter a reason for this status change').waitFor();
    expect(await select.inputValue()).toBe('lost');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await select.inputValue()).toBe('new');
    expect(calls).toBe(0);

    await select.selectOption('trash');
    await reason.fill('Duplicate enquiry');
    await dialog.getByRole('button', { name: 'Save status' }).click();
    await toast(page, 'Lead status updated successfully');
    expect(calls).toBe(1);
    await expect.poll(() => select.inputValue()).toBe('trash');
    await expect
      .poll(() => region(page, 'Notes & Contact History').getByRole('list', { name: 'Contact history' }).textContent())
      .toContain('Lead status changed to trash: Duplicate enquiry');
    expect(nativePrompts).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sets the meeting point and the hiding spot', async () => {
    const { page, context } = await openBooking(seed.plain);
    const locations = region(page, 'Locations');
    await locations.waitFor();
    await locations.getByRole('button', { name: 'Set Meeting Point' }).click();
    await toast(page, 'Please enter a meeting point');
    await page.getByLabel('Meeting point address').fill('Trafalgar Square, London');
    await locations.getByRole('button', { name: 'Set Meeting Point' }).click();
    await toast(page, 'Meeting point set successfully');
    await expect.poll(() => page.getByTestId('location-meeting').textContent()).toContain('Confirmed');

    await page.getByLabel('Hiding spot address').fill('   ');
    await locations.getByRole('button', { name: 'Update Hiding Spot' }).click();
    await toast(page, 'Please enter a hiding spot address');
    await page.getByLabel('Hiding spot address').fill('Behind the bandstand, Hyde Park');
    await locations.getByRole('button', { name: 'Update Hiding Spot' }).click();
    await toast(page, 'Hiding spot updated and notification sent to the designated chicken');
    await expect.poll(() => page.getByTestId('location-hiding').textContent()).toContain('Behind the bandstand, Hyde Park');
    await context.close();
  });

  it('locks a section of the booker page', async () => {
    const { page, context } = await openBooking(seed.plain);
    await page.getByRole('button', { name: 'Lock Locations' }).click();
    await toast(page, 'Locations locked successfully');
    await expect.poll(() => page.getByTestId('lock-locations').textContent()).toContain('Locked');
    await page.getByRole('button', { name: 'Unlock Locations' }).click();
    await toast(page, 'Locations unlocked successfully');
    await context.close();
  });

  it('disables Start Game and the weapons on an unpaid booking, saying why, and shows an empty heartbeat', async () => {
    const { page, context } = await openBooking(seed.stale);
    const start = page.getByRole('button', { name: 'Start Game', exact: true });
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    // The reason is text on the page that the button points to, so screen readers announce it with the button.
    const startReason = await page.locator(`[id="${await start.getAttribute('aria-describedby')}"]`).textContent();
    expect(startReason).toContain(DETAIL_MESSAGES.notPaid);
    await page.getByText(DETAIL_MESSAGES.notPaid).waitFor();
    const weapons = page.getByRole('button', { name: 'Enable Weapons' });
    expect(await weapons.isDisabled()).toBe(true);
    expect(await page.locator(`[id="${await weapons.getAttribute('aria-describedby')}"]`).textContent()).toContain('No game associated with this booking');
    await page.getByRole('button', { name: 'Game Heartbeat' }).click();
    await page.getByRole('dialog', { name: 'Game Heartbeat' }).getByText('No heartbeat data available').waitFor();
    await context.close();
  });

  it('records a payment: shown in pounds, the booking becomes paid with a game code', async () => {
    const { page, context } = await openBooking(seed.plain);
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    await page.getByLabel('Payment type').selectOption('bank_transfer');
    await page.getByLabel('Amount (£)').fill('100.5');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByRole('dialog', { name: 'Confirm payment' }).getByRole('button', { name: 'Record £100.50' }).click();
    await toast(page, 'Payment recorded successfully');
    await expect.poll(() => payments.textContent()).toContain('£100.50');
    expect(await payments.textContent()).toContain('Bank transfer');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).getByRole('link').getAttribute('href')).toMatch(/^\/booking\/[0-9A-Z]{10}$/);
    expect(await region(page, 'Basic Information').textContent()).toContain('paid');
    await region(page, 'Emergency Host Change').waitFor();
    await context.close();
  });

  it('starts the game after confirmation, once', async () => {
    const { page, context, errors } = await openBooking(seed.paid);
    await page.getByRole('button', { name: 'Start Game', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Game' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Confirm Start' }).click();
    await toast(page, `Game started successfully! Game code: ${seed.paidCode}`);
    const started = page.getByRole('button', { name: 'Game Already Started' });
    await started.waitFor();
    expect(await started.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('toggles weapons after confirmation', async () => {
    const { page, context } = await openBooking(seed.paid);
    await page.getByRole('button', { name: 'Enable Weapons' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Weapons Toggle' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await region(page, 'Game Setup Status').textContent()).toContain('Weapons disabled');

    await page.getByRole('button', { name: 'Enable Weapons' }).click();
    await dialog.getByRole('button', { name: 'Yes, enable weapons' }).click();
    await toast(page, 'Weapons enabled successfully');
    await expect.poll(() => region(page, 'Game Setup Status').textContent()).toContain('Weapons enabled');
    await page.getByRole('button', { name: 'Disable Weapons' }).click();
    await dialog.getByRole('button', { name: 'Yes, disable weapons' }).click();
    await toast(page, 'Weapons disabled successfully');
    await context.close();
  });

  it('refreshes the heartbeat every 60 seconds while the modal is open', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London', storageState: adminState });
    const page = await context.newPage();
    await page.clock.install();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/game-heartbeat')) calls++;
    });
    await page.goto(`/admin/bookings/${seed.live}`);
    await page.getByRole('button', { name: 'Game Heartbeat' }).click();
    await page.getByRole('dialog', { name: 'Game Heartbeat' }).getByText('Foxes').waitFor();
    expect(calls).toBe(1);
    await page.clock.fastForward(59_000);
    await page.waitForTimeout(300);
    expect(calls).toBe(1);
    await page.clock.fastForward(2_000);
    await expect.poll(() => calls).toBe(2);
    await page.getByRole('dialog', { name: 'Game Heartbeat' }).getByRole('button', { name: 'Close' }).click();
    await page.clock.fastForward(120_000);
    await page.waitForTimeout(300);
    expect(calls).toBe(2);
    await context.close();
  });

  it('shows the live game in the heartbeat modal', async () => {
    const { page, context, errors } = await openBooking(seed.live);
    expect(await page.getByRole('button', { name: 'Game Already Started' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Game Heartbeat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Game Heartbeat' });
    await dialog.getByText('Foxes').waitFor();
    const text = (await dialog.textContent()) ?? '';
    expect(await dialog.getAttribute('data-size')).toBe('xl');
    expect(await dialog.getByTestId('live-instances-count').textContent()).toBe('1');
    for (const expected of ['Owls', 'Fran Fox', 'Oscar Owl', 'Ready', 'Not ready', '1 submissions', 'Owls,', '25 points', 'radius 750 m', 'live']) {
      expect(text).toContain(expected);
    }
    // Started 30 minutes before the seed ran; a loaded machine can take minutes to reach this test.
    expect(text).toMatch(/3\d min/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('assigns hosts to hosted bookings and changes the host in an emergency', async () => {
    const { page, context } = await openBooking(seed.hosted);
    const hostSection = region(page, 'Host Assignment');
    await hostSection.waitFor();
    const hostSelect = page.getByLabel('Host', { exact: true });
    await expect.poll(() => hostSelect.locator('option').count()).toBeGreaterThan(1);
    await hostSection.getByRole('button', { name: 'Assign Host' }).click();
    await toast(page, 'Please select a host');
    await hostSelect.selectOption(String(seed.hostId));
    await hostSection.getByRole('button', { name: 'Assign Host' }).click();
    await toast(page, 'Host assigned successfully');

    const emergency = region(page, 'Emergency Host Change');
    await emergency.getByRole('button', { name: 'Change Host' }).click();
    await toast(page, 'Please enter a user ID');
    // Picked from the hosts by name and email (issue 19), not typed as a user id.
    const newHost = emergency.getByLabel('New host');
    await newHost.locator('option', { hasText: 'Hattie Host' }).waitFor({ state: 'attached' });
    await newHost.selectOption({ label: `Hattie Host (hattie@e2e.test)` });
    await emergency.getByRole('button', { name: 'Change Host' }).click();
    await toast(page, 'Emergency host change successful');
    await expect.poll(() => hostSection.textContent()).toContain('Hattie Host');
    await expect.poll(() => emergency.locator('dl').textContent()).toContain('Hattie Host (hattie@e2e.test)');
    await context.close();
  });

  it('says so when the hosts cannot be loaded', async () => {
    const { page, context } = await openBooking(seed.hosted, async (p) => {
      await p.route('**/api/admin/hosts', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Server Error"}' }));
    });
    await toast(page, 'Failed to load hosts');
    await context.close();
  });

  it('refuses a stale edit, says so and reloads the booking', async () => {
    const { page, context, errors } = await openBooking(seed.stale);
    const notes = region(page, 'Notes & Contact History');
    await notes.waitFor();
    // Someone else saves the notes after this page loaded version 1.
    const { status } = await call(page, 'PATCH', `/api/admin/bookings/${seed.stale}`, { admin_general_notes: 'Changed by a colleague', version: 1 });
    expect(status).toBe(200);
    await page.getByLabel('General notes').fill('My older view');
    await notes.getByRole('button', { name: 'Save Notes' }).click();
    await toast(page, DETAIL_MESSAGES.stale);
    await expect.poll(() => page.getByLabel('General notes').inputValue()).toBe('Changed by a colleague');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('confirms a payment, warns above the amount due, and voids a payment as its own entry', async () => {
    const { page, context, errors } = await openBooking(seed.pay);
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/payments(\/|$)/.test(new URL(r.url()).pathname)) posts++;
    });
    // £100,000 on a £120 booking: shown in full, with the excess, and only recorded once ticked.
    await page.getByLabel('Amount (£)').fill('100000');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
    await confirm.waitFor();
    expect(await confirm.getByTestId('confirm-amount').textContent()).toBe('£100,000.00');
    expect(await confirm.getByRole('alert').textContent()).toContain('This is £99,880.00 more than the £120.00 still due.');
    const record = confirm.getByRole('button', { name: 'Record £100,000.00' });
    expect(await record.isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(posts).toBe(0);
    expect(await payments.textContent()).toContain('No payments recorded');

    await page.getByLabel('Amount (£)').fill('100000');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await confirm.getByLabel('Yes, record more than is due').check();
    await record.click();
    await toast(page, 'Payment recorded successfully');
    expect(posts).toBe(1);
    await expect.poll(() => page.getByTestId('payments-total').textContent()).toBe('£100,000.00');
    expect(await region(page, 'Basic Information').textContent()).toContain('paid');
    await expect.poll(() => page.getByLabel('Lead status', { exact: true }).inputValue()).toBe('converted');

    // A mistake is voided, never deleted: both entries stay, with who and why, and nothing is paid any more.
    await payments.getByRole('button', { name: /^Void payment #/ }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void payment' });
    await voidDialog.getByText(/goes back to lead/).waitFor();
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await voidDialog.getByRole('alert').getByText('Please enter a reason').waitFor();
    await voidDialog.getByLabel('Reason').fill('Typed the amount wrong');
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await toast(page, 'Payment voided successfully');
    await expect.poll(() => page.getByTestId('payments-total').textContent()).toBe('£0.00');
    const history = (await payments.locator('tbody').textContent()) ?? '';
    for (const expected of ['£100,000.00', 'Voided', 'Void of #', '-£100,000.00', 'Reason: Typed the amount wrong', 'Administrator']) expect(history).toContain(expected);
    expect(await payments.getByRole('button', { name: /^Void payment #/ }).count()).toBe(0);
    expect(await page.getByTestId('payments-due').textContent()).toBe('£120.00');
    await expect.poll(async () => (await region(page, 'Basic Information').textContent()) ?? '').toContain('lead');
    expect(await page.getByRole('button', { name: 'Start Game', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a typed amount that is not one, and a refund above what is left, with one message each and no call', async () => {
    const { page, context, errors } = await openBooking(seed.paid);
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && /\/payments(\/|$)/.test(new URL(r.url()).pathname)) posts++;
    });
    await page.getByLabel('Amount (£)').fill('ten');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await toast(page, 'Please enter an amount greater than 0');
    expect(await page.getByRole('dialog', { name: 'Confirm payment' }).count()).toBe(0);

    await payments.getByRole('button', { name: /^Refund payment #/ }).first().click();
    const refund = page.getByRole('dialog', { name: 'Refund payment' });
    await refund.waitFor();
    await refund.getByLabel('Refund amount (£)').fill('999999');
    await refund.getByLabel('Reason').fill('Too much');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await refund.getByRole('alert').getByText(/^A refund cannot be more than the £[\d,.]+ left of this payment$/).waitFor();
    await refund.getByLabel('Refund amount (£)').fill('0');
    await refund.getByRole('button', { name: 'Record refund' }).click();
    await refund.getByRole('alert').getByText('Please enter an amount greater than 0', { exact: true }).waitFor();
    expect(await refund.getByRole('alert').count()).toBe(1);
    await refund.getByRole('button', { name: 'Cancel' }).click();
    await refund.waitFor({ state: 'hidden' });
    expect(posts).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('records and shows payments of a USD booking in dollars', async () => {
    const { page, context } = await openBooking(seed.usd);
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    await page.getByLabel('Amount ($)').fill('50');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
    expect(await confirm.textContent()).toContain('$120');
    await confirm.getByRole('button', { name: 'Record $50.00' }).click();
    await toast(page, 'Payment recorded successfully');
    await expect.poll(() => page.getByTestId('payments-total').textContent()).toBe('$50.00');
    expect(await page.getByTestId('payments-due').textContent()).toBe('$70.00');
    expect(await payments.textContent()).not.toContain('£');
    await context.close();
  });

  it("keeps an error toast until its close button (or its 10 s end) and shows the server's message on an emergency host change", async () => {
    // The host picked stops being one meanwhile: the first change is refused with the server's message.
    let refuse = true;
    const { page, context } = await openBooking(seed.paid, async (p) => {
      await p.route('**/emergency-change-host', async (route) => {
        if (!refuse) return route.continue();
        refuse = false;
        return route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: DETAIL_MESSAGES.notAHost, code: 'validation_failed' }) });
      });
    });
    const emergency = region(page, 'Emergency Host Change');
    const newHost = emergency.getByLabel('New host');
    await newHost.locator('option', { hasText: 'Hattie Host' }).waitFor({ state: 'attached' });
    await newHost.selectOption(String(seed.hostId));
    await emergency.getByRole('button', { name: 'Change Host' }).click();
    await toast(page, DETAIL_MESSAGES.notAHost);
    const error = page.locator('[data-sonner-toast]', { hasText: DETAIL_MESSAGES.notAHost });
    // A success toast comes and goes after 1.2 s while the error toast stays: no fixed wait needed to prove it stays.
    await newHost.selectOption(String(seed.hostId));
    await emergency.getByRole('button', { name: 'Change Host' }).click();
    await toast(page, 'Emergency host change successful');
    await page.locator('[data-sonner-toast]', { hasText: 'Emergency host change successful' }).waitFor({ state: 'detached', timeout: 5_000 });
    expect(await error.isVisible()).toBe(true);
    await error.getByRole('button', { name: 'Close toast' }).click();
    await error.waitFor({ state: 'detached' });
    await context.close();
  });

  it("shows the server's message when the weapons toggle fails, else 'Failed to toggle weapons'", async () => {
    let answer = { status: 422, body: JSON.stringify({ message: 'Weapons are locked for this game' }) };
    const { page, context } = await openBooking(seed.paid, async (p) => {
      await p.route('**/toggle-weapons', (route) => route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }));
    });
    const dialog = page.getByRole('dialog', { name: 'Confirm Weapons Toggle' });
    await page.getByRole('button', { name: /(Enable|Disable) Weapons/ }).click();
    await dialog.getByRole('button', { name: /^Yes, / }).click();
    await toast(page, 'Weapons are locked for this game');
    answer = { status: 500, body: JSON.stringify({ message: 'Server Error' }) };
    await page.getByRole('button', { name: /(Enable|Disable) Weapons/ }).click();
    await dialog.getByRole('button', { name: /^Yes, / }).click();
    await toast(page, 'Failed to toggle weapons');
    await context.close();
  });

  it('warns before moving the game into the past and saves only when confirmed', async () => {
    const { page, context, errors } = await openBooking(seed.usd);
    let patches = 0;
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches++;
    });
    await region(page, 'Basic Information').getByRole('button', { name: 'Edit date and time' }).click();
    await page.getByLabel('Date', { exact: true }).fill('2020-03-01');
    await page.getByLabel('Meeting time').fill('10:00');
    await page.getByRole('button', { name: 'Save date and time' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'This start is in the past' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('01/03/2020 10:00:00');
    await page.waitForTimeout(300);
    expect(patches).toBe(0);
    // Changing the date takes the warning away; the new start, also past, asks again.
    await page.getByLabel('Date', { exact: true }).fill('2020-03-02');
    expect(await warning.count()).toBe(0);
    await page.getByRole('button', { name: 'Save date and time' }).click();
    await page.getByRole('button', { name: 'Save anyway' }).click();
    await toast(page, 'Date and meeting time updated successfully');
    expect(patches).toBe(1);
    await expect.poll(() => page.getByTestId('game-date-time').textContent()).toContain('02/03/2020 10:00:00');
    expect(errors).toEqual([]);
    await context.close();
  });
});
