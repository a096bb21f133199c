import type { CSSProperties } from 'react';
import { format, isValid } from 'date-fns';
import { DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale';
import type { Locale } from 'date-fns';
import { use } from 'react';
import type { Language } from '../../../shared/i18n/languages';
import { useLanguage } from '../../lib/i18n';
import 'react-day-picker/style.css';
import { API_DATE, todayIn, parseApiDate } from '../../../shared/time';
import { toApiDate } from './wizard-state';

// react-day-picker reads its colours and sizes from CSS variables set on its root, and its unlayered
// stylesheet wins over Tailwind's layered utilities: so both go in as inline styles.
const CALENDAR_STYLE = {
  '--rdp-accent-color': '#9a5f00',
  '--rdp-accent-background-color': '#fff8e6',
  '--rdp-day-width': '42px',
  '--rdp-day-height': '42px',
  '--rdp-day_button-width': '40px',
  '--rdp-day_button-height': '40px',
} as CSSProperties;

const SELECTED_DAY_STYLE: CSSProperties = { backgroundColor: '#f7b500', color: '#0f172a', borderRadius: '9999px', fontWeight: 700 };

// The calendar's month and weekday names in the reader's language: date-fns's locale of it, fetched when first
// needed (English is in the first load; the others would add about 15 KB to it).
const LOCALES: Record<Exclude<Language, 'en'>, () => Promise<Locale>> = {
  de: () => import('date-fns/locale/de').then((m) => m.de),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
};
const localeLoads = new Map<Language, Promise<Locale>>();
function calendarLocale(language: Language): Promise<Locale> {
  let load = localeLoads.get(language);
  if (!load) {
    load = language === 'en' ? Promise.resolve(enGB) : LOCALES[language]();
    load.catch(() => localeLoads.delete(language));
    localeLoads.set(language, load);
  }
  return load;
}

function localDay(apiDate: string): Date | undefined {
  if (!apiDate) return undefined;
  const day = parseApiDate(apiDate);
  return isValid(day) ? day : undefined;
}

type GameCalendarProps = {
  /** dd-MM-yy or ''. */
  date: string;
  timezone: string;
  onSelect: (apiDate: string) => void;
  labelledBy: string;
};

/** Spec step 0: a month calendar, weeks from Monday, past days (in the game's zone) disabled. */
export function GameCalendar({ date, timezone, onSelect, labelledBy }: GameCalendarProps) {
  const selected = localDay(toApiDate(date));
  const today = localDay(todayIn(timezone)) ?? new Date();
  const language = useLanguage();
  const locale = language === 'en' ? enGB : use(calendarLocale(language));
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-2 sm:p-3">
      <DayPicker
        mode="single"
        required
        locale={locale}
        weekStartsOn={1}
        selected={selected}
        defaultMonth={selected ?? today}
        disabled={{ before: today }}
        today={today}
        onSelect={(day) => {
          if (day) onSelect(format(day, API_DATE));
        }}
        aria-labelledby={labelledBy}
        style={CALENDAR_STYLE}
        modifiersStyles={{ selected: SELECTED_DAY_STYLE }}
        className="mx-auto w-fit"
      />
    </div>
  );
}
