import { useEffect, useState } from 'react';
import type { MapPlayer } from './live-map';
import { CHICKEN_COLOUR, teamColour, type ColourTeam } from '../../../shared/game/team-colours';
import { useT } from '../../lib/i18n';

type LocatedPlayer = Pick<MapPlayer, 'position'> & { location: 'unknown' | 'granted' | 'denied' };

/**
 * 'no location' for a player who refused or never shared a position (the words); otherwise when last seen
 * ('seen 5 s ago'), in the reader's language.
 */
export function useLocationText(): (player: LocatedPlayer, now: number) => string {
  const t = useT('content');
  return (player, now) => {
    if (!player.position) return player.location === 'granted' ? t('liveGame.waitingForLocation') : t('liveGame.noLocation');
    const { n, unit } = agoOf(now - Date.parse(player.position.at));
    return t(unit === 's' ? 'liveGame.seenSecondsAgo' : unit === 'min' ? 'liveGame.seenMinutesAgo' : 'liveGame.seenHoursAgo', { n });
  };
}

/** How long ago, in the one unit it is said in (under a minute in seconds, under an hour in minutes, else hours). */
export function agoOf(ms: number): { n: number; unit: 's' | 'min' | 'h' } {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return { n: s, unit: 's' };
  const m = Math.floor(s / 60);
  return m < 60 ? { n: m, unit: 'min' } : { n: Math.floor(m / 60), unit: 'h' };
}

/** Re-renders every `everyMs` so "seen 5 s ago" and "time left" move on. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** Minutes and seconds until `endsAt`, or null when there is no end yet. */
export function timeLeftText(endsAt: string | null, now: number): string | null {
  if (!endsAt) return null;
  const left = Math.max(0, Math.floor((Date.parse(endsAt) - now) / 1000));
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  const mmss = `${String(m).padStart(h > 0 ? 2 : 1, '0')}:${String(s).padStart(2, '0')}`;
  return h > 0 ? `${h}:${mmss}` : mmss;
}

/**
 * Time until `startsAt` ('2 d 3:04:05', '1:02:05', '4:05'), or null once it is due (or unknown). `dayUnit` is the
 * reader's abbreviation for days (a phone in German writes '2 T 3:04:05').
 */
export function startsInText(startsAt: string | null, now: number, dayUnit = 'd'): string | null {
  if (!startsAt) return null;
  const ms = Date.parse(startsAt) - now;
  if (!(ms > 0)) return null;
  const days = Math.floor(ms / 86_400_000);
  const rest = timeLeftText(new Date(now + (ms % 86_400_000)).toISOString(), now) ?? '0:00';
  return days > 0 ? `${days} ${dayUnit} ${rest}` : rest;
}

/** A small dot in the team's colour among the game's `teams` (shared/game/team-colours.ts; the Chicken's own colour for the Chicken). */
export function TeamDot({ teams, teamId, chicken = false }: { teams: readonly ColourTeam[]; teamId: number | null; chicken?: boolean }) {
  const colour = chicken ? CHICKEN_COLOUR : teamColour(teams, teamId);
  return (
    <span
      aria-hidden="true"
      data-testid="team-dot"
      data-colour={colour}
      className="inline-block h-3 w-3 shrink-0 rounded-full"
      style={{ background: colour }}
    />
  );
}
