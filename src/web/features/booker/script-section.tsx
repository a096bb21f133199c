import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookerBooking } from '../../../shared/api/booking';
import { scriptEndpoints as ep } from '../../../shared/api/endpoints/script';
import { MANAGE_KEY_HEADER } from '../../../shared/api/public-booking';
import type { ScriptStep } from '../../../shared/api/script';
import type { ScriptStepInput } from '../../../shared/game/script';
import { api, errorMessage } from '../../lib/api-client';
import { Spinner } from '../../components/spinner';
import { ErrorState } from '../../components/ui';
import { PageSection } from './booker-ui';
import { ScriptStepForm, ScriptStepList } from '../../components/script-steps';
import { QuestionRulesForm } from '../../components/question-rules-form';
import { useT } from '../../lib/i18n';

const keys = {
  script: (code: string) => ['booker', 'script', code.toUpperCase()] as const,
  rules: (code: string) => ['booker', 'question-rules', code.toUpperCase()] as const,
};

/** A planned step as the plan the booker saves again. */
const inputOf = (s: ScriptStep): ScriptStepInput => ({
  anchor: s.anchor,
  offset_minutes: s.offset_minutes,
  action: s.action,
  text: s.text,
  challenge_id: s.challenge_id,
  station_id: s.station_id,
  radius_m: s.radius_m,
  minutes: s.minutes,
});

/**
 * The booker plans the game script before the game (issue 40, decision 0585): the template's steps to start from,
 * each change saved as the whole plan. Once the game has started the host plans; the list stays to read. Beside it,
 * the game's rules for questions about the Chicken.
 */
export function ScriptSection({ booking }: { booking: BookerBooking }) {
  const game = booking.game;
  const t = useT('booker');
  const queryClient = useQueryClient();
  const who = game ? { params: { code: game.code }, headers: { [MANAGE_KEY_HEADER]: booking.manage_key } } : null;
  const script = useQuery({ queryKey: keys.script(game?.code ?? ''), queryFn: () => (who ? api(ep.booker, who) : null), enabled: who !== null });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!game || !who) return null;
  const save = async (steps: ScriptStepInput[]) => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(keys.script(game.code), await api(ep.bookerSave, { ...who, body: { steps } }));
    } catch (err) {
      setError(errorMessage(err, t('scriptSaveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const data = script.data;
  const planning = data ? data.game_status === 'not_started' || data.game_status === 'lobby' : false;
  const planned = data ? data.steps.filter((s) => !s.ran_at) : [];
  return (
    <PageSection id="script" title={t('gameScript')} description={t('gameScriptHelp')}>
      {script.isPending ? (
        <Spinner label={t('loading')} />
      ) : !data ? (
        <ErrorState message={errorMessage(script.error, t('scriptLoadFailed'))} onRetry={() => void script.refetch()} retrying={script.isFetching} />
      ) : (
        <div className="space-y-4">
          {planning ? null : <p className="text-sm text-slate-600">{t('scriptHostNow')}</p>}
          <ScriptStepList
            steps={data.steps}
            names={data}
            busy={busy}
            onRemove={planning ? (step) => void save(planned.filter((s) => s.id !== step.id).map(inputOf)) : undefined}
          />
          {planning ? <ScriptStepForm options={data} busy={busy} error={error} onAdd={(step) => save([...planned.map(inputOf), step])} /> : null}
          <QuestionRules code={game.code} manageKey={booking.manage_key} />
        </div>
      )}
    </PageSection>
  );
}

function QuestionRules({ code, manageKey }: { code: string; manageKey: string }) {
  const who = { params: { code }, headers: { [MANAGE_KEY_HEADER]: manageKey } };
  const queryClient = useQueryClient();
  const t = useT('booker');
  const rules = useQuery({ queryKey: keys.rules(code), queryFn: () => api(ep.bookerRules, who) });
  if (!rules.data) return null;
  return (
    <QuestionRulesForm
      rules={rules.data.rules}
      save={async (body) => void queryClient.setQueryData(keys.rules(code), await api(ep.bookerRulesSave, { ...who, body }))}
      label={t('questionsTitle')}
      submitLabel={t('saveQuestionRules')}
      className="space-y-2 rounded-xl border border-slate-200 p-3"
    >
      <h3 className="font-semibold">{t('questionsTitle')}</h3>
      <p className="text-sm text-slate-600">{t('questionsHelp')}</p>
    </QuestionRulesForm>
  );
}
