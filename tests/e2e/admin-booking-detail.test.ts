import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { users } from '../../src/server/domains/identity/tables/users';
import { teams } from '../../src/server/domains/booking/tables/bookings';
import { gameInstances, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { createBooking, createPaidBooking, startableSchedule } from '../support/fixtures';
import { newPage, PHONE } from './support/browser';
import { seriousA11yViolations } from './support/axe';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { expectToast } from './support/toasts';

/**
 * The booking detail through the whole product: the journeys staff make on it, with the server storing what the
 * screen sends. Every message, hint, dialog and error state of the screen is a component test
 * (tests/component/admin-booking-detail.test.tsx); what the server stores and refuses, an API test
 * (tests/api/admin-booking-detail.test.ts).
 */
const j = useServerAndBrowser({
  seed: async (db) => {
    const [host] = await db.insert(users).values({ name: 'Hattie Host', email: 'hattie@e2e.test', isHost: true }).returning();
    if (!host) throw new Error('host not seeded');
    const plain = await createBooking(db, { fullName: 'Paula Plain', companyName: 'Acme Ltd', bookingStatus: 'lead', gclid: 'abc123', ...startableSchedule() });
    await db.insert(teams).values({ bookingId: plain.id, name: 'Team Crumble', players: 'Ann,Bob , Cy' });
    const pay = await createBooking(db, { fullName: 'Priya Pays', bookingStatus: 'lead', leadStatus: 'negotiating' });
    await createBooking(db, { fullName: 'Quinn Quick', bookingStatus: 'lead' });
    const live = await createPaidBooking(db, { fullName: 'Liv Live' });
    const start = new Date(Date.now() - 30 * 60_000);
    const [instance] = await db
      .insert(gameInstances)
      .values({ gameId: live.gameId, status: 'live', startTime: start, latestArea: { lat: 51.5, lng: -0.12, radius: 750 } })
      .returning();
    if (!instance) throw new Error('instance not seeded');
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes', points: 40, chickenPoints: 15, foundChickenAt: new Date(start.getTime() + 20 * 60_000) },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls', points: 25 },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('teams not seeded');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Fran Fox', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Oscar Owl', ready: false },
    ]);
    await db
      .insert(submissions)
      .values({ instanceId: instance.id, teamId: owls.id, status: 'approved', pointsAwarded: 25, submittedAt: new Date(start.getTime() + 10 * 60_000) });
    return { plain: plain.id, pay: pay.id, live: live.booking.id, hostId: host.id };
  },
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

