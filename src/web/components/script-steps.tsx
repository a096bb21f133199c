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
import { Button, Field, Input, Select, Textarea } from './ui';
import { useMessageText, useT } from '../lib/i18n';
import { useReaderFormat } from '../lib/reader-format';

/**
 * The game script's list and its step form (issue 40, decision 0585), shared by the booker's set-up page (before the
 * game) and the host console (during it). The rules of what a step needs are shared/game/script.ts's.
 */

type ScriptText = {
  /** When a step runs, in words: "30 min after the start", "15 min before the end". */
  when: (s: { anchor: ScriptAnchor; offset_minutes: number }) => string;
  /** An action's name: "Send a message" (the shared rule's English, shared/game/script.ts, from the messages catalogue). */
  action: (action: ScriptAction) => string;
};

/** A script's words in the reader's language, for every screen that lists or plans steps. */
export function useScriptText(): ScriptText {
  const t = useT('content');
  const say = useMessageText();
  const { integer } = useReaderFormat();
  return {
    when: (s) =>
      s.offset_minutes === 0
        ? s.anchor === 'start'
          ? t('script.atStart')
          : t('script.atEnd')
        : t(s.anchor === 'start' ? 'script.minutesAfterStart' : 'script.minutesBeforeEnd', { minutes: integer(s.offset_minutes) }),
    action: (action) => say(SCRIPT_ACTION_LABELS[action]),
  };
}

type Names = Pick<ScriptResponse, 'challenges' | 'stations'>;

/**
 * What a step does, in the reader's words: the server writes it in English (api/script.ts's `label`, the same words as
 * here), so with the game's challenge and station names at hand it is written again in the reader's language; a
 * step naming something the list does not know keeps the server's words.
 */
function useStepLabel(names: Names | undefined): (step: ScriptStep) => string {
  const t = useT('content');
  const { integer } = useReaderFormat();
  const challenge = (id: number | null) => names?.challenges.find((c) => c.id === id)?.name;
  const station = (id: number | null) => names?.stations.find((s) => s.id === id)?.label;
  return (step) => {
    if (!names) return step.label;
    const challengeName = challenge(step.challenge_id);
    const stationName = station(step.station_id);
    switch (step.action) {
      case 'message':
        return t('script.labelMessage', { text: step.text ?? '' });
      case 'open_challenge':
        return challengeName === undefined ? step.label : t('script.labelOpenChallenge', { name: challengeName });
      case 'close_challenge':
        return challengeName === undefined ? step.label : t('script.labelCloseChallenge', { name: challengeName });
      case 'double_points':
        return challengeName === undefined ? step.label : t('script.labelDoublePoints', { name: challengeName, minutes: integer(step.minutes ?? 0) });
      case 'shrink_area':
        return t('script.labelShrinkArea', { metres: integer(step.radius_m ?? 0) });
      case 'release_station':
        return stationName === undefined ? step.label : t('script.labelReleaseStation', { name: stationName });
    }
  };
}

export function ScriptStepList({
  steps,
  names,
  onRemove,
  busy = false,
}: {
  steps: readonly ScriptStep[];
  /** The game's challenges and stations (the script's answer), so each step is said in the reader's language. */
  names?: Names;
  onRemove?: (step: ScriptStep) => void;
  busy?: boolean;
}) {
  const t = useT('content');
  const say = useMessageText();
  const { timestamp } = useReaderFormat();
  const { when } = useScriptText();
  const labelOf = useStepLabel(names);
  if (!steps.length) return <p className="text-sm text-slate-600">{t('script.noSteps')}</p>;
  return (
    <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="script-steps">
      {steps.map((s) => (
        <li key={s.id} className="flex items-start justify-between gap-2 px-3 py-2">
          <div className="min-w-0">
            <p className="text-xs font-semibold text-slate-500 uppercase">{when(s)}</p>
            <p className="break-words">{labelOf(s)}</p>
            <p className="text-xs text-slate-500">
              {s.ran_at
                ? `${t('script.ran', { time: timestamp(s.ran_at) })}${s.outcome && s.outcome !== 'done' ? ` (${say(s.outcome)})` : ''}`
                : s.due_at
                  ? t('script.due', { time: timestamp(s.due_at) })
                  : t('script.planned')}
            </p>
          </div>
          {onRemove && !s.ran_at ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={() => onRemove(s)} aria-label={t('script.removeLabel', { label: labelOf(s) })}>
              {t('script.remove')}
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
  const t = useT('content');
  const say = useMessageText();
  const { integer } = useReaderFormat();
  const { action: actionName } = useScriptText();
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
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? t('script.checkStep'));
    const missing = Object.values(stepProblems(parsed.data)).flat()[0];
    if (missing) return setProblem(missing);
    setProblem(null);
    await onAdd(parsed.data);
    setDraft((d) => ({ ...EMPTY, anchor: d.anchor }));
  };
  // The shared rule's message in the reader's language; the screen's own error comes already in it.
  const shown = problem ? say(problem) : error;
  const actions = SCRIPT_ACTIONS.filter((a) => a !== 'release_station' || options.stations.length > 0);
  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl border border-slate-200 p-3" aria-label={t('script.addLabel')}>
      <div className="grid grid-cols-2 gap-2">
        <Field label={t('script.minutes')}>
          <Input type="number" min={0} inputMode="numeric" value={draft.offset} onChange={(e) => set({ offset: e.target.value })} />
        </Field>
        <Field label={t('script.from')}>
          <Select value={draft.anchor} onChange={(e) => set({ anchor: e.target.value === 'end' ? 'end' : 'start' })}>
            <option value="start">{t('script.afterStart')}</option>
            <option value="end">{t('script.beforeEnd')}</option>
          </Select>
        </Field>
      </div>
      <Field label={t('script.action')}>
        <Select value={draft.action} onChange={(e) => set({ action: SCRIPT_ACTIONS.find((a) => a === e.target.value) ?? 'message' })}>
          {actions.map((a) => (
            <option key={a} value={a}>
              {actionName(a)}
            </option>
          ))}
        </Select>
      </Field>
      {draft.action === 'message' ? (
        <Field label={t('script.messageText')}>
          <Textarea rows={2} value={draft.text} onChange={(e) => set({ text: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'open_challenge' || draft.action === 'close_challenge' || draft.action === 'double_points' ? (
        <Field label={t('script.challenge')}>
          <Select value={draft.challenge} onChange={(e) => set({ challenge: e.target.value })}>
            <option value="">{t('script.pickChallenge')}</option>
            {options.challenges.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      ) : null}
      {draft.action === 'double_points' ? (
        <Field label={t('script.doubleMinutes', { max: integer(MAX_DOUBLE_MINUTES) })}>
          <Input type="number" min={1} max={MAX_DOUBLE_MINUTES} value={draft.minutes} onChange={(e) => set({ minutes: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'shrink_area' ? (
        <Field label={t('script.shrinkRadius', { min: integer(MIN_SHRINK_RADIUS_M) })}>
          <Input type="number" min={MIN_SHRINK_RADIUS_M} value={draft.radius} onChange={(e) => set({ radius: e.target.value })} />
        </Field>
      ) : null}
      {draft.action === 'release_station' ? (
        <Field label={t('script.station')}>
          <Select value={draft.station} onChange={(e) => set({ station: e.target.value })}>
            <option value="">{t('script.pickStation')}</option>
            {options.stations.map((s) => (
              <option key={s.id} value={s.id}>
                {s.label}
                {s.active ? '' : ` ${t('script.stationClosed')}`}
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
        {t('script.add')}
      </Button>
    </form>
  );
}
