import { useEffect, useId, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import type { Challenge } from '../../../shared/api/challenges';
import { MEDIA_KINDS } from '../../../shared/media';
import {
  CHALLENGE_DEFAULTS,
  CHALLENGE_TYPES,
  challengeInputSchema,
  SPICE_LEVELS,
  stepMaxScore,
  type ChallengeInput,
  type ChallengeValues,
} from '../../../shared/validation/challenge-rules';
import { Spinner } from '../../components/spinner';
import { Button, Field, Input, Select, Textarea } from '../../components/ui';
import { paths } from '../../lib/paths';
import { notifyError, TOAST_DURATION_MS } from '../../lib/toast';
import { useAction } from '../../lib/use-action';
import { challengesKey, fetchChallenge, saveChallenge } from './challenges-api';
import { PlaceFields } from './place-fields';
import { HintFields } from './hint-fields';
import { setServerFieldErrors } from '../../lib/form-errors';
import { TranslationFields, type TranslatedField } from '../../components/translation-fields';
import type { ChallengeTranslatedField } from '../../../shared/validation/challenge-rules';
import { useMessageText, useT } from '../../lib/i18n';
import { useChallengeText } from '../../lib/challenge-text';

type FieldName = Exclude<keyof ChallengeInput, 'translations'>;
const FIELD_NAMES: readonly FieldName[] = [
  'name',
  'description',
  'type',
  'spice_level',
  'is_active',
  'max_score',
  'max_submissions',
  'points_per_submission',
  'region_code',
  'location',
  'hidden_until_near',
  'check_in',
  'accepted_answers',
  'answer_media',
  'live_capture',
  'hints',
];

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
    location: c.location,
    hidden_until_near: c.hidden_until_near,
    check_in: c.check_in,
    accepted_answers: c.accepted_answers,
    answer_media: c.answer_media,
    live_capture: c.live_capture,
    hints: c.hints,
    translations: c.translations,
  };
}