describe('admin booking detail', () => {
  it('a lead is paid by hand, gets its game code, a host, and its game is started; back to the list it came from', async () => {
    const { page, context, errors } = await j.staffPage(`/admin/bookings?search=Paula`);
    await page.locator(`a[href="/admin/bookings/${j.seed.plain}"]`).first().click();
    const basic = region(page, 'Basic Information');
    await basic.waitFor();
    expect(await basic.textContent()).toContain('Paula Plain');
    expect(await region(page, 'Teams').textContent()).toContain('Ann, Bob, Cy');
    expect(await region(page, 'Tracking Information').textContent()).toContain('abc123');
    expect(await page.getByRole('heading', { level: 1 }).getByRole('link').getAttribute('href')).toMatch(/^\/hatch\/[0-9A-Z]{12}$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    const payments = region(page, 'Payment History');
    await page.getByLabel('Payment type').selectOption('bank_transfer');
    await page.getByLabel('Amount (£)').fill('120');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
    await confirm.waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await confirm.getByRole('button', { name: 'Record £120.00' }).click();
    await expectToast(page, 'Payment recorded successfully');
    await expect.poll(() => payments.textContent()).toContain('Bank transfer');
    expect(await page.getByTestId('payments-total').textContent()).toBe('£120.00');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).getByRole('link').getAttribute('href')).toMatch(/^\/booking\/[0-9A-Z]{10}$/);
    const code = (await page.getByRole('heading', { level: 1 }).getByRole('link').textContent()) ?? '';
    expect(await basic.textContent()).toContain('paid');
    expect(await page.getByLabel('Lead status', { exact: true }).inputValue()).toBe('converted');

    // The host list comes from the server's users; one panel assigns the host of the booking and of its game.
    const hostPanel = region(page, 'Host Assignment');
    expect(await page.getByRole('region', { name: 'Emergency Host Change' }).count()).toBe(0);
    const newHost = hostPanel.getByLabel('Host', { exact: true });
    await newHost.locator('option', { hasText: 'Hattie Host' }).waitFor({ state: 'attached' });
    await newHost.selectOption(String(j.seed.hostId));
    await hostPanel.getByRole('button', { name: 'Assign Host' }).click();
    await expectToast(page, 'Host assigned successfully');
    await expect.poll(() => hostPanel.locator('dl').textContent()).toContain('Hattie Host (hattie@e2e.test)');

    await page.getByRole('button', { name: 'Start Game', exact: true }).click();
    await page.getByRole('dialog', { name: 'Start Game' }).getByRole('button', { name: 'Confirm Start' }).click();
    await expectToast(page, `Game started successfully! Game code: ${code}`);
    const started = page.getByRole('button', { name: 'Game Already Started' });
    await started.waitFor();
    expect(await started.isDisabled()).toBe(true);

    await page.getByRole('button', { name: /Back to Bookings/ }).click();
    await page.waitForURL(/\/admin\/bookings\?search=Paula$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a payment recorded on the booking shows on the bookings and payments lists staff go back to, without a reload', async () => {
    // Both lists are read first, so each has a copy of the booking from before the payment.
    const { page, context, errors } = await j.staffPage('/admin/payments');
    await page.getByText('Total received:').waitFor();
    expect(await page.getByRole('row', { name: /Quinn Quick/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Bookings', exact: true }).click();
    const row = page.getByRole('row', { name: /Quinn Quick/ });
    await row.waitFor();
    const before = (await row.textContent()) ?? '';

    await row.getByRole('link').first().click();
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    await page.getByLabel('Amount (£)').fill('50');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    await page.getByRole('dialog', { name: 'Confirm payment' }).getByRole('button', { name: 'Record £50.00' }).click();
    await expectToast(page, 'Payment recorded successfully');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).getByRole('link').getAttribute('href')).toMatch(/^\/booking\/[0-9A-Z]{10}$/);
    const code = (await page.getByRole('heading', { level: 1 }).getByRole('link').textContent()) ?? '';

    // Seconds later, well inside the lists' 10 s freshness: each shows the payment, not the copy it held.
    await page.getByRole('button', { name: /Back to Bookings/ }).click();
    await expect.poll(async () => (await row.textContent()) ?? '', { timeout: 5_000 }).toContain(code);
    expect(before).not.toContain(code);
    await page.getByRole('link', { name: 'Payments', exact: true }).click();
    await expect.poll(async () => (await page.getByRole('row', { name: /Quinn Quick/ }).textContent()) ?? '', { timeout: 5_000 }).toContain('£50.00');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a payment above the amount due is recorded once confirmed, then voided as its own entry: the booking is a lead again', async () => {
    const { page, context, errors } = await j.staffPage(`/admin/bookings/${j.seed.pay}`);
    const payments = region(page, 'Payment History');
    await payments.waitFor();
    await page.getByLabel('Amount (£)').fill('100000');
    await payments.getByRole('button', { name: 'Record Payment' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
    await confirm.getByLabel('Yes, record more than is due').check();
    await confirm.getByRole('button', { name: 'Record £100,000.00' }).click();
    await expectToast(page, 'Payment recorded successfully');
    await expect.poll(() => page.getByTestId('payments-total').textContent()).toBe('£100,000.00');

    await payments.getByRole('button', { name: /^Void payment #/ }).click();
    const voidDialog = page.getByRole('dialog', { name: 'Void payment' });
    await voidDialog.getByLabel('Reason').fill('Typed the amount wrong');
    await voidDialog.getByRole('button', { name: 'Void payment' }).click();
    await expectToast(page, 'Payment voided successfully');
    await expect.poll(() => page.getByTestId('payments-total').textContent()).toBe('£0.00');
    const history = (await payments.locator('tbody').textContent()) ?? '';
    for (const expected of ['£100,000.00', 'Voided', 'Void of #', '-£100,000.00', 'Reason: Typed the amount wrong', 'Administrator'])
      expect(history).toContain(expected);
    await expect.poll(async () => (await region(page, 'Basic Information').textContent()) ?? '').toContain('lead');
    expect(await page.getByRole('button', { name: 'Start Game', exact: true }).isDisabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: the live game in the heartbeat, refreshed every 60 seconds while open, and no sideways scrolling', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url, PHONE);
    await signIn(context, j.server);
    await page.clock.install();
    let calls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/game-heartbeat')) calls++;
    });
    await page.goto(`/admin/bookings/${j.seed.live}`);
    await region(page, 'Game Setup Status').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.getByRole('button', { name: 'Game Already Started' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Game Heartbeat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Game Heartbeat' });
    await dialog.getByText('Foxes').waitFor();
    expect(calls).toBe(1);
    // Not before the minute is up (45 s on the page's clock, plus the real seconds this takes, stay under it): a request
    // the page makes afterwards comes back after any refresh would have left. Then, past the minute, the refresh.
    const roundTrip = () => page.evaluate(() => fetch('/api/admin/hosts').then((r) => r.status));
    await page.clock.fastForward(45_000);
    expect(await roundTrip()).toBe(200);
    expect(calls).toBe(1);
    await page.clock.fastForward(16_000);
    await expect.poll(() => calls).toBe(2);

    const text = (await dialog.textContent()) ?? '';
    expect(await dialog.getByTestId('live-instances-count').textContent()).toBe('1');
    for (const expected of ['Owls', 'Fran Fox', 'Oscar Owl', 'Ready', 'Not ready', '1 submissions', 'Owls,', '25 points', 'radius 750 m', 'live']) {
      expect(text).toContain(expected);
    }
    // Started 30 minutes before the seed ran; a loaded machine can take minutes to reach this test.
    expect(text).toMatch(/3\d min/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Closed, it refreshes no more.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.clock.fastForward(120_000);
    expect(await roundTrip()).toBe(200);
    expect(calls).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
