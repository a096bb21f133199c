/**
 * The live game under load (issue 13): PLAYERS simulated players in GAMES games on two server processes sharing one
 * PostgreSQL. Each player holds its game's stream open (on one process) and posts a position every 5 s (to the other
 * process, so every delivery crosses LISTEN/NOTIFY). Measured: the position write's round trip (p50/p99), post-to-
 * delivery at every teammate's stream (p50/p99), and the servers' resident memory per connected player.
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startBenchServer, BENCH_ADMIN, type BenchServer } from './server';
import { openClient } from '../scripts/http-client';
import { createPaidBooking, startableSchedule } from '../scripts/booking-rows';
import { openDatabase } from '../src/server/platform/db/client';
import { teams as bookingTeams } from '../src/server/domains/booking/tables/bookings';
import { round } from './load';
import { summary } from './stats';
import { cpuMs } from './machine-load';
import { BENCH_METRICS_TOKEN, scrapeFigures, v8MemoryMb } from './metrics-scrape';

/** What one run plays: the default is issue 13's city of games; issue 29's is one game at the Standard plan's promise. */
export type GameShape = { players: number; games: number; teamsPerGame: number; watchers: boolean };
export const MANY_GAMES: GameShape = {
  players: Number(process.env.BENCH_GAME_PLAYERS ?? 1_000),
  games: Number(process.env.BENCH_GAME_GAMES ?? 20),
  teamsPerGame: 5,
  watchers: false,
};
/** 500 players in 50 teams of one game, with the host console and the big screen subscribed beside every phone (issue 29). */
export const ONE_BIG_GAME: GameShape = { players: 500, games: 1, teamsPerGame: 50, watchers: true };
const EVERY_MS = 5_000;
const RUN_MS = Number(process.env.BENCH_GAME_MS ?? 60_000);

const rssKb = (pid: number | undefined) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const sumOf = <K extends string>(rows: Record<K, number>[], key: K) => rows.reduce((sum, row) => sum + row[key], 0);
/** Both servers' memory after a full collection (bench/gc-on-signal.cjs): RSS, and V8's heap + external from /metrics. */
async function heldMemory(servers: BenchServer[]): Promise<{ rssKb: number; v8Kb: number }[]> {
  // Twice: the pages a collection frees leave the resident set a little later, by the time of the second.
  for (let i = 0; i < 2; i++) {
    for (const s of servers) s.process.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 1_000));
  }
  return Promise.all(
    servers.map(async (s) => {
      const v8 = await v8MemoryMb(s.url);
      return { rssKb: rssKb(s.process.pid), v8Kb: (v8.heap + v8.external) * 1024 };
    }),
  );
}

type Player = { id: number; token: string; code: string; teamId: number; lat: number; lng: number; post: BenchServer; listen: BenchServer };

