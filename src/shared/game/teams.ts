/**
 * Team rules of the live game, shared by the server (enforced) and the player app (shown before asking).
 * docs/decisions/0222-team-capacity.md.
 */

export const TEAM_NAME_MAX = 40;
export const PLAYER_NAME_MAX = 40;
export const MESSAGE_MAX = 280;

/**
 * A team is full at this many players: an even split of the booked players plus one spare seat, so a late
 * swap or an uneven group still fits, and never fewer than two (a team of one is not a team).
 */
export function teamCapacity(bookedPlayers: number, teamCount: number): number {
  return Math.max(2, Math.ceil(bookedPlayers / Math.max(1, teamCount)) + 1);
}

/**
 * What makes two team names the same (decision 0350): compatibility-normalized (NFKC: full-width letters and odd spaces
 * become plain ones), trimmed, inner spaces collapsed and lower-cased, so 'Red  Fox', ' red fox' and 'Ｒｅｄ Ｆｏｘ' are
 * one name. The server stores it beside each game team (instance_teams.name_key, unique per game) and every check
 * compares it; the booker's team list and the screens use it too.
 */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replaceAll(/\s+/g, ' ').toLowerCase();
}

/** Whether a list of names holds two that are the same name (nameKey). */
export function hasDuplicateNames(names: readonly string[]): boolean {
  return new Set(names.map(nameKey)).size !== names.length;
}

export const GAME_MESSAGES = {
  gameNotFound: 'Game not found',
  playerNotFound: 'Please join the game first',
  wrongGame: 'This player belongs to another game',
  nameRequired: 'Please enter your name',
  nameTooLong: `Please use at most ${PLAYER_NAME_MAX} characters`,
  nameTaken: 'Someone in this game already uses this name',
  teamNameRequired: 'Please enter a team name',
  teamNameTooLong: `Please use at most ${TEAM_NAME_MAX} characters`,
  teamNameTaken: 'A team with this name already exists',
  teamUnknown: 'This team is not part of the game',
  teamFull: 'This team is full',
  teamRequired: 'Please pick or create a team',
  gameFull: 'This game is full',
  gameEnded: 'This game has ended',
  gameNotLobby: 'Teams can only change before the game starts',
  gameNotLive: 'The game is not live',
  gameNotPaid: 'This game is not open yet',
  chickenKeyWrong: 'This Chicken link is not valid',
  chickenTaken: 'The Chicken has already joined',
  chickenNoTeam: 'The Chicken plays without a team',
  outsideWorld: 'This position is not on Earth',
  tooFast: 'This position is too far from the last one',
  tooOften: 'Positions are sent at most once a second',
  messageRequired: 'Please enter a message',
  messageTooLong: `Please use at most ${MESSAGE_MAX} characters`,
  alreadyEnded: 'The game has already ended',
  hostOnly: 'Only the host of this game or an admin may run it',
} as const;
