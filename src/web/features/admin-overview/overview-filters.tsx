import { useEffect, useId, useState, type FormEvent } from 'react';
import { Button, Input, Select } from '../../components/ui';
import { useT } from '../../lib/i18n';

type Props = {
  searchLabel: string;
  statuses: readonly { value: string; label: string }[];
  search: string;
  status: string;
  onChange: (key: 'search' | 'status', value: string) => void;
};

/** Search (on Enter or the button) and a status filter above an overview list. */
export function OverviewFilters({ searchLabel, statuses, search, status, onChange }: Props) {
  const t = useT('admin');
  const id = useId();
  const [text, setText] = useState(search);
  useEffect(() => setText(search), [search]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange('search', text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2">
      <div className="min-w-56 flex-1">
        <label htmlFor={`${id}-search`} className="mb-1 block text-sm font-medium text-slate-700">
          {searchLabel}
        </label>
        <Input id={`${id}-search`} type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
      </div>
      <Button type="submit">{t('bookings.search')}</Button>
      <div>
        <label htmlFor={`${id}-status`} className="mb-1 block text-sm font-medium text-slate-700">
          {t('bookings.colStatus')}
        </label>
        <Select id={`${id}-status`} value={status} onChange={(e) => onChange('status', e.target.value)}>
          <option value="">{t('bookings.tabAll')}</option>
          {statuses.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
      </div>
    </form>
  );
}
