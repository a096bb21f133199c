import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { chickenNotice, QUESTION_KINDS, QUESTION_RADII_M, THERMOMETER_MIN_MOVE_M, type QuestionBody, type QuestionKind } from '../../../shared/game/questions';
import type { AskedQuestion } from '../../../shared/api/questions';
import type { Language } from '../../../shared/i18n/languages';
import { Spinner } from '../../components/spinner';
import { Button, ErrorState, Field, Select } from '../../components/ui';
import { errorMessage } from '../../lib/api-client';
import { useLocale, useT, type Translate } from '../../lib/i18n';
import { useReaderFormat } from '../../lib/reader-format';
import { askQuestion, fetchQuestions, questionKeys } from './questions-api';

/** Seconds as "4:05". */
const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

const ANSWER_KEYS = {
  yes: 'answerYes',
  no: 'answerNo',
  warmer: 'answerWarmer',
  colder: 'answerColder',
  nearer: 'answerNearer',
  farther: 'answerFarther',
} as const satisfies Record<AskedQuestion['answer'], string>;

/**
 * A question and its answer in the reader's words: English is the server's own summary (the rule's sentence,
 * shared/game/questions.ts); another language writes it from the question's parts.
 */
function questionText(q: AskedQuestion, language: Language, t: Translate<'play'>, distance: (metres: number) => string): string {
  if (language === 'en') return q.summary;
  const answer = t(ANSWER_KEYS[q.answer]);
  if (q.kind === 'radius') return t('questionRadiusSummary', { distance: distance(q.radius_m ?? 0), answer });
  if (q.kind === 'thermometer') return t('questionThermometerSummary', { answer });
  return q.landmark ? t('questionLandmarkSummary', { place: q.landmark, answer }) : t('questionLandmarkSummaryUnnamed', { answer });
}

/** A radius as the list offers it: 500 m, 1 km, 1.5 km (in the reader's digits). */
function useDistance(): (metres: number) => string {
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (metres) => (metres >= 1000 ? `${number.format(metres / 1000)} km` : `${number.format(metres)} m`);
}

/**
 * The team's Questions panel (issue 40, decision 0585): ask the game about the Chicken (radius, thermometer, landmark),
 * see every answer the team got, and how long until each kind may be asked again. The server answers from fresh fixes
 * only: a refusal says why and charges nothing.
 */
