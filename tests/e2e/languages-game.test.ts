import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameInstances, instanceTeams } from '../../src/server/domains/game/tables/games';
import { gameShowcase } from '../../src/server/domains/game/tables/showcase';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP, PHONE } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance } from './support/live-game';

/**
 * Issue 38 on game day: two players of one team join in French and Spanish on 390 px phones, each phone speaks its
 * player's language (and the server keeps it); the game over in each; the big screen in Dutch, picked by the host.
 */
const CENTRE = { latitude: 51.5074, longitude: -0.1278 };
const SCREEN_TOKEN = 'b1'.repeat(32);

const j = useServerAndBrowser({
  seed: async (db) => {
    const area = { initialAreaLat: CENTRE.latitude, initialAreaLng: CENTRE.longitude, initialAreaRadius: 800 };
    const paid = await createPaidBooking(db, { ...startableSchedule(), players: 6, duration: 60, ...area });
    const instance = await insertLiveInstance(db, paid.gameId, CENTRE);
    await db.insert(instanceTeams).values([{ instanceId: instance.id, name: 'Renards', nameKey: 'renards', points: 12 }]);
    await db.insert(gameShowcase).values({ gameId: paid.gameId, screenToken: SCREEN_TOKEN });
    return { code: paid.gameCode ?? '', instanceId: instance.id };
  },
});

/** A phone whose browser speaks `locale` (Chromium sends it as Accept-Language), map tiles refused (no internet). */
async function phoneIn(locale: string, viewport = PHONE) {
  const context = await j.browser.newContext({ baseURL: j.server.url, viewport, locale, timezoneId: 'Europe/Paris', serviceWorkers: 'block' });
  await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return { context, page, errors };
}

describe('one team, two languages', () => {
  it('a player joins in French and a teammate in Spanish; each phone speaks its player’s language, to the game over', async () => {
    const amelie = await phoneIn('fr-FR');
    await amelie.page.goto(`/play/${j.seed.code}`);
    expect(await amelie.page.locator('html').getAttribute('lang')).toBe('fr');
    await amelie.page.getByRole('heading', { name: `Rejoindre la partie ${j.seed.code}` }).waitFor();
    await amelie.page.getByRole('textbox', { name: 'Votre nom' }).fill('Amélie');
    await amelie.page.getByRole('radio', { name: /Renards/ }).check();
    await expectNoSeriousA11yViolations(amelie.page, 'the French join form (phone)');
    await amelie.page.getByRole('button', { name: 'Rejoindre la partie' }).click();
    await amelie.page.getByRole('tab', { name: 'Carte' }).waitFor();
    await amelie.page.getByRole('tab', { name: 'Défis' }).waitFor();

    // Lucía's phone is in English; she picks Spanish on the join form's page.
    const lucia = await phoneIn('en-GB');
    await lucia.page.goto(`/play/${j.seed.code}`);
    await lucia.page.getByRole('combobox', { name: 'Language' }).selectOption('es');
    await lucia.page.getByRole('heading', { name: `Unirse a la partida ${j.seed.code}` }).waitFor();
    await lucia.page.getByRole('textbox', { name: 'Tu nombre' }).fill('Lucía');
    await lucia.page.getByRole('radio', { name: /Renards/ }).check();
    await lucia.page.getByRole('button', { name: 'Unirme a la partida' }).click();
    await lucia.page.getByRole('tab', { name: 'Mapa' }).waitFor();
    await lucia.page.getByRole('tab', { name: 'Retos' }).waitFor();
    await lucia.page.getByRole('tab', { name: 'Mensajes' }).waitFor();
    expect(await lucia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The server keeps each player's language (the player answer carries it), on one team.
    const me = async (page: typeof amelie.page) =>
      (
        await call(page, 'GET', `/api/play/${j.seed.code}/me`, undefined, {
          'x-player-token': (await page.evaluate((c) => window.localStorage.getItem(`hatch.play.${c}`), j.seed.code)) ?? '',
        })
      ).json as { player: { language: string; team_id: number } };
    const [a, l] = [await me(amelie.page), await me(lucia.page)];
    expect(a.player.language).toBe('fr');
    expect(l.player.language).toBe('es');
    expect(a.player.team_id).toBe(l.player.team_id);

    // The game ends: each phone says so in its language.
    await j.server.db.update(gameInstances).set({ status: 'ended', endTime: new Date() }).where(eq(gameInstances.id, j.seed.instanceId));
    await amelie.page.reload();
    await amelie.page.getByRole('heading', { name: 'Partie terminée' }).waitFor();
    await amelie.page.getByRole('link', { name: 'Résultats et album photo' }).click();
    await amelie.page.getByRole('heading', { name: 'Résultats', level: 1 }).waitFor();
    await amelie.page.getByRole('heading', { name: 'Classement final' }).waitFor();
    await amelie.page.getByRole('link', { name: 'Retour à la partie' }).waitFor();
    await lucia.page.reload();
    await lucia.page.getByRole('heading', { name: 'Fin de la partida' }).waitFor();
    await expectNoSeriousA11yViolations(lucia.page, 'the Spanish game over (phone)');
    expect([...amelie.errors, ...lucia.errors]).toEqual([]);
    await amelie.context.close();
    await lucia.context.close();
  });
});

describe('the big screen', () => {
  it('speaks Dutch when the host picks it, kept for the projector’s browser', async () => {
    const projector = await phoneIn('en-GB', DESKTOP);
    await projector.page.goto(`/screen/${SCREEN_TOKEN}`);
    await projector.page.getByRole('heading', { name: 'Photo wall' }).waitFor();
    await projector.page.getByRole('combobox', { name: 'Language' }).selectOption('nl');
    await projector.page.getByRole('heading', { name: 'Fotomuur' }).waitFor();
    await projector.page.reload();
    await projector.page.getByRole('heading', { name: 'Tussenstand' }).waitFor();
    await projector.page.getByRole('heading', { name: 'Het speelgebied' }).waitFor();
    expect(await projector.page.locator('html').getAttribute('lang')).toBe('nl');
    await expectNoSeriousA11yViolations(projector.page, 'the Dutch big screen');
    expect(projector.errors).toEqual([]);
    await projector.context.close();
  });
});
