import { useEffect, useRef, type ReactNode } from 'react';
import type { MapResponse, MapPlayer } from '../../../shared/api/play';
import { LazyLiveMap } from '../../components/live-map/lazy-live-map';
import type { MapPlace, MapStation } from '../../components/live-map/live-map';
import { agoOf, TeamDot, timeLeftText, useNow } from '../../components/live-map/live-game-ui';
import { Badge } from '../../components/ui';
import { rankedTeam } from '../../components/team-leaderboard';
import { useT, type Translate } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
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

/** 'no location' for a player who refused or never shared a position (the words); otherwise when last seen. */
function locationText(player: MapPlayer, now: number, t: Translate<'play'>): string {
  if (player.position) {
    const { n, unit } = agoOf(now - Date.parse(player.position.at));
    return t(unit === 's' ? 'seenSecondsAgo' : unit === 'min' ? 'seenMinutesAgo' : 'seenHoursAgo', { n });
  }
  return player.location === 'granted' ? t('waitingForLocation') : t('noLocation');
}

/** The live game on a phone: time left, the map (own team and the area), the team, the host's messages. */
export function LiveView({ snapshot, me, visible, note, hunt = null, stations = [], places = [], onLocation }: Props) {
  const t = useT('play');
  const { timestamp } = useReaderFormat();
  const now = useNow();
  const team = rankedTeam(snapshot.teams, me.team_id);
  const left = timeLeftText(snapshot.game.ends_at, now);

  // A host message that arrives while playing pops up too: the list is below the map, out of sight on a phone.
  const seen = useRef(snapshot.messages.length);
  useEffect(() => {
    const fresh = snapshot.messages.slice(seen.current);
    seen.current = snapshot.messages.length;
    for (const m of fresh) notifyInfo(t('hostSays', { text: m.text }));
  }, [snapshot.messages, t]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone="green">{t('liveBadge')}</Badge>
        {left ? (
          <span className="font-mono text-lg font-bold" data-testid="time-left" aria-label={t('timeLeft', { left })}>
            ⏱ {left}
          </span>
        ) : null}
        {team ? (
          <span className="text-sm" data-testid="my-team-score" data-rank={team.rank} data-points={team.total}>
            {team.name}: <strong>{team.total}</strong> {t('myTeamRank', { rank: team.rank, count: snapshot.teams.length })}
          </span>
        ) : null}
      </div>
      {me.location !== 'granted' ? (
        <LiveLocationPrompt chicken={me.role === 'chicken'} onAnswer={onLocation} />
      ) : note === 'too_fast' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('positionSkipped')}</p>
      ) : note === 'no_signal' ? (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">{t('noSignal')}</p>
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
      <section aria-label={me.role === 'chicken' ? t('you') : t('lobbyYourTeam')}>
        <h2 className="mb-1 font-semibold">{me.role === 'chicken' ? t('chickenYouAre') : t('teamHeading', { name: team?.name ?? '' })}</h2>
        <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="team-players">
          {visible.map((p) => (
            <li key={p.id} className="flex items-center gap-2 px-3 py-2" data-testid="team-player" data-name={p.name}>
              <TeamDot teams={snapshot.teams} teamId={p.team_id} chicken={p.role === 'chicken'} />
              <span className="flex-1 font-medium">
                {p.name}
                {p.id === me.id ? ` ${t('youSuffix')}` : ''}
              </span>
              <span className="text-sm text-slate-600" data-testid="player-location">
                {locationText(p, now, t)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      <section aria-label={t('hostMessages')}>
        <h2 className="mb-1 font-semibold">{t('hostMessages')}</h2>
        {snapshot.messages.length ? (
          <ul className="space-y-1" data-testid="host-messages">
            {[...snapshot.messages].reverse().map((m) => (
              <li key={m.id} className="rounded-lg bg-brand-50 px-3 py-2">
                <span className="block text-xs text-slate-600">{timestamp(m.at)}</span>
                {m.text}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('noMessagesYet')}</p>
        )}
      </section>
    </div>
  );
}
