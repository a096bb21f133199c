import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import type { questionRulesSchema } from '../../shared/api/script';
import { errorMessage } from '../lib/api-client';
import { Button, Field, Input } from './ui';
import { useT } from '../lib/i18n';

type QuestionRules = z.infer<typeof questionRulesSchema>;

/**
 * A game's question rules (issue 40, decision 0585): points per question and minutes between two of a kind, shared by
 * the booker's set-up page (before the game) and the host console (on the day). The form shows minutes; the rules keep
 * seconds. `save` sends them and keeps the answer; each screen brings its own words and frame.
 */
export function QuestionRulesForm({
  rules,
  save,
  label,
  submitLabel,
  className,
  children,
}: {
  rules: QuestionRules;
  save: (body: QuestionRules) => Promise<void>;
  label: string;
  submitLabel: string;
  className: string;
  children?: ReactNode;
}) {
  const t = useT('content');
  const [cost, setCost] = useState<string | null>(null);
  const [minutes, setMinutes] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await save({ cost_points: Number(cost ?? rules.cost_points), cooldown_seconds: Math.round(Number(minutes ?? rules.cooldown_seconds / 60) * 60) });
      setNote(t('questionRules.saved'));
    } catch (err) {
      setNote(errorMessage(err, t('questionRules.saveFailed')));
    }
  };
  const fields = (
    <>
      <Field label={t('questionRules.cost')}>
        <Input type="number" min={0} value={cost ?? String(rules.cost_points)} onChange={(e) => setCost(e.target.value)} />
      </Field>
      <Field label={t('questionRules.cooldown')}>
        <Input type="number" min={0} value={minutes ?? String(rules.cooldown_seconds / 60)} onChange={(e) => setMinutes(e.target.value)} />
      </Field>
    </>
  );
  const status = note ? (
    <p role="status" className="text-sm text-slate-700">
      {note}
    </p>
  ) : null;
  const button = (
    <Button type="submit" variant="secondary">
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={(e) => void submit(e)} className={className} aria-label={label}>
      {children ? (
        <>
          {children}
          <div className="grid grid-cols-2 gap-2">{fields}</div>
          {status}
          {button}
        </>
      ) : (
        <>
          {fields}
          {button}
          {status}
        </>
      )}
    </form>
  );
}
