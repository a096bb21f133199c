import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Suspense } from 'react';
import { act, waitFor } from '@testing-library/react';
import { adminBookingDetailEndpoints as ep } from '../../src/shared/api/endpoints/admin-booking-detail';
import { geocodeEndpoint } from '../../src/shared/api/endpoints/geocode';
import { pricingEndpoint } from '../../src/shared/api/endpoints/pricing';
import type { AdminBooking } from '../../src/shared/api/booking';
import type { Pricing } from '../../src/shared/api/pricing';
import { PLANS, RECOMMENDED_PLAN } from '../../src/shared/plans';
import type { Language } from '../../src/shared/i18n/languages';
import { CreateBookingPage } from '../../src/web/features/admin-bookings/create-booking-page';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import { liveHeartbeat, paidBooking } from './support/admin-booking';
import { HATTIE, openBooking } from './support/booking-page';
import { answer, callsTo } from './support/network';
import { findToast, region, renderScreen, screen, within } from './support/render';

/**
 * Issue 38 on the booking page's game side and on creating a booking: a staff member reading German or French gets
 * the sections, dialogs, toasts and the shared rules' reasons and refusals in that language, times and amounts in
 * its form. The English of the same screens is tests/component/admin-booking-detail.test.tsx's.
 */
beforeAll(() => Promise.all((['de', 'fr'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));
const button = (name: string | RegExp, inside: HTMLElement = document.body) => within(inside).getByRole('button', { name });

/** A paid, hosted Pro booking whose game (three item stations) has not started: the meeting is 1 June 2030 in London. */
function proBooking(): AdminBooking {
  const paid = paidBooking({ hosted: true, plan_type: 'pro' });
  return { ...paid, game: paid.game ? { ...paid.game, stations_count: 3 } : null };
}

describe('the booking page’s game side in German (component)', () => {
  it('names the set-up, the controls and why Start waits, and toasts a lock, a refused place and a host in German', async () => {
    await speak('de');
    const { user, store } = openBooking(proBooking());
    answer(ep.locks, ({ body }) => ({ booking: store.set({ ...store.current, locked_locations: body.locations ?? store.current.locked_locations }) }));
    answer(ep.patch, ({ body }) => ({
      booking: store.set({
        ...store.current,
        assigned_host_id: body.assigned_host_id ?? null,
        assigned_host_name: HATTIE.name,
        assigned_host_email: HATTIE.email,
      }),
    }));

    const setup = await screen.findByRole('region', { name: 'Stand der Spielvorbereitung' });
    expect(setup.textContent).toContain('Waffen deaktiviert');
    expect(setup.textContent).toContain('Zugewiesenes ChickenNoch offen');
    // The start window's rule, said in German from the messages catalogue; the moment as the rule writes it.
    const start = button('Spiel starten', setup);
    expect(start).toHaveProperty('disabled', true);
    expect(document.getElementById(start.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Spiel starten: Dieses Spiel kann ab 01/06/2030 12:00 (Europe/London) gestartet werden.',
    );
    expect(within(setup).getByRole('link', { name: '3 Item-Stationen' })).toBeTruthy();
    expect(within(setup).getByRole('link', { name: 'Beitrittslink für die Spieler' })).toBeTruthy();

    await user.click(button('Orte sperren', setup));
    await findToast('Orte erfolgreich gesperrt');
    await waitFor(() => expect(screen.getByTestId('lock-locations').textContent).toBe('Orte GesperrtEntsperren'));

    const places = region('Orte');
    // Neither place is set yet: each badge says so in German (the shared label's words, the messages catalogue's).
    expect(within(places).getAllByText('Nicht festgelegt')).toHaveLength(2);
    await user.click(button('Treffpunkt festlegen', places));
    await findToast('Bitte geben Sie einen Treffpunkt ein');
    expect(within(places).getByLabelText('Adresse des Verstecks')).toBeTruthy();

    const host = region('Spielleitung');
    expect(host.querySelector('dl')?.textContent).toBe('Aktuelle SpielleitungKeine Spielleitung zugewiesen');
    const picker = within(host).getByLabelText('Spielleitung', { exact: true });
    await within(picker).findByRole('option', { name: /Hattie Host/ });
    expect(within(picker).getByRole('option', { name: 'Spielleiter auswählen' })).toBeTruthy();
    await user.selectOptions(picker, String(HATTIE.id));
    await user.click(button('Spielleitung zuweisen', host));
    await findToast('Spielleitung erfolgreich zugewiesen');
    expect(callsTo(ep.patch).map((c) => c.body)).toEqual([{ assigned_host_id: HATTIE.id, version: 2 }]);

    expect(button('Datum und Uhrzeit bearbeiten')).toBeTruthy();
  });

  it('shows the live game’s heartbeat in German words, counts and times', async () => {
    await speak('de');
    const live = proBooking();
    const { user } = openBooking({ ...live, game: live.game ? { ...live.game, has_live_instance: true, status: 'live' } : null, game_activated: true });
    // The round in German names, its area wide enough to group the thousands (1.500 m).
    const heartbeat = liveHeartbeat({
      latest_submission: { team_name: 'Eulen', submitted_at: '2030-06-01T13:10:00.000Z', status: 'approved', points_awarded: 25 },
      latest_area: { lat: 51.5, lng: -0.12, radius: 1500 },
      players: [
        { id: 1, name: 'Fritz Fuchs', ready: true },
        { id: 2, name: 'Erna Eule', ready: false },
      ],
      teams: [{ id: 2, name: 'Eulen', points: 25, challenge_points: 25, chicken_points: 0, adjustments: 0, rank: 1, total: 25, found_chicken_at: null }],
    });
    answer(ep.heartbeat, heartbeat);
    expect(await screen.findByRole('button', { name: 'Spiel bereits gestartet' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Live-Status des Spiels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Live-Status des Spiels' });
    const instance = await within(dialog).findByRole('article', { name: 'Runde 1' });
    const text = instance.textContent ?? '';
    for (const expected of ['läuft', '1 Einsendung', '34 Min.', 'Radius 1.500 m', 'Chicken gefunden', 'Noch nicht', 'Bereit', 'Nicht bereit']) {
      expect(text).toContain(expected);
    }
    // A moment in German's short form (28.11.26, 14:05:09), whatever the machine's zone.
    expect(text).toMatch(/Gestartet 01\.06\.30, \d\d:00:00/);
    expect(text).toMatch(/Letzte Einsendung: Eulen, 01\.06\.30, \d\d:10:00, angenommen, 25 Punkte/);
    expect(within(dialog).getByRole('columnheader', { name: 'Chicken-Punkte' })).toBeTruthy();
  });
});

/** The reference price list's GBP plans as GET /api/pricing answers them (only what the create page's steps read). */
const POUNDS: Pricing = {
  currency: 'GBP',
  plans: PLANS.map((p) => ({
    type: p.type,
    name: p.name,
    description: p.description,
    price: 15,
    formatted_amount: '£15.00',
    features: p.features,
    is_active: true,
    is_recommended: p.type === RECOMMENDED_PLAN,
  })),
  addons: [],
};

describe('creating a booking in French (component)', () => {
  it('names the steps and the booker’s details in French, the total in the French money form', async () => {
    await speak('fr');
    answer(pricingEndpoint, POUNDS);
    answer(geocodeEndpoint, {
      results: [
        {
          id: 'london',
          name: 'London',
          display_name: 'London, England, United Kingdom',
          lat: 51.5,
          lng: -0.12,
          country: 'United Kingdom',
          country_code: 'GB',
          timezone: 'Europe/London',
          type: 'city',
        },
      ],
    });
    // The calendar waits for French's month names (a lazy date-fns locale) under the route's Suspense, as in the app.
    const { user } = await act(async () =>
      renderScreen(
        <Suspense fallback={null}>
          <CreateBookingPage />
        </Suspense>,
        { path: '/admin/bookings/create' },
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Créer une réservation' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour aux réservations' })).toBeTruthy();
    expect(screen.getByText('Étape 1 sur 4 : Partie Hatch')).toBeTruthy();

    // The 15th of next month, in London.
    await user.click(screen.getByRole('button', { name: /next month|mois suivant/i }));
    const now = new Date();
    const day = new Date(now.getFullYear(), now.getMonth() + 1, 15);
    await user.click(screen.getByRole('button', { name: new RegExp(`\\b15 ${day.toLocaleString('fr-FR', { month: 'long' })} ${day.getFullYear()}\\b`) }));
    await user.type(screen.getByRole('combobox', { name: 'Ville' }), 'Lond');
    await user.click(await screen.findByRole('option', { name: /^London,/ }, { timeout: 3_000 }));
    for (let step = 0; step < 3; step++) await user.click(button('Suivant'));

    const details = await screen.findByRole('heading', { level: 2, name: 'Coordonnées' });
    expect(details.parentElement?.textContent).toContain('Pour qui est la réservation');
    expect(screen.getByLabelText(/Nom complet/).closest('div')?.textContent).toContain('(facultatif)');
    const summary = screen.getByText('Total').closest('dl');
    // 8 players at £15, written as the French read pounds (the money helpers' form for the reader's locale).
    expect(summary?.textContent).toMatch(/^Joueurs8Type de partieStandardVilleLondonTotal120\s£GB$/);
    expect(button('Créer la réservation')).toHaveProperty('disabled', true);
  });
});
