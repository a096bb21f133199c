import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { chickenBody } from '../../../shared/api/booker-game';
import { saveChicken } from './booker-api';
import { useBookerText } from './use-booker-text';
import { useMessageText, type KeyOf } from '../../lib/i18n';
import { Button, cx, Field, FieldError, Input, labelClass } from '../../components/ui';
import { Row, PageSection } from './booker-ui';
import { useAction } from '../../lib/use-action';

type Choice = 'self' | 'player' | 'team';
const CHOICES: { value: Choice; label: KeyOf<'booker'>; help: KeyOf<'booker'> }[] = [
  { value: 'self', label: 'choiceMe', help: 'choiceMeHelp' },
  { value: 'player', label: 'chickenPlayer', help: 'choicePlayerHelp' },
  { value: 'team', label: 'chickenTeam', help: 'choiceTeamHelp' },
];
const asChoice = (v: string | null): Choice | null => (v === 'self' || v === 'player' || v === 'team' ? v : null);

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/** Who the Chicken is, and the email we send the hiding spot to. */
export function ChickenSection({ booking, onSaved }: Props) {
  const id = useId();
  const locked = booking.locked_chicken;
  const { t, chicken } = useBookerText();
  const ruleText = useMessageText();
  const form = useForm<z.input<typeof chickenBody>, unknown, z.output<typeof chickenBody>>({
    resolver: zodResolver(chickenBody),
    mode: 'onChange',
    defaultValues: { assigned_chicken: asChoice(booking.assigned_chicken), assigned_chicken_email: booking.assigned_chicken_email ?? '' },
  });
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (body: z.output<typeof chickenBody>) => saveChicken(booking, body),
    success: t('chickenSaved'),
    failure: t('chickenFailed'),
    onSuccess: onSaved,
  });
  const values = useWatch({ control: form.control });
  const choice = values.assigned_chicken ?? null;
  const email = values.assigned_chicken_email ?? '';
  const changed = choice !== asChoice(booking.assigned_chicken) || email.trim() !== (booking.assigned_chicken_email ?? '');
  // The email rule depends on the choice, so a new choice judges the email again; its error shows once the field was
  // left or the form sent (issue 28: choosing 'A player' said the email was missing before anyone could type it).
  const { errors, touchedFields, isSubmitted } = form.formState;
  const emailProblem = touchedFields.assigned_chicken_email || isSubmitted ? (errors.assigned_chicken_email?.message ?? null) : null;
  const problemMessage = changed ? (emailProblem ?? errors.assigned_chicken?.message ?? null) : null;
  const problem = problemMessage && ruleText(problemMessage);

  return (
    <PageSection id="chicken" title={t('theChicken')} description={t('theChickenHelp')} locked={locked}>
      {locked ? (
        <dl>
          <Row label={t('navChicken')}>{chicken(booking.assigned_chicken)}</Row>
          <Row label={t('chickenEmail')}>{booking.assigned_chicken_email ?? t('notSet')}</Row>
        </dl>
      ) : (
        <form className="space-y-4" onSubmit={(e) => void form.handleSubmit(run)(e)}>
          <fieldset>
            <legend className={labelClass('lg')}>{t('whoIsChicken')}</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {CHOICES.map((c) => (
                <label
                  key={c.value}
                  className={cx('flex cursor-pointer gap-2 rounded-xl border p-3', choice === c.value ? 'border-brand-500 bg-brand-50' : 'border-slate-200')}
                >
                  <input
                    type="radio"
                    name={`${id}-chicken`}
                    value={c.value}
                    checked={choice === c.value}
                    onChange={() => {
                      form.setValue('assigned_chicken', c.value, { shouldDirty: true });
                      void form.trigger();
                    }}
                  />
                  <span>
                    <span className="font-semibold">{t(c.label)}</span>
                    <span className="block text-sm text-slate-600">{t(c.help)}</span>
                  </span>
                </label>
              ))}
            </div>
            {choice === null ? <p className="mt-2 text-sm text-slate-600">{t('chickenUndecided')}</p> : null}
          </fieldset>
          <Field label={t('chickenEmail')} size="lg" hint={choice === 'self' ? t('leaveEmpty', { email: booking.email }) : undefined}>
            <Input type="email" maxLength={320} placeholder={choice === 'self' ? booking.email : ''} {...form.register('assigned_chicken_email')} />
          </Field>
          <FieldError message={problem} />
          <Button type="submit" variant="primary" size="lg" disabled={!changed || problem !== null || saving}>
            {saving ? t('saving') : t('saveChicken')}
          </Button>
          <FieldError className="mt-2" message={error} />
        </form>
      )}
    </PageSection>
  );
}
