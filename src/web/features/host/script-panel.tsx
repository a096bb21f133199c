import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { scriptEndpoints as ep } from '../../../shared/api/endpoints/script';
import { questionEndpoints } from '../../../shared/api/endpoints/questions';
import type { ScriptStepInput } from '../../../shared/game/script';
import { formatTimestamp } from '../../../shared/time';
import { api, errorMessage } from '../../lib/api-client';
import type { SseEvent } from '../../lib/event-stream';
import { Spinner } from '../../components/spinner';
import { ErrorState, Section } from '../../components/ui';
import { ScriptStepForm, ScriptStepList } from '../../components/script-steps';
import { QuestionRulesForm } from '../../components/question-rules-form';
import { useMessageText, useT } from '../../lib/i18n';

/** The host's script and the teams' questions (issue 40, decision 0585). */
export const scriptKeys = {
  script: (code: string) => ['host', 'script', code.toUpperCase()] as const,
  questions: (code: string) => ['host', 'questions', code.toUpperCase()] as const,
};

/** The script moves when a step runs (a message, a list of challenges, the area); a question adds to the list. */
export function onScriptEvent(queryClient: ReturnType<typeof useQueryClient>, code: string, event: SseEvent): void {
  if (event.event === 'question') void queryClient.invalidateQueries({ queryKey: scriptKeys.questions(code) });
  if (event.event === 'message' || event.event === 'challenges' || event.event === 'state')
    void queryClient.invalidateQueries({ queryKey: scriptKeys.script(code) });
}

export function ScriptPanel({ code, disabled }: { code: string; disabled: boolean }) {
  const t = useT('host');
  const queryClient = useQueryClient();
  const script = useQuery({ queryKey: scriptKeys.script(code), queryFn: () => api(ep.host, { params: { code } }) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: scriptKeys.script(code) });
  const run = async (work: () => Promise<unknown>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      refresh();
    } catch (err) {
      setError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="script" title={t('scriptTitle')} description={t('scriptDescription')}>
      {script.isPending ? (
        <Spinner />
      ) : !script.data ? (
        <ErrorState message={errorMessage(script.error, t('scriptLoadFailed'))} onRetry={() => void script.refetch()} retrying={script.isFetching} />
      ) : (
        <div className="space-y-3">
          <ScriptStepList
            steps={script.data.steps}
            names={script.data}
            busy={busy}
            onRemove={disabled ? undefined : (s) => void run(() => api(ep.hostRemove, { params: { code, id: s.id } }), t('stepRemoveFailed'))}
          />
          {disabled ? null : (
            <ScriptStepForm
              options={script.data}
              busy={busy}
              error={error}
              onAdd={(step: ScriptStepInput) => run(() => api(ep.hostAdd, { params: { code }, body: step }), t('stepAddFailed'))}
            />
          )}
        </div>
      )}
    </Section>
  );
}

/** The game's question rules, changed on the day (a team that asks too often, a game that needs more help). */
function HostQuestionRules({ code }: { code: string }) {
  const t = useT('host');
  const queryClient = useQueryClient();
  const key = ['host', 'question-rules', code.toUpperCase()] as const;
  const rules = useQuery({ queryKey: key, queryFn: () => api(ep.hostRules, { params: { code } }) });
  if (!rules.data) return null;
  return (
    <QuestionRulesForm
      rules={rules.data.rules}
      save={async (body) => void queryClient.setQueryData(key, await api(ep.hostRulesSave, { params: { code }, body }))}
      label={t('questionRules')}
      submitLabel={t('saveRules')}
      className="mt-3 flex flex-wrap items-end gap-2"
    />
  );
}

export function QuestionsPanel({ code }: { code: string }) {
  const t = useT('host');
  // The server writes each question's summary in English; the messages catalogue has its shapes (as on the recap).
  const message = useMessageText();
  const questions = useQuery({ queryKey: scriptKeys.questions(code), queryFn: () => api(questionEndpoints.host, { params: { code } }) });
  return (
    <Section id="questions" title={t('questionsTitle')}>
      {questions.isPending ? (
        <Spinner />
      ) : !questions.data ? (
        <ErrorState
          message={errorMessage(questions.error, t('questionsLoadFailed'))}
          onRetry={() => void questions.refetch()}
          retrying={questions.isFetching}
        />
      ) : questions.data.questions.length ? (
        <ul className="divide-y divide-slate-100" data-testid="host-questions">
          {questions.data.questions.map((q) => (
            <li key={q.id} className="py-2">
              <p>
                <strong>{q.team_name}</strong>: {message(q.summary)}
              </p>
              <p className="text-xs text-slate-500">
                {formatTimestamp(q.asked_at)}
                {q.cost ? ` · ${t('points', { count: q.cost })}` : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">{t('noQuestions')}</p>
      )}
      <HostQuestionRules code={code} />
    </Section>
  );
}
