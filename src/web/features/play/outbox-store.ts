import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { MediaKind } from '../../../shared/media';
import type { PLAYER_CHANNELS } from '../../../shared/api/chat';

export type PlayerChannel = (typeof PLAYER_CHANNELS)[number];

/**
 * What a phone made and has not yet got to the server (issue 29, decision 0432): answers (with their photo or video
 * blob) and position fixes, in IndexedDB so they survive a reload, a closed tab and a dead battery. Each answer gets its
 * Idempotency-Key and made_at when the player makes it; sending it again can never store it twice (0430).
 */

export type OutboxAnswer = { kind: 'text'; text: string } | { kind: 'count'; count: number } | { kind: MediaKind; blob: Blob };

export type OutboxState = 'waiting' | 'sent' | 'refused';

export type OutboxItem =
  | {
      id?: number;
      code: string;
      type: 'answer';
      key: string;
      madeAt: string;
      challengeId: number;
      answer: OutboxAnswer;
      state: OutboxState;
      message: string | null;
    }
  | {
      id?: number;
      code: string;
      /** A chat message written without signal (decision 0580): sent once, in order, with its written time. */
      type: 'message';
      key: string;
      madeAt: string;
      channel: PlayerChannel;
      text: string;
      state: OutboxState;
      message: string | null;
    }
  | {
      id?: number;
      code: string;
      type: 'position';
      madeAt: string;
      lat: number;
      lng: number;
      accuracy: number | undefined;
      state: OutboxState;
      message: string | null;
    };

interface OutboxDb extends DBSchema {
  outbox: { key: number; value: OutboxItem; indexes: { code: string } };
}

let opened: Promise<IDBPDatabase<OutboxDb>> | null = null;

function db(): Promise<IDBPDatabase<OutboxDb>> {
  opened ??= openDB<OutboxDb>('hatch-play', 1, {
    upgrade(database) {
      // Keys count up: the order things were made is the order they are sent.
      const store = database.createObjectStore('outbox', { keyPath: 'id', autoIncrement: true });
      store.createIndex('code', 'code');
    },
  });
  return opened;
}

/** Everything kept for a game, oldest first. */
export async function outboxItems(code: string): Promise<OutboxItem[]> {
  return (await db()).getAllFromIndex('outbox', 'code', code.toUpperCase());
}

export async function addToOutbox(item: OutboxItem): Promise<void> {
  await (await db()).add('outbox', { ...item, code: item.code.toUpperCase() });
}

export async function settleOutboxItem(item: OutboxItem, state: Exclude<OutboxState, 'waiting'>, message: string | null): Promise<void> {
  // A settled position (sent, or refused for good) is of no more use, and the player never sees it; an answer stays
  // to say what happened to it until the player dismisses it.
  const database = await db();
  if (item.id === undefined) return;
  // A sent chat message is in the list the server gives; a refused one stays to say why.
  if (item.type === 'position' || (item.type === 'message' && state === 'sent')) await database.delete('outbox', item.id);
  else if (item.type === 'message') await database.put('outbox', { ...item, state, message });
  else await database.put('outbox', { ...item, state, message, answer: withoutBlob(item.answer) });
}

export async function dismissOutboxItem(id: number): Promise<void> {
  await (await db()).delete('outbox', id);
}

/** A settled answer keeps no media: it is stored on the server, or refused for good. */
function withoutBlob(answer: OutboxAnswer): OutboxAnswer {
  return 'blob' in answer ? { kind: answer.kind, blob: new Blob([], { type: answer.blob.type }) } : answer;
}

/** A new answer's key: random, so two phones (or two tabs) never make the same one. */
export const newAnswerKey = (): string =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