export function QuestionsTab({ code, token }: { code: string; token: string }) {
  const t = useT('play');
  const { language } = useLocale();
  const { timestamp } = useReaderFormat();
  const distance = useDistance();
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

  if (questions.isPending) return <Spinner label={t('loading')} />;
  if (!questions.data)
    return (
      <ErrorState message={errorMessage(questions.error, t('questionsLoadFailed'))} onRetry={() => void questions.refetch()} retrying={questions.isFetching} />
    );
  const data = questions.data;
  const wait = (kind: QuestionKind) => Math.max(0, data.wait_seconds[kind] - elapsed);

  const ask = async (kind: QuestionKind, body: QuestionBody) => {
    setBusy(kind);
    setError(null);
    setAnswer(null);
    try {
      const result = await askQuestion(code, token, body);
      setAnswer(questionText(result.question, language, t, distance));
    } catch (err) {
      setError(errorMessage(err, t('questionFailed')));
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: questionKeys.list(code) });
    }
  };
  const [landmarkKind, landmarkId] = landmark.split(':');
  const cost = data.rules.cost_points > 0 ? t('questionCost', { points: data.rules.cost_points }) : t('questionFree');
  const cooldown = data.rules.cooldown_seconds > 0 ? t('questionCooldown', { time: clock(data.rules.cooldown_seconds) }) : t('questionNoWait');
  const askAgain = (kind: QuestionKind, label: string) => (wait(kind) > 0 ? t('askAgainIn', { time: clock(wait(kind)) }) : label);

  return (
    <section className="space-y-4" aria-label={t('questionsLabel')}>
      <div>
        <h2 className="text-lg font-semibold">{t('questionsTitle')}</h2>
        <p className="text-sm text-slate-600">
          {cost} · {cooldown}. {t('questionsHow')}
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
        <h3 className="font-semibold">{t('questionRadius')}</h3>
        <p className="text-sm text-slate-600">{t('questionRadiusText')}</p>
        <div className="flex items-end gap-2">
          <Field label={t('questionDistance')}>
            <Select value={String(radius)} onChange={(e) => setRadius(Number(e.target.value))}>
              {QUESTION_RADII_M.map((r) => (
                <option key={r} value={r}>
                  {distance(r)}
                </option>
              ))}
            </Select>
          </Field>
          <Button variant="primary" disabled={busy !== null || wait('radius') > 0} onClick={() => void ask('radius', { kind: 'radius', radius_m: radius })}>
            {askAgain('radius', t('askRadius'))}
          </Button>
        </div>
      </div>

      <div className="space-y-2 rounded-xl border border-slate-200 p-3">
        <h3 className="font-semibold">{t('questionThermometer')}</h3>
        <p className="text-sm text-slate-600">{t('questionThermometerText', { metres: THERMOMETER_MIN_MOVE_M })}</p>
        <Button variant="primary" disabled={busy !== null || wait('thermometer') > 0} onClick={() => void ask('thermometer', { kind: 'thermometer' })}>
          {askAgain('thermometer', t('askThermometer'))}
        </Button>
      </div>

      {data.landmarks.length ? (
        <div className="space-y-2 rounded-xl border border-slate-200 p-3">
          <h3 className="font-semibold">{t('questionLandmark')}</h3>
          <p className="text-sm text-slate-600">{t('questionLandmarkText')}</p>
          <div className="flex items-end gap-2">
            <Field label={t('questionPlace')}>
              <Select value={landmark} onChange={(e) => setLandmark(e.target.value)}>
                <option value="">{t('questionPickPlace')}</option>
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
              {askAgain('landmark', t('askLandmark'))}
            </Button>
          </div>
        </div>
      ) : null}

      <div>
        <h3 className="font-semibold">{t('questionsAnswers')}</h3>
        {data.questions.length ? (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200" data-testid="team-questions">
            {data.questions.map((q) => (
              <li key={q.id} className="px-3 py-2">
                <p>{questionText(q, language, t, distance)}</p>
                <p className="text-xs text-slate-500">{timestamp(q.asked_at)}</p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{t('questionsNone')}</p>
        )}
      </div>
    </section>
  );
}

const NOTICE_KEYS = {
  radius: 'noticeRadius',
  thermometer: 'noticeThermometer',
  landmark: 'noticeLandmark',
} as const satisfies Record<QuestionKind, string>;

/** A notice in the reader's words: the rule's sentence (shared/game/questions.ts) read back for its team and kind. */
function noticeText(text: string, t: Translate<'play'>): string {
  for (const kind of QUESTION_KINDS) {
    const tail = chickenNotice('', kind);
    if (text.endsWith(tail)) return t(NOTICE_KEYS[kind], { team: text.slice(0, -tail.length) });
  }
  return text;
}

/** The Chicken's phone: who asked what (never the answer), newest first, so the hider can react. */
export function ChickenNotices({ code }: { code: string }) {
  const t = useT('play');
  const notices = useQuery<{ id: string; text: string }[]>({ queryKey: questionKeys.notices(code), queryFn: () => [], staleTime: Infinity });
  if (!notices.data?.length) return null;
  return (
    <section role="status" aria-label={t('noticesLabel')} data-testid="chicken-notices" className="rounded-lg border border-amber-300 bg-amber-50 p-3">
      <ul className="space-y-1">
        {notices.data.map((n) => (
          <li key={n.id} className="font-medium text-amber-900">
            {noticeText(n.text, t)}
          </li>
        ))}
      </ul>
    </section>
  );
}
