import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { authEndpoints } from '../../src/shared/api/endpoints/auth';
import { recapEndpoints } from '../../src/shared/api/endpoints/showcase';
import { ACCOUNT_MESSAGES, INVALID_CREDENTIALS } from '../../src/shared/api/auth';
import type { RecapResponse } from '../../src/shared/api/showcase';
import type { Language } from '../../src/shared/i18n/languages';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import { AppRoutes } from '../../src/web/app/router';
import { RouteErrorBoundary } from '../../src/web/app/route-error-boundary';
import { ForgotPasswordPage } from '../../src/web/features/auth/forgot-password-page';
import { LoginPage } from '../../src/web/features/auth/login-page';
import { ResetPasswordPage } from '../../src/web/features/auth/reset-password-page';
import { RecapPage } from '../../src/web/features/recap/recap-page';
import { answer, failWith } from './support/network';
import { renderScreen, screen } from './support/render';

/**
 * Issue 38 on the account pages: the staff login, the mailed reset link's page, the published recap and the page of an
 * address that is no page, in German and in French. The account rules' messages (written in English where they live,
 * shared/api/auth.ts) come from the messages catalogue; the recap's moments are written the German way.
 */
beforeAll(() => Promise.all((['de', 'fr'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(() => applyLanguage('en')));

const speak = (language: Language) => act(() => applyLanguage(language));

const recap: RecapResponse = {
  game: {
    code: 'HUNT42',
    city: 'Berlin',
    area: { lat: 52.52, lng: 13.405, radius: 800 },
    started_at: '2030-06-15T12:00:00.000Z',
    ended_at: '2030-06-15T14:00:00.000Z',
    media_kept_until: '2030-07-15T14:00:00.000Z',
  },
  teams: [{ id: 1, name: 'Füchse', challenge_points: 40, chicken_points: 0, adjustments: 0, spent: 0, found_chicken_at: null, rank: 1, total: 40 }],
  album: [
    {
      id: 5,
      team_id: 1,
      team_name: 'Füchse',
      challenge_name: 'Zähle die Tauben',
      kind: 'count',
      text: null,
      count: 12,
      media_url: null,
      media_kind: null,
      points_awarded: 10,
      at: '2030-06-15T13:00:00.000Z',
    },
  ],
  tracks: [],
  questions: [],
};

describe('the account pages in another language (component)', () => {
  it('signs staff in in German: the form, the rule’s messages under its fields and the server’s refusal', async () => {
    await speak('de');
    answer(authEndpoints.login, failWith(401, INVALID_CREDENTIALS, 'invalid_credentials'));
    const { user } = renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('heading', { name: 'Anmeldung für Mitarbeitende' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Anmeldelink per E-Mail senden' }).getAttribute('href')).toBe('/sign-in-link');

    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Die E-Mail-Adresse ist erforderlich')).toBeTruthy();
    expect(screen.getByText('Das Passwort ist erforderlich')).toBeTruthy();

    await user.type(screen.getByLabelText('E-Mail'), 'anna@hatch.test');
    await user.type(screen.getByLabelText('Passwort'), 'falsches Passwort');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('E-Mail-Adresse oder Passwort ist falsch')).toBeTruthy();
  });

  it('asks for a reset link in French and says the server’s neutral answer in French', async () => {
    await speak('fr');
    answer(authEndpoints.requestPasswordReset, { message: ACCOUNT_MESSAGES.resetRequested });
    const { user } = renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    expect(screen.getByRole('heading', { name: 'Mot de passe oublié ?' })).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), 'anna@hatch.test');
    await user.click(screen.getByRole('button', { name: 'M’envoyer un lien' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Si un compte existe pour cet e-mail, nous lui avons envoyé un lien pour choisir un nouveau mot de passe. Le lien fonctionne une fois, dans un délai d’1 heure.',
    );
    expect(screen.getByRole('link', { name: 'Retour à la connexion' }).getAttribute('href')).toBe('/login');
  });

  it('says a dead reset link in French at once, with the way to a new one', async () => {
    await speak('fr');
    answer(authEndpoints.checkPasswordReset, failWith(404, ACCOUNT_MESSAGES.resetInvalid, 'not_found'));
    renderScreen(<ResetPasswordPage />, { path: '/reset-password/dead-token', route: '/reset-password/:token' });
    expect(screen.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('Ce lien est invalide, a expiré ou a déjà été utilisé. Veuillez en demander un nouveau.');
    expect(screen.getByRole('link', { name: 'Demander un nouveau lien' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Retour à la connexion' })).toBeTruthy();
  });

  it('sets a new password in German: the rule’s words, a link the server finds used, then the server’s confirmation', async () => {
    await speak('de');
    answer(authEndpoints.checkPasswordReset, { valid: true });
    // The server says a used link in the caller's language (German here): the page still offers a new one.
    answer(authEndpoints.confirmPasswordReset, ({ call }) =>
      call === 1
        ? failWith(422, 'Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.', 'validation_failed', {
            token: ['Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.'],
          })
        : { message: ACCOUNT_MESSAGES.resetDone },
    );
    const { user } = renderScreen(<ResetPasswordPage />, { path: '/reset-password/link-token', route: '/reset-password/:token' });
    await user.type(await screen.findByLabelText('Neues Passwort'), 'velvet harbour compass nine');
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'velvet harbour compass ten');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByText('Die beiden Passwörter stimmen nicht überein')).toBeTruthy();

    await user.clear(screen.getByLabelText('Neues Passwort wiederholen'));
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), 'velvet harbour compass nine');
    await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect(await screen.findByText('Dieser Link ist ungültig, abgelaufen oder wurde bereits verwendet. Bitte fordern Sie einen neuen an.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' }).getAttribute('href')).toBe('/forgot-password');

    await user.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    expect((await screen.findByRole('status')).textContent).toBe('Ihr Passwort wurde geändert. Bitte melden Sie sich mit Ihrem neuen Passwort an.');
    expect(screen.getByRole('link', { name: 'Anmelden' }).getAttribute('href')).toBe('/login');
  });

  it('shows the recap in German, its moments the German way, and switches it to French with its own switcher', async () => {
    await speak('de');
    answer(recapEndpoints.recap, recap);
    const { user } = renderScreen(<RecapPage />, { path: '/recap/recap-token', route: '/recap/:token' });
    expect(await screen.findByRole('heading', { name: 'Die Chicken-Jagd in Berlin' })).toBeTruthy();
    // de-DE: 15.06.30, 16:00:00 (the hour in the reader's zone), where English writes 15/06/2030 16:00:00.
    expect(screen.getByText(/^Spiel HUNT42 · 15\.06\.30, \d{2}:00:00$/)).toBeTruthy();
    expect(screen.getByTestId('recap-media-until').textContent).toMatch(
      /^Fotos und Videos werden bis 15\.07\.30, \d{2}:00:00 aufbewahrt: Laden Sie die herunter, die Sie behalten möchten\.$/,
    );
    expect(screen.getByRole('heading', { name: 'Endstand' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Die Jagd zum Nachsehen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Abspielen' })).toBeTruthy();
    expect(screen.getByRole('slider', { name: 'Zeitpunkt im Spiel' })).toBeTruthy();
    expect(screen.getByTestId('recap-item').textContent).toBe('„12 gezählt“Füchse · Zähle die Tauben');

    await user.selectOptions(screen.getByLabelText('Sprache'), 'fr');
    expect(await screen.findByRole('heading', { name: 'La chasse au Chicken à Berlin' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Classement final' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Lecture' })).toBeTruthy();
  });

  it('says an unpublished recap in French', async () => {
    await speak('fr');
    answer(recapEndpoints.recap, failWith(404, 'This recap is not published.', 'not_found'));
    renderScreen(<RecapPage />, { path: '/recap/gone', route: '/recap/:token' });
    expect((await screen.findByRole('alert')).textContent).toBe('Ce récapitulatif n’est pas publié. Demandez le lien à l’organisateur.');
  });

  it('says an address that is no page in German and in French, with the way back to booking', async () => {
    await speak('de');
    const german = renderScreen(<AppRoutes />, { path: '/no-such-page', route: '*' });
    expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeTruthy();
    expect(screen.getByText('Unter dieser Adresse gibt es keine Seite.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Spiel buchen' }).getAttribute('href')).toBe('/');
    german.unmount();

    await speak('fr');
    renderScreen(<AppRoutes />, { path: '/no-such-page', route: '*' });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Page introuvable' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Réserver une partie' }).getAttribute('href')).toBe('/');
  });

  it('says an address that is no page in English while the Spanish words are still coming, never a blank page, then in Spanish', async () => {
    // Spanish is not loaded ahead here: the page is the first to ask for it, as after a phone's first visit.
    await speak('es');
    renderScreen(<AppRoutes />, { path: '/no-such-page', route: '*' });
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Página no encontrada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reservar una partida' }).getAttribute('href')).toBe('/');
  });

  it('says a page that failed in German, with what went wrong', async () => {
    await speak('de');
    function Broken(): never {
      throw new Error('Failed to fetch dynamically imported module');
    }
    // React reports the caught error on the console: expected here, as the page throws on purpose.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen(
      <RouteErrorBoundary pathname="/admin/bookings">
        <Broken />
      </RouteErrorBoundary>,
      { path: '/admin/bookings' },
    );
    expect(await screen.findByRole('heading', { name: 'Unerwarteter Anwendungsfehler!' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Failed to fetch dynamically imported module' })).toBeTruthy();
    quiet.mockRestore();
  });
});
