import { useState, type FormEvent } from 'react';
import {
  MAX_DOUBLE_MINUTES,
  MIN_SHRINK_RADIUS_M,
  SCRIPT_ACTION_LABELS,
  SCRIPT_ACTIONS,
  scriptStepInput,
  stepProblems,
  type ScriptAction,
  type ScriptAnchor,
  type ScriptStepInput,
} from '../../shared/game/script';
import type { ScriptResponse, ScriptStep } from '../../shared/api/script';
import { formatTimestamp } from '../../shared/time';
import { Button, Field, Input, Select, Textarea } from './ui';

/**
 * The game script's list and its step form (issue 40, decision 0585), shared by the booker's set-up page (before the
 * game) and the host console (during it). The rules of what a step needs are shared/game/script.ts's.
 */

/** When a step runs, in words: "30 min after the start", "15 min before the end". */
export const whenOf = (s: { anchor: ScriptAnchor; offset_minutes: number }) =>
  s.offset_minutes === 0
    ? s.anchor === 'start'
      ? 'At the start'
      : 'At the end'
    : `${s.offset_minutes} min ${s.anchor === 'start' ? 'after the start' : 'before the end'}`;

export function ScriptStepList({ steps, onRemove, busy = false }: { steps: readonly ScriptStep[]; onRemove?: (step: ScriptStep) => void; busy?: boolean }) {
  if (!steps.length) return <p className="text-sm text-slate-600">No steps planned.</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="script-steps">
      {steps.map((s) => (
        <li key={s.id} className="flex items-start justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold text-slate-500 uppercase">{whenOf(s)}</p>
            <p className="break-words">{s.label}</p>
            <p className="text-xs text-slate-500">
              {s.ran_at
                ? `Ran ${formatTimestamp(s.ran_at)}${s.outcome && s.outcome !== 'done' ? ` (${s.outcome})` : ''}`
                : s.due_at
                  ? `Due ${formatTimestamp(s.due_at)}`
                  : 'Planned'}
            </p>
          </div>
          {onRemove && !s.ran_at ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onRemove(s)} aria-label={`Remove: ${s.label}`}>
              Remove
            </Button>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

type Draft = { anchor: ScriptAnchor; offset: string; action: ScriptAction; text: string; challenge: string; station: string; radius: string; minutes: string };
const EMPTY: Draft = { anchor: 'start', offset: '0', action: 'message', text: '', challenge: '', station: '', radius: '', minutes: '15' };
const numberOrNull = (v: string) => (v.trim() === '' ? null : Number(v));

/** The form of one step; `onAdd` receives a step that passed the shared rules. */
export function ScriptStepForm({
  options,
  onAdd,
  busy = false,
  error = null,
}: {
  options: Pick<ScriptResponse, 'challenges' | 'stations'>;
  onAdd: (step: ScriptStepInput) => void | Promise<void>;
  busy?: boolean;
  error?: string | null;
}) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = scriptStepInput.safeParse({
      anchor: draft.anchor,
      offset_minutes: Number(draft.offset),
      action: draft.action,
      text: draft.text || null,
      challenge_id: numberOrNull(draft.challenge),
      station_id: numberOrNull(draft.station),
      radius_m: numberOrNull(draft.radius),
      minutes: numberOrNull(draft.minutes),
    });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'Check the step');
    const missing = Object.values(stepProblems(parsed.data)).flat()[0];
    if (missing) return setProblem(missing);
    setProblem(null);
    await onAdd(parsed.data);
    setDraft((d) => ({ ...EMPTY, anchor: d.anchor }));
  };
  const shown = problem ?? error;
  const actions = SCRIPT_ACTIONS.filter((a) => a !== 'release_station' || options.stations.length > 0);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl border border-slate-200 p-3" aria-label="Add a step">
      <div className="grid grid-cols-2 gap-2">
        <Field label="Minutes">
          <Input type="number" min={0} inputMode="numeric" value={draft.offset} onChange={(e) => set({ offset: e.target.value })} />
        </Field>
        <Field label="From">
          <Select value={draft.anchor} onChange={(e) => set({ anchor: e.target.value === 'end' ? 'end' : 'start' })}>
            <option value="start">after the start</option>
            <option value="end">before the end</option>
          </Select>
        </Field>
      </div>
      <Field label="Action">
        <Select value={draft.action} onChange={(e) => set({ action: SCRIPT_ACTIONS.find((a) => a === e.target.value) ?? 'message' })}>
          {actions.map((a) => (
            <option key={a} value={a}>
              {SCRIPT_ACTION_LABELS[a]}
            </option>
          ))}
        </Select>
      </Field>
      {draft.action === 'message' ? (
        <Field label="Text of the message">
          <Textarea rows={2} value={draft.text} onChange={(e) => set({ text: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'open_challenge' || draft.action === 'close_challenge' || draft.action === 'double_points' ? (
        <Field label="Challenge">
          <Select value={draft.challenge} onChange={(e) => set({ challenge: e.target.value })}>
            <option value="">Pick a challenge</option>
            {options.challenges.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {draft.action === 'double_points' ? (
        <Field label={`For how many minutes (1 to ${MAX_DOUBLE_MINUTES})`}>
          <Input type="number" min={1} max={MAX_DOUBLE_MINUTES} value={draft.minutes} onChange={(e) => set({ minutes: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'shrink_area' ? (
        <Field label={`New radius in metres (at least ${MIN_SHRINK_RADIUS_M})`}>
          <Input type="number" min={MIN_SHRINK_RADIUS_M} value={draft.radius} onChange={(e) => set({ radius: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'release_station' ? (
        <Field label="Item station">
          <Select value={draft.station} onChange={(e) => set({ station: e.target.value })}>
            <option value="">Pick a station</option>
            {options.stations.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
                {s.active ? '' : ' (closed)'}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {shown ? (
        <p role="alert" className="text-sm text-red-700">
          {shown}
        </p>
      ) : null}
      <Button type="submit" variant="primary" disabled={busy}>
        Add step
      </Button>
    </form>
  );
}
