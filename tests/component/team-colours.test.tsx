import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { MapPlayer } from '../../src/shared/api/play';
import type { TeamScore } from '../../src/shared/scoring/leaderboard';
import { TEAM_PALETTE } from '../../src/shared/game/team-colours';
import { TeamsTable } from '../../src/web/components/live-map/teams-table';
import { TeamLeaderboard } from '../../src/web/components/team-leaderboard';
import { PlayersTable } from '../../src/web/features/host/players-table';

/**
 * Issue 28: the Red Foxes had a red dot on the console and a blue one on the phones. One rule (shared/game/team-colours.ts):
 * the host console's teams and players tables and the phones' leaderboard give each team the same colour, however each
 * screen orders its teams, and a team whose name says a colour gets it.
 */
const score = (id: number, name: string, challenge: number): TeamScore => ({
  id,
  name,
  challenge_points: challenge,
  chicken_points: 0,
  adjustments: 0,
  found_chicken_at: null,
});
// The Red Foxes joined first; the Owls lead, so the ranked lists put them first.
const teams = [score(1, 'Red Foxes', 10), score(2, 'Owls', 40)];
const player = (id: number, name: string, teamId: number): MapPlayer => ({
  id,
  name,
  role: 'player',
  team_id: teamId,
  ready: true,
  location: 'granted',
  language: 'en',
  position: null,
  trail: [],
});
const hex = (name: string) => TEAM_PALETTE.find((c) => c.name === name)?.hex;

const dotIn = (el: HTMLElement) => within(el).getByTestId('team-dot').getAttribute('data-colour');

describe('team colours on every screen', () => {
  it('gives the Red Foxes red and the Owls the same other colour on the console and the phones', () => {
    const console_ = render(
      <>
        <TeamsTable teams={teams} />
        <PlayersTable players={[player(1, 'Ann', 1), player(2, 'Bob', 2)]} teams={[...teams].reverse()} now={Date.now()} />
      </>,
    );
    const consoleRow = (name: string) =>
      screen
        .getAllByText(new RegExp(name))
        .map((el) => el.closest('tr'))
        .find((tr): tr is HTMLTableRowElement => tr !== null) ?? document.body;
    const consoleColours = {
      foxes: dotIn(consoleRow('Red Foxes')),
      owls: dotIn(consoleRow('Owls')),
      ann: dotIn(consoleRow('Ann')),
      bob: dotIn(consoleRow('Bob')),
    };
    console_.unmount();

    render(<TeamLeaderboard teams={[teams[1], teams[0]].filter((t) => t !== undefined)} testId="leaderboard" label="Leaderboard" />);
    const phoneRow = (name: string) => screen.getByText(new RegExp(name)).closest('li') ?? document.body;
    const phoneColours = { foxes: dotIn(phoneRow('Red Foxes')), owls: dotIn(phoneRow('Owls')) };

    expect(consoleColours.foxes).toBe(hex('red'));
    expect(consoleColours.ann).toBe(hex('red'));
    expect(phoneColours.foxes).toBe(hex('red'));
    expect(consoleColours.owls).not.toBe(hex('red'));
    expect(consoleColours.bob).toBe(consoleColours.owls);
    expect(phoneColours.owls).toBe(consoleColours.owls);
  });
});
