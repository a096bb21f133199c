import { lazy, Suspense, useId } from 'react';
import { useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import type { ChallengeInput } from '../../../shared/validation/challenge-rules';
import { DEFAULT_PLACE_RADIUS_M, MAX_PLACE_RADIUS_M, MIN_PLACE_RADIUS_M } from '../../../shared/game/places';
import { ACCEPTED_ANSWERS_MAX } from '../../../shared/game/answers';
import { Button, Field, Input, Textarea } from '../../components/ui';
import { useT } from '../../lib/i18n';

const PlaceMap = lazy(() => import('./place-map'));

type Props = {
  control: Control<ChallengeInput>;
  setValue: UseFormSetValue<ChallengeInput>;
  errors: { location?: string | undefined; accepted_answers?: string | undefined };
};

const dirty = { shouldDirty: true, shouldValidate: false } as const;

/**
 * The place and the automatic check of a challenge (issue 29, decisions 0440, 0441): pin it on the map with a radius
 * (10 m unless changed), hide the pin until a team is near, make it a check-in; for All or nothing, the accepted
 * answers, one per line (case, accents and spacing are ignored when comparing).
 */
export function PlaceFields({ control, setValue, errors }: Props) {
  const t = useT('content');
  const uid = useId();
  const location = useWatch({ control, name: 'location' });
  const type = useWatch({ control, name: 'type' });
  const hidden = useWatch({ control, name: 'hidden_until_near' }) ?? false;
  const checkIn = useWatch({ control, name: 'check_in' }) ?? false;
  const accepted = useWatch({ control, name: 'accepted_answers' }) ?? [];
  const pin = location && Number.isFinite(location.lat) && Number.isFinite(location.lng) ? { lat: location.lat, lng: location.lng } : null;
  const radius = typeof location?.radius_m === 'number' && Number.isFinite(location.radius_m) ? location.radius_m : DEFAULT_PLACE_RADIUS_M;
  const place = (lat: number, lng: number, radius_m: number) => setValue('location', { lat, lng, radius_m }, dirty);

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold">{t('place.title')}</legend>
      <p className="text-sm text-slate-600">{t('place.intro')}</p>
      <Suspense fallback={<div className="h-64 rounded-xl bg-slate-100" />}>
        <PlaceMap pin={pin} radius={radius} onPick={(lat, lng) => place(lat, lng, radius)} />
      </Suspense>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`${uid}-lat`} size="sm" label={t('place.latitude')}>
          <Input type="number" step="any" value={pin ? pin.lat : ''} onChange={(e) => place(Number(e.target.value), pin?.lng ?? 0, radius)} />
        </Field>
        <Field id={`${uid}-lng`} size="sm" label={t('place.longitude')}>
          <Input type="number" step="any" value={pin ? pin.lng : ''} onChange={(e) => place(pin?.lat ?? 0, Number(e.target.value), radius)} />
        </Field>
        <Field
          id={`${uid}-radius`}
          size="sm"
          label={t('place.radius')}
          error={errors.location}
          hint={t('place.radiusHint', { min: MIN_PLACE_RADIUS_M, max: MAX_PLACE_RADIUS_M })}
        >
          <Input
            type="number"
            min={MIN_PLACE_RADIUS_M}
            max={MAX_PLACE_RADIUS_M}
            inputMode="numeric"
            disabled={!pin}
            value={pin ? radius : ''}
            onChange={(e) => pin && place(pin.lat, pin.lng, Number(e.target.value))}
          />
        </Field>
      </div>
      {pin ? (
        <Button size="sm" onClick={() => setValue('location', null, dirty)}>
          {t('place.remove')}
        </Button>
      ) : null}
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={hidden} disabled={!pin} onChange={(e) => setValue('hidden_until_near', e.target.checked, dirty)} />
        {t('place.hidden')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={checkIn} onChange={(e) => setValue('check_in', e.target.checked, dirty)} />
        {t('place.checkIn')}
      </label>
      {type === 'RightWrong' ? (
        <Field
          id={`${uid}-accepted`}
          size="md"
          label={t('place.accepted')}
          error={errors.accepted_answers}
          hint={t('place.acceptedHint', { max: ACCEPTED_ANSWERS_MAX })}
        >
          <Textarea rows={3} value={accepted.join('\n')} onChange={(e) => setValue('accepted_answers', e.target.value.split('\n'), dirty)} />
        </Field>
      ) : null}
    </fieldset>
  );
}
