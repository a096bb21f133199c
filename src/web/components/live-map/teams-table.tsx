import { formatTimestamp } from '../../../shared/time';
import { TeamDot } from './live-game-ui';

type Team = { id: number; name: string; points: number; chicken_points: number; players?: number; found_chicken_at?: string | null };

/** Every team of a live game with its points, best first: the host console and the organiser's live view. */
export function TeamsTable({ teams }: { teams: readonly Team[] }) {
  const teamIds = teams.map((t) => t.id);
  const ranked = [...teams].sort((a, b) => b.points - a.points || a.name.localeCompare(b.name));
  if (!ranked.length) return <p className="text-sm text-slate-600">No teams yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="teams-table">
        <thead className="text-slate-500">
          <tr>
            <th scope="col" className="py-1 pr-2">
              Team
            </th>
            <th scope="col" className="pr-2">
              Players
            </th>
            <th scope="col" className="pr-2">
              Points
            </th>
            <th scope="col" className="pr-2">
              Chicken points
            </th>
            <th scope="col">Found the Chicken</th>
          </tr>
        </thead>
        <tbody>
          {ranked.map((t) => (
            <tr key={t.id} className="border-t border-slate-100" data-testid="team-row" data-name={t.name}>
              <td className="py-1.5 pr-2">
                <span className="inline-flex items-center gap-2 font-medium">
                  <TeamDot teamIds={teamIds} teamId={t.id} /> {t.name}
                </span>
              </td>
              <td className="pr-2">{t.players ?? '—'}</td>
              <td className="pr-2 font-semibold">{t.points}</td>
              <td className="pr-2">{t.chicken_points}</td>
              <td>{t.found_chicken_at ? formatTimestamp(t.found_chicken_at) : 'Not yet'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
