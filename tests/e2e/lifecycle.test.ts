import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP } from './support/browser';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { expectToast, recordToasts } from './support/toasts';

/**
 * The game's lifecycle on the staff screens (issue 19, docs/LIFECYCLE.md): Start Game is refused outside its window
 * with the server's reason shown, starts inside it, is ended and resumed from the host console, and the booking reads
 * completed, then paid.
 */
const j = useServerAndBrowser({
  seed: async (db) => {
    // In Paris time, to show the reason in the game's own zone; its meeting 5 hours away (the window opens in 3).
    const early = await createPaidBooking(db, { fullName: 'Erin Early', ...startableSchedule({ minutesAhead: 5 * 60, timezone: 'Europe/Paris' }) });
    const now = await createPaidBooking(db, { fullName: 'Nora Now', ...startableSchedule({ minutesAhead: 30 }) });
    return { early: early.booking.id, now: now.booking.id, nowCode: now.gameCode };
  },
});

/** One signed-in staff browser for the file; each screen a page (tab) of it. */
let staff: BrowserContext | undefined;
afterAll(async () => {
  await staff?.close();
});

async function open(url: string) {
  if (!staff) {
    staff = await j.browser.newContext({ baseURL: j.server.url, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London' });
    await recordToasts(staff);
    await signIn(staff, j.server);
  }
  const page = await staff.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { page, errors };
}

const basicInformation = (page: Page) => page.getByRole('region', { name: 'Basic Information', exact: true });

describe('the game lifecycle on the staff screens', () => {
  it('refuses Start Game before its window, saying from when in the game zone', async () => {
    const { page, errors } = await open(`/admin/bookings/${j.seed.early}`);
    const start = page.getByRole('button', { name: 'Start Game', exact: true });
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    const reason = (await page.locator(`[id="${await start.getAttribute('aria-describedby')}"]`).textContent()) ?? '';
    expect(reason).toMatch(/^Start Game: This game can be started from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Europe\/Paris\)\.$/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('starts inside the window, ends and resumes from the host console: the booking reads completed, then paid', async () => {
    const detail = await open(`/admin/bookings/${j.seed.now}`);
    await detail.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    await detail.page.getByRole('dialog', { name: 'Start Game' }).getByRole('button', { name: 'Confirm Start' }).click();
    await expectToast(detail.page, `Game started successfully! Game code: ${j.seed.nowCode}`);
    await detail.page.getByRole('button', { name: 'Game Already Started' }).waitFor();

    const consolePage = await open(`/host/${j.seed.nowCode}`);
    const { page } = consolePage;
    const status = page.getByTestId('game-status');
    await expect.poll(() => status.textContent()).toBe('live');
    await page.getByRole('button', { name: 'End Game' }).click();
    await page.getByRole('dialog', { name: 'End the game?' }).getByRole('button', { name: 'Yes, end' }).click();
    await expectToast(page, 'Game ended');
    await expect.poll(() => status.textContent()).toBe('ended');

    await detail.page.reload();
    await expect.poll(async () => (await basicInformation(detail.page).textContent()) ?? '').toContain('completed');
    expect(await detail.page.getByRole('button', { name: 'Resume Game' }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Resume Game' }).click();
    await page.getByRole('dialog', { name: 'Resume the game?' }).getByRole('button', { name: 'Yes, resume' }).click();
    await expectToast(page, 'Game resumed');
    await expect.poll(() => status.textContent()).toBe('live');
    await page.getByTestId('time-left').waitFor();

    await detail.page.reload();
    await expect.poll(async () => (await basicInformation(detail.page).textContent()) ?? '').toContain('paid');
    expect(await basicInformation(detail.page).textContent()).not.toContain('completed');
    expect(detail.errors).toEqual([]);
    expect(consolePage.errors).toEqual([]);
  });
});
