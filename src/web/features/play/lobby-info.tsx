import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PlayGameResponse } from '../../../shared/api/play';
import { chickenPointsFor } from '../../../shared/scoring/leaderboard';
import { isValidTimeZone } from '../../../shared/time';
import { startsInText, useNow } from '../../components/live-map/live-game-ui';

/** The start in the game's own zone (decision 0110): a player abroad or on a phone set to another zone reads the local time. */
function startText(startsAt: string, timeZone: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  return `${format(new TZDate(Date.parse(startsAt), zone), 'EEEE d MMMM, HH:mm')} (${zone})`;
}

/** When the game starts, counting down each second; once the time is here, it says the host starts it. */
export function StartCountdown({ startsAt, timeZone }: { startsAt: string | null; timeZone: string }) {
  const now = useNow();
  if (!startsAt) return <p data-testid="lobby-start">The start time is not set yet.</p>;
  const left = startsInText(startsAt, now);
  return (
    <div className="space-y-1">
      <p>
        <span className="text-slate-600">Starts </span>
        <strong data-testid="lobby-start">{startText(startsAt, timeZone)}</strong>
      </p>
      <p className="font-mono text-2xl font-bold" data-testid="lobby-countdown" aria-live="off">
        {left ? `in ${left}` : 'Any moment now: the host starts the game'}
      </p>
    </div>
  );
}

/** The lobby's facts for a player: where to meet, when, and the rules in a few lines (decision 0230). */
export function LobbyInfo({ info }: { info: PlayGameResponse }) {
  const weapons = info.game.weapons_on;
  return (
    <section aria-label="Before the game" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">Meeting point</h2>
        <p className="text-lg font-semibold" data-testid="lobby-meeting-point">
          {info.meeting_point ?? 'To be confirmed by your organiser'}
        </p>
        {info.meeting_point && info.meeting_point_notes ? <p className="text-sm text-slate-700">{info.meeting_point_notes}</p> : null}
      </div>
      <StartCountdown startsAt={info.game.starts_at} timeZone={info.timezone} />
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">How to play</h2>
        <ul className="list-disc space-y-1 pl-5 text-slate-800" data-testid="lobby-rules">
          <li>
            The Chicken hides somewhere in the game area. Find it, and type the code on its phone (or scan its QR) to score: {chickenPointsFor(1)} points for
            the first team.
          </li>
          <li>On the way, do the challenges: send a photo or an answer; the host scores them.</li>
          <li>Stay inside the game area on the map: it shrinks as time runs out.</li>
          {weapons ? <li>Pick up items at the 🎒 stations and use them from your Backpack.</li> : null}
          <li>When time is up, the team with the most points wins.</li>
        </ul>
      </div>
    </section>
  );
}
