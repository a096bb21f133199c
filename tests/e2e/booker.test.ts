import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { createBooking, createPaidBooking } from '../support/fixtures';
import { newPage, DESKTOP, PHONE } from './support/browser';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { expectToast } from './support/toasts';

/**
 * The booker's pages, as journeys through the whole product. The bookings (unpaid, paid, paid with locked sections,
 * one five days away) are written into the server's database before it starts; everything else goes through the
 * pages, and staff locking goes through the admin API. What a page shows for a given answer (the failure texts,
 * the paid notice, the bank transfer details, "Booking not found", "Game not found", the public game, locked
 * sections) is tests/component/booker.test.tsx; what the server answers is tests/api.
 */
type Game = { id: number; code: string; tempCode: string; manageKey: string };
type Unpaid = { id: number; code: string; manageKey: string };
type Seed = { hatch: Unpaid[]; games: Game[]; locked: Game; soon: Unpaid };
const BANK = 'Hatch Ltd\nSort code 00-11-22\nAccount 12345678';

/** Today in London, and a day some days after it, as the API writes dates. */
function londonDay(daysAhead: number): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date());
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day') + daysAhead)).toISOString().slice(0, 10);
}
const longDate = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const j = useServerAndBrowser<Seed>({
  env: { BANK_TRANSFER_DETAILS: BANK },
  seed: async (db) => {
    const b = await createBooking(db, { fullName: 'Hatch Booker 0', players: 8, companyName: 'Acme Ltd' });
    const hatch = [{ id: b.id, code: b.tempCode, manageKey: b.manageKey }];
    const games = [];
    for (let i = 0; i < 3; i++) {
      const g = await createPaidBooking(db, { fullName: `Game Booker ${i}` });
      games.push({ id: g.booking.id, code: g.gameCode, tempCode: g.booking.tempCode, manageKey: g.booking.manageKey });
    }
    const locked = await createPaidBooking(db, {
      fullName: 'Locked Booker',
      companyName: 'Locked Ltd',
      lockedChallenges: true,
      meetingPointAddress: 'Soho Square gate',
      meetingPointStatus: 'confirmed',
      meetingPointOwner: 'admin',
      hidingSpotAddress: 'The Crown, Soho',
      hidingSpotStatus: 'confirmed',
      hidingSpotOwner: 'admin',
    });
    // A game five days away: the balance is due on booking, today.
    const soon = await createBooking(db, { fullName: 'Soon Booker', date: londonDay(5), utcDateTime: null });
    return {
      soon: { id: soon.id, code: soon.tempCode, manageKey: soon.manageKey },
      hatch,
      games,
      locked: { id: locked.booking.id, code: locked.gameCode, tempCode: locked.booking.tempCode, manageKey: locked.booking.manageKey },
    };
  },
});

async function open(pathname: string, viewport = DESKTOP) {
  const opened = await newPage(j.browser, j.server.url, viewport);
  await opened.page.goto(pathname);
  return opened;
}

