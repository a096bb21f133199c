import type { Browser, BrowserContext } from 'playwright-core';
import type { Db } from '../../../src/server/platform/db/client';
import { gameInstances } from '../../../src/server/domains/game/tables/games';
import { PHONE } from './browser';
import { recordToasts } from './toasts';

type Spot = { latitude: number; longitude: number };

/** A game already live since now, for an hour, its area `radius` metres round `centre`: the browser goes straight to play. */
export async function insertLiveInstance(db: Db, gameId: number, centre: Spot, radius = 800) {
  const now = new Date();
  const [instance] = await db
    .insert(gameInstances)
    .values({
      gameId,
      status: 'live',
      startTime: now,
      endsAt: new Date(now.getTime() + 60 * 60_000),
      latestArea: { lat: centre.latitude, lng: centre.longitude, radius },
    })
    .returning();
  if (!instance) throw new Error('no instance');
  return instance;
}

/**
 * A person's own browser on the game (cookies, storage, geolocation): a phone by default, location allowed only when
 * given a spot, map tiles refused at once (no internet here: the browser's NO_MAP_TILES rule), its toasts recorded
 * (toasts.ts) and the service worker kept out of the way.
 */
export async function playerContext(
  browser: Browser,
  baseURL: string,
  options: { geolocation?: Spot; viewport?: typeof PHONE; storage?: Record<string, string> } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? PHONE,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    serviceWorkers: 'block',
    ...(options.geolocation ? { geolocation: options.geolocation, permissions: ['geolocation'] } : {}),
  });
  await recordToasts(context);
  // What the player app keeps in local storage (a joined player's token), there before the first page loads.
  if (options.storage)
    await context.addInitScript((entries) => Object.entries(entries).forEach(([key, value]) => window.localStorage.setItem(key, value)), options.storage);
  return context;
}
