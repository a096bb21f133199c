import { useMessageText, useT } from '../../lib/i18n';
import { useId, useState } from 'react';
import { SELECTABLE_TIMEZONES } from '../../../shared/time';
import { MESSAGES } from '../../../shared/validation/booking-rules';
import { FieldError, HelpPopover } from './help-popover';
import type { MeetingTime } from './wizard-state';
import { Button } from '../ui/button';

const pad = (n: number) => String(n).padStart(2, '0');

export function timeText(t: MeetingTime | null): string {
  return t ? `${pad(t.hour)}:${pad(t.minute)}` : '';
}

export function parseTimeText(text: string): MeetingTime | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return hour <= 23 && minute <= 59 ? { hour, minute } : null;
}

/** The zones offered: the spec's list, plus the browser's own when it is not in it. */
export function timezoneOptions(
  browserZone: string,
  current: string,
  yourZone: (zone: string) => string = (zone) => `Your time zone (${zone})`,
): { label: string; zone: string }[] {
  const options: { label: string; zone: string }[] = SELECTABLE_TIMEZONES.map((z) => ({ label: `${z.label} (${z.zone})`, zone: z.zone }));
  for (const extra of [browserZone, current]) {
    if (!options.some((o) => o.zone === extra)) options.unshift({ label: extra === browserZone ? yourZone(extra) : extra, zone: extra });
  }
  return options;
}

type MeetingTimeFieldProps = {
  time: MeetingTime | null;
  timezone: string;
  browserZone: string;
  /** A date and time are set but make no real moment in the zone. */
  invalid: boolean;
  /** The date is today and the meeting time has already passed in the game's zone. */
  inPast?: boolean;
  showErrors: boolean;
  onTimeChange: (time: MeetingTime | null) => void;
  onTimezoneChange: (zone: string) => void;
};

export function MeetingTimeField({ time, timezone, browserZone, invalid, inPast = false, showErrors, onTimeChange, onTimezoneChange }: MeetingTimeFieldProps) {
  const id = useId();
  const t = useT('wizard');
  const say = useMessageText();
  const [zoneOpen, setZoneOpen] = useState(false);
  const [touched, setTouched] = useState(false);
  const message =
    time === null && (touched || showErrors) ? MESSAGES.meetingTimeRequired : invalid ? MESSAGES.invalidDateTime : inPast ? MESSAGES.timeInPast : null;
  return (
    <div>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-time`} className="font-semibold text-slate-900">
          {t('meetingTime')}
        </label>
        <HelpPopover label={t('meetingTimeHelpLabel')}>{t('meetingTimeHelp')}</HelpPopover>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <input
          id={`${id}-time`}
          type="time"
          step={300}
          value={timeText(time)}
          aria-invalid={message ? true : undefined}
          aria-describedby={`${id}-zone-text${message ? ` ${id}-error` : ''}`}
          onChange={(e) => onTimeChange(parseTimeText(e.target.value))}
          onBlur={() => setTouched(true)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base"
        />
        <Button variant="secondary" size="lg" aria-expanded={zoneOpen} aria-controls={`${id}-zone`} onClick={() => setZoneOpen((o) => !o)} className="text-sm">
          {zoneOpen ? t('hideZone') : t('changeZone')}
        </Button>
      </div>
      <p id={`${id}-zone-text`} className="mt-1 text-sm text-slate-600">
        {t('zoneLine', { zone: timezone })}
      </p>
      <div id={`${id}-zone`} hidden={!zoneOpen} className="mt-2">
        <label htmlFor={`${id}-zone-select`} className="block text-sm font-medium text-slate-800">
          {t('zone')}
        </label>
        <select
          id={`${id}-zone-select`}
          value={timezone}
          onChange={(e) => onTimezoneChange(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base sm:w-auto"
        >
          {timezoneOptions(browserZone, timezone, (zone) => t('yourZone', { zone })).map((o) => (
            <option key={o.zone} value={o.zone}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      {message ? (
        <div role="alert">
          <FieldError id={`${id}-error`}>{say(message)}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
