import { useMessageText, useT } from '../../lib/i18n';
import { useId } from 'react';
import { MESSAGES, dateTimeError } from '../../../shared/validation/booking-rules';
import { CityField } from './city-field';
import { GameCalendar } from './game-calendar';
import { FieldError, StepHeading } from './help-popover';
import { MeetingTimeField } from './meeting-time-field';
import { PlayersField } from './players-field';
import { browserTimeZone, toApiDate } from './wizard-state';
import { useWizard } from './wizard-store';
import { Button } from '../ui/button';

/** Step 0, 'Let's hatch your game': date, city, players and meeting time. */
export function StepWhenWhere({ showErrors }: { showErrors: boolean }) {
  const { state, dispatch } = useWizard();
  const t = useT('wizard');
  const say = useMessageText();
  const id = useId();
  const zone = browserTimeZone();
  const dateInvalid = state.date !== '' && state.meetingTime !== null && state.utcDateTime === '';
  const whenError = state.date !== '' ? dateTimeError(toApiDate(state.date), state.meetingTime, state.timezone) : null;
  const dateInPast = whenError === MESSAGES.dateInPast;
  // Today, with a meeting time already gone (shared rule: the server refuses it with the same words).
  const timeInPast = whenError === MESSAGES.timeInPast;
  const dateMessage = showErrors && state.date === '' ? MESSAGES.dateRequired : dateInPast ? MESSAGES.dateInPast : null;
  return (
    <section aria-labelledby={`${id}-title`}>
      <div id={`${id}-title`}>
        <StepHeading title={t('whenWhereTitle')} subtitle={t('whenWhereSubtitle')} />
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <div>
          <p id={`${id}-date`} className="mb-1 font-semibold text-slate-900">
            {t('date')}
          </p>
          <GameCalendar date={state.date} timezone={state.timezone} labelledBy={`${id}-date`} onSelect={(date) => dispatch({ type: 'setDate', date })} />
          {dateMessage ? (
            <div role="alert">
              <FieldError id={`${id}-date-error`}>{say(dateMessage)}</FieldError>
            </div>
          ) : null}
        </div>
        <div className="flex flex-col gap-6">
          <CityField
            query={state.cityQuery}
            city={state.city}
            showErrors={showErrors}
            onQueryChange={(query) => dispatch({ type: 'setCityQuery', query })}
            onSelect={(city) => dispatch({ type: 'selectCity', city })}
          />
          {state.suggestedTimezone ? (
            <div className="-mt-3 rounded-lg border border-brand-400 bg-brand-50 p-3 text-sm text-slate-800">
              <p>{t('zoneSuggestion', { city: state.city, zone: state.suggestedTimezone })}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button variant="primary" onClick={() => state.suggestedTimezone && dispatch({ type: 'setTimezone', timezone: state.suggestedTimezone })}>
                  {t('useZone', { zone: state.suggestedTimezone })}
                </Button>
                <Button onClick={() => dispatch({ type: 'dismissSuggestedTimezone' })}>{t('keepZone', { zone: state.timezone })}</Button>
              </div>
            </div>
          ) : null}
          <PlayersField
            value={state.playerInput}
            onChange={(text) => dispatch({ type: 'setPlayerInput', text })}
            onStep={(direction) => dispatch({ type: 'stepPlayers', direction })}
            onBlur={() => dispatch({ type: 'commitPlayerInput' })}
          />
          <MeetingTimeField
            time={state.meetingTime}
            timezone={state.timezone}
            browserZone={zone}
            invalid={dateInvalid}
            inPast={timeInPast}
            showErrors={showErrors}
            onTimeChange={(time) => dispatch({ type: 'setMeetingTime', time })}
            onTimezoneChange={(timezone) => dispatch({ type: 'setTimezone', timezone })}
          />
        </div>
      </div>
    </section>
  );
}
