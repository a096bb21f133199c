import { describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { adminChallengesEndpoints as ep } from '../../src/shared/api/endpoints/admin-challenges';
import { PYRAMID } from './support/challenge';
import { ChallengesPage } from '../../src/web/features/admin-challenges/challenges-page';
import { ChallengeFormPage } from '../../src/web/features/admin-challenges/challenge-form-page';
import { answer, callsTo, failWith } from './support/network';
import { findToast, renderScreen, screen, toastTexts } from './support/render';

/** The challenge screens on their own; creating and editing one through the product is tests/e2e/admin-challenges.test.ts. */
const openForm = (path = '/admin/challenges/create', route = path) => renderScreen(<ChallengeFormPage />, { path, route });
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;

describe('challenges list (component)', () => {
  it('only logs a list load failure (console.warn, no toast, no console.error)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    answer(ep.list, failWith(500, 'Server Error'));
    renderScreen(<ChallengesPage />, { path: '/admin/challenges' });
    await waitFor(() => expect(warn.mock.calls.some(([message]) => String(message).includes('Failed to load challenges'))).toBe(true));
    expect(toastTexts()).toEqual([]);
    warn.mockRestore();
  });
});

describe('challenge form (component)', () => {
  it('shows the spec messages client-side, the hint per type, and the max score stepper', async () => {
    const { user, location } = openForm();
    await screen.findByRole('heading', { name: 'Create Challenge' });
    // Defaults: Rating, Mild, active, 10 / 1 / 1.
    expect(field('Type').value).toBe('Rating');
    expect(field('Spice Level').value).toBe('Mild');
    expect(field('Active').checked).toBe(true);
    expect(field('Max score').value).toBe('10');
    expect(field('Max submissions').value).toBe('1');
    expect(field('Points per submission').value).toBe('1');
    expect(field('Answer with').value).toBe('photo');
    expect(field('Live capture only (no gallery)').checked).toBe(false);
    expect(screen.getByText(/Rated out of 5/)).toBeTruthy();
    expect(screen.getAllByRole('option', { name: 'All or nothing' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Name is required');
    expect(screen.getByText('Description is required')).toBeTruthy();

    // Stepper: +5 / −5, never below 0.
    await user.click(screen.getByRole('button', { name: 'Increase max score by 5' }));
    expect(field('Max score').value).toBe('15');
    for (let i = 0; i < 5; i++) await user.click(screen.getByRole('button', { name: 'Decrease max score by 5' }));
    expect(field('Max score').value).toBe('0');

    // Tally rules.
    await user.selectOptions(field('Type'), 'Tally');
    expect(screen.getByText(/More submissions, more points/)).toBeTruthy();
    await user.type(field('Name'), 'Bench Count');
    await user.type(field('Description'), 'Sit on a different bench each time.');
    await user.clear(field('Points per submission'));
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await screen.findByText('Points per submission required');
    await user.clear(field('Max score'));
    await user.type(field('Max score'), '10');
    await user.type(field('Points per submission'), '20');
    await screen.findByText('Points per submission cannot be greater than max score');
    await user.clear(field('Points per submission'));
    await user.type(field('Points per submission'), '3');
    await screen.findByText('Max score must be divisible by points per submission');
    await user.click(screen.getByRole('button', { name: 'Increase max score by 5' }));
    await waitFor(() => expect(screen.queryByText('Max score must be divisible by points per submission')).toBeNull());
    expect(field('Max score').value).toBe('15');
    expect(callsTo(ep.create)).toHaveLength(0);

    await user.selectOptions(field('Type'), 'RightWrong');
    expect(screen.getByText(/Right or wrong: all or nothing/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(location()).toBe('/admin/challenges');
  });

  it('a failed save shows "Failed to save challenge" and stays on the form', async () => {
    answer(ep.create, failWith(500, 'Server Error'));
    const { user, location } = openForm();
    await user.type(await screen.findByLabelText('Name'), 'Will Fail');
    await user.type(field('Description'), 'The server is down.');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await findToast('Failed to save challenge');
    expect(callsTo(ep.create)).toHaveLength(1);
    expect(location()).toBe('/admin/challenges/create');
    expect(field('Name').value).toBe('Will Fail');
  });

  it('an unknown challenge: "Failed to fetch challenge" then back to the list', async () => {
    answer(ep.get, failWith(404, 'Challenge not found', 'not_found'));
    const { location } = openForm('/admin/challenges/999999/edit', '/admin/challenges/:id/edit');
    await findToast('Failed to fetch challenge');
    await waitFor(() => expect(location()).toBe('/admin/challenges'));
  });

  it('an existing challenge opens with its values', async () => {
    answer(ep.get, { data: PYRAMID });
    openForm('/admin/challenges/3/edit', '/admin/challenges/:id/edit');
    await screen.findByRole('heading', { name: 'Edit Challenge' });
    await waitFor(() => expect(field('Name').value).toBe('Human Pyramid'));
    expect(field('Spice Level').value).toBe('Medium');
  });

  it('sends a video answer asked live (decisions 0422, 0423)', async () => {
    answer(ep.create, { data: { ...PYRAMID, id: 4, name: 'Film a Pyramid', answer_media: 'video', live_capture: true } });
    const { user } = openForm();
    await user.type(await screen.findByLabelText('Name'), 'Film a Pyramid');
    await user.type(field('Description'), 'Film the team building it.');
    expect(screen.getAllByRole('option', { name: /^(Photo|Video)$/ }).map((o) => o.textContent)).toEqual(['Photo', 'Video']);
    await user.selectOptions(field('Answer with'), 'Video');
    await user.click(field('Live capture only (no gallery)'));
    expect(screen.getByText(/the server cannot prove it/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await findToast('Challenge created successfully');
    const [call] = callsTo(ep.create);
    expect(call?.body).toMatchObject({ name: 'Film a Pyramid', answer_media: 'video', live_capture: true });
  });

  it('an existing video challenge opens with "Video" and live capture ticked', async () => {
    answer(ep.get, { data: { ...PYRAMID, answer_media: 'video', live_capture: true } });
    openForm('/admin/challenges/3/edit', '/admin/challenges/:id/edit');
    await waitFor(() => expect(field('Answer with').value).toBe('video'));
    expect(field('Live capture only (no gallery)').checked).toBe(true);
  });
});
