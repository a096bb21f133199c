import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { CHALLENGE_TYPE_LABELS, SPICE_LEVELS, type SpiceLevel } from '../../../shared/validation/challenge-rules';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { challengesKey, fetchChallenges } from './challenges-api';
import { SpiceChilis } from '../../components/spice-chilis';
import { Button, EmptyTableRow, Table, TableHead } from '../../components/ui';

const FILTERS: Array<{ label: string; value: SpiceLevel | null }> = [
  { label: 'All', value: null },
  ...SPICE_LEVELS.map((level) => ({ label: level, value: level })),
];

function spiceFrom(value: string | null): SpiceLevel | null {
  return SPICE_LEVELS.find((level) => level === value) ?? null;
}

/** /admin/challenges: the spice filter is kept in the query string (?spice_level=), so links and back work. */
export function ChallengesPage() {
  const [params, setParams] = useSearchParams();
  const spice = spiceFrom(params.get('spice_level'));
  const list = useQuery({ queryKey: [...challengesKey, 'list', spice], queryFn: () => fetchChallenges(spice) });

  useEffect(() => {
    // Spec: a list load failure is only logged.
    if (list.error) console.warn('Failed to load challenges', list.error);
  }, [list.error]);

  function choose(value: SpiceLevel | null) {
    setParams(value ? { spice_level: value } : {});
  }

  const rows = list.data ?? [];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Challenges</h1>
        <Link to={paths.admin.challengeCreate} className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-400">
          Create Challenge
        </Link>
      </div>
      <div role="group" aria-label="Spice level filter" className="flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Button
            key={f.label}
            variant="unstyled"
            aria-pressed={spice === f.value}
            onClick={() => choose(f.value)}
            className={`rounded-full border px-4 py-1.5 text-sm ${spice === f.value ? 'border-brand-600 bg-brand-500 font-semibold text-slate-900' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
          >
            {f.label}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : (
        <Table>
          <TableHead headers={['Name', 'Type', 'Spice Level', 'Status', 'Actions']} />
          <tbody>
            {rows.map((c) => (
              <tr key={c.id} className="border-t border-slate-100">
                <td className="px-4 py-3 font-medium">{c.name}</td>
                <td className="px-4 py-3">{CHALLENGE_TYPE_LABELS[c.type]}</td>
                <td className="px-4 py-3">
                  <SpiceChilis level={c.spice_level} />
                </td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
                  >
                    {c.is_active ? 'Active' : 'Inactive'}
                  </span>
                </td>
                <td className="px-4 py-3">
                  <Link to={paths.admin.challengeEdit(c.id)} aria-label={`Edit ${c.name}`} className="text-brand-700 underline hover:text-brand-600">
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
            {rows.length === 0 ? <EmptyTableRow columns={5}>No challenges found.</EmptyTableRow> : null}
          </tbody>
        </Table>
      )}
    </section>
  );
}
