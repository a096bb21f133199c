import { describe, expect, it } from 'vitest';
import { adminOverviewEndpoints as ep } from '../../src/shared/api/endpoints/admin-overview';
import type { TeamOverview } from '../../src/shared/api/admin-overview';
import { TeamsPage } from '../../src/web/features/admin-overview/overview-pages';
import { answer } from './support/network';
import { renderScreen, screen, within } from './support/render';

const team = (over: Partial<TeamOverview>): TeamOverview => ({
  id: 1,
  booking_id: 9,
  booking_name: 'Ada',
  booking_email: 'ada@example.test',
  name: 'Red Foxes',
  game_code: 'GAME123456',
  status: 'ended',
  rank: 1,
  total: 87,
  challenge_points: 37,
  chicken_points: 50,
  adjustments: 0,
  players_count: 3,
  found_chicken_at: '2030-06-01T13:30:00.000Z',
  created_at: '2030-06-01T12:00:00.000Z',
  ...over,
});

describe('/admin/teams (component)', () => {
  it('shows each team’s rank and its one total, in the order the server ranked them (issue 28)', async () => {
    answer(ep.teams, {
      teams: [team({}), team({ id: 2, name: 'Owls', rank: 2, total: 60, challenge_points: 55, chicken_points: 0, adjustments: 5, found_chicken_at: null })],
      pagination: { current_page: 1, last_page: 1, per_page: 20, total: 2 },
    });
    renderScreen(<TeamsPage />, { path: '/admin/teams' });
    const foxes = (await screen.findByText('Red Foxes')).closest('tr');
    const owls = screen.getByText('Owls').closest('tr');
    if (!foxes || !owls) throw new Error('no rows');
    expect(foxes.compareDocumentPosition(owls) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(foxes).getByTestId('team-rank').textContent).toBe('1');
    expect(within(foxes).getByTestId('team-total').textContent).toBe('8737 challenges');
    expect(within(owls).getByTestId('team-rank').textContent).toBe('2');
    expect(within(owls).getByTestId('team-total').textContent).toBe('6055 challenges + 5 adjusted');
  });
});
