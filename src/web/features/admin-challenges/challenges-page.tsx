import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { SPICE_LEVELS, type SpiceLevel } from '../../../shared/validation/challenge-rules';
import { translatedText } from '../../../shared/i18n/content';
import { Spinner } from '../../components/spinner';
import { paths } from '../../lib/paths';
import { challengesKey, fetchChallenges } from './challenges-api';
import { SpiceChilis } from '../../components/spice-chilis';
import { Button, EmptyTableRow, Table, TableHead } from '../../components/ui';
import { useLanguage, useT } from '../../lib/i18n';
import { useChallengeText } from '../../lib/challenge-text';

const FILTERS: readonly (SpiceLevel | null)[] = [null, ...SPICE_LEVELS];

function spiceFrom(value: string | null): SpiceLevel | null {
  return SPICE_LEVELS.find((level) => level === value) ?? null;
}

/** /admin/challenges: the spice filter is kept in the query string (?spice_level=), so links and back work. */
export function ChallengesPage() {
  const t = useT('content');
  const words = useChallengeText();
  const language = useLanguage();
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
        <h1 className="text-2xl font-bold">{t('challenges.title')}</h1>
        <Link to={paths.admin.challengeCreate} className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-400">
          {t('challenges.create')}
        </Link>
      </div>
      <div role="group" aria-label={t('challenges.spiceFilter')} className="flex flex-wrap gap-2">
        {FILTERS.map((value) => (
          <Button
            key={value ?? 'all'}
            variant="unstyled"
            aria-pressed={spice === value}
            onClick={() => choose(value)}
            className={`rounded-full border px-4 py-1.5 text-sm ${spice === value ? 'border-brand-600 bg-brand-500 font-semibold text-slate-900' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
          >
            {value ? words.spice(value) : t('challenges.spiceAll')}
          </Button>
        ))}
      </div>
      {list.isPending ? (
        <Spinner />
      ) : (
        <Table>
          <TableHead
            headers={[t('challenges.colName'), t('challenges.colType'), t('challenges.colSpice'), t('challenges.colStatus'), t('challenges.colActions')]}
          />
          <tbody>
            {rows.map((c) => {
              // Staff's own translation of the title for a reader of another language (decision 0630), else the English.
              const name = translatedText(c.name, c.translations, language, 'name');
              return (
                <tr key={c.id} className="border-t border-slate-100">
                  <td className="px-4 py-3 font-medium">{name}</td>
                  <td className="px-4 py-3">{words.type(c.type)}</td>
                  <td className="px-4 py-3">
                    <SpiceChilis level={c.spice_level} />
                  </td>
                  <td className="px-4 py-3">
                    <span
                      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${c.is_active ? 'bg-green-100 text-green-800' : 'bg-slate-200 text-slate-700'}`}
                    >
                      {c.is_active ? t('challenges.active') : t('challenges.inactive')}
                    </span>
                  </td>
                  <td className="px-4 py-3">
                    <Link
                      to={paths.admin.challengeEdit(c.id)}
                      aria-label={t('challenges.editLabel', { name })}
                      className="text-brand-700 underline hover:text-brand-600"
                    >
                      {t('challenges.edit')}
                    </Link>
                  </td>
                </tr>
              );
            })}
            {rows.length === 0 ? <EmptyTableRow columns={5}>{t('challenges.empty')}</EmptyTableRow> : null}
          </tbody>
        </Table>
      )}
    </section>
  );
}
