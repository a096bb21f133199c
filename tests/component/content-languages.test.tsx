import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { preloadLanguage } from '../../src/web/lib/i18n';
import { applyLanguage } from '../../src/web/lib/language';
import type { Language } from '../../src/shared/i18n/languages';
import type { ScriptStep } from '../../src/shared/api/script';
import type { LeaderboardTeam, ScoringInstance } from '../../src/shared/api/scoring';
import { adminChallengesEndpoints } from '../../src/shared/api/endpoints/admin-challenges';
import { adminScoringEndpoints, adminSubmissionsEndpoints } from '../../src/shared/api/endpoints/admin-review';
import { ChallengesPage } from '../../src/web/features/admin-challenges/challenges-page';
import { ChallengeFormPage } from '../../src/web/features/admin-challenges/challenge-form-page';
import { ScoringPage } from '../../src/web/features/admin-scoring/scoring-page';
import { SubmissionsPage } from '../../src/web/features/admin-submissions/submissions-page';
import { ScriptStepForm, ScriptStepList } from '../../src/web/components/script-steps';
import { PYRAMID } from './support/challenge';
import { answer, callsTo } from './support/network';
import { findToast, renderScreen, screen, within } from './support/render';
import { reviewChallenge, reviewSubmission } from './support/review';

/**
 * Issue 38 on the content screens (area content): the challenges list and form, the scoring page, a submission's
 * review card and the game script read their words in the staff member's language, the shared rules' sentences come
 * from the messages catalogue, numbers are grouped the language's way, and an action's toast is translated too.
 */
beforeAll(() => Promise.all((['de', 'fr', 'nl'] as const).map((l) => preloadLanguage(l))));
afterAll(() => act(async () => applyLanguage('en')));

const speak = (language: Language) => act(async () => applyLanguage(language));

const instance: ScoringInstance = {
  id: 7,
  game_id: 3,
  game_code: 'GAME01',
  booking_name: null,
  status: 'live',
  start_time: '2030-06-01T10:00:00.000Z',
  end_time: null,
  teams_count: 1,
};
const foxes: LeaderboardTeam = {
  id: 1,
  name: 'Füchse',
  challenge_points: 1234,
  chicken_points: 0,
  adjustments: 0,
  found_chicken_at: null,
  rank: 1,
  total: 1234,
};

/** Wolves' count of benches, waiting in game GAME01's round 7. */
const waiting = reviewSubmission(11, 'Loups', { instance_id: 7, team: { id: 1, name: 'Loups' }, challenge: { ...reviewChallenge('Tally'), name: 'Bancs' } });

const step = (over: Partial<ScriptStep>): ScriptStep => ({
  id: 1,
  anchor: 'start',
  offset_minutes: 30,
  action: 'message',
  text: 'Go!',
  challenge_id: null,
  station_id: null,
  radius_m: null,
  minutes: null,
  planned_by: 'booker',
  label: 'Send a message: “Go!”',
  due_at: null,
  ran_at: null,
  outcome: null,
  ...over,
});

