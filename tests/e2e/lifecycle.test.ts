import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seedDataDir } from './support/data-dir';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP, launchBrowser, loginAsAdmin, newPage } from './support/browser';
import { startServer, type RunningServer } from './support/server';

/**
 * The game's lifecycle on the staff screens (issue 19, docs/LIFECYCLE.md): Start Game is refused outside its window
 * with the server's reason shown, starts inside it, is ended and resumed from the host console, and the booking reads
 * completed, then paid.
 */
type Seed = { early: number; now: number; nowCode: string };
let seed: Seed;
let dataDir: string;
let server: RunningServer;
let browser: Browser;
let adminState: Awaited<ReturnType<BrowserContext['storageState']>>;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hatch-e2e-lifecycle-'));
  seed = await seedDataDir(dataDir, async (db) => {
    // In Paris time, to show the reason in the game's own zone; its meeting 5 hours away (the window opens in 3).
    const early = await createPaidBooking(db, { fullName: 'Erin Early', ...startableSchedule({ minutesAhead: 5 * 60, timezone: 'Europe/Paris' }) });
    const now = await createPaidBooking(db, { fullName: 'Nora Now', ...startableSchedule({ minutesAhead: 30 }) });
    return { early: early.booking.id, now: now.booking.id, nowCode: now.gameCode };
  });
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

async function open(url: string) {
  const context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP, locale: 'en-GB', timezoneId: 'Europe/London', storageState: adminState });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  return { context, page, errors };
}

async function toast(page: Page, text: string) {
  await page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

const basicInformation = (page: Page) => page.getByRole('region', { name: 'Basic Information', exact: true });

describe('the game lifecycle on the staff screens', () => {
  it('refuses Start Game before its window, saying from when in the game zone', async () => {
    const { page, context, errors } = await open(`/admin/bookings/${seed.early}`);
    const start = page.getByRole('button', { name: 'Start Game', exact: true });
    await start.waitFor();
    expect(await start.isDisabled()).toBe(true);
    const reason = (await page.locator(`[id="${await start.getAttribute('aria-describedby')}"]`).textContent()) ?? '';
    expect(reason).toMatch(/^Start Game: This game can be started from \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} \(Europe\/Paris\)\.$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts inside the window, ends and resumes from the host console: the booking reads completed, then paid', async () => {
    const detail = await open(`/admin/bookings/${seed.now}`);
    await detail.page.getByRole('button', { name: 'Start Game', exact: true }).click();
    await detail.page.getByRole('dialog', { name: 'Start Game' }).getByRole('button', { name: 'Confirm Start' }).click();
    await toast(detail.page, `Game started successfully! Game code: ${seed.nowCode}`);
    await detail.page.getByRole('button', { name: 'Game Already Started' }).waitFor();

    const consolePage = await open(`/host/${seed.nowCode}`);
    const { page } = consolePage;
    const status = page.getByTestId('game-status');
    await expect.poll(() => status.textContent()).toBe('live');
    await page.getByRole('button', { name: 'End Game' }).click();
    await page.getByRole('dialog', { name: 'End the game?' }).getByRole('button', { name: 'Yes, end' }).click();
    await toast(page, 'Game ended');
    await expect.poll(() => status.textContent()).toBe('ended');

    await detail.page.reload();
    await expect.poll(async () => (await basicInformation(detail.page).textContent()) ?? '').toContain('completed');
    expect(await detail.page.getByRole('button', { name: 'Resume Game' }).isDisabled()).toBe(false);

    await page.getByRole('button', { name: 'Resume Game' }).click();
    await page.getByRole('dialog', { name: 'Resume the game?' }).getByRole('button', { name: 'Yes, resume' }).click();
    await toast(page, 'Game resumed');
    await expect.poll(() => status.textContent()).toBe('live');
    await page.getByTestId('time-left').waitFor();

    await detail.page.reload();
    await expect.poll(async () => (await basicInformation(detail.page).textContent()) ?? '').toContain('paid');
    expect(await basicInformation(detail.page).textContent()).not.toContain('completed');
    expect(detail.errors).toEqual([]);
    expect(consolePage.errors).toEqual([]);
    await detail.context.close();
    await consolePage.context.close();
  });
});
