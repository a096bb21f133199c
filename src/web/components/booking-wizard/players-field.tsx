import { useMessageText, useT } from '../../lib/i18n';
import { useId } from 'react';
import { PLAYERS_MINUS_FLOOR, PLAYERS_PLUS_CAP, playerCountError } from '../../../shared/validation/booking-rules';
import { FieldError, HelpPopover } from './help-popover';
import { Button } from '../ui/button';

type PlayersFieldProps = {
  value: string;
  onChange: (text: string) => void;
  onStep: (direction: 1 | -1) => void;
  onBlur: () => void;
};

/** Minus, plus and a text field; the spec's three messages come from the shared rules. */
export function PlayersField({ value, onChange, onStep, onBlur }: PlayersFieldProps) {
  const id = useId();
  const t = useT('wizard');
  const say = useMessageText();
  const error = playerCountError(value);
  const shown = /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
  const button =
    'flex h-11 w-11 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-xl font-bold text-slate-900 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <div className="flex items-center gap-1">
        <label htmlFor={`${id}-input`} className="font-semibold text-slate-900">
          {t('players')}
        </label>
        <HelpPopover label={t('playersHelpLabel')}>{t('playersHelp')}</HelpPopover>
      </div>
      <div className="mt-1 flex items-center gap-2">
        <Button
          variant="unstyled"
          className={button}
          aria-label={t('fewerPlayers')}
          disabled={shown !== null && shown <= PLAYERS_MINUS_FLOOR}
          onClick={() => onStep(-1)}
        >
          −
        </Button>
        <input
          id={`${id}-input`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
          className="w-24 rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-center text-base"
        />
        <Button
          variant="unstyled"
          className={button}
          aria-label={t('morePlayers')}
          disabled={shown !== null && shown >= PLAYERS_PLUS_CAP}
          onClick={() => onStep(1)}
        >
          +
        </Button>
      </div>
      {error ? (
        <div role="alert">
          <FieldError id={`${id}-error`}>{say(error)}</FieldError>
        </div>
      ) : null}
    </div>
  );
}
