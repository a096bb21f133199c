import { z } from 'zod';
import { mapTeamSchema, meResponse, playGameResponse, type MapTeam, type MeResponse, type PlayGameResponse } from '../../../shared/api/play';

/**
 * The last game and player the server answered, kept in localStorage per game code (issue 29, decision 0432): a
 * player who reloads without signal is shown their game, never the join form. Read back through the shared schemas,
 * so a copy from an older version of the app is simply not used.
 */

const cacheKey = (what: 'game' | 'me' | 'teams', code: string) => `hatch.play.${what}.${code.toUpperCase()}`;

function read(key: string): unknown {
  try {
    const text = window.localStorage.getItem(key);
    return text === null ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // no storage (private mode, full): the page works, only not after an offline reload
  }
}

export function cachedGame(code: string): PlayGameResponse | undefined {
  const parsed = playGameResponse.safeParse(read(cacheKey('game', code)));
  return parsed.success ? parsed.data : undefined;
}

export function cachedMe(code: string): MeResponse | undefined {
  const parsed = meResponse.safeParse(read(cacheKey('me', code)));
  return parsed.success ? parsed.data : undefined;
}

/**
 * The teams' scores as this phone last saw them live (the stream open), for a reload without signal (issue 36): the
 * worker's copy of the map is the one the page last fetched, from before the scores the stream brought since, so it
 * showed "0 points · 1st of 3" for a team that was 2nd.
 */
export function cachedTeams(code: string): MapTeam[] | undefined {
  const parsed = z.array(mapTeamSchema).safeParse(read(cacheKey('teams', code)));
  return parsed.success ? parsed.data : undefined;
}

export const rememberTeams = (code: string, teams: readonly MapTeam[]) => write(cacheKey('teams', code), teams);

export const rememberGame = (code: string, game: PlayGameResponse) => write(cacheKey('game', code), game);
export const rememberMe = (code: string, me: MeResponse) => write(cacheKey('me', code), me);

export function forgetMe(code: string): void {
  try {
    window.localStorage.removeItem(cacheKey('me', code));
  } catch {
    // nothing kept
  }
}
