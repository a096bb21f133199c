import type { CSSProperties } from 'react';
import { format, isValid, parse } from 'date-fns';
import { DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

const DAY = 'yyyy-MM-dd';
const CALENDAR_STYLE = { '--rdp-accent-color': '#9a5f00', '--rdp-accent-background-color': '#fff8e6' } as CSSProperties;

const toDay = (value: string) => {
  const d = value ? parse(value, DAY, new Date()) : null;
  return d && isValid(d) ? d : undefined;
};

type Props = {
  /** yyyy-MM-dd, or '' for none. */
  from: string;
  to: string;
  /** A one-day pick sets both ends to that day. */
  onChange: (range: { from: string; to: string }) => void;
  label: string;
  /** The last day that may be picked (yyyy-MM-dd), if any. */
  latest?: string;
};

/** Two months of staff dates (Monday first, British labels) for picking a range, as the reports and the ledger filter. */
export function DateRangePicker({ from, to, onChange, label, latest }: Props) {
  const last = latest === undefined ? undefined : (toDay(latest) ?? new Date());
  return (
    <div className="w-fit rounded-xl border border-slate-200 bg-white p-2" style={CALENDAR_STYLE}>
      <DayPicker
        mode="range"
        locale={enGB}
        weekStartsOn={1}
        numberOfMonths={2}
        defaultMonth={toDay(from)}
        selected={{ from: toDay(from), to: toDay(to) }}
        {...(last ? { disabled: { after: last } } : {})}
        onSelect={(range) => {
          const start = range?.from ? format(range.from, DAY) : '';
          const end = range?.to ? format(range.to, DAY) : start;
          onChange({ from: start, to: end });
        }}
        aria-label={label}
      />
    </div>
  );
}
