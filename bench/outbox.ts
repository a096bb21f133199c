/**
 * Phones coming back at once (issue 29, "weak signal, nothing lost"): PHONES players whose phones kept ANSWERS answers
 * each while offline, all reconnecting in the same instant, on two server processes sharing one PostgreSQL. Each phone
 * sends as src/web/features/play/outbox.ts does: oldest first, one at a time, every answer with its Idempotency-Key and
 * made_at. The answer to each of its first REPLAYS sends is lost on the way back, so the phone sends that answer again
 * (same key, same made_at) through the other process before going on. Measured: each send's round trip (first sends
 * and replays apart), the time until every phone has drained, and the rows in the database after (exactly once).
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { count, countDistinct, eq } from 'drizzle-orm';
import { z } from 'zod';
import { openDatabase } from '../src/server/platform/db/client';
import { submissions } from '../src/server/domains/game/tables/games';
import { startBenchServer, type BenchServer } from './server';
import { openLiveGame, type BenchPlayer } from './live-game';
import { round } from './load';
import { summary } from './stats';
import { cpuMs } from './machine-load';

export type OutboxShape = { phones: number; answers: number; replays: number; teams: number };
/** 100 phones with 20 answers each, the first 5 of each sent twice: 2,000 answers, 2,500 sends (issue 29). */
export const PHONES_COMING_BACK: OutboxShape = { phones: 100, answers: 20, replays: 5, teams: 20 };

type Sent = { status: number; submissionId: number | null; ms: number };

/** The stored answer's id in a 201 (or a replay's) body; null for a refusal. */
const answered = z.object({ submission: z.object({ id: z.number() }) });
function submissionIdOf(text: string): number | null {
  try {
    const body = answered.safeParse(JSON.parse(text));
    return body.success ? body.data.submission.id : null;
  } catch {
    return null;
  }
}

/** One POST of a kept answer, on the phone's own keep-alive connection. */
function sendAnswer(agent: http.Agent, server: BenchServer, code: string, phone: BenchPlayer, answer: { key: string; body: string }): Promise<Sent> {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(
      new URL(`/api/play/${code}/submissions`, server.url),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'x-player-token': phone.token,
          'idempotency-key': answer.key,
          cookie: phone.cookie,
          'x-csrf-token': phone.csrf,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, submissionId: submissionIdOf(text), ms: performance.now() - started });
        });
      },
    );
    req.on('error', () => resolve({ status: -1, submissionId: null, ms: performance.now() - started }));
    req.end(answer.body);
  });
}

export async function benchOutbox(databaseUrl: string, shape: OutboxShape = PHONES_COMING_BACK) {
  const servers = await Promise.all([startBenchServer({ DATABASE_URL: databaseUrl }), startBenchServer({ DATABASE_URL: databaseUrl })]);
  const database = await openDatabase({ url: databaseUrl });
  const agents: http.Agent[] = [];
  try {
    const challenges = Array.from({ length: shape.answers }, (_, i) => ({ name: `Queued ${i + 1}`, maxSubmissions: 1_000, answerMedia: 'photo' as const }));
    const game = await openLiveGame(database.db, servers, { players: shape.phones, teams: shape.teams, challenges });
    // Answers made while offline after the start (the start answered before this clock is read): a millisecond apart.
    const madeFrom = Date.now();
    const queues = game.players.map((phone, p) =>
      game.challengeIds.map((challengeId, i) => ({
        key: randomUUID(),
        body: JSON.stringify({
          challenge_id: challengeId,
          kind: 'text',
          text: `phone ${p + 1} answer ${i + 1}`,
          made_at: new Date(madeFrom + i).toISOString(),
        }),
        phone,
      })),
    );
    const firsts: Sent[] = [];
    const replays: Sent[] = [];
    const replayedSame = { same: 0, different: 0 };
    const other = (s: BenchServer) => servers.find((x) => x !== s) ?? s;
    const drainOne = async (queue: (typeof queues)[number]) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      agents.push(agent);
      for (const [i, answer] of queue.entries()) {
        const first = await sendAnswer(agent, answer.phone.server, game.code, answer.phone, answer);
        firsts.push(first);
        if (i >= shape.replays) continue;
        const again = await sendAnswer(agent, other(answer.phone.server), game.code, answer.phone, answer);
        replays.push(again);
        if (again.submissionId !== null && again.submissionId === first.submissionId) replayedSame.same++;
        else replayedSame.different++;
      }
    };
    const began = performance.now();
    const cpuBefore = servers.reduce((sum, s) => sum + cpuMs(s.process.pid), 0);
    await Promise.all(queues.map(drainOne));
    const drainS = (performance.now() - began) / 1000;
    const serverCpuMs = servers.reduce((sum, s) => sum + cpuMs(s.process.pid), 0) - cpuBefore;

    const [rows] = await database.db
      .select({ rows: count(), distinctTexts: countDistinct(submissions.textAnswer) })
      .from(submissions)
      .where(eq(submissions.instanceId, game.instanceId));
    const statuses = (sent: Sent[]) => Object.fromEntries([...new Set(sent.map((s) => s.status))].map((s) => [s, sent.filter((x) => x.status === s).length]));
    return {
      phones: shape.phones,
      teams: shape.teams,
      processes: servers.length,
      answers_per_phone: shape.answers,
      replays_per_phone: shape.replays,
      sends: firsts.length + replays.length,
      first_send_statuses: statuses(firsts),
      replay_statuses: statuses(replays),
      replay_answered_with_the_first_submission: replayedSame,
      rows_in_database: rows?.rows ?? 0,
      distinct_answers_in_database: rows?.distinctTexts ?? 0,
      expected_rows: shape.phones * shape.answers,
      first_send: summary(firsts.map((s) => s.ms)),
      replay: summary(replays.map((s) => s.ms)),
      drain_total_s: round(drainS, 2),
      answers_per_s: round((shape.phones * shape.answers) / drainS),
      // Both processes' CPU (not PostgreSQL's) per send, replays included.
      server_cpu_ms_per_send: round(serverCpuMs / Math.max(1, firsts.length + replays.length), 2),
    };
  } finally {
    for (const agent of agents) agent.destroy();
    await Promise.all(servers.map((s) => s.stop()));
    await database.close();
  }
}
