import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { playChallengesEndpoints as ep } from '../../../shared/api/endpoints/play-challenges';
import { playEndpoints } from '../../../shared/api/endpoints/play';
import { playChatEndpoints } from '../../../shared/api/endpoints/chat';
import type { ChatMessage } from '../../../shared/api/chat';
import { IDEMPOTENCY_HEADER } from '../../../shared/api/public-booking';
import type { TeamSubmission } from '../../../shared/api/play-challenges';
import { api, apiUpload, ApiError, type UploadProgress } from '../../lib/api-client';
import { challengeKeys, playerHeaders } from './challenges-api';
import { playKeys } from './play-api';
import {
  addToOutbox,
  dismissOutboxItem,
  newAnswerKey,
  outboxItems,
  settleOutboxItem,
  type OutboxAnswer,
  type OutboxItem,
  type PlayerChannel,
} from './outbox-store';
import { messageKeys } from './messages-api';

/**
 * Sending what the phone kept (issue 29, decision 0432): one queue per game, sent oldest first, one at a time, when the
 * page opens, when the browser says it is online again and every few seconds while something waits. A send the
 * server never answered (no network, a server restarting: 5xx, 408, 429) stops the round and waits; any other
 * refusal is the server's word on that answer and is kept with its message for the player to read.
 */

const RETRY_MS = 5_000;

type Outcome = { state: 'sent'; submission: TeamSubmission | null } | { state: 'refused'; message: string } | { state: 'later' };

/** Whether a failure means the server never took the request (so sending again later is right). */
export function isUnreached(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.status === 408 || error.status === 429 || error.status === 419;
}

/**
 * The same for a position fix, except a 429: the server refuses a fix made less than a second after the player's last
 * one (decision 0431), and it would refuse it again on every resend, since a kept fix keeps its time. A fix is of no
 * use once a newer one exists, so it is dropped, never retried: retrying it blocked every later fix behind it.
 */
export function isUnreachedFix(error: unknown): boolean {
  return isUnreached(error) && !(error instanceof ApiError && error.status === 429);
}

async function sendAnswer(
  code: string,
  token: string,
  challengeId: number,
  answer: OutboxAnswer,
  made: { key: string; madeAt: string },
  onProgress?: (progress: UploadProgress) => void,
) {
  const headers = { ...playerHeaders(token), [IDEMPOTENCY_HEADER]: made.key };
  if (answer.kind === 'text')
    return api(ep.submit, { params: { code }, headers, body: { challenge_id: challengeId, kind: 'text', text: answer.text, made_at: made.madeAt } });
  if (answer.kind === 'count')
    return api(ep.submit, { params: { code }, headers, body: { challenge_id: challengeId, kind: 'count', count: answer.count, made_at: made.madeAt } });
  // A photo or a video goes to the media call with its kind and made_at (0421, 0430); the bytes decide what it is.
  const file = answer.blob.type ? answer.blob : new Blob([answer.blob], { type: 'application/octet-stream' });
  const query = { challenge_id: challengeId, kind: answer.kind, made_at: made.madeAt };
  return apiUpload(ep.submitMedia, { params: { code }, headers, query, file, ...(onProgress ? { onProgress } : {}) });
}

async function sendItem(code: string, token: string, item: OutboxItem): Promise<Outcome> {
  try {
    if (item.type === 'answer') {
      const { submission } = await sendAnswer(code, token, item.challengeId, item.answer, item);
      return { state: 'sent', submission };
    }
    if (item.type === 'message') {
      const headers = { ...playerHeaders(token), [IDEMPOTENCY_HEADER]: item.key };
      await api(playChatEndpoints.post, { params: { code }, headers, body: { channel: item.channel, text: item.text, made_at: item.madeAt } });
      return { state: 'sent', submission: null };
    }
    const body = { lat: item.lat, lng: item.lng, made_at: item.madeAt, ...(item.accuracy === undefined ? {} : { accuracy: item.accuracy }) };
    await api(playEndpoints.position, { params: { code }, headers: playerHeaders(token), body });
    return { state: 'sent', submission: null };
  } catch (error) {
    if (item.type === 'position' ? isUnreachedFix(error) : isUnreached(error)) return { state: 'later' };
    return { state: 'refused', message: error instanceof ApiError ? error.message : 'Refused by the server' };
  }
}

// ---- One store per page: every part of the page sees the same queue, and only one round sends at a time. ----

const snapshots = new Map<string, OutboxItem[]>();
const listeners = new Set<() => void>();
const draining = new Set<string>();
const EMPTY: OutboxItem[] = [];

async function refresh(code: string): Promise<void> {
  snapshots.set(code.toUpperCase(), await outboxItems(code));
  for (const listener of listeners) listener();
}

