import { lazy, Suspense, useCallback, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import type { BookerBooking } from '../../../shared/api/booking';
import { RADIUS_MAX, RADIUS_MIN } from '../../../shared/api/booker-game';
import { gameAreaForm, type GameAreaText } from './game-area-form';
import { saveGameArea } from './booker-api';
import { Badge, Button, Field, FieldError, Input, labelClass } from '../../components/ui';
import { PageSection } from './booker-ui';
import { firstErrorMessage } from '../../lib/form-errors';
import { useAction } from '../../lib/use-action';
import { useMessageText, useT } from '../../lib/i18n';

const GameAreaMap = lazy(() => import('./game-area-map'));

type Props = { booking: BookerBooking; onSaved: (b: BookerBooking) => void };

/** Where the game is played: a centre and a radius, on a map or typed in. */
export function GameAreaSection({ booking, onSaved }: Props) {
  const id = useId();
  const locked = booking.locked_game_area;
  const t = useT('booker');
  const ruleText = useMessageText();
  const form = useForm<GameAreaText, unknown, z.output<typeof gameAreaForm>>({
    resolver: zodResolver(gameAreaForm),
    defaultValues: { lat: String(booking.initial_area_lat), lng: String(booking.initial_area_lng), radius: String(booking.initial_area_radius) },
  });
  const {
    run,
    isPending: saving,
    error,
  } = useAction({
    call: (body: z.output<typeof gameAreaForm>) => saveGameArea(booking, body),
    success: t('gameAreaSaved'),
    failure: t('gameAreaFailed'),
    onSuccess: onSaved,
  });
  const values = useWatch({ control: form.control });
  // The map follows what is typed while it is a valid area; the form's own errors say what is wrong.
  const parsed = gameAreaForm.safeParse({ lat: values.lat ?? '', lng: values.lng ?? '', radius: values.radius ?? '' });
  const area = parsed.success ? parsed.data : { lat: booking.initial_area_lat, lng: booking.initial_area_lng, radius: booking.initial_area_radius };
  const changed =
    parsed.success && (area.lat !== booking.initial_area_lat || area.lng !== booking.initial_area_lng || area.radius !== booking.initial_area_radius);
  const judge = () => void form.trigger();
  const fieldError = firstErrorMessage(form.formState.errors);
  const { setValue, trigger } = form;
  const onMove = useCallback(
    (a: number, b: number) => {
      setValue('lat', String(a));
      setValue('lng', String(b));
      void trigger();
    },
    [setValue, trigger],
  );

  return (
    <PageSection
      id="game-area"
      title={t('gameArea')}
      description={t('gameAreaHelp')}
      locked={locked}
      actions={changed ? <Badge tone="brand">{t('unsavedChanges')}</Badge> : null}
    >
      <Suspense fallback={<div className="flex h-64 items-center justify-center rounded-xl bg-slate-100 text-slate-600 sm:h-80">{t('loadingMap')}</div>}>
        <GameAreaMap lat={area.lat} lng={area.lng} radius={area.radius} readOnly={locked} onMove={onMove} />
      </Suspense>
      <div className="mt-3">
        <label htmlFor={`${id}-radius-range`} className={labelClass('lg')}>
          {t('radiusLine', { radius: String(area.radius) })}
        </label>
        <input
          id={`${id}-radius-range`}
          type="range"
          min={RADIUS_MIN}
          max={5000}
          step={50}
          disabled={locked}
          value={Math.min(5000, area.radius)}
          onChange={(e) => {
            setValue('radius', e.target.value);
            judge();
          }}
          className="mt-1 w-full accent-brand-500"
        />
      </div>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Field label={t('latitude')} size="lg">
          <Input inputMode="decimal" disabled={locked} {...form.register('lat', { onChange: judge })} />
        </Field>
        <Field label={t('longitude')} size="lg">
          <Input inputMode="decimal" disabled={locked} {...form.register('lng', { onChange: judge })} />
        </Field>
        <Field
          label={t('radiusMetres')}
          size="lg"
          className="col-span-2 sm:col-span-1"
          hint={t('radiusHint', { min: String(RADIUS_MIN), max: String(RADIUS_MAX) })}
        >
          <Input inputMode="numeric" disabled={locked} {...form.register('radius', { onChange: judge })} />
        </Field>
      </div>
      {!locked ? <FieldError className="mt-2" message={fieldError && ruleText(fieldError)} /> : null}
      {booking.game && booking.plan_type !== 'standard' ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="game-stations">
          🎒 {booking.game.weapons_on ? t('stationsOn', { count: booking.game.stations_count }) : t('stationsOff', { count: booking.game.stations_count })}
        </p>
      ) : null}
      {!locked ? (
        <div className="mt-4">
          <Button variant="primary" size="lg" disabled={!changed || saving} onClick={() => void form.handleSubmit(run)()}>
            {saving ? t('saving') : t('saveGameArea')}
          </Button>
          <FieldError className="mt-2" message={error} />
        </div>
      ) : null}
    </PageSection>
  );
}
