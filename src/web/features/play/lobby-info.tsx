import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { PlayGameResponse } from '../../../shared/api/play';
import { chickenPointsFor } from '../../../shared/scoring/leaderboard';
import { isValidTimeZone } from '../../../shared/time';
import type { Language } from '../../../shared/i18n/languages';
import { startsInText, useNow } from '../../components/live-map/live-game-ui';
import { useLocale, useT } from '../../lib/i18n';

/**
 * The start in the game's own zone (decision 0110): a player abroad or on a phone set to another zone reads the local
 * time. English keeps the spec's form; another language has its locale's own (Intl), in the same zone.
 */
function startText(startsAt: string, timeZone: string, language: Language, locale: string): string {
  const zone = isValidTimeZone(timeZone) ? timeZone : 'UTC';
  const when =
    language === 'en'
      ? format(new TZDate(Date.parse(startsAt), zone), 'EEEE d MMMM, HH:mm')
      : new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: zone }).format(
          new Date(startsAt),
        );
  return `${when} (${zone})`;
}

/** When the game starts, counting down each second; once the time is here, it says the host starts it. */
export function StartCountdown({ startsAt, timeZone }: { startsAt: string | null; timeZone: string }) {
  const now = useNow();
  const t = useT('play');
  const { language, locale } = useLocale();
  if (!startsAt) return <p data-testid="lobby-start">{t('lobbyNoStart')}</p>;
  const left = startsInText(startsAt, now, t('daysShort'));
  return (
    <div className="space-y-1">
      <p>
        <span className="text-slate-600">{t('lobbyStarts')} </span>
        <strong data-testid="lobby-start">{startText(startsAt, timeZone, language, locale)}</strong>
      </p>
      <p className="font-mono text-2xl font-bold" data-testid="lobby-countdown" aria-live="off">
        {left ? t('lobbyStartsIn', { left }) : t('lobbyAnyMoment')}
      </p>
    </div>
  );
}

/** The lobby's facts for a player: where to meet, when, and the rules in a few lines (decision 0230). */
export function LobbyInfo({ info }: { info: PlayGameResponse }) {
  const t = useT('play');
  const weapons = info.game.weapons_on;
  return (
    <section aria-label={t('lobbyBeforeGame')} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('lobbyMeetingPoint')}</h2>
        <p className="text-lg font-semibold" data-testid="lobby-meeting-point">
          {info.meeting_point ?? t('lobbyMeetingTbc')}
        </p>
        {info.meeting_point && info.meeting_point_notes ? <p className="text-sm text-slate-700">{info.meeting_point_notes}</p> : null}
      </div>
      <StartCountdown startsAt={info.game.starts_at} timeZone={info.timezone} />
      <div>
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('lobbyHowToPlay')}</h2>
        <ul className="list-disc space-y-1 pl-5 text-slate-800" data-testid="lobby-rules">
          <li>{t('lobbyRuleFind', { points: chickenPointsFor(1) })}</li>
          <li>{t('lobbyRuleChallenges')}</li>
          <li>{t('lobbyRuleArea')}</li>
          {weapons ? <li>{t('lobbyRuleItems')}</li> : null}
          <li>{t('lobbyRuleWin')}</li>
        </ul>
      </div>
    </section>
  );
}
