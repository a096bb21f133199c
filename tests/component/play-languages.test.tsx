import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import type { Language } from '../../src/shared/i18n/languages';
import { OfflineBanner } from '../../src/web/features/play/offline-banner';
import { MediaPicker } from '../../src/web/features/play/media-picker';
import { TeamLeaderboard } from '../../src/web/components/team-leaderboard';
import { renderScreen, screen } from './support/render';

/**
 * Issue 38 on the phone, piece by piece: a player's screens read their words in the player's language, plurals chosen
 * by the language's own rule, numbers in its digits, and the shared rules' sentences (a photo's size cap) from the
 * messages catalogue. The whole game in French and Spanish is the browser journey's (tests/e2e/languages-game.test.ts).
 */
beforeAll(() => Promise.all((['de', 'fr', 'nl'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));

const team = (id: number, name: string, points: number) => ({
  id,
  name,
  challenge_points: points,
  chicken_points: 0,
  adjustments: 0,
  spent: 0,
  found_chicken_at: null,
});

describe('the phone in another language (component)', () => {
  it('counts what waits to be sent with German plurals', async () => {
    await speak('de');
    const { rerender } = renderScreen(<OfflineBanner connection="open" waiting={1} />, { path: '/play/GAME01' });
    expect(screen.getByTestId('offline-banner').textContent).toBe('Was dieses Handy gespeichert hat, wird gesendet… 1 Eintrag wartet auf Versand.');
    rerender(<OfflineBanner connection="open" waiting={3} />);
    expect(screen.getByTestId('offline-banner').textContent).toBe('Was dieses Handy gespeichert hat, wird gesendet… 3 Einträge warten auf Versand.');
  });

  it('gives a photo’s caps and its size refusal in French, the size in French digits', async () => {
    await speak('fr');
    const { user } = renderScreen(<MediaPicker kind="photo" name="Selfie d’équipe" liveCapture={false} busy={false} onSend={() => Promise.resolve()} />, {
      path: '/play/GAME01',
    });
    expect(screen.getByTestId('photo-caps').textContent).toBe('Jusqu’à 8 Mo');
    const big = new File([new Uint8Array(9 * 1024 * 1024)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText('Photo pour Selfie d’équipe'), big);
    expect(screen.getByRole('alert').textContent).toBe('La photo est trop lourde : 8 Mo au maximum');
    expect(screen.getByText(/^Pas encore envoyé : vérifiez-le, puis envoyez-le à l’animateur\. 9,0 Mo\.$/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Envoyer la photo' })).toBeTruthy();
  });

  it('writes the leaderboard in Dutch, the player’s own team marked', async () => {
    await speak('nl');
    renderScreen(<TeamLeaderboard teams={[team(1, 'Vossen', 12), team(2, 'Uilen', 30)]} myTeamId={1} testId="board" label="Tussenstand" breakdown />, {
      path: '/play/GAME01',
    });
    const rows = screen.getAllByTestId('leaderboard-row').map((row) => row.textContent?.replace(/\s+/g, ' ').trim());
    expect(rows).toEqual(['1. Uilen30 puntenuitdagingen 30 · Chicken 0', '2. Vossen (jij)12 puntenuitdagingen 12 · Chicken 0']);
  });
});
