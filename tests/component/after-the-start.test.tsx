import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { MapPlayer } from '../../src/shared/api/play';
import type { TeamScore } from '../../src/shared/scoring/leaderboard';
import { TeamsTable } from '../../src/web/components/live-map/teams-table';
import { PlayersTable } from '../../src/web/features/host/players-table';

/** Game day 3 (issue 36): what the host's and the organiser's tables say once the game is live, and once it is over. */
const team = (id: number, name: string, found: string | null): TeamScore => ({
  id,
  name,
  challenge_points: 10,
  chicken_points: found ? 50 : 0,
  adjustments: 0,
  found_chicken_at: found,
});
const teams = [team(1, 'Foxes', '2030-01-01T10:30:00.000Z'), team(2, 'Owls', null)];
const player = (id: number, name: string, ready: boolean): MapPlayer => ({
  id,
  name,
  role: 'player',
  team_id: 2,
  ready,
  location: 'granted',
  language: 'en',
  position: null,
  trail: [],
});
const row = (name: string) => screen.getAllByTestId(/team-row|player-row/).find((r) => r.getAttribute('data-name') === name) ?? document.body;

describe("the host's player list", () => {
  it('asks who is ready only in the lobby: a late joiner in the live game reads no "Not ready"', () => {
    const players = [player(1, 'Ann', true), player(2, 'Late Lou', false)];
    const lobby = render(<PlayersTable players={players} teams={teams} now={Date.now()} inLobby />);
    expect(within(row('Late Lou')).getByText('Not ready')).toBeTruthy();
    lobby.unmount();

    render(<PlayersTable players={players} teams={teams} now={Date.now()} inLobby={false} />);
    expect(screen.queryByText('Not ready')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ready' })).toBeNull();
    expect(within(row('Late Lou')).getByText('Owls')).toBeTruthy();
  });
});

describe("the teams table's Found the Chicken", () => {
  it('reads "Not yet" while the game is on and "No" once it is over', () => {
    const live = render(<TeamsTable teams={teams} />);
    expect(within(row('Owls')).getByText('Not yet')).toBeTruthy();
    live.unmount();

    render(<TeamsTable teams={teams} gameOver />);
    expect(within(row('Owls')).getByText('No')).toBeTruthy();
    expect(screen.queryByText('Not yet')).toBeNull();
  });
});
