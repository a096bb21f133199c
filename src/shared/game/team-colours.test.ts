import { describe, expect, it } from 'vitest';
import { NO_TEAM_COLOUR, TEAM_PALETTE, teamColour, teamColours } from './team-colours';

const hex = (name: string) => TEAM_PALETTE.find((c) => c.name === name)?.hex;

describe('team colours', () => {
  it('gives a team the colour its name says, whatever order the teams are listed in (issue 28: Red Foxes had a blue dot)', () => {
    const teams = [
      { id: 7, name: 'Red Foxes' },
      { id: 9, name: 'Owls' },
      { id: 12, name: 'The Blue Jays' },
    ];
    const colours = teamColours(teams);
    expect(colours.get(7)).toBe(hex('red'));
    expect(colours.get(12)).toBe(hex('blue'));
    // The Owls take the first free colour.
    expect(colours.get(9)).toBe(hex('green'));
    for (const order of [[...teams].reverse(), [teams[1], teams[2], teams[0]]]) {
      expect(teamColours(order.filter((t) => t !== undefined))).toEqual(colours);
    }
  });

  it('keeps every team distinct while the palette lasts, the first team by id winning a colour two names say', () => {
    const teams = [
      { id: 1, name: 'Red Hot' },
      { id: 2, name: 'Red Foxes' },
      { id: 3, name: 'Geese' },
    ];
    const colours = teamColours(teams);
    expect(colours.get(1)).toBe(hex('red'));
    expect(new Set(colours.values()).size).toBe(3);
    const many = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `Team ${i + 1}` }));
    const all = teamColours(many);
    expect(new Set([...all.values()].slice(0, TEAM_PALETTE.length)).size).toBe(TEAM_PALETTE.length);
    expect(all.get(11)).toBe(TEAM_PALETTE[0]?.hex);
  });

  it('is neutral for no team or a team the screen does not know', () => {
    expect(teamColour([{ id: 1, name: 'Owls' }], null)).toBe(NO_TEAM_COLOUR);
    expect(teamColour([{ id: 1, name: 'Owls' }], 2)).toBe(NO_TEAM_COLOUR);
  });
});
