import { useEffect, useRef, type ReactNode } from 'react';
import type { MapResponse, MapPlayer } from '../../../shared/api/play';
import { formatTimestamp } from '../../../shared/time';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import type { MapPlace, MapStation } from '../../components/live-map/live-map';
import { locationText, TeamDot, timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { Badge } from '../../components/ui';
import { ordinal, rankedTeam } from '../../components/team-leaderboard';
import { notifyInfo } from '../../lib/toast';
import type { SenderNote } from './use-position-sender';
import type { LocationAnswer } from './ask-location';
import { LiveLocationPrompt } from './live-location-prompt';

type Props = {
  snapshot: MapResponse;
  me: MapPlayer;
  visible: MapPlayer[];
  note: SenderNote;
  /** The hunt's panel (the Chicken's screen, Found the Chicken, the Backpack), under the map. */
  hunt?: ReactNode;
  stations?: readonly MapStation[];
  /** The team's challenges tied to a place it may see (decision 0440). */
  places?: readonly MapPlace[];
  /** Records the player's location answer (turning it on while live). */
  onLocation: (answer: LocationAnswer) => Promise<unknown>;
};

/** The live game on a phone: time left, the map (own team and the area), the team, the host's messages. */
export function LiveView({ snapshot, me, visible, note, hunt = null, stations = [], places = [], onLocation }: Props) {
  const now = useNow();
  const team = rankedTeam(snapshot.teams, me.team_id);
  const left = timeLeftText(snapshot.game.ends_at, now);

  // A host message that arrives while playing pops up too: the list is below the map, out of sight on a phone.
  const seen = useRef(snapshot.messages.length);
  useEffect(() => {
    const fresh = snapshot.messages.slice(seen.current);
    seen.current = snapshot.messages.length;
    for (const m of fresh) notifyInfo(`Host: ${m.text}`);
  }, [snapshot.messages]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone="green">Live</Badge>
        {left ? (
          <span className="font-mono text-lg font-bold" data-testid="time-left" aria-label={`Time left ${left}`}>
            ⏱ {left}
          </span>
        ) : null}
        {team ? (
          <span className="text-sm" data-testid="my-team-score" data-rank={team.rank} data-points={team.total}>
            {team.name}: <strong>{team.total}</strong> points · {ordinal(team.rank)} of {snapshot.teams.length}
          </span>
        ) : null}
      </div>
      {me.location !== 'granted' ? (
        <LiveLocationPrompt chicken={me.role === 'chicken'} onAnswer={onLocation} />
      ) : note === 'too_fast' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Your last position was skipped: it jumped too far. Waiting for a better signal.
        </p>
      ) : note === 'no_signal' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">No location signal right now.</p>
      ) : null}
      <LazyLiveMap
        area={snapshot.game.area}
        teams={snapshot.teams}
        players={visible}
        selfId={me.id}
        stations={stations}
        places={places}
        className="h-[55vh] w-full"
        keepTilesOffline
      />
      {hunt}
      <section aria-label={me.role === 'chicken' ? 'You' : 'Your team'}>
        <h2 className="mb-1 font-semibold">{me.role === 'chicken' ? 'You are the Chicken 🐔' : `Team ${team?.name ?? ''}`}</h2>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="team-players">
          {visible.map((p) => (
            <li key={p.id} className="flex items-center gap-2 px-3 py-2" data-testid="team-player" data-name={p.name}>
              <TeamDot teams={snapshot.teams} teamId={p.team_id} chicken={p.role === 'chicken'} />
              <span className="flex-1 font-medium">
                {p.name}
                {p.id === me.id ? ' (you)' : ''}
              </span>
              <span className="text-sm text-slate-600" data-testid="player-location">
                {locationText(p, now)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="Messages from the host">
        <h2 className="mb-1 font-semibold">Messages from the host</h2>
        {snapshot.messages.length ? (
          <ul className="space-y-1" data-testid="host-messages">
            {[...snapshot.messages].reverse().map((m) => (
              <li key={m.id} className="rounded-lg bg-brand-50 px-3 py-2">
                <span className="block text-xs text-slate-600">{formatTimestamp(m.at)}</span>
                {m.text}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No messages yet.</p>
        )}
      </section>
    </div>
  );
}