/** Nothing sticks out sideways on a phone. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('a booking not yet paid', () => {
  it('shows the temp code alone its facts only, and the mailed private link the summary and payment steps, saving new players and plan at the server price (desktop)', async () => {
    const unpaid = j.seed.hatch[0];
    if (!unpaid) throw new Error('no unpaid booking seeded');
    // The temp code alone (a bank reference, decision 0526): the game and its total, no contact details, and where to go.
    const { page, context, errors } = await open(`/hatch/${unpaid.code.toLowerCase()}`);
    await page.getByTestId('temp-code-notice').waitFor();
    expect(await page.getByTestId('total-price').textContent()).toBe('£120');
    const shown = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['Hatch Booker 0', 'Acme Ltd', '@']) expect(shown).not.toContain(secret);
    expect(await page.getByRole('button', { name: 'Save contact details' }).count()).toBe(0);

    await page.goto(`/manage/${unpaid.manageKey}`);
    await page.getByRole('heading', { name: /Your booking/ }).waitFor();
    expect(await page.getByTestId('total-price').textContent()).toBe('£120');
    expect(await page.locator('#payment').textContent()).toContain('Nothing has been charged');

    const players = page.getByLabel('Number of players');
    await players.fill('1');
    await page.getByText('Please enter a minimum of 2 players').waitFor();
    await players.fill('10');
    await page.getByRole('radio', { name: /Weapons/ }).check();
    await expect.poll(() => page.getByTestId('preview-total').textContent(), { timeout: 10_000 }).toBe('£200');
    expect(await page.getByText('Unsaved changes').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Save game details' }).click();
    await expectToast(page, 'Booking updated');
    await expect.poll(() => page.getByTestId('total-price').textContent(), { timeout: 10_000 }).toBe('£200');
    // Payment follows the saved price without a reload (issue 28: it kept the old balance until one).
    await expect.poll(() => page.getByTestId('balance-due').textContent(), { timeout: 10_000 }).toBe('£200.00');

    await page.getByLabel('Phone').fill('+44 7700 900123');
    await page.getByRole('button', { name: 'Save contact details' }).click();
    await expectToast(page, 'Booking updated');
    await page.reload();
    await page.getByLabel('Phone').waitFor();
    expect(await page.getByLabel('Phone').inputValue()).toBe('+44 7700 900123');
    expect(await page.getByTestId('booking-summary').textContent()).toContain('Weapons');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the booker’s pages on a phone', () => {
  it('fit a phone under the brand header: the booking with the bank transfer, the join page, a game with locked sections, "Game not found"', async () => {
    const { page, context, errors } = await open(`/manage/${j.seed.soon.manageKey}`, PHONE);
    await page.getByRole('heading', { name: /Your booking/ }).waitFor();
    expect(await page.getByTestId('brand-header').isVisible()).toBe(true);
    // The server's answer for a game 5 days away, through the page: the account, the reference, due today.
    const transfer = page.getByTestId('bank-transfer');
    await transfer.waitFor();
    expect(await page.getByTestId('bank-details').innerText()).toBe(BANK);
    expect(await transfer.textContent()).toContain(`Reference: HATCH-${j.seed.soon.code}`);
    expect(await page.getByTestId('balance-due-date').textContent()).toBe(`Today, ${longDate(londonDay(0))}`);
    await page.getByTestId('due-on-booking').waitFor();
    await expectNoSidewaysScroll(page);

    await page.goto(`/booking/${j.seed.locked.code.toLowerCase()}`);
    await page.getByTestId('public-game').waitFor();
    await expectNoSidewaysScroll(page);

    await page.goto(`/manage/${j.seed.locked.manageKey}`);
    await page.getByTestId('challenges-locked').waitFor();
    expect(await page.getByTestId('brand-header').getByRole('link', { name: 'hatch.' }).isVisible()).toBe(true);
    // The challenge list loads on its own, beside the booking (and the payment panel): wait for it.
    await page.locator('#challenges input[type=checkbox]').first().waitFor();
    await expectNoSidewaysScroll(page);
    // The set-up chips wrap on the phone rather than scroll off it (issue 28): the last one is on screen.
    const chips = page.getByRole('navigation', { name: 'Game set-up' });
    expect(await chips.evaluate((nav) => nav.scrollWidth - nav.clientWidth)).toBeLessThanOrEqual(0);
    const lastChip = await chips.getByRole('link').last().boundingBox();
    expect((lastChip?.x ?? Infinity) + (lastChip?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    expect(errors).toEqual([]);

    await page.goto('/play/NOPE9999');
    await page.getByRole('heading', { name: 'Game not found' }).waitFor();
    await expectNoSidewaysScroll(page);
    await context.close();
  });
});

describe('/manage/{key}: the organiser sets up a paid game', () => {
  it('picks challenges by spice level, proposes a spot, sets teams, the Chicken, the area, and activates (desktop)', async () => {
    const game = j.seed.games[0];
    const { page, context, errors } = await open(`/manage/${game?.manageKey}`);
    await page.getByTestId('game-code').waitFor();
    // What the organiser shares with players: the code and the join link, never this page's link.
    expect(await page.getByTestId('game-code').textContent()).toBe(game?.code);
    expect(await page.getByTestId('join-link').getAttribute('href')).toBe(`/play/${game?.code}`);
    const count = page.getByTestId('challenges-count');
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).not.toBe('0 selected');
    const before = Number((await count.textContent())?.split(' ')[0]);

    // Challenges: filter, untick one, the unsaved marker shows, save clears it.
    await page.getByRole('button', { name: 'Spicy', exact: true }).click();
    const spicy = page.locator('#challenges li input[type=checkbox]');
    expect(await spicy.count()).toBeGreaterThan(0);
    const first = spicy.first();
    const wasChecked = await first.isChecked();
    await first.click();
    await page.locator('#challenges').getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save challenges' }).click();
    await expectToast(page, 'Challenges saved');
    expect(await page.locator('#challenges').getByText('Unsaved changes').count()).toBe(0);
    expect(await count.textContent()).toBe(`${before + (wasChecked ? -1 : 1)} selected`);

    // Meeting point: proposed, then 'Requested'.
    const meeting = page.getByTestId('spot-meeting_point');
    expect(await meeting.textContent()).toContain('Not set');
    await meeting.getByLabel('Meeting point address').fill('Trafalgar Square, London');
    await meeting.getByLabel('Notes for our team').fill('By the lions');
    await meeting.getByRole('button', { name: 'Propose' }).click();
    await expectToast(page, 'Meeting point sent to our team');
    await page.getByTestId('spot-meeting_point').getByText('Requested').waitFor();

    // Game area: typed radius; the map chunk loaded even without tiles.
    await page.getByTestId('game-area-map').waitFor();
    await page.getByLabel('Radius (metres)').fill('1500');
    await page.getByRole('button', { name: 'Save game area' }).click();
    await expectToast(page, 'Game area saved');

    // Teams: add two, name them, save.
    await page.getByRole('button', { name: 'Add team' }).click();
    await page.getByRole('button', { name: 'Add team' }).click();
    await page.getByLabel('Team 1 name').fill('Foxes');
    await page.getByLabel(/Team 1 players/).fill('Ann, Bob,  Cy');
    await page.getByLabel(/Team 2 players/).fill('Dee');
    await page.getByRole('button', { name: 'Save teams' }).click();
    await expectToast(page, 'Teams saved');
    expect(await page.getByLabel(/Team 1 players/).inputValue()).toBe('Ann, Bob, Cy');

    // The Chicken: a player needs an email, said once the organiser tries to save without one (not before typing).
    await page.getByRole('radio', { name: /A player/ }).check();
    expect(await page.getByText("Please enter the Chicken's email address").count()).toBe(0);
    await page.getByRole('button', { name: 'Save Chicken' }).click();
    await page.getByText("Please enter the Chicken's email address").waitFor();
    await page.getByLabel("Chicken's email").fill('chick@example.test');
    await page.getByRole('button', { name: 'Save Chicken' }).click();
    await expectToast(page, 'Chicken saved');

    await page.getByRole('button', { name: 'Activate game' }).click();
    await page.getByTestId('activated-note').waitFor();
    await expectToast(page, 'Game activated');

    await page.reload();
    await page.getByTestId('activated-note').waitFor();
    expect(await page.getByTestId('spot-meeting_point').getByLabel('Meeting point address').inputValue()).toBe('Trafalgar Square, London');
    expect(await page.getByTestId('spot-meeting_point').textContent()).toContain('Requested');
    expect(await page.getByLabel('Team 1 name').inputValue()).toBe('Foxes');
    expect(await page.getByLabel('Radius (metres)').inputValue()).toBe('1500');
    expect(await page.getByLabel("Chicken's email").inputValue()).toBe('chick@example.test');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a lock set by staff while the page is open refuses the save with the server reason (phone); the staff payment form starts at bank transfer', async () => {
    const game = j.seed.games[1];
    const { page, context } = await open(`/manage/${game?.manageKey}`, PHONE);
    await page.getByRole('button', { name: 'Add team' }).waitFor();

    // Staff open an unpaid booking: the payment form starts at bank transfer, the way bookers pay here.
    const admin = await j.staffPage(`/admin/bookings/${j.seed.soon.id}`);
    const type = admin.page.getByLabel('Payment type');
    await type.waitFor();
    expect(await type.inputValue()).toBe('bank_transfer');
    const { status } = await call(admin.page, 'PATCH', `/api/admin/bookings/${game?.id}/locks`, { teams: true });
    expect(status).toBe(200);
    expect(admin.errors).toEqual([]);
    await admin.context.close();

    await page.getByRole('button', { name: 'Add team' }).click();
    await page.getByRole('button', { name: 'Save teams' }).click();
    await expectToast(page, 'Failed to save teams');
    await page.getByRole('alert').filter({ hasText: 'Teams are locked by our team' }).waitFor();
    await page.reload();
    await page.getByTestId('teams-locked').waitFor();
    await context.close();
  });

  it('loads Leaflet only on the game page, never with the booking wizard; moves the game area by dragging its centre on the map, even with no tiles (desktop)', async () => {
    const { page, context, errors } = await newPage(j.browser, j.server.url);
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.resourceType() === 'stylesheet') scripts.push(r.url());
    });
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('game-area-map'))).toBe(false);
    await page.goto(`/manage/${j.seed.games[2]?.manageKey}`);
    await page.getByTestId('game-area-map').waitFor();
    expect(scripts.some((s) => s.includes('game-area-map'))).toBe(true);

    const marker = page.locator('[data-testid=game-area-map] .leaflet-marker-icon');
    await marker.waitFor();
    const before = await page.getByLabel('Latitude').inputValue();
    await page.getByTestId('game-area-map').scrollIntoViewIfNeeded();
    const box = await marker.boundingBox();
    if (!box) throw new Error('marker not drawn');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 - 40, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByLabel('Latitude').inputValue(), { timeout: 10_000 }).not.toBe(before);
    await page.locator('#game-area').getByText('Unsaved changes').waitFor();
    await page.getByRole('button', { name: 'Save game area' }).click();
    await expectToast(page, 'Game area saved');
    expect(await page.locator('#game-area').getByText('Unsaved changes').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('"Add to calendar" on the booker’s pages', () => {
  it('downloads the game as an .ics from the public game page: its UID, its meeting point, and no private link (desktop)', async () => {
    const { page, context, errors } = await open(`/booking/${j.seed.locked.code}`);
    const link = page.getByRole('link', { name: 'Add to calendar' });
    await link.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('hatch-game.ics');
    const path = await download.path();
    const ics = readFileSync(path, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(`UID:booking-${j.seed.locked.id}@`);
    expect(ics).toContain('LOCATION:Soho Square gate');
    expect(ics).not.toContain(j.seed.locked.manageKey);
    expect(errors).toEqual([]);
    await context.close();
  });
});
