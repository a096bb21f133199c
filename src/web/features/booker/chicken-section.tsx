import { useId, useState } from 'react';
import type { BookerBooking } from '../../../shared/api/booking';
import { chickenBody } from '../../../shared/api/booker-game';
import { saveChicken } from './booker-api';
import { chickenText } from './booking-format';
import { buttonClass, FieldError, inputClass, labelClass, Section } from '../../components/ui';
import { Row } from './booker-ui';
import { useSaveAction } from '../../lib/use-save-action';

type Choice = 'self' | 'player' | 'team';
const CHOICES: { value: Choice; label: string; help: string }[] = [
  { value: 'self', label: 'Me', help: 'You hide and everyone hunts you.' },
  { value: 'player', label: 'A player', help: 'Someone from your group hides.' },
  { value: 'team', label: 'A team', help: 'A whole team hides together.' },
];
const asChoice = (v: string | null): Choice | null => (v === 'self' || v === 'player' || v === 'team' ? v : null);

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/** Who the Chicken is, and the email we send the hiding spot to. */
export function ChickenSection({ booking, onSaved }: Props) {
  const id = useId();
  const locked = booking.locked_chicken;
  const [choice, setChoice] = useState<Choice | null>(asChoice(booking.assigned_chicken));
  const [email, setEmail] = useState(booking.assigned_chicken_email ?? '');
  const { run, saving, error } = useSaveAction(onSaved, { success: 'Chicken saved', failure: 'Failed to save the Chicken' });
  const check = chickenBody.safeParse({ assigned_chicken: choice, assigned_chicken_email: email });
  const problem = check.success ? null : (check.error.issues[0]?.message ?? null);
  const changed = choice !== asChoice(booking.assigned_chicken) || email.trim() !== (booking.assigned_chicken_email ?? '');

  return (
    <Section look="page" id="chicken" title="The Chicken" description="The Chicken hides; everyone else hunts. We email the Chicken the hiding spot." locked={locked}>
      {locked ? (
        <dl>
          <Row label="Chicken">{chickenText(booking.assigned_chicken)}</Row>
          <Row label="Chicken's email">{booking.assigned_chicken_email ?? 'Not set'}</Row>
        </dl>
      ) : (
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void run(() => saveChicken(booking, { assigned_chicken: choice, assigned_chicken_email: email }));
          }}
        >
          <fieldset>
            <legend className={labelClass('lg')}>Who is the Chicken?</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  className={`flex cursor-pointer gap-2 rounded-xl border p-3 ${choice === c.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
                >
                  <input type="radio" name={`${id}-chicken`} value={c.value} checked={choice === c.value} onChange={() => setChoice(c.value)} />
                  <span>
                    <span className="font-semibold">{c.label}</span>
                    <span className="block text-sm text-slate-600">{c.help}</span>
                  </span>
                </label>
              ))}
            </div>
            {choice === null ? <p className="mt-2 text-sm text-slate-600">Undecided</p> : null}
          </fieldset>
          <div>
            <label htmlFor={`${id}-email`} className={labelClass('lg')}>
              Chicken&apos;s email
            </label>
            <input
              id={`${id}-email`}
              type="email"
              className={inputClass('lg')}
              maxLength={320}
              value={email}
              placeholder={choice === 'self' ? booking.email : ''}
              onChange={(e) => setEmail(e.target.value)}
            />
            {choice === 'self' ? <p className="mt-1 text-xs text-slate-500">Leave empty to use {booking.email}.</p> : null}
          </div>
          {problem && changed ? (
            <p role="alert" className="text-sm font-medium text-red-700">
              {problem}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary', 'lg')} disabled={!changed || problem !== null || saving}>
            {saving ? 'Saving…' : 'Save Chicken'}
          </button>
          <FieldError className="mt-2" message={error} />
        </form>
      )}
    </Section>
  );
}
