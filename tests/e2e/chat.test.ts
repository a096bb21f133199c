import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { bookings } from '../../src/server/domains/booking/tables/bookings';
import { gameMessages, instanceTeams, players } from '../../src/server/domains/game/tables/games';
import { users } from '../../src/server/domains/identity/tables/users';
import { sha256 } from '../../src/server/platform/crypto';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { signIn } from './support/app-server';
import { DESKTOP } from './support/browser';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance, playerContext } from './support/live-game';

/**
 * Talking in the game (issue 40, decision 0580), on 390 px phones: two teammates chat while one of them has no signal
 * (her message waits on her phone and arrives once, after the other's, when she is back), a player of another team
 * never sees it, and the host reads the team's chat in the console's inbox and answers the team privately.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const HOST_EMAIL = 'harriet.chat@e2e.test';
const TOKENS = { ann: 'e2e-chat-token-ann-0123456789abcdef', bea: 'e2e-chat-token-bea-0123456789abcdef', olly: 'e2e-chat-token-olly-0123456789abcde' };
const contexts: BrowserContext[] = [];
const errors: string[] = [];

const j = useServerAndBrowser({
  seed: async (db) => {
    const [host] = await db.insert(users).values({ name: 'Harriet Host', email: HOST_EMAIL, isHost: true }).returning();
    if (!host) throw new Error('no host');
    const paid = await createPaidBooking(db, { ...startableSchedule(), players: 6, duration: 60 });
    await db.update(bookings).set({ assignedHostId: host.id }).where(eq(bookings.id, paid.booking.id));
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    const [foxes, owls] = await db
      .insert(instanceTeams)
      .values([
        { instanceId: instance.id, name: 'Foxes', nameKey: 'foxes' },
        { instanceId: instance.id, name: 'Owls', nameKey: 'owls' },
      ])
      .returning();
    if (!foxes || !owls) throw new Error('no teams');
    await db.insert(players).values([
      { instanceId: instance.id, teamId: foxes.id, name: 'Ann', tokenHash: sha256(TOKENS.ann), location: 'denied', ready: true },
      { instanceId: instance.id, teamId: foxes.id, name: 'Bea', tokenHash: sha256(TOKENS.bea), location: 'denied', ready: true },
      { instanceId: instance.id, teamId: owls.id, name: 'Olly', tokenHash: sha256(TOKENS.olly), location: 'denied', ready: true },
    ]);
    return { code: paid.gameCode ?? '', foxesId: foxes.id };
  },
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

/** A joined player's phone on the Messages tab. */
async function phone(token: string): Promise<{ context: BrowserContext; page: Page }> {
  const { code } = j.seed;
  const context = await playerContext(j.browser, j.server.url, { storage: { [`hatch.play.${code}`]: token } });
  contexts.push(context);
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/play/${code}`);
  await page.getByRole('tab', { name: /^Messages/ }).click();
  await page.getByRole('heading', { name: 'Messages' }).waitFor();
  return { context, page };
}

/** The team's and the host channel's messages a phone shows (the host's broadcasts, scripted ones too, left out). */
const shown = (page: Page) => page.locator('[data-testid="chat-message"]:not([data-channel="all"])').allInnerTexts();

async function write(page: Page, text: string, to?: 'My team' | 'The host (private to my team)') {
  if (to) await page.getByLabel('To', { exact: true }).selectOption({ label: to });
  await page.getByLabel('Message', { exact: true }).fill(text);
  await page.getByRole('button', { name: /^Send to/ }).click();
}

describe('chat in the game', () => {
  it('two teammates chat while one is offline; the host reads the team and answers it privately', async () => {
    const ann = await phone(TOKENS.ann);
    const bea = await phone(TOKENS.bea);
    const olly = await phone(TOKENS.olly);

    // Bea loses her signal and writes: her message waits on her phone.
    await bea.context.setOffline(true);
    await write(bea.page, 'Going round the back 🦊');
    await bea.page.getByTestId('chat-kept').getByText('Waiting to send').waitFor();

    // Ann writes to the team; it reaches Bea's team, not the Owls.
    await write(ann.page, 'Meet at the fountain');
    await ann.page.getByTestId('chat-message').filter({ hasText: 'Meet at the fountain' }).waitFor();

    // Bea is back: her message is sent once, after Ann's, with the time she wrote it; both phones show both.
    await bea.context.setOffline(false);
    await expect.poll(() => bea.page.getByTestId('chat-kept').count(), { timeout: 20_000 }).toBe(0);
    for (const p of [ann.page, bea.page]) {
      await expect
        .poll(async () => (await shown(p)).map((t) => (t.includes('fountain') ? 'fountain' : t.includes('round the back') ? 'back' : t)), { timeout: 20_000 })
        .toEqual(['fountain', 'back']);
    }
    const stored = await j.server.db.select().from(gameMessages).where(eq(gameMessages.teamId, j.seed.foxesId));
    expect(stored.map((m) => m.text)).toEqual(['Meet at the fountain', 'Going round the back 🦊']);

    // The host's inbox counts the Foxes' chat as unread, shows it, and the host answers the Foxes privately.
    const hostContext = await j.browser.newContext({
      baseURL: j.server.url,
      viewport: DESKTOP,
      locale: 'en-GB',
      timezoneId: 'Europe/London',
      serviceWorkers: 'block',
    });
    contexts.push(hostContext);
    await signIn(hostContext, j.server, HOST_EMAIL);
    const host = await hostContext.newPage();
    host.on('pageerror', (e) => errors.push(e.message));
    await host.goto(`/host/${j.seed.code}`);
    await host.getByRole('heading', { name: 'Inbox (2 unread)' }).waitFor();
    await host.getByRole('button', { name: /Foxes team chat/ }).click();
    await host.getByTestId('inbox-message').filter({ hasText: 'Going round the back' }).waitFor();
    await host.getByRole('heading', { name: 'Inbox', exact: true }).waitFor();
    await write(ann.page, 'Is the museum in the area?', 'The host (private to my team)');
    await host.getByRole('button', { name: /Foxes ↔ you/ }).click();
    await host.getByTestId('inbox-message').filter({ hasText: 'Is the museum in the area?' }).waitFor();
    await host.getByLabel('Reply privately to Foxes').fill('Yes, and the garden too');
    await host.getByRole('button', { name: 'Send to Foxes' }).click();

    for (const p of [ann.page, bea.page]) await p.getByTestId('chat-message').filter({ hasText: 'Yes, and the garden too' }).waitFor({ timeout: 15_000 });
    // The Owls' phone saw none of it.
    expect(await shown(olly.page)).toEqual([]);
    expect(errors).toEqual([]);
  });
});
