import type { Language } from '../../../shared/i18n/languages';
import { playEndpoints as ep } from '../../../shared/api/endpoints/play';
import { PLAYER_TOKEN_HEADER, type JoinBody, type MapResponse } from '../../../shared/api/play';
import { api } from '../../lib/api-client';
import { pathOf } from '../../../shared/api/endpoint';

/**
 * The player app's calls (decision 0230). The player token is the player: kept in localStorage per game code, so
 * a reload, a closed tab or a dropped connection keeps the same player, and sent in a header on every call.
 */

const tokenKey = (code: string) => `hatch.play.${code.toUpperCase()}`;

export function readToken(code: string): string | null {
  try {
    return window.localStorage.getItem(tokenKey(code));
  } catch {
    return null;
  }
}

export function storeToken(code: string, token: string | null): void {
  try {
    if (token === null) window.localStorage.removeItem(tokenKey(code));
    else window.localStorage.setItem(tokenKey(code), token);
  } catch {
    // private mode without storage: the player stays joined until the tab closes
  }
}

const auth = (token: string) => ({ [PLAYER_TOKEN_HEADER]: token });

export const playKeys = {
  game: (code: string) => ['play', 'game', code.toUpperCase()] as const,
  me: (code: string) => ['play', 'me', code.toUpperCase()] as const,
  map: (code: string) => ['play', 'map', code.toUpperCase()] as const,
};

export const fetchGame = (code: string) => api(ep.game, { params: { code } });
export const fetchMe = (code: string, token: string) => api(ep.me, { params: { code }, headers: auth(token) });
export const joinGame = (code: string, body: JoinBody) => api(ep.join, { params: { code }, body });
export const updateMe = (code: string, token: string, body: { ready?: boolean; location?: 'granted' | 'denied'; language?: Language }) =>
  api(ep.updateMe, { params: { code }, body, headers: auth(token) });
export const changeTeam = (code: string, token: string, body: { team_id: number } | { team_name: string }) =>
  api(ep.changeTeam, { params: { code }, body, headers: auth(token) });
export const sendPosition = (code: string, token: string, body: { lat: number; lng: number; accuracy?: number }) =>
  api(ep.position, { params: { code }, body, headers: auth(token) });
export const fetchMap = (code: string, token: string, signal?: AbortSignal): Promise<MapResponse> =>
  api(ep.map, { params: { code }, headers: auth(token), ...(signal ? { signal } : {}) });
export const streamUrl = (code: string) => pathOf(ep.stream.path, { code });
export const streamHeaders = (token: string) => auth(token);
