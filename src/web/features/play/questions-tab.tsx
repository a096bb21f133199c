import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { QUESTION_RADII_M, THERMOMETER_MIN_MOVE_M, type QuestionBody, type QuestionKind } from '../../../shared/game/questions';
import { formatTimestamp } from '../../../shared/time';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState, Field, Select } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { askQuestion, fetchQuestions, questionKeys } from './questions-api';

/** Seconds as "4:05". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * The team's Questions panel (issue 40, decision 0585): ask the game about the Chicken (radius, thermometer, landmark),
 * see every answer the team got, and how long until each kind may be asked again. The server answers from fresh fixes
 * only: a refusal says why and charges nothing.
 */
export function QuestionsTab({ code, token }: { code: string; token: string }) {
  const queryClient = useQueryClient();
  const questions = useQuery({ queryKey: questionKeys.list(code), queryFn: () => fetchQuestions(code, token) });
  const [radius, setRadius] = useState<number>(QUESTION_RADII_M[2]);
  const [landmark, setLandmark] = useState('');
  const [busy, setBusy] = useState<QuestionKind | null>(null);
  const [answer, setAnswer] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The cooldowns count down on the phone; the server's own answer decides.
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    setElapsed(0);
    const timer = setInterval(() => setElapsed((s) => s + 1), 1000);
    return () => clearInterval(timer);
  }, [questions.data]);

  if (questions.isPending) return <Spinner />;
  if (!questions.data)
    return (
      <ErrorState
        message={errorMessage(questions.error, 'Failed to load the questions. Please try again.')}
        onRetry={() => void questions.refetch()}
        retrying={questions.isFetching}
      />
    );
  const data = questions.data;
  const wait = (kind: QuestionKind) => Math.max(0, data.wait_seconds[kind] - elapsed);

  const ask = async (kind: QuestionKind, body: QuestionBody) => {
    setBusy(kind);
    setError(null);
    setAnswer(null);
    try {
      const result = await askQuestion(code, token, body);
      setAnswer(result.question.summary);
    } catch (err) {
      setError(errorMessage(err, 'The question could not be asked. Try again.'));
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: questionKeys.list(code) });
    }
  };
  const [landmarkKind, landmarkId] = landmark.split(':');
  const cost = data.rules.cost_points > 0 ? `${data.rules.cost_points} points each` : 'Free';
  const cooldown = data.rules.cooldown_seconds > 0 ? `one of each kind every ${clock(data.rules.cooldown_seconds)} min` : 'no wait';

  return (
    <section className="space-y-4" aria-label="Questions about the Chicken">
      <div>
        <h2 className="text-lg font-semibold">Ask about the Chicken</h2>
        <p className="text-sm text-slate-600">
          {cost} · {cooldown}. Answers come from your position and the Chicken’s: keep your location on.
        </p>
      </div>
      {answer ? (
        <p role="status" data-testid="question-answer" className="rounded-lg border border-emerald-200 bg-emerald-50 p-3 font-semibold text-emerald-900">
          {answer}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-800">
          {error}
        </p>
      ) : null}

      <div className="space-y-2 rounded-xl border border-slate-200 p-3">
        <h3 className="font-semibold">Radius</h3>
        <p className="text-sm text-slate-600">Is the Chicken within this distance of us?</p>
        <div className="flex items-end gap-2">
          <Field label="Distance">
            <Select value={String(radius)} onChange={(e) => setRadius(Number(e.target.value))}>
              {QUESTION_RADII_M.map((r) => (
                <option key={r} value={r}>
                  {r >= 1000 ? `${r / 1000} km` : `${r} m`}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="primary" disabled={busy !== null || wait('radius') > 0} onClick={() => void ask('radius', { kind: 'radius', radius_m: radius })}>
            {wait('radius') > 0 ? `Ask again in ${clock(wait('radius'))}` : 'Ask radius'}
          </Button>
        </div>
      </div>

      <div className="space-y-2 rounded-xl border border-slate-200 p-3">
        <h3 className="font-semibold">Thermometer</h3>
        <p className="text-sm text-slate-600">Walk at least {THERMOMETER_MIN_MOVE_M} m from where your team last asked: are you warmer or colder?</p>
        <Button variant="primary" disabled={busy !== null || wait('thermometer') > 0} onClick={() => void ask('thermometer', { kind: 'thermometer' })}>
          {wait('thermometer') > 0 ? `Ask again in ${clock(wait('thermometer'))}` : 'Ask thermometer'}
        </Button>
      </div>

      {data.landmarks.length ? (
        <div className="space-y-2 rounded-xl border border-slate-200 p-3">
          <h3 className="font-semibold">Landmark</h3>
          <p className="text-sm text-slate-600">Is the Chicken nearer to this place than we are?</p>
          <div className="flex items-end gap-2">
            <Field label="Place">
              <Select value={landmark} onChange={(e) => setLandmark(e.target.value)}>
                <option value="">Pick a place</option>
                {data.landmarks.map((l) => (
                  <option key={`${l.kind}:${l.id}`} value={`${l.kind}:${l.id}`}>
                    {l.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              variant="primary"
              disabled={busy !== null || !landmark || wait('landmark') > 0}
              onClick={() =>
                void ask(
                  'landmark',
                  landmarkKind === 'station' ? { kind: 'landmark', station_id: Number(landmarkId) } : { kind: 'landmark', challenge_id: Number(landmarkId) },
                )
              }
            >
              {wait('landmark') > 0 ? `Ask again in ${clock(wait('landmark'))}` : 'Ask landmark'}
            </Button>
          </div>
        </div>
      ) : null}

      <div>
        <h3 className="font-semibold">Your team’s answers</h3>
        {data.questions.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="team-questions">
            {data.questions.map((q) => (
              <li key={q.id} className="px-3 py-2">
                <p>{q.summary}</p>
                <p className="text-xs text-slate-500">{formatTimestamp(q.asked_at)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">No questions asked yet.</p>
        )}
      </div>
    </section>
  );
}

/** The Chicken's phone: who asked what (never the answer), newest first, so the hider can react. */
export function ChickenNotices({ code }: { code: string }) {
  const notices = useQuery<{ id: string; text: string }[]>({ queryKey: questionKeys.notices(code), queryFn: () => [], staleTime: Infinity });
  if (!notices.data?.length) return null;
  return (
    <section role="status" aria-label="Questions asked about you" data-testid="chicken-notices" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <ul className="space-y-1">
        {notices.data.map((n) => (
          <li key={n.id} className="font-medium text-amber-900">
            {n.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
