import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Challenge } from '../../../shared/api/challenges';
import {
  CHALLENGE_DEFAULTS,
  CHALLENGE_TYPE_HINTS,
  CHALLENGE_TYPE_LABELS,
  CHALLENGE_TYPES,
  challengeInputSchema,
  SPICE_LEVELS,
  stepMaxScore,
  type ChallengeInput,
  type ChallengeValues,
} from '../../../shared/validation/challenge-rules';
import { Spinner } from '../../components/spinner';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { notifyError, notifySuccess, TOAST_DURATION_MS } from '../../lib/toast';
import { challengesKey, fetchChallenge, saveChallenge } from './challenges-api';

type FieldName = keyof ChallengeInput;
const FIELD_NAMES: readonly FieldName[] = ['name', 'description', 'type', 'spice_level', 'is_active', 'max_score', 'max_submissions', 'points_per_submission', 'region_code'];

function toFormValues(c: Challenge): ChallengeInput {
  return {
    name: c.name,
    description: c.description,
    type: c.type,
    spice_level: c.spice_level,
    is_active: c.is_active,
    max_score: c.max_score,
    max_submissions: c.max_submissions,
    points_per_submission: c.points_per_submission,
    region_code: c.region_code ?? '',
  };
}

const input = 'w-full rounded-md border border-slate-300 px-3 py-2 aria-[invalid=true]:border-red-500';

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string | undefined; hint?: ReactNode; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** /admin/challenges/create and /admin/challenges/:id/edit: one form, the shared schema on both sides. */
export function ChallengeFormPage() {
  const { id } = useParams();
  const challengeId = id ?? null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const uid = useId();
  const fid = (name: string) => `${uid}-${name}`;
  const leaving = useRef(false);

  const existing = useQuery({
    queryKey: [...challengesKey, 'one', challengeId],
    queryFn: () => fetchChallenge(challengeId ?? ''),
    enabled: challengeId !== null,
    retry: false,
    staleTime: 0,
  });

  const form = useForm<ChallengeInput, unknown, ChallengeValues>({
    resolver: zodResolver(challengeInputSchema),
    defaultValues: { ...CHALLENGE_DEFAULTS },
  });
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    trigger,
    setError,
    control,
    formState: { errors, isSubmitting, isSubmitted },
  } = form;
  const type = useWatch({ control, name: 'type' }) ?? CHALLENGE_DEFAULTS.type;

  useEffect(() => {
    if (existing.data) reset(toFormValues(existing.data));
  }, [existing.data, reset]);

  useEffect(() => {
    if (!existing.error || leaving.current) return;
    leaving.current = true;
    notifyError('Failed to fetch challenge');
    void navigate(paths.admin.challenges, { replace: true });
  }, [existing.error, navigate]);

  function step(direction: 1 | -1) {
    const current = getValues('max_score');
    setValue('max_score', stepMaxScore(typeof current === 'number' ? current : Number.NaN, direction), { shouldDirty: true });
    if (isSubmitted) void trigger(['max_score', 'points_per_submission']);
  }

  async function onSubmit(values: ChallengeValues) {
    try {
      await saveChallenge(challengeId, values);
      await queryClient.invalidateQueries({ queryKey: challengesKey });
      notifySuccess(challengeId ? 'Challenge updated successfully' : 'Challenge created successfully');
      // Spec: the toast shows for 1.2 s, then back to the list.
      await new Promise((resolve) => window.setTimeout(resolve, TOAST_DURATION_MS));
      void navigate(paths.admin.challenges);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return; // the API client already said the session expired
      if (error instanceof ApiError) {
        for (const [field, messages] of Object.entries(error.errors)) {
          const name = FIELD_NAMES.find((f) => f === field);
          if (name && messages[0]) setError(name, { type: 'server', message: messages[0] });
        }
      }
      notifyError('Failed to save challenge');
    }
  }

  if (challengeId && existing.isPending) return <Spinner />;
  if (challengeId && existing.error) return <Spinner />;

  const describe = (name: string, hint = false) =>
    [hint ? `${fid(name)}-hint` : null, errors[name as FieldName] ? `${fid(name)}-error` : null].filter(Boolean).join(' ') || undefined;
  const err = (name: FieldName) => errors[name]?.message;
  const numberRules = (deps?: FieldName[]) => ({ valueAsNumber: true, ...(deps ? { deps } : {}) });

  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{challengeId ? 'Edit Challenge' : 'Create Challenge'}</h1>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5 rounded-xl bg-white p-6 shadow">
        <Field id={fid('type')} label="Type" error={err('type')} hint={CHALLENGE_TYPE_HINTS[type]}>
          <select id={fid('type')} className={input} aria-describedby={describe('type', true)} {...register('type', { deps: ['points_per_submission'] })}>
            {CHALLENGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {CHALLENGE_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>

        <Field id={fid('name')} label="Name" error={err('name')}>
          <input id={fid('name')} className={input} aria-invalid={!!errors.name} aria-describedby={describe('name')} {...register('name')} />
        </Field>

        <Field id={fid('description')} label="Description" error={err('description')}>
          <textarea id={fid('description')} rows={4} className={input} aria-invalid={!!errors.description} aria-describedby={describe('description')} {...register('description')} />
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fid('spice_level')} label="Spice Level" error={err('spice_level')}>
            <select id={fid('spice_level')} className={input} {...register('spice_level')}>
              {SPICE_LEVELS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </Field>
          <Field id={fid('region_code')} label="Region code" error={err('region_code')}>
            <input id={fid('region_code')} className={input} placeholder="e.g. GB-LND" aria-invalid={!!errors.region_code} aria-describedby={describe('region_code')} {...register('region_code')} />
          </Field>
        </div>

        <Field id={fid('max_score')} label="Max score" error={err('max_score')}>
          <div className="flex items-center gap-2">
            <button type="button" onClick={() => step(-1)} aria-label="Decrease max score by 5" className="h-10 w-10 rounded-md border border-slate-300 text-lg hover:bg-slate-50">
              −
            </button>
            <input
              id={fid('max_score')}
              type="number"
              min={0}
              step={5}
              inputMode="numeric"
              className={`${input} w-28 text-center`}
              aria-invalid={!!errors.max_score}
              aria-describedby={describe('max_score')}
              {...register('max_score', numberRules(['points_per_submission']))}
            />
            <button type="button" onClick={() => step(1)} aria-label="Increase max score by 5" className="h-10 w-10 rounded-md border border-slate-300 text-lg hover:bg-slate-50">
              +
            </button>
          </div>
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fid('max_submissions')} label="Max submissions" error={err('max_submissions')}>
            <input
              id={fid('max_submissions')}
              type="number"
              min={1}
              inputMode="numeric"
              className={input}
              aria-invalid={!!errors.max_submissions}
              aria-describedby={describe('max_submissions')}
              {...register('max_submissions', numberRules())}
            />
          </Field>
          <Field id={fid('points_per_submission')} label="Points per submission" error={err('points_per_submission')}>
            <input
              id={fid('points_per_submission')}
              type="number"
              min={type === 'Tally' ? 1 : 0}
              inputMode="numeric"
              className={input}
              aria-invalid={!!errors.points_per_submission}
              aria-describedby={describe('points_per_submission')}
              {...register('points_per_submission', numberRules())}
            />
          </Field>
        </div>

        <div className="flex items-center gap-2">
          <input id={fid('is_active')} type="checkbox" className="h-4 w-4" {...register('is_active')} />
          <label htmlFor={fid('is_active')} className="text-sm font-medium">
            Active
          </label>
        </div>

        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <button type="button" onClick={() => void navigate(paths.admin.challenges)} className="rounded-md border border-slate-300 px-4 py-2 hover:bg-slate-50">
            Cancel
          </button>
          <button type="submit" disabled={isSubmitting} className="rounded-md bg-brand-500 px-4 py-2 font-semibold text-slate-900 hover:bg-brand-400 disabled:opacity-60">
            {challengeId ? 'Update' : 'Create'}
          </button>
        </div>
      </form>
    </section>
  );
}
