import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gameChallenges, gameInstances, gameMessages, instanceTeams } from '../../src/server/domains/game/tables/games';
import { challenges } from '../../src/server/domains/catalogue/tables/challenges';
import { gameShowcase } from '../../src/server/domains/game/tables/showcase';
import { createPaidBooking, startableSchedule } from '../support/fixtures';
import { DESKTOP, PHONE } from './support/browser';
import { expectNoSeriousA11yViolations } from './support/axe';
import { call } from './support/call';
import { useServerAndBrowser } from './support/journey';
import { insertLiveInstance } from './support/live-game';

/**
 * Issue 38 on game day: two players of one team join in French and Spanish on 390 px phones, each phone speaks its
 * player's language (and the server keeps it): the game's tabs, the host's message in its frame, a teammate's message,
 * and the game over in each; the big screen in Dutch, picked by the host.
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
    // One challenge the players see, and a broadcast of the host's: its words stay the host's, its frame is the phone's.
    const [challenge] = await db
      .insert(challenges)
      .values({ name: 'Best team selfie', description: 'All of you, with something red.', type: 'Rating', maxScore: 10, maxSubmissions: 2 })
      .returning();
    if (!challenge) throw new Error('challenge not seeded');
    await db.delete(gameChallenges).where(eq(gameChallenges.gameId, paid.gameId));
    await db.insert(gameChallenges).values({ gameId: paid.gameId, challengeId: challenge.id, position: 0 });
    await db.insert(gameMessages).values({ instanceId: instance.id, channel: 'all', text: 'Meet at the fountain at four' });
    return { code: paid.gameCode ?? '', instanceId: instance.id };
  },
});

/** A phone whose browser speaks `locale` (Chromium sends it as Accept-Language), map tiles refused (no internet). */
async function phoneIn(locale: string, viewport = PHONE) {
  const context = await j.browser.newContext({ baseURL: j.server.url, viewport, locale, timezoneId: 'Europe/Paris', serviceWorkers: 'block' });
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

    // The game itself, in each player's language: the map tab with the host's message in its frame, the challenges, the
    // questions, the feed and the messages, a teammate's message labelled in each reader's words.
    await amelie.page.getByText('En cours', { exact: true }).waitFor();
    await amelie.page.getByRole('heading', { name: 'Messages de l’animateur' }).waitFor();
    await amelie.page.getByTestId('host-messages').getByText('Meet at the fountain at four').waitFor();
    await amelie.page.getByRole('heading', { name: 'Équipe Renards' }).waitFor();
    await amelie.page.getByTestId('team-player').filter({ hasText: 'Amélie (vous)' }).waitFor();
    await amelie.page.getByRole('button', { name: 'Activer la localisation' }).waitFor();
    await lucia.page.getByRole('heading', { name: 'Mensajes del anfitrión' }).waitFor();
    await lucia.page.getByRole('heading', { name: 'Equipo Renards' }).waitFor();
    await lucia.page.getByTestId('team-player').filter({ hasText: 'Lucía (tú)' }).waitFor();

    await amelie.page.getByRole('tab', { name: 'Défis' }).click();
    await amelie.page.getByRole('heading', { name: 'Classement' }).waitFor();
    await amelie.page.getByTestId('player-leaderboard').getByText('Renards (vous)').waitFor();
    const card = amelie.page.getByTestId('challenge').filter({ hasText: 'Best team selfie' });
    await card.getByText('Note · 2 envois restants sur 2').waitFor();
    await expectNoSeriousA11yViolations(amelie.page, 'the French challenges (phone)');
    await lucia.page.getByRole('tab', { name: 'Retos' }).click();
    await lucia.page.getByRole('heading', { name: 'Clasificación' }).waitFor();
    await lucia.page.getByTestId('challenge').getByText('Puntuación · Te quedan 2 de 2 envíos').waitFor();

    await amelie.page.getByRole('tab', { name: 'Questions' }).click();
    await amelie.page.getByRole('heading', { name: 'Interroger sur le Chicken' }).waitFor();
    await lucia.page.getByRole('tab', { name: 'Actividad' }).click();
    await lucia.page.getByRole('heading', { name: 'Qué están haciendo los equipos' }).waitFor();
    await lucia.page.getByText('Aún no hay respuestas aprobadas: aparecen aquí a medida que el anfitrión las aprueba.').waitFor();

    // Lucía writes to her team; both phones list it and the host's broadcast, each in its own words.
    await lucia.page.getByRole('tab', { name: 'Mensajes' }).click();
    await lucia.page.getByRole('textbox', { name: 'Mensaje' }).fill('¡Vamos, Renards!');
    await lucia.page.getByRole('button', { name: 'Enviar a mi equipo' }).click();
    await lucia.page.getByTestId('chat-message').filter({ hasText: '¡Vamos, Renards!' }).filter({ hasText: 'Tú · Equipo ·' }).waitFor();
    await lucia.page.getByTestId('chat-message').filter({ hasText: 'Meet at the fountain at four' }).filter({ hasText: 'Anfitrión · Para todos ·' }).waitFor();
    await amelie.page.getByRole('tab', { name: /^Messages/ }).click();
    await amelie.page.getByTestId('chat-message').filter({ hasText: '¡Vamos, Renards!' }).filter({ hasText: 'Lucía · Équipe ·' }).waitFor();
    await amelie.page.getByTestId('chat-message').filter({ hasText: 'Meet at the fountain at four' }).filter({ hasText: 'Animateur · À tous ·' }).waitFor();
    await amelie.page.getByRole('button', { name: 'Envoyer à mon équipe' }).waitFor();
    await expectNoSeriousA11yViolations(amelie.page, 'the French messages (phone)');
    expect(await lucia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

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
