import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { MAX_SEARCH } from '../../../shared/api/admin-bookings';
import { paths } from '../../lib/paths';
import { Button, Input } from '../../components/ui';
import { AllBookingsTab, LeadsTab } from './booking-lists';
import { bookingsUrlParams, parseBookingsUrl, type BookingsUrlState, type View } from './bookings-url';
import { CalendarTab } from './calendar-tab';
import { StatsTab } from './stats-tab';
import { SubTabs } from './bookings-ui';
import { useT } from '../../lib/i18n';

const VIEW_TABS = [
  { value: 'all', label: 'bookings.viewAll' },
  { value: 'leads', label: 'bookings.viewLeads' },
  { value: 'calendar', label: 'bookings.viewCalendar' },
  { value: 'stats', label: 'bookings.viewStats' },
] as const satisfies readonly { value: View; label: string }[];

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (term: string) => void }) {
  const t = useT('admin');
  const form = useForm<{ term: string }>({ defaultValues: { term: initial } });
  const id = useId();
  return (
    <form role="search" onSubmit={(e) => void form.handleSubmit(({ term }) => onSearch(term.trim()))(e)} className="flex gap-2">
      <label htmlFor={id} className="sr-only">
        {t('bookings.searchLabel')}
      </label>
      <Input
        id={id}
        type="search"
        size="md"
        maxLength={MAX_SEARCH}
        placeholder={t('bookings.searchPlaceholder')}
        className="w-64 text-sm"
        {...form.register('term')}
      />
      <Button type="submit" size="md" className="bg-white">
        {t('bookings.search')}
      </Button>
    </form>
  );
}

/** /admin/bookings: the view and every filter live in the query string (spec section 2). */
export function BookingsPage() {
  const t = useT('admin');
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseBookingsUrl(params), [params]);
  const update = (patch: Partial<BookingsUrlState>) => setParams(bookingsUrlParams({ ...state, ...patch }));
  const searchable = state.view === 'all' || state.view === 'leads';

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('bookings.title')}</h1>
        <div className="flex flex-wrap items-center gap-3">
          {searchable && <SearchBox key={state.search} initial={state.search} onSearch={(search) => update({ search, page: 1 })} />}
          <Link to={paths.admin.bookingCreate} className="rounded-md bg-brand-500 px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-brand-400">
            {t('bookings.create')}
          </Link>
        </div>
      </div>
      <SubTabs
        label={t('bookings.viewLabel')}
        tabs={VIEW_TABS.map((tab) => ({ value: tab.value, label: t(tab.label) }))}
        value={state.view}
        onChange={(view) => update({ view, page: 1, filter: view === 'all' ? state.filter : null })}
      />
      {state.view === 'all' && <AllBookingsTab state={state} update={update} />}
      {state.view === 'leads' && <LeadsTab state={state} update={update} />}
      {state.view === 'calendar' && <CalendarTab state={state} update={update} />}
      {state.view === 'stats' && <StatsTab state={state} update={update} />}
    </section>
  );
}
