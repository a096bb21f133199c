import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { scriptEndpoints as ep } from '../../../shared/api/endpoints/script';
import { adminChallengesEndpoints } from '../../../shared/api/endpoints/admin-challenges';
import { SCRIPT_ACTION_LABELS, type ScriptStepInput } from '../../../shared/game/script';
import type { z } from 'zod';
import type { templateBody } from '../../../shared/api/script';
import { api, errorMessage } from '../../lib/api-client';
import { Button, ErrorState, Section } from '../../components/ui';
import { Spinner } from '../../components/spinner';
import { ScriptStepForm, useScriptText } from '../../components/script-steps';
import { useMessageText, useT } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';

const templateKey = ['admin-script-template'] as const;
type TemplateInput = z.input<typeof templateBody>['steps'][number];

/**
 * The game script new games take (issue 40, decision 0585): staff edit the template shipped with the default
 * challenges. Challenge steps name a challenge; a game without it leaves the step out. Games already set up keep
 * theirs.
 */
export function ScriptTemplateForm() {
  const t = useT('system');
  // A step's action is the shared script's English (shared/game/script.ts), from the messages catalogue.
  const message = useMessageText();
  const { integer } = useReaderFormat();
  // When a step runs is the script list's own words (components/script-steps.tsx), in the reader's language.
  const { when: whenOf } = useScriptText();
  const queryClient = useQueryClient();
  const template = useQuery({ queryKey: templateKey, queryFn: () => api(ep.template) });
  const challengeList = useQuery({ queryKey: ['admin-script-template', 'challenges'], queryFn: () => api(adminChallengesEndpoints.list, {}) });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async (steps: TemplateInput[]) => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(templateKey, await api(ep.templateSave, { body: { steps } }));
    } catch (err) {
      setError(errorMessage(err, t('scriptTemplate.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const data = template.data;
  const steps: TemplateInput[] = (data?.steps ?? []).map((s) => ({
    anchor: s.anchor,
    offset_minutes: s.offset_minutes,
    action: s.action,
    text: s.text,
    challenge_id: s.challenge_id,
    radius_m: s.radius_m,
    minutes: s.minutes,
  }));
  const options = {
    challenges: (challengeList.data?.data ?? []).filter((c) => c.is_active).map((c) => ({ id: c.id, name: c.name })),
    stations: [],
  };
  return (
    <Section id="script-template" title={t('scriptTemplate.title')} description={t('scriptTemplate.description')}>
      {template.isPending ? (
        <Spinner />
      ) : !data ? (
        <ErrorState
          message={errorMessage(template.error, t('scriptTemplate.loadFailed'))}
          onRetry={() => void template.refetch()}
          retrying={template.isFetching}
        />
      ) : (
        <div className="space-y-3">
          {data.is_default ? <p className="text-sm text-slate-600">{t('scriptTemplate.shippedDefault')}</p> : null}
          <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="template-steps">
            {data.steps.map((s, i) => (
              <li key={i} className="flex items-start justify-between gap-2 px-3 py-2">
                <div className="min-w-0">
                  <p className="text-xs font-semibold text-slate-500 uppercase">{whenOf(s)}</p>
                  <p className="break-words">
                    {message(SCRIPT_ACTION_LABELS[s.action])}
                    {s.text ? t('scriptTemplate.text', { text: s.text }) : ''}
                    {s.challenge_name
                      ? s.challenge_id === null
                        ? t('scriptTemplate.challengeGone', { name: s.challenge_name })
                        : t('scriptTemplate.challenge', { name: s.challenge_name })
                      : ''}
                    {s.minutes ? t('scriptTemplate.minutes', { minutes: integer(s.minutes) }) : ''}
                    {s.radius_m ? t('scriptTemplate.radius', { metres: integer(s.radius_m) }) : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void save(steps.filter((_, j) => j !== i))}
                  aria-label={t('scriptTemplate.removeLabel', { number: String(i + 1) })}
                >
                  {t('scriptTemplate.remove')}
                </Button>
              </li>
            ))}
          </ol>
          <ScriptStepForm options={options} busy={busy} error={error} onAdd={({ station_id: _station, ...step }: ScriptStepInput) => save([...steps, step])} />
        </div>
      )}
    </Section>
  );
}
