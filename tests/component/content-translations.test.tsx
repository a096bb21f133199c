import { describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { adminChallengesEndpoints as ep } from '../../src/shared/api/endpoints/admin-challenges';
import type { Challenge } from '../../src/shared/api/challenges';
import { ChallengeFormPage } from '../../src/web/features/admin-challenges/challenge-form-page';
import { answer, callsTo } from './support/network';
import { PYRAMID as HUMAN_PYRAMID } from './support/challenge';
import { findToast, renderScreen, screen } from './support/render';

/** Staff's translations of their own content (issue 38, decision 0630): the per-language fields and the fallback note. */
const PYRAMID: Challenge = { ...HUMAN_PYRAMID, translations: { de: { name: 'Menschenpyramide' } } };

const openEdit = () => renderScreen(<ChallengeFormPage />, { path: '/admin/challenges/3/edit', route: '/admin/challenges/:id/edit' });
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const notes = () =>
  within(screen.getByTestId('translations'))
    .queryAllByTestId('not-translated')
    .map((n) => n.textContent);

describe('the challenge editor’s translations (component)', () => {
  it('names each missing translation by its language, and saves what staff type', async () => {
    answer(ep.get, { data: PYRAMID });
    answer(ep.update, { data: PYRAMID });
    const { user } = openEdit();
    await waitFor(() => expect(input('Name (German)').value).toBe('Menschenpyramide'));

    // German has its title, not its description: the note names the one field readers see in English.
    expect(notes()).toEqual(['not translated into German yet']);
    expect(input('Description (German)').placeholder).toBe('Build a pyramid of the whole team.');
    expect(screen.getByRole('tab', { name: 'German (incomplete)' })).toBeTruthy();

    // French has nothing yet: both fields say so, in the language's English name.
    await user.click(screen.getByRole('tab', { name: 'French (incomplete)' }));
    expect(notes()).toEqual(['not translated into French yet', 'not translated into French yet']);
    await user.type(input('Name (French)'), 'Pyramide humaine');
    await user.type(input('Description (French)'), "Construisez une pyramide avec toute l'équipe.");
    expect(notes()).toEqual([]);
    expect(screen.getByRole('tab', { name: 'French' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Update' }));
    await findToast('Challenge updated successfully');
    const [call] = callsTo(ep.update);
    expect(call?.body).toMatchObject({
      name: 'Human Pyramid',
      translations: {
        de: { name: 'Menschenpyramide' },
        fr: { name: 'Pyramide humaine', description: "Construisez une pyramide avec toute l'équipe." },
      },
    });
  });
});