/** Sends what waits, oldest first; answers whether everything got through. */
async function drain(code: string, token: string): Promise<boolean> {
  const id = code.toUpperCase();
  if (draining.has(id)) return false;
  draining.add(id);
  let done = true;
  try {
    for (const item of await outboxItems(code)) {
      if (item.state !== 'waiting') continue;
      const outcome = await sendItem(code, token, item);
      if (outcome.state === 'later') {
        done = false;
        break;
      }
      await settleOutboxItem(item, outcome.state, outcome.state === 'refused' ? outcome.message : null);
      await refresh(code);
    }
  } finally {
    draining.delete(id);
    await refresh(code);
  }
  return done;
}

/** Keeps an answer or a fix made now; the queue sends it (in order) as soon as it can. */
export async function keep(code: string, item: OutboxItem): Promise<void> {
  await addToOutbox(item);
  await refresh(code);
}

/** Whether anything of this game still waits (a new answer then goes behind it, never before). */
export const waiting = (code: string) => (snapshots.get(code.toUpperCase()) ?? EMPTY).some((i) => i.state === 'waiting');

/**
 * An answer made now: sent at once with its key and made_at, or, when the server cannot be reached (or older answers
 * still wait), kept on the phone to be sent later with the same key. Answers `null` when kept. `onProgress` hears a
 * photo's or a video's upload as it goes (the media picker's bar).
 */
export async function sendOrKeep(
  code: string,
  token: string,
  challengeId: number,
  answer: OutboxAnswer,
  onProgress?: (progress: UploadProgress) => void,
): Promise<{ submission: TeamSubmission } | null> {
  const made = { key: newAnswerKey(), madeAt: new Date().toISOString() };
  const kept: OutboxItem = { code, type: 'answer', ...made, challengeId, answer, state: 'waiting', message: null };
  if (waiting(code)) {
    await keep(code, kept);
    void drain(code, token);
    return null;
  }
  try {
    return await sendAnswer(code, token, challengeId, answer, made, onProgress);
  } catch (error) {
    if (!isUnreached(error)) throw error;
    await keep(code, kept);
    return null;
  }
}

/**
 * A chat message written now (decision 0580): sent at once with its key and written time, or kept when the server
 * cannot be reached or older things still wait (it then goes behind them, in order). Answers `null` when kept.
 */
export async function sendOrKeepMessage(code: string, token: string, channel: PlayerChannel, text: string): Promise<ChatMessage | null> {
  const made = { key: newAnswerKey(), madeAt: new Date().toISOString() };
  const kept: OutboxItem = { code, type: 'message', ...made, channel, text, state: 'waiting', message: null };
  if (waiting(code)) {
    await keep(code, kept);
    void drain(code, token);
    return null;
  }
  try {
    const headers = { ...playerHeaders(token), [IDEMPOTENCY_HEADER]: made.key };
    return (await api(playChatEndpoints.post, { params: { code }, headers, body: { channel, text, made_at: made.madeAt } })).message;
  } catch (error) {
    if (!isUnreached(error)) throw error;
    await keep(code, kept);
    return null;
  }
}

/** The game's queue, live; sends it on open, on 'online' and every few seconds while something waits. */
/** How many answers to one challenge this phone keeps waiting to send (they count against its submissions left). */
export function waitingAnswers(items: readonly OutboxItem[], challengeId: number): number {
  return items.filter((i) => i.type === 'answer' && i.challengeId === challengeId && i.state === 'waiting').length;
}

export function useOutbox(code: string, token: string) {
  const queryClient = useQueryClient();
  const items = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshots.get(code.toUpperCase()) ?? EMPTY,
  );
  const send = useCallback(async () => {
    const before = (snapshots.get(code.toUpperCase()) ?? EMPTY).filter((i) => i.state === 'waiting').length;
    await drain(code, token);
    const after = (snapshots.get(code.toUpperCase()) ?? EMPTY).filter((i) => i.state === 'waiting').length;
    if (after < before) {
      void queryClient.invalidateQueries({ queryKey: challengeKeys.list(code) });
      void queryClient.invalidateQueries({ queryKey: playKeys.map(code) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.list(code) });
    }
  }, [code, token, queryClient]);
  const pending = items.some((i) => i.state === 'waiting');
  useEffect(() => {
    void refresh(code).then(send);
    const online = () => void send();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [code, send]);
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void send(), RETRY_MS);
    return () => window.clearInterval(timer);
  }, [pending, send]);
  const dismiss = useCallback(
    async (id: number) => {
      await dismissOutboxItem(id);
      await refresh(code);
    },
    [code],
  );
  return { items, answers: items.filter((i) => i.type === 'answer'), pending, send, dismiss };
}
