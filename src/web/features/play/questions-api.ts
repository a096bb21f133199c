import { questionEndpoints as ep } from '../../../shared/api/endpoints/questions';
import { questionEventData } from '../../../shared/api/questions';
import type { QuestionBody } from '../../../shared/game/questions';
import { api } from '../../lib/api-client';
import type { SseEvent } from '../../lib/event-stream';
import { playerHeaders } from './challenges-api';

/** Questions about the Chicken (decision 0585): the team's list and rules, asking one, and what the Chicken is told. */
export const questionKeys = {
  list: (code: string) => ['play', 'questions', code.toUpperCase()] as const,
  notices: (code: string) => ['play', 'question-notices', code.toUpperCase()] as const,
};

export const fetchQuestions = (code: string, token: string) => api(ep.list, { params: { code }, headers: playerHeaders(token) });

/** One question; a key per press, so a resent press is answered (and charged) once. */
export const askQuestion = (code: string, token: string, body: QuestionBody) =>
  api(ep.ask, { params: { code }, body, headers: { ...playerHeaders(token), 'Idempotency-Key': crypto.randomUUID() } });

/** The `question` event's data, or null for another event. */
export function questionEventOf(event: SseEvent) {
  if (event.event !== 'question') return null;
  try {
    const parsed = questionEventData.safeParse(JSON.parse(event.data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type Notice = { id: string; text: string };

/** Puts a notice the Chicken is told into its list, newest first, once per event (replays change nothing). */
export function applyNotice(list: Notice[], event: SseEvent): Notice[] {
  const data = questionEventOf(event);
  if (!data || data.question !== null) return list;
  const id = event.id ?? data.notice;
  return list.some((n) => n.id === id) ? list : [{ id, text: data.notice }, ...list].slice(0, 5);
}
