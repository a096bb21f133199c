import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { games, instanceTeams, players, submissions } from '../../src/server/domains/game/tables/games';
import { itemStations } from '../../src/server/domains/game/tables/items';
import { mailOutbox } from '../../src/server/platform/db/tables';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking } from '../support/fixtures';
import { DESKTOP } from './support/browser';
import { signIn } from './support/app-server';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * The winner on game day (issue 19), on phones: the Foxes scored more challenge points (20 against 15); the Owls
 * strike the Foxes with an Egg Strike (the Foxes' phone says it may not claim the Chicken, and for how long), find the
 * Chicken (+50) and win. The same winner then shows on both phones' live leaderboard and game-over screen, the host
 * console's team table, the results page and the results mail.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const CHICKEN_SPOT = { latitude: 51.508, longitude: -0.1278 };
// Both teams stand within a few metres of the Chicken; the Owls beside the Egg Strike station.
const ANN_SPOT = { latitude: 51.50803, longitude: -0.1278 };
const BOB_SPOT = { latitude: 51.50806, longitude: -0.1278 };
const TOKENS = {
  ann: 'e2e-winner-token-ann-0123456789abcdef',
  bob: 'e2e-winner-token-bob-0123456789abcdef',
  chicken: 'e2e-winner-token-chicken-0123456789abcdef',
};

const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const paid = await createPaidBooking(db, {
      planType: 'pro',
      players: 6,
      duration: 60,
      initialAreaLat: CENTRE.latitude,
      initialAreaLng: CENTRE.longitude,
      initialAreaRadius: 800,
    });
    await db.update(games).set({ weaponsOn: true }).where(eq(games.id, paid.gameId));
    const now = new Date();
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes', points: 20 },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls', points: 15 },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'granted', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Bob', tokenHash: sha256(TOKENS.bob), location: 'granted', ready: true },
      { instanceId: instance.id, name: 'Chick', role: 'chicken', tokenHash: sha256(TOKENS.chicken), location: 'granted' },
    ]);
    // The challenge points so far, as the host approved them (the review itself is tested in challenges-play).
    await db.insert(submissions).values([
      { instanceId: instance.id, teamId: foxes.id, kind: 'text', textAnswer: 'Twenty', status: 'approved', pointsAwarded: 20, submittedAt: now },
      { instanceId: instance.id, teamId: owls.id, kind: 'text', textAnswer: 'Fifteen', status: 'approved', pointsAwarded: 15, submittedAt: now },
    ]);
    await db.insert(itemStations).values({ gameId: paid.gameId, kind: 'egg_strike', lat: BOB_SPOT.latitude, lng: BOB_SPOT.longitude, label: 'Kiosk' });
    return { code: paid.gameCode, bookingId: paid.booking.id };
  },
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A phone of its own, already joined (its token where the player app keeps it), at a place. */
async function phone(token: string, geolocation: { latitude: number; longitude: number }): Promise<Page> {
  const context = await playerContext(j.browser, j.server.url, { geolocation, storage: { [`hatch.play.${j.seed.code}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  return page;
}

const located = (page: Page, name: string) => page.locator(`[data-testid="map-marker"][data-name="${name}"]`).waitFor({ timeout: 20_000 });
const firstRow = (page: Page, list: string) => page.locator(`[data-testid="${list}"] [data-testid="leaderboard-row"]`).first();

describe('the winner on game day', () => {
  it('names the Chicken finder the winner on every screen, and a frozen team is told it must wait', async () => {
    const chicken = await phone(TOKENS.chicken, CHICKEN_SPOT);
    await chicken.goto(`/play/${j.seed.code}`);
    const foundCode = (await chicken.getByTestId('found-code').textContent())?.trim() ?? '';
    await located(chicken, 'Chick');
    await chicken.getByRole('button', { name: 'Hide here' }).click();
    await chicken.getByTestId('hiding-status').filter({ hasText: 'Hidden since' }).waitFor();

    const [ann, bob] = await Promise.all([phone(TOKENS.ann, ANN_SPOT), phone(TOKENS.bob, BOB_SPOT)]);
    await Promise.all([ann.goto(`/play/${j.seed.code}`), bob.goto(`/play/${j.seed.code}`)]);
    await Promise.all([located(ann, 'Ann'), located(bob, 'Bob')]);

    // The Owls strike the Foxes.
    const backpack = bob.getByTestId('backpack');
    await backpack.locator('[data-testid="station"][data-name="Kiosk"]').getByRole('button', { name: 'Pick up' }).click();
    await backpack.getByRole('button', { name: 'Use Egg Strike' }).click();
    await bob.getByTestId('item-result').filter({ hasText: 'Hit! Foxes is frozen' }).waitFor();

    // The Foxes' phone says what it may not do, and for how long; its claim is off until the freeze ends.
    const blocked = ann.getByRole('form', { name: 'Found the Chicken' }).getByTestId('team-blocked');
    await blocked.waitFor();
    expect(await blocked.innerText()).toMatch(/Your team is frozen by an Egg Strike: you cannot claim the Chicken for \d+ more seconds\./);
    expect(await ann.getByRole('button', { name: 'Claim the Chicken' }).isDisabled()).toBe(true);

    // The Owls claim the Chicken with the code, from where the phone is now.
    const form = bob.getByRole('form', { name: 'Found the Chicken' });
    await form.getByLabel("Code on the Chicken's screen").fill(foundCode);
    await form.getByRole('button', { name: 'Claim the Chicken' }).click();
    await bob.getByTestId('chicken-found').filter({ hasText: '+50 points' }).waitFor();

    // Live: the header and the leaderboard on both phones put the Owls (15 + 50) ahead of the Foxes (20).
    await bob.getByTestId('my-team-score').filter({ hasText: 'Owls: 65 points · 1st of 2' }).waitFor();
    await ann.getByTestId('my-team-score').filter({ hasText: 'Foxes: 20 points · 2nd of 2' }).waitFor();
    for (const p of [ann, bob]) {
      await p.getByRole('tab', { name: 'Challenges' }).click();
      await expect.poll(() => firstRow(p, 'player-leaderboard').getAttribute('data-name')).toBe('Owls');
      expect(await firstRow(p, 'player-leaderboard').getAttribute('data-points')).toBe('65');
    }

    // The host console's team table agrees, then the host ends the game.
    const hostContext = await playerContext(j.browser, j.server.url, { viewport: DESKTOP });
    contexts.push(hostContext);
    await signIn(hostContext, j.server);
    const host = await hostContext.newPage();
    await host.goto(`/host/${j.seed.code}`);
    const hostFirst = host.getByTestId('team-row').first();
    await expect.poll(() => hostFirst.getAttribute('data-name')).toBe('Owls');
    expect(await hostFirst.getAttribute('data-points')).toBe('65');
    expect(await host.getByTestId('team-row').nth(1).getAttribute('data-name')).toBe('Foxes');
    await host.getByRole('button', { name: 'End Game' }).click();
    await host.getByRole('dialog').getByRole('button', { name: 'Yes, end' }).click();

    // Game over on both phones, the same winner.
    for (const p of [ann, bob]) {
      await p.getByRole('heading', { name: 'Game over' }).waitFor();
      await expect.poll(() => firstRow(p, 'game-over-leaderboard').getAttribute('data-name')).toBe('Owls');
      expect(await firstRow(p, 'game-over-leaderboard').innerText()).toContain('65 points');
    }

    // The results page.
    await ann.getByRole('link', { name: 'Results and photo album' }).click();
    await expect.poll(() => firstRow(ann, 'final-leaderboard').getAttribute('data-name')).toBe('Owls');
    expect(await firstRow(ann, 'final-leaderboard').innerText()).toContain('65 points');

    // The results mail to the booker (queued by the server's results mailer within seconds of the end), read from the
    // server's outbox.
    const resultsMail = async () => {
      const mails = await j.server.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.bookingId, j.seed.bookingId));
      return mails.find((m) => m.subject.startsWith('Your hatch results'))?.text ?? '';
    };
    await expect.poll(resultsMail, { timeout: 30_000 }).toContain('1. Owls: 65 points\n2. Foxes: 20 points');
    expect(errors).toEqual([]);
  });
});
