import type { MapTeam } from '../../../shared/api/play';

/** The end of the game: the final points, best first. */
export function GameOver({ teams, myTeamId = null }: { teams: MapTeam[]; myTeamId?: number | null }) {
  const ranked = [...teams].sort((a, b) => b.points - a.points);
  return (
    <section className="space-y-4 text-center" aria-labelledby="game-over-title">
      <h1 id="game-over-title" className="text-3xl font-bold">
        Game over
      </h1>
      <p className="text-slate-700">Thanks for playing! Head back to the meeting point.</p>
      {ranked.length ? (
        <ol className="mx-auto max-w-sm space-y-1 text-left">
          {ranked.map((t, i) => (
            <li key={t.id} className={`flex justify-between rounded-lg px-3 py-2 ${t.id === myTeamId ? 'bg-brand-100 font-semibold' : 'bg-white'}`}>
              <span>
                {i + 1}. {t.name}
              </span>
              <span>{t.points} points</span>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}
