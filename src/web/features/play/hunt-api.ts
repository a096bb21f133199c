import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { huntEndpoints as ep } from '../../../shared/api/endpoints/hunt';
import { foundEventData, itemsEventData, type ClaimPosition } from '../../../shared/api/hunt';
import { weaponsUnavailable, type WeaponsGame } from '../../../shared/game/items';
import { PLAYER_TOKEN_HEADER, type PublicGame } from '../../../shared/api/play';
import { PLAN_TYPES } from '../../../shared/plans';
import { api } from '../../lib/api-client';
import type { SseEvent } from '../../lib/event-stream';
import type { Translate } from '../../lib/i18n';
import { notifyInfo } from '../../lib/toast';

/** The hunt's player calls (decisions 0280–0283), with the player's token like every /api/play call. */
const auth = (token: string) => ({ [PLAYER_TOKEN_HEADER]: token });

export const huntKeys = {
  chicken: (code: string) => ['play', 'chicken', code.toUpperCase()] as const,
  backpack: (code: string) => ['play', 'backpack', code.toUpperCase()] as const,
};

export const fetchChicken = (code: string, token: string) => api(ep.chicken, { params: { code }, headers: auth(token) });
export const hideHere = (code: string, token: string) => api(ep.hide, { params: { code }, body: {}, headers: auth(token) });
export const claimChicken = (code: string, token: string, foundCode: string, position: ClaimPosition) =>
  api(ep.found, { params: { code }, body: { code: foundCode, position }, headers: auth(token) });
export const fetchBackpack = (code: string, token: string) => api(ep.backpack, { params: { code }, headers: auth(token) });
export const pickUp = (code: string, token: string, stationId: number) =>
  api(ep.pickup, { params: { code }, body: { station_id: stationId }, headers: auth(token) });
export const applyItem = (code: string, token: string, itemId: number, targetTeamId?: number) =>
  api(ep.use, {
    params: { code },
    body: targetTeamId === undefined ? { item_id: itemId } : { item_id: itemId, target_team_id: targetTeamId },
    headers: auth(token),
  });

/** The game as the item rules see it (shared/game/items.ts). */
export function weaponsGame(game: Pick<PublicGame, 'plan_type' | 'weapons_on'>): WeaponsGame {
  return { plan_type: PLAN_TYPES.find((p) => p === game.plan_type) ?? 'standard', weapons_on: game.weapons_on };
}

/** Whether this game has power-ups at all: nothing of them shows for Standard games or with weapons off. */
export function weaponsOn(game: Pick<PublicGame, 'plan_type' | 'weapons_on'>): boolean {
  return weaponsUnavailable(weaponsGame(game)) === null;
}

function parse<S extends z.ZodType>(schema: S, text: string): z.output<S> | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** How the hunt's toasts are said to this player: the play catalogue and the reader's time of day. */
export type HuntWords = { t: Translate<'play'>; clock: (iso: string) => string };

/**
 * The hunt's stream events, beside the map snapshot: a Backpack change refetches the Backpack (and an Egg Strike on
 * this team says so at once); a find refreshes the Chicken's screen and tells everyone.
 */
export function onHuntEvent(queryClient: QueryClient, code: string, event: SseEvent, { t, clock }: HuntWords): void {
  if (event.event === 'items') {
    const data = parse(itemsEventData, event.data);
    void queryClient.invalidateQueries({ queryKey: huntKeys.backpack(code) });
    if (data?.change === 'struck') {
      const by = data.by_team_name ?? t('anotherTeam');
      notifyInfo(`🥚 ${data.until ? t('struckUntil', { team: by, time: clock(data.until) }) : t('struck', { team: by })}`);
    }
    if (data?.change === 'shielded') notifyInfo(`💨 ${t('shieldedStrike', { team: data.by_team_name ?? t('aRival') })}`);
  }
  if (event.event === 'found') {
    const data = parse(foundEventData, event.data);
    void queryClient.invalidateQueries({ queryKey: huntKeys.chicken(code) });
    if (data) notifyInfo(`🐔 ${t('teamFoundChicken', { team: data.team_name })}`);
  }
}
