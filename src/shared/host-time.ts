import { formatDateTimeMinutes } from './time';

/** The travel margin of an install whose staff never set one: an hour between one game's end and the next meeting. */
export const DEFAULT_TRAVEL_MARGIN_MINUTES = 60;
export const MAX_TRAVEL_MARGIN_MINUTES = 1440;

export type TimeWindow = { start: Date; end: Date };
/** Another game the host is on: its booking's code and the window it holds (shared/meeting-time.ts bookedWindow). */
export type HostGame = { code: string; window: TimeWindow };
/** A stretch the host marked unavailable. */
export type HostUnavailable = { start: Date; end: Date; note: string };
export type HostClash = { kind: 'game'; code: string; window: TimeWindow } | { kind: 'unavailable'; start: Date; end: Date; note: string };

const overlaps = (a: TimeWindow, b: TimeWindow): boolean => a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/**
 * Whether two games' windows leave the host too little time between them: each window held from its meeting to its
 * end and then `marginMinutes` longer to travel on (either game may come first). Games that touch only at the margin's
 * edge do not clash.
 */
export function gamesClash(a: TimeWindow, b: TimeWindow, marginMinutes: number): boolean {
  const margin = marginMinutes * 60_000;
  const widen = (w: TimeWindow): TimeWindow => ({ start: w.start, end: new Date(w.end.getTime() + margin) });
  return overlaps(widen(a), widen(b));
}

/**
 * What keeps a host from a game held in `window`: a stretch they marked unavailable that meets the window (no margin:
 * the host said when they are away), else another game too close, else null. The earliest of each kind is named.
 */
export function hostClash(window: TimeWindow, held: { games: HostGame[]; unavailable: HostUnavailable[] }, marginMinutes: number): HostClash | null {
  const byStart = <T extends { start: Date }>(list: T[]) => [...list].sort((x, y) => x.start.getTime() - y.start.getTime());
  const away = byStart(held.unavailable).find((u) => overlaps(window, u));
  if (away) return { kind: 'unavailable', start: away.start, end: away.end, note: away.note };
  const game = byStart(held.games.map((g) => ({ ...g, start: g.window.start }))).find((g) => gamesClash(window, g.window, marginMinutes));
  return game ? { kind: 'game', code: game.code, window: game.window } : null;
}

/** The 409's words (and the picker's reason): the other booking by its code, or the unavailable stretch, in `zone`. */
export function hostClashMessage(clash: HostClash, zone: string): string {
  if (clash.kind === 'game') {
    return `This host is already on booking ${clash.code} (${formatDateTimeMinutes(clash.window.start, zone)} to ${formatDateTimeMinutes(clash.window.end, zone)}), too close to this game`;
  }
  const note = clash.note.trim() ? `: ${clash.note.trim()}` : '';
  return `This host marked themselves unavailable from ${formatDateTimeMinutes(clash.start, zone)} to ${formatDateTimeMinutes(clash.end, zone)}${note}`;
}
