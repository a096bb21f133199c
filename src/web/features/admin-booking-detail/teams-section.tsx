import type { AdminBooking } from '../../../shared/api/booking';
import { Section, Table } from '../../components/ui';
import { useT } from '../../lib/i18n';

export function TeamsSection({ booking }: { booking: AdminBooking }) {
  const t = useT('admin');
  return (
    <Section title={t('overview.teams')} id="teams">
      {booking.teams_list.length === 0 ? (
        <p className="text-sm text-slate-500">{t('detail.noTeams')}</p>
      ) : (
        <Table look="plain">
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">{t('overview.team')}</th>
              <th>{t('bookings.colPlayers')}</th>
            </tr>
          </thead>
          <tbody>
            {booking.teams_list.map((team) => (
              <tr key={team.id} className="border-t border-slate-100">
                <td className="py-1 font-medium">{team.name}</td>
                <td>
                  {team.players
                    .split(',')
                    .map((p) => p.trim())
                    .filter(Boolean)
                    .join(', ') || '—'}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Section>
  );
}
