import { useMessageText, useT } from '../../lib/i18n';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { Place } from '../../../shared/api/public-booking';
import { MESSAGES } from '../../../shared/validation/booking-rules';
import { CITY_SUGGESTIONS_FAILED, searchCities } from './wizard-api';
import { FieldError, HelpPopover } from './help-popover';
import type { CityChoice } from './wizard-state';

export const CITY_MIN_CHARS = 2;
export const CITY_DEBOUNCE_MS = 500;

type CityFieldProps = {
  query: string;
  city: string;
  showErrors: boolean;
  onQueryChange: (query: string) => void;
  onSelect: (city: CityChoice) => void;
};

/** A combobox: suggestions from GET /api/geocode after a 500 ms pause, at least 2 characters, 5 shown. */
export function CityField({ query, city, showErrors, onQueryChange, onSelect }: CityFieldProps) {
  const id = useId();
  const t = useT('wizard');
  const say = useMessageText();
  const [suggestions, setSuggestions] = useState<Place[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [searching, setSearching] = useState(false);
  const [noMatch, setNoMatch] = useState(false);
  const typed = useRef(false);
  // Suggestions open only while the field has the focus: an answer that arrives after the booker moved on stays shut.
  const focused = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const q = query.trim();
    // Nothing to look up: too short, already chosen, or restored from a reload without typing.
    if (q.length < CITY_MIN_CHARS || (city !== '' && query === city) || !typed.current) {
      setSuggestions([]);
      setSearching(false);
      setNoMatch(false);
      return;
    }
    const controller = new AbortController();
    setSearching(true);
    const timer = window.setTimeout(() => {
      searchCities(q, controller.signal).then(
        (results) => {
          setSuggestions(results);
          setNoMatch(results.length === 0);
          setFetchError(null);
          setActive(-1);
          setOpen(focused.current);
          setSearching(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setSuggestions([]);
          setNoMatch(false);
          setFetchError(CITY_SUGGESTIONS_FAILED);
          setSearching(false);
        },
      );
    }, CITY_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, city]);

  // A click or tap anywhere else closes the list (blur covers most cases; this also covers a press that keeps the focus).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (e: PointerEvent) => {
      if (e.target instanceof Node && rootRef.current?.contains(e.target)) return;
      setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const choose = (place: Place) => {
    onSelect({ id: place.id, name: place.name, displayName: place.display_name, lat: place.lat, lng: place.lng, timezone: place.timezone });
    setOpen(false);
    setSuggestions([]);
    setFetchError(null);
    typed.current = false;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
      return;
    }
    if (!open || suggestions.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      const place = suggestions[active];
      if (place) choose(place);
    }
  };

  const missing = city === '' && (touched || showErrors);
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const showList = open && suggestions.length > 0;
  return (
    <div className="relative" ref={rootRef}>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-input`} className="font-semibold text-slate-900">
          {t('city')}
        </label>
        <HelpPopover label={t('cityHelpLabel')}>{t('cityHelp')}</HelpPopover>
      </div>
      <input
        id={`${id}-input`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${id}-option-${active}` : undefined}
        aria-invalid={missing || fetchError ? true : undefined}
        aria-describedby={missing || fetchError ? errorId : undefined}
        placeholder={t('cityPlaceholder')}
        value={query}
        onChange={(e) => {
          typed.current = true;
          onQueryChange(e.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
        }}
        onBlur={() => {
          focused.current = false;
          setTouched(true);
          setOpen(false);
        }}
        className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('citySuggestions')}
        hidden={!showList}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg"
      >
        {suggestions.map((place, index) => (
          <li
            key={place.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            // Keep the focus in the field so choosing does not count as leaving it.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(place)}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-brand-100' : 'hover:bg-brand-50'}`}
          >
            {place.display_name}
          </li>
        ))}
      </ul>
      <p className="sr-only" aria-live="polite">
        {searching ? '' : showList ? t('suggestionCount', { count: suggestions.length }) : ''}
      </p>
      {noMatch && !searching && city === '' && !fetchError ? <p className="mt-1 text-sm text-slate-600">{t('noCity')}</p> : null}
      {fetchError ? (
        <FieldError id={errorId}>{say(fetchError)}</FieldError>
      ) : missing ? (
        <FieldError id={errorId}>{say(MESSAGES.cityRequired)}</FieldError>
      ) : null}
    </div>
  );
}
