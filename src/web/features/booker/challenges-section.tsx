import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { SPICE_LEVELS, type ChallengeOption } from '../../../shared/api/booker-game';
import { challengeOptionsKey, fetchChallengeOptions, saveChallenges } from './booker-api';
import { Badge, Button, FieldError } from '../../components/ui';
import { PageSection } from './booker-ui';
import { useAction } from '../../lib/use-action';
import { SpiceChilis } from '../../components/spice-chilis';
import { useT, type KeyOf } from '../../lib/i18n';

const FILTERS = ['All', ...SPICE_LEVELS] as const;
type Filter = (typeof FILTERS)[number];
const FILTER_KEYS: Record<Filter, KeyOf<'booker'>> = { All: 'spiceAll', Mild: 'spiceMild', Medium: 'spiceMedium', Spicy: 'spiceSpicy' };
/** How a challenge's scoring reads: 'All or nothing' for right-or-wrong (spec section 3). */
const TYPE_KEYS: Partial<Record<string, KeyOf<'booker'>>> = { Rating: 'typeRating', Tally: 'typeTally', RightWrong: 'typeRightWrong' };
const sameList = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Active challenges filterable by spice level; the game's own (the plan's defaults at first) are ticked. */
export function ChallengesSection({ booking, onSaved }: { booking: BookerBooking; onSaved: (b: BookerBooking) => void }) {
  const code = booking.code;
  const t = useT('booker');
  const typeText = (type: string) => {
    const key = TYPE_KEYS[type];
    return key ? t(key) : type;
  };
  const options = useQuery({ queryKey: challengeOptionsKey(code), queryFn: () => fetchChallengeOptions(booking) });
  const [filter, setFilter] = useState<Filter>('All');
  // null: nothing changed here yet, so the game's saved list is shown.
  const [edited, setEdited] = useState<number[] | null>(null);
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (ids: number[]) => saveChallenges(booking, ids),
    success: t('challengesSaved'),
    failure: t('saveChallengesFailed'),
    onSuccess: (b) => {
      onSaved(b);
      setEdited(null);
    },
  });
  const locked = booking.locked_challenges;

  const activeIds = useMemo(() => new Set((options.data ?? []).map((c) => c.id)), [options.data]);
  // A challenge staff have since retired cannot be played: it is not offered or sent back.
  const saved = useMemo(() => booking.added_challenges.filter((id) => activeIds.has(id)), [booking.added_challenges, activeIds]);
  const selected = edited ?? saved;
  const unsaved = edited !== null && !sameList(edited, saved);
  const shown: ChallengeOption[] = (options.data ?? []).filter((c) => (locked ? selected.includes(c.id) : filter === 'All' || c.spice_level === filter));

  const toggle = (id: number, on: boolean) =>
    setEdited((list) => {
      const base = list ?? saved;
      return on ? [...base.filter((x) => x !== id), id] : base.filter((x) => x !== id);
    });

  return (
    <PageSection
      id="challenges"
      title={t('challenges')}
      description={t('challengesHelp')}
      locked={locked}
      actions={unsaved ? <Badge tone="brand">{t('unsavedChanges')}</Badge> : null}
    >
      {options.isPending ? <p className="text-slate-600">{t('loading')}</p> : null}
      {options.isError ? <p className="text-red-700">{t('challengesFailed')}</p> : null}
      {!locked ? (
        <div role="group" aria-label={t('spiceLevel')} className="mb-3 flex flex-wrap gap-2">
          {FILTERS.map((f) => (
            <Button
              key={f}
              variant="unstyled"
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
              className={`min-h-9 rounded-full border px-3 text-sm font-medium ${filter === f ? 'border-brand-500 bg-brand-100 text-slate-900' : 'border-slate-300 bg-white text-slate-700'}`}
            >
              {t(FILTER_KEYS[f])}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="mb-2 text-sm text-slate-600" data-testid="challenges-count">
        {t('selectedCount', { count: selected.length })}
      </p>
      <ul className="max-h-[32rem] divide-y divide-slate-100 overflow-y-auto rounded-xl border border-slate-200">
        {shown.map((c) => (
          <li key={c.id}>
            <label className={`flex gap-3 p-3 ${locked ? '' : 'cursor-pointer hover:bg-brand-50'}`}>
              <input
                type="checkbox"
                className="mt-1 h-5 w-5 shrink-0"
                checked={selected.includes(c.id)}
                disabled={locked}
                onChange={(e) => toggle(c.id, e.target.checked)}
              />
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  {c.name} <SpiceChilis level={SPICE_LEVELS.find((l) => l === c.spice_level) ?? 'Mild'} small />
                  <span className="text-xs font-normal text-slate-500">{typeText(c.type)}</span>
                </span>
                <span className="block text-sm text-slate-600">{c.description}</span>
              </span>
            </label>
          </li>
        ))}
        {options.isSuccess && shown.length === 0 ? <li className="p-3 text-slate-600">{t('noChallenges')}</li> : null}
      </ul>
      {!locked ? (
        <div className="mt-4">
          <Button variant="primary" size="lg" disabled={!unsaved || saving} onClick={() => void run(selected)}>
            {saving ? t('saving') : t('saveChallenges')}
          </Button>
          <FieldError className="mt-2" message={error} />
        </div>
      ) : null}
    </PageSection>
  );
}