/** /admin/challenges/create and /admin/challenges/:id/edit: one form, the shared schema on both sides. */
export function ChallengeFormPage() {
  const t = useT('content');
  const words = useChallengeText();
  const say = useMessageText();
  const { id } = useParams();
  const challengeId = id ?? null;
  const navigate = useNavigate();
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
    formState: { errors, isSubmitted },
  } = form;
  const type = useWatch({ control, name: 'type' }) ?? CHALLENGE_DEFAULTS.type;
  const [englishName, englishDescription, translations] = useWatch({ control, name: ['name', 'description', 'translations'] });

  useEffect(() => {
    if (existing.data) reset(toFormValues(existing.data));
  }, [existing.data, reset]);

  useEffect(() => {
    if (!existing.error || leaving.current) return;
    leaving.current = true;
    notifyError(t('challengeForm.fetchFailed'));
    void navigate(paths.admin.challenges, { replace: true });
  }, [existing.error, navigate, t]);

  function step(direction: 1 | -1) {
    const current = getValues('max_score');
    setValue('max_score', stepMaxScore(typeof current === 'number' ? current : Number.NaN, direction), { shouldDirty: true });
    if (isSubmitted) void trigger(['max_score', 'points_per_submission']);
  }

  // The server's field messages land on their fields.
  const save = useAction({
    call: (values: ChallengeValues) => saveChallenge(challengeId, values),
    success: challengeId ? t('challengeForm.updated') : t('challengeForm.created'),
    failure: t('challengeForm.saveFailed'),
    invalidates: [challengesKey],
    onError: (error) => setServerFieldErrors(error, FIELD_NAMES, setError),
  });

  async function onSubmit(values: ChallengeValues) {
    if (!(await save.run(values))) return;
    // Spec: the toast shows for 1.2 s, then back to the list (the button stays disabled meanwhile).
    await new Promise((resolve) => window.setTimeout(resolve, TOAST_DURATION_MS));
    void navigate(paths.admin.challenges);
  }

  if (challengeId && existing.isPending) return <Spinner />;
  if (challengeId && existing.error) return <Spinner />;

  // The shared rule's message (the form's own check, or the server's 422) in the reader's language.
  const sayOf = (message: string | undefined) => (message ? say(message) : undefined);
  const err = (name: FieldName) => sayOf(errors[name]?.message);
  /** The title and description in other languages (decision 0630). */
  const translated: readonly TranslatedField<ChallengeTranslatedField>[] = [
    { name: 'name', label: t('challengeForm.name') },
    { name: 'description', label: t('challengeForm.description'), multiline: true },
  ];
  const numberRules = (deps?: FieldName[]) => ({ valueAsNumber: true, ...(deps ? { deps } : {}) });

  return (
    <section className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-bold">{challengeId ? t('challengeForm.editTitle') : t('challengeForm.createTitle')}</h1>
      <form onSubmit={(e) => void handleSubmit(onSubmit)(e)} noValidate className="space-y-5 rounded-xl bg-white p-6 shadow">
        <Field id={fid('type')} size="md" label={t('challengeForm.type')} error={err('type')} hint={words.typeHint(type)}>
          <Select {...register('type', { deps: ['points_per_submission'] })}>
            {CHALLENGE_TYPES.map((option) => (
              <option key={option} value={option}>
                {words.type(option)}
              </option>
            ))}
          </Select>
        </Field>

        <Field id={fid('name')} size="md" label={t('challengeForm.name')} error={err('name')}>
          <Input {...register('name')} />
        </Field>

        <Field id={fid('description')} size="md" label={t('challengeForm.description')} error={err('description')}>
          <Textarea rows={4} {...register('description')} />
        </Field>

        <TranslationFields
          fields={translated}
          english={{ name: englishName, description: englishDescription }}
          value={translations ?? {}}
          onChange={(next) => setValue('translations', next, { shouldDirty: true, shouldValidate: isSubmitted })}
          errorOf={(language, field) => sayOf(errors.translations?.[language]?.[field]?.message)}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fid('spice_level')} size="md" label={t('challengeForm.spiceLevel')} error={err('spice_level')}>
            <Select {...register('spice_level')}>
              {SPICE_LEVELS.map((s) => (
                <option key={s} value={s}>
                  {words.spice(s)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id={fid('region_code')} size="md" label={t('challengeForm.regionCode')} error={err('region_code')}>
            <Input placeholder={t('challengeForm.regionPlaceholder')} {...register('region_code')} />
          </Field>
        </div>

        <Field id={fid('max_score')} size="md" label={t('challengeForm.maxScore')} error={err('max_score')}>
          <div className="flex items-center gap-2">
            <Button
              variant="unstyled"
              onClick={() => step(-1)}
              aria-label={t('challengeForm.decrease')}
              className="h-10 w-10 rounded-md border border-slate-300 text-lg hover:bg-slate-50"
            >
              −
            </Button>
            <Input
              type="number"
              min={0}
              step={5}
              inputMode="numeric"
              className="w-28 text-center"
              {...register('max_score', numberRules(['points_per_submission']))}
            />
            <Button
              variant="unstyled"
              onClick={() => step(1)}
              aria-label={t('challengeForm.increase')}
              className="h-10 w-10 rounded-md border border-slate-300 text-lg hover:bg-slate-50"
            >
              +
            </Button>
          </div>
        </Field>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fid('max_submissions')} size="md" label={t('challengeForm.maxSubmissions')} error={err('max_submissions')}>
            <Input type="number" min={1} inputMode="numeric" {...register('max_submissions', numberRules())} />
          </Field>
          <Field id={fid('points_per_submission')} size="md" label={t('challengeForm.pointsPerSubmission')} error={err('points_per_submission')}>
            <Input type="number" min={type === 'Tally' ? 1 : 0} inputMode="numeric" {...register('points_per_submission', numberRules())} />
          </Field>
        </div>

        <div className="grid gap-5 sm:grid-cols-2">
          <Field id={fid('answer_media')} size="md" label={t('challengeForm.answerWith')} error={err('answer_media')}>
            <Select {...register('answer_media')}>
              {MEDIA_KINDS.map((m) => (
                <option key={m} value={m}>
                  {words.media(m)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="space-y-1 sm:pt-7">
            <div className="flex items-center gap-2">
              <input id={fid('live_capture')} type="checkbox" className="h-4 w-4" {...register('live_capture')} />
              <label htmlFor={fid('live_capture')} className="text-sm font-medium">
                {t('challengeForm.liveCapture')}
              </label>
            </div>
            {/* Decision 0423: the phone opens the camera only; nothing in a file proves how it was made. */}
            <p className="text-xs text-slate-500">{t('challengeForm.liveCaptureHint')}</p>
          </div>
        </div>

        <PlaceFields
          control={control}
          setValue={setValue}
          errors={{
            location: sayOf(errors.location?.message ?? errors.location?.radius_m?.message),
            accepted_answers: sayOf(errors.accepted_answers?.message),
          }}
        />

        <HintFields control={control} register={register} errors={errors} />

        <div className="flex items-center gap-2">
          <input id={fid('is_active')} type="checkbox" className="h-4 w-4" {...register('is_active')} />
          <label htmlFor={fid('is_active')} className="text-sm font-medium">
            {t('challengeForm.active')}
          </label>
        </div>

        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <Button size="md" onClick={() => void navigate(paths.admin.challenges)}>
            {t('challengeForm.cancel')}
          </Button>
          <Button type="submit" size="md" variant="primary" disabled={save.isPending || save.isSuccess}>
            {challengeId ? t('challengeForm.update') : t('challengeForm.create')}
          </Button>
        </div>
      </form>
    </section>
  );
}
