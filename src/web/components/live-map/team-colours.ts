/** One colour per team, the same on every screen (the map's markers, the players list, the team cards). */
const PALETTE = ['#2563eb', '#dc2626', '#16a34a', '#9333ea', '#ea580c', '#0891b2', '#db2777', '#4d7c0f', '#7c3aed', '#b45309'];
export const CHICKEN_COLOUR = '#e59f00';
export const NO_TEAM_COLOUR = '#475569';

/** Teams are coloured by their order in the game (ids ascending), so every viewer sees the same colours. */
export function teamColour(teamIds: readonly number[], teamId: number | null): string {
  if (teamId === null) return NO_TEAM_COLOUR;
  const sorted = [...teamIds].sort((a, b) => a - b);
  const index = sorted.indexOf(teamId);
  return index === -1 ? NO_TEAM_COLOUR : (PALETTE[index % PALETTE.length] ?? NO_TEAM_COLOUR);
}