describe('the content screens in another language (component)', () => {
  it('lists the challenges in German, each by its German title where staff gave one', async () => {
    await speak('de');
    answer(adminChallengesEndpoints.list, { data: [{ ...PYRAMID, translations: { de: { name: 'Menschenpyramide' } } }] });
    renderScreen(<ChallengesPage />, { path: '/admin/challenges' });
    expect(await screen.findByText('Menschenpyramide')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Aufgaben' })).toBeTruthy();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Art', 'Schärfegrad', 'Status', 'Aktionen']);
    const filter = screen.getByRole('group', { name: 'Nach Schärfegrad filtern' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle', 'Mild', 'Mittel', 'Scharf']);
    expect(screen.getByText('Bewertung')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Mittel (2 von 3 Chilis)' }).getAttribute('title')).toBe('Mittel');
    expect(screen.getByText('Aktiv')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Menschenpyramide bearbeiten' }).textContent).toBe('Bearbeiten');
  });

  it('gives the challenge form’s labels, its type hint and the shared rules’ refusals in German', async () => {
    await speak('de');
    const { user } = renderScreen(<ChallengeFormPage />, { path: '/admin/challenges/create' });
    expect(await screen.findByRole('heading', { name: 'Aufgabe erstellen' })).toBeTruthy();
    expect(screen.getByText(/^Bewertet von 1 bis 5: Eine 5 ergibt die Höchstpunktzahl/)).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Alles oder nichts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Höchstpunktzahl um 5 erhöhen' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Tipps' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Erstellen' }));
    expect(await screen.findByText('Bitte geben Sie einen Namen ein')).toBeTruthy();
    expect(screen.getByText('Bitte geben Sie eine Beschreibung ein')).toBeTruthy();
    expect(callsTo(adminChallengesEndpoints.create)).toHaveLength(0);
  });

  it('creates a challenge in French and says so in French', async () => {
    await speak('fr');
    answer(adminChallengesEndpoints.create, { data: PYRAMID });
    const { user } = renderScreen(<ChallengeFormPage />, { path: '/admin/challenges/create' });
    await user.type(await screen.findByLabelText('Nom', { exact: true }), 'Pyramide humaine');
    await user.type(screen.getByLabelText('Description', { exact: true }), 'Toute l’équipe en pyramide.');
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    await findToast('Défi créé');
    expect(callsTo(adminChallengesEndpoints.create)).toHaveLength(1);
  });

  it('shows the leaderboard in German and adjusts a score with a German toast, the total grouped the German way', async () => {
    await speak('de');
    answer(adminScoringEndpoints.instances, { instances: [instance] });
    answer(adminScoringEndpoints.leaderboard, { instance, final: false, teams: [foxes], adjustments: [] });
    answer(adminScoringEndpoints.adjust, {
      adjustment: { id: 1, team_id: 1, points: 5, reason: 'Bonus', actor_name: 'Ada', created_at: '2030-06-01T11:00:00.000Z' },
      team: { id: 1, name: 'Füchse', total: 1239 },
    });
    const { user } = renderScreen(<ScoringPage />, { path: '/admin/scoring' });
    const board = await screen.findByRole('region', { name: 'Rangliste' });
    expect(
      within(board)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Platz', 'Team', 'Aufgaben', 'Chicken', 'Korrekturen', 'Gesamt', '']);
    expect(within(board).getByText(/Buchung ohne Namen · begonnen /)).toBeTruthy();
    expect(screen.getByText('Noch keine Korrekturen.')).toBeTruthy();

    await user.click(within(board).getByRole('button', { name: 'Korrigieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Füchse korrigieren' });
    expect(within(dialog).getByText('Derzeit 1.234 Punkte. Mit einer negativen Zahl ziehen Sie Punkte ab.')).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Punkte'), '5');
    await user.type(within(dialog).getByLabelText('Grund'), 'Bonus');
    await user.click(within(dialog).getByRole('button', { name: 'Korrektur speichern' }));
    await findToast('+5 Punkte für Füchse: insgesamt 1.239');
  });

  it('reads a submission’s review card in French and approves it with a French toast', async () => {
    await speak('fr');
    answer(adminSubmissionsEndpoints.list, { submissions: [waiting], pagination: { current_page: 1, per_page: 20, total: 1, last_page: 1 } });
    answer(adminSubmissionsEndpoints.approve, {
      submission: { ...waiting, status: 'approved', points_awarded: 6 },
      team: { id: 1, name: 'Loups', challenge_points: 6, chicken_points: 0, adjustments: 0, found_chicken_at: null },
    });
    const { user } = renderScreen(<SubmissionsPage />, { path: '/admin/submissions' });
    const card = await screen.findByTestId('review-card');
    expect(within(card).getByText('En attente')).toBeTruthy();
    expect(within(card).getByText('Décompte')).toBeTruthy();
    expect(within(card).getByText(/^2 par élément, jusqu’à 10 · 0 attribués$/)).toBeTruthy();
    expect(card.textContent).toContain('Loups · partie GAME01 · ');
    expect(screen.getByRole('option', { name: 'Validée' })).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Valider' }));
    await findToast('Réponse validée : Loups a maintenant 6 points');
  });

  it('writes the script’s steps and times in German, its form and a shared rule’s refusal in Dutch', async () => {
    await speak('de');
    const steps = [
      step({ id: 1, ran_at: '2030-06-01T10:30:00.000Z', outcome: 'skipped: no text' }),
      step({ id: 2, anchor: 'end', offset_minutes: 15, due_at: '2030-06-01T11:45:00.000Z' }),
      step({ id: 3, offset_minutes: 0, action: 'open_challenge', text: null, challenge_id: 4, label: 'Open a challenge: Menschenpyramide' }),
    ];
    const names = { challenges: [{ id: 4, name: 'Menschenpyramide' }], stations: [] };
    const { unmount } = renderScreen(<ScriptStepList steps={steps} names={names} onRemove={() => undefined} />, { path: '/manage/key' });
    const items = within(screen.getByTestId('script-steps')).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual(['30 Min. nach dem Start', '15 Min. vor dem Ende', 'Zum Start']);
    // A moment in the German form (28.11.26, 14:05:09), the server's outcome from the messages catalogue.
    expect(items[0]?.textContent).toMatch(/Ausgeführt \d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}:\d{2} \(übersprungen: kein Text\)/);
    expect(items[1]?.textContent).toMatch(/Fällig \d{2}\.\d{2}\.\d{2}, \d{2}:\d{2}:\d{2}/);
    expect(items[2]?.textContent).toContain('Geplant');
    // What each step does, written again from the step and the game's names (the server's label is English).
    expect(items.map((li) => li.querySelectorAll('p')[1]?.textContent)).toEqual([
      'Nachricht senden: „Go!“',
      'Nachricht senden: „Go!“',
      'Aufgabe öffnen: Menschenpyramide',
    ]);
    expect(within(items[2] ?? document.body).getByRole('button', { name: 'Entfernen: Aufgabe öffnen: Menschenpyramide' })).toBeTruthy();
    unmount();

    await speak('nl');
    const { user } = renderScreen(<ScriptStepForm options={{ challenges: [], stations: [] }} onAdd={() => undefined} />, { path: '/manage/key' });
    const form = screen.getByRole('form', { name: 'Een stap toevoegen' });
    expect(within(form).getByRole('option', { name: 'na de start' })).toBeTruthy();
    expect(within(form).getByRole('option', { name: 'Een bericht sturen' })).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Stap toevoegen' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Schrijf het bericht dat verstuurd moet worden'));
  });
});
