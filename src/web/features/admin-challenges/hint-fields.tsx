import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import type { ChallengeInput } from '../../../shared/validation/challenge-rules';
import { HINT_AFTER_MAX_MINUTES, HINT_COST_MAX, HINT_TEXT_MAX, HINTS_MAX } from '../../../shared/game/hints';
import { Button, Field, Input, Textarea } from '../../components/ui';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

type Props = { control: Control<ChallengeInput>; register: UseFormRegister<ChallengeInput>; errors: FieldErrors<ChallengeInput> };

/** An empty number box is "not this way" (null), not 0. */
const orNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

/**
 * A challenge's hints (issue 40, decision 0581): up to three, each shown to every team some minutes into the game, or
 * to a team that asks for it for some points, or both (free after the time, earlier for the points).
 */
export function HintFields({ control, register, errors }: Props) {
  const t = useT('content');
  const say = useMessageText();
  const { integer } = useReaderFormat();
  // The shared rule's messages in the reader's language.
  const sayOf = (message: string | undefined) => (message ? say(message) : undefined);
  const { fields, append, remove } = useFieldArray({ control, name: 'hints' });
  const listError = sayOf(errors.hints?.message ?? errors.hints?.root?.message);
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{t('hints.title')}</legend>
      <p className="text-sm text-slate-600">{t('hints.intro', { max: HINTS_MAX })}</p>
      {fields.map((field, i) => {
        const e = errors.hints?.[i];
        return (
          <div key={field.id} className="space-y-2 rounded-lg bg-slate-50 p-3" data-testid="hint-fields">
            <Field label={t('hints.hint', { n: i + 1 })} error={sayOf(e?.text?.message)}>
              <Textarea rows={2} maxLength={HINT_TEXT_MAX} {...register(`hints.${i}.text`)} />
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field
                label={t('hints.opensAfter')}
                error={sayOf(e?.after_minutes?.message ?? e?.message)}
                hint={t('hints.opensAfterHint', { max: integer(HINT_AFTER_MAX_MINUTES) })}
              >
                <Input type="number" min={1} inputMode="numeric" {...register(`hints.${i}.after_minutes`, { setValueAs: orNull })} />
              </Field>
              <Field label={t('hints.cost')} error={sayOf(e?.cost?.message)} hint={t('hints.costHint', { max: integer(HINT_COST_MAX) })}>
                <Input type="number" min={0} inputMode="numeric" {...register(`hints.${i}.cost`, { setValueAs: orNull })} />
              </Field>
            </div>
            <Button size="sm" variant="secondary" onClick={() => remove(i)}>
              {t('hints.remove', { n: i + 1 })}
            </Button>
          </div>
        );
      })}
      {listError ? <p className="text-sm text-red-700">{listError}</p> : null}
      {fields.length < HINTS_MAX ? (
        <Button size="sm" variant="secondary" onClick={() => append({ text: '', after_minutes: null, cost: 0 })}>
          {t('hints.add')}
        </Button>
      ) : null}
    </fieldset>
  );
}
