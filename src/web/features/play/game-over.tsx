import { useT } from '../../lib/i18n';
import type { MapTeam } from '../../../shared/api/play';
import { TeamLeaderboard } from '../../components/team-leaderboard';

/** The end of the game: the final leaderboard, in the one order every screen uses. */
export function GameOver({ teams, myTeamId = null }: { teams: readonly MapTeam[]; myTeamId?: number | null }) {
  const t = useT('play');
  return (
    <section className="space-y-4 text-center" aria-labelledby="game-over-title">
      <h1 id="game-over-title" className="text-3xl font-bold">
        {t('gameOver')}
      </h1>
      <p className="text-slate-700">{t('thanks')}</p>
      <TeamLeaderboard teams={teams} myTeamId={myTeamId} testId="game-over-leaderboard" label={t('finalLeaderboard')} breakdown className="mx-auto max-w-sm" />
    </section>
  );
}