export async function benchGame(databaseUrl: string, shape: GameShape = MANY_GAMES) {
  const { players: PLAYERS, games: GAMES, teamsPerGame: TEAMS_PER_GAME } = shape;
  // A pooled connection idle for 4 s is closed by the client, before the server's keep-alive time (5 s) closes it under
  // a request being written (a reset; a browser resends, and so does post() below, once).
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
  // With metrics on, as an operator runs it: the scrape at the end is part of the result (docs/OPERATIONS.md).
  const env = {
    DATABASE_URL: databaseUrl,
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    NODE_OPTIONS: `--expose-gc --require ${path.resolve('bench/gc-on-signal.cjs')}`,
  };
  const [a, b] = await Promise.all([startBenchServer(env), startBenchServer(env)]);
  const both = [a, b];
  const database = await openDatabase({ url: databaseUrl });
  const streams: http.ClientRequest[] = [];
  try {
    const clients = { a: await openClient(a.url), b: await openClient(b.url) };
    const perGame = Math.ceil(PLAYERS / GAMES);
    const games: { code: string; bookingId: number }[] = [];
    for (let g = 0; g < GAMES; g++) {
      // Dated inside the start window (decision 0220): the games are started below, as staff would on the day.
      const paid = await createPaidBooking(database.db, { players: perGame, ...startableSchedule() });
      await database.db.insert(bookingTeams).values(Array.from({ length: TEAMS_PER_GAME }, (_, i) => ({ bookingId: paid.booking.id, name: `Team ${i + 1}` })));
      games.push({ code: paid.gameCode, bookingId: paid.booking.id });
    }

    // Join everyone (through both processes), then start every game.
    const players: Player[] = [];
    for (const [g, game] of games.entries()) {
      const lobby = await clients.a.json<{ teams: { id: number }[] }>('GET', `/api/play/${game.code}`);
      const teamIds = lobby.data.teams.map((t) => t.id);
      // Joins of one game take turns on its lobby (decision 0222): a few at a time, as people arrive.
      const joinOne = async (i: number) => {
        const via = i % 2 ? clients.b : clients.a;
        const teamId = teamIds[i % teamIds.length] ?? 0;
        const res = await via.json<{ token: string; player: { id: number } }>('POST', `/api/play/${game.code}/join`, { name: `P${g}-${i}`, team_id: teamId });
        if (res.status !== 201) throw new Error(`join answered ${res.status}`);
        const lat = 51.4 + g * 0.01 + i * 0.0001;
        players.push({ id: res.data.player.id, token: res.data.token, code: game.code, teamId, lat, lng: -0.1, post: i % 2 ? a : b, listen: i % 2 ? b : a });
      };
      for (let i = 0; i < perGame; i += 5) await Promise.all(Array.from({ length: Math.min(5, perGame - i) }, (_, k) => joinOne(i + k)));
    }
    const staff = await openClient(a.url);
    if ((await staff.json('POST', '/api/auth/login', BENCH_ADMIN)).status !== 200) throw new Error('admin login failed');
    for (const game of games) {
      const res = await staff.json('POST', `/api/admin/bookings/${game.bookingId}/start-game`);
      if (res.status !== 200) throw new Error(`start answered ${res.status}`);
    }

    // Every player subscribes; the servers' memory before and after is the cost of the connections. Read a first time
    // after the joins have settled (5 s: what the joins left behind for a while, counters batched and flushed, is
    // not the streams' cost), each reading after a full collection.
    // Skipped when small (the system test's runs): a few players' memory is below the readings' noise.
    const measureMemory = PLAYERS >= 100;
    if (measureMemory) await new Promise((r) => setTimeout(r, 5_000));
    const before = measureMemory ? await heldMemory(both) : [];
    const sentAt = new Map<string, number>();
    const deliveries: number[] = [];
    // One SSE subscriber: every position event it hears is timed against the moment its write was sent.
    const subscribe = (url: string, headers: Record<string, string>, timings: number[]) =>
      new Promise<void>((resolve, reject) => {
        const req = http.get(url, { headers }, (res) => {
          if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
          res.setEncoding('utf8');
          let buffer = '';
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let cut: number;
            while ((cut = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              if (!block.includes('event: position')) continue;
              const data = /data: (.*)/.exec(block)?.[1];
              if (!data) continue;
              const event = JSON.parse(data) as { player_id: number; lat: number };
              const started = sentAt.get(`${event.player_id}:${event.lat}`);
              if (started !== undefined) timings.push(performance.now() - started);
            }
          });
          resolve();
        });
        req.on('error', reject);
        streams.push(req);
      });
    const opened = await Promise.all(players.map((p) => subscribe(`${p.listen.url}/api/play/${p.code}/stream`, { 'x-player-token': p.token }, deliveries)));
    // The host console of each game, on the process its players post to least (every position crosses processes).
    // And the big screen on the other process, opened by its private link as a projector would.
    const hostDeliveries: number[] = [];
    const screenDeliveries: number[] = [];
    if (shape.watchers) {
      for (const game of games) {
        await subscribe(`${a.url}/api/host/games/${game.code}/stream`, { cookie: staff.cookie }, hostDeliveries);
        const link = await staff.json<{ url: string }>('GET', `/api/host/games/${game.code}/screen`);
        const token = link.data.url.split('/').at(-1);
        if (link.status !== 200 || !token) throw new Error(`screen link answered ${link.status}`);
        await subscribe(`${b.url}/api/screen/${token}/stream`, {}, screenDeliveries);
      }
    }
    await new Promise((r) => setTimeout(r, 3_000));
    const after = measureMemory ? await heldMemory(both) : [];
    const streamsOpen = Math.max(1, opened.length + (shape.watchers ? 2 * games.length : 0));

    // The load: each player posts every 5 s, spread evenly over the period.
    const writes: number[] = [];
    const statuses = new Map<number, number>();
    let resent = 0;
    const post = (p: Player) =>
      new Promise<void>((resolve) => {
        p.lat += 0.00002; // ~2 m per 5 s: a walk
        const lat = Number(p.lat.toFixed(6));
        const body = JSON.stringify({ lat, lng: p.lng });
        const started = performance.now();
        sentAt.set(`${p.id}:${lat}`, started);
        const url = new URL(`/api/play/${p.code}/positions`, p.post.url);
        const send = (attempt: number) => {
          let answered = false;
          const req = http.request(
            url,
            {
              method: 'POST',
              agent,
              headers: { 'content-type': 'application/json', 'x-player-token': p.token, cookie: clients.a.cookie, 'x-csrf-token': clients.a.csrf },
            },
            (res) => {
              answered = true;
              res.resume();
              res.on('end', () => {
                writes.push(performance.now() - started);
                statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
                resolve();
              });
            },
          );
          req.on('error', (error: NodeJS.ErrnoException) => {
            // A kept-alive socket the server closed (idle past its keep-alive time) as the request went out: the
            // server never saw it, and a browser sends it again on a new connection; so does the bench, once, timed
            // from the first try.
            if (!answered && attempt === 0 && (error.code === 'ECONNRESET' || error.code === 'EPIPE')) {
              resent++;
              send(1);
              return;
            }
            statuses.set(-1, (statuses.get(-1) ?? 0) + 1);
            resolve();
          });
          req.end(body);
        };
        send(0);
      });
    const timers: NodeJS.Timeout[] = [];
    const pending: Promise<void>[] = [];
    const began = performance.now();
    const cpuBefore = cpuMs(a.process.pid) + cpuMs(b.process.pid);
    players.forEach((p, i) => {
      const offset = (i / players.length) * EVERY_MS;
      timers.push(
        setTimeout(() => {
          pending.push(post(p));
          timers.push(setInterval(() => pending.push(post(p)), EVERY_MS));
        }, offset),
      );
    });
    await new Promise((r) => setTimeout(r, RUN_MS));
    timers.forEach((t) => clearInterval(t));
    await Promise.all(pending);
    const elapsed = (performance.now() - began) / 1000;
    const serverCpuMs = cpuMs(a.process.pid) + cpuMs(b.process.pid) - cpuBefore;
    await new Promise((r) => setTimeout(r, 2_000)); // the last deliveries
    const teamSize = perGame / TEAMS_PER_GAME;
    // Scraped while the streams are still open: what Prometheus would have seen at the end of the game.
    const metrics = { a: await scrapeFigures(a.url), b: await scrapeFigures(b.url) };
    return {
      players: players.length,
      games: GAMES,
      teams_per_game: TEAMS_PER_GAME,
      streams_open: opened.length,
      processes: 2,
      run_s: round(elapsed),
      writes_per_s: round(writes.length / elapsed),
      write_statuses: Object.fromEntries(statuses),
      writes_resent_on_a_closed_connection: resent,
      position_write: summary(writes),
      // Both processes' CPU (not PostgreSQL's) per accepted write, its fan-out included: what the hardware must give.
      server_cpu_ms_per_write: round(serverCpuMs / Math.max(1, writes.length), 2),
      server_cpu_share_of_one_core: round(serverCpuMs / (elapsed * 1000), 2),
      post_to_delivery: { ...summary(deliveries), expected_deliveries: writes.length * teamSize, delivered: deliveries.length },
      ...(shape.watchers
        ? {
            post_to_host_console: { ...summary(hostDeliveries), expected_deliveries: writes.length },
            post_to_big_screen: { ...summary(screenDeliveries), expected_deliveries: writes.length },
          }
        : {}),
      memory: measureMemory
        ? {
            // Each read after a full collection in both servers (bench/gc-on-signal.cjs), so garbage is not counted.
            rss_before_streams_mb: before.map((m) => round(m.rssKb / 1024)),
            rss_after_streams_mb: after.map((m) => round(m.rssKb / 1024)),
            kb_per_connected_player: round((sumOf(after, 'rssKb') - sumOf(before, 'rssKb')) / streamsOpen),
            v8_heap_and_external_kb_per_connected_player: round((sumOf(after, 'v8Kb') - sumOf(before, 'v8Kb')) / streamsOpen),
          }
        : 'not measured: too few players',
      metrics,
    };
  } finally {
    for (const req of streams) req.destroy();
    agent.destroy();
    await Promise.all([a.stop(), b.stop()]);
    await database.close();
  }
}
