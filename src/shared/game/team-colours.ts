/**
 * A team's colour, one rule for every screen (the host console, the phones, the maps, the leaderboards; decision 0337).
 *
 * A team whose name says a colour gets it ("Red Foxes" are red, "Blue Jays" blue): the first such team, by id, takes
 * the colour if two names say the same one. Every other team takes the free colours in id order (join order). The
 * answer depends only on the game's teams (id and name), never on the order a screen lists them in (by rank, by name),
 * so the console and the phones agree. Past the palette the colours repeat.
 */
export type TeamColour = { name: string; hex: string };
export type ColourTeam = { id: number; name: string };

export const TEAM_PALETTE: readonly TeamColour[] = [
  { name: 'blue', hex: '#2563eb' },
  { name: 'red', hex: '#dc2626' },
  { name: 'green', hex: '#16a34a' },
  { name: 'purple', hex: '#9333ea' },
  { name: 'orange', hex: '#ea580c' },
  { name: 'teal', hex: '#0891b2' },
  { name: 'pink', hex: '#db2777' },
  { name: 'olive', hex: '#4d7c0f' },
  { name: 'violet', hex: '#7c3aed' },
  { name: 'brown', hex: '#b45309' },
];
export const CHICKEN_COLOUR = '#e59f00';
export const NO_TEAM_COLOUR = '#475569';

/** Words in team names that mean a palette colour. */
const COLOUR_WORDS: Readonly<Record<string, string>> = {
  blue: 'blue',
  red: 'red',
  scarlet: 'red',
  crimson: 'red',
  green: 'green',
  purple: 'purple',
  orange: 'orange',
  teal: 'teal',
  pink: 'pink',
  olive: 'olive',
  violet: 'violet',
  brown: 'brown',
};

function namedColour(name: string): number {
  for (const word of name.toLowerCase().split(/[^a-z]+/)) {
    const colour = COLOUR_WORDS[word];
    if (colour) return TEAM_PALETTE.findIndex((c) => c.name === colour);
  }
  return -1;
}

/** Every team's colour, by team id. */
export function teamColours(teams: readonly ColourTeam[]): Map<number, string> {
  const byId = [...teams].sort((a, b) => a.id - b.id);
  const taken = new Set<number>();
  const chosen = new Map<number, number>();
  for (const team of byId) {
    const named = namedColour(team.name);
    if (named >= 0 && !taken.has(named)) {
      chosen.set(team.id, named);
      taken.add(named);
    }
  }
  const free = TEAM_PALETTE.map((_, i) => i).filter((i) => !taken.has(i));
  let next = 0;
  for (const team of byId) {
    if (chosen.has(team.id)) continue;
    // Once the free colours run out, the palette repeats in order.
    const index = next < free.length ? free[next] : (next - free.length) % TEAM_PALETTE.length;
    chosen.set(team.id, index ?? 0);
    next += 1;
  }
  return new Map([...chosen].map(([id, i]) => [id, TEAM_PALETTE[i]?.hex ?? NO_TEAM_COLOUR]));
}

/** One team's colour among the game's teams; the neutral colour for no team or a team not among them. */
export function teamColour(teams: readonly ColourTeam[], teamId: number | null): string {
  if (teamId === null) return NO_TEAM_COLOUR;
  return teamColours(teams).get(teamId) ?? NO_TEAM_COLOUR;
}
