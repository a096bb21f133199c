/**
 * Chat beside the positions (issue 40, decision 0580): 500 players in 50 teams of one game on two server processes
 * sharing one PostgreSQL. Every player holds the game's stream open on one process and posts a position every 5 s to the
 * other; each team sends a chat message to its team channel every 10 s (its players take turns), also to the other
 * process, so every delivery crosses LISTEN/NOTIFY. The host console's stream is open too. Measured: the message's
 * write round trip, post-to-delivery of chat at every teammate's stream and at the host console, and of positions
 * at every teammate's stream (p50/p99; the issue asks < 250 ms for both p99). On request only: `npm run bench -- chat`.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { startBenchServer, BENCH_ADMIN, type BenchServer } from './server';
import { openClient } from '../scripts/http-client';
import { createPaidBooking, startableSchedule } from '../scripts/booking-rows';
import { openDatabase } from '../src/server/platform/db/client';
import { teams as bookingTeams } from '../src/server/domains/booking/tables/bookings';
import { round } from './load';
import { summary } from './stats';

const PLAYERS = Number(process.env.BENCH_CHAT_PLAYERS ?? 500);
const TEAMS = Number(process.env.BENCH_CHAT_TEAMS ?? 50);
const POSITION_EVERY_MS = 5_000;
const CHAT_EVERY_MS = 10_000;
const RUN_MS = Number(process.env.BENCH_CHAT_MS ?? 60_000);

type Player = { id: number; token: string; teamId: number; lat: number; post: BenchServer; listen: BenchServer };

export async function benchChat(databaseUrl: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4_000 });
  const [a, b] = await Promise.all([startBenchServer({ DATABASE_URL: databaseUrl }), startBenchServer({ DATABASE_URL: databaseUrl })]);
  const database = await openDatabase({ url: databaseUrl });
  const streams: http.ClientRequest[] = [];
  try {
    const clients = { a: await openClient(a.url), b: await openClient(b.url) };
    const paid = await createPaidBooking(database.db, { players: PLAYERS, ...startableSchedule() });
    await database.db.insert(bookingTeams).values(Array.from({ length: TEAMS }, (_, i) => ({ bookingId: paid.booking.id, name: `Team ${i + 1}` })));
    const code = paid.gameCode;
    const lobby = await clients.a.json<{ teams: { id: number }[] }>('GET', `/api/play/${code}`);
    const teamIds = lobby.data.teams.map((t) => t.id);
    const players: Player[] = [];
    const joinOne = async (i: number) => {
      const via = i % 2 ? clients.b : clients.a;
      const teamId = teamIds[i % teamIds.length] ?? 0;
      const res = await via.json<{ token: string; player: { id: number } }>('POST', `/api/play/${code}/join`, { name: `C${i}`, team_id: teamId });
      if (res.status !== 201) throw new Error(`join answered ${res.status}`);
      players.push({ id: res.data.player.id, token: res.data.token, teamId, lat: 51.5 + i * 0.0001, post: i % 2 ? a : b, listen: i % 2 ? b : a });
    };
    for (let i = 0; i < PLAYERS; i += 5) await Promise.all(Array.from({ length: Math.min(5, PLAYERS - i) }, (_, k) => joinOne(i + k)));
    const staff = await openClient(a.url);
    if ((await staff.json('POST', '/api/auth/login', BENCH_ADMIN)).status !== 200) throw new Error('admin login failed');
    const started = await staff.json('POST', `/api/admin/bookings/${paid.booking.id}/start-game`);
    if (started.status !== 200) throw new Error(`start answered ${started.status}`);

    // Timings: a position by player and latitude, a chat message by its text (unique per send).
    const positionSent = new Map<string, number>();
    const chatSent = new Map<string, number>();
    const positionDeliveries: number[] = [];
    const chatDeliveries: number[] = [];
    const hostChatDeliveries: number[] = [];
    const subscribe = (url: string, headers: Record<string, string>, onChat: number[]) =>
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
              const data = /data: (.*)/.exec(block)?.[1];
              if (!data) continue;
              if (block.includes('event: position')) {
                const event = JSON.parse(data) as { player_id: number; lat: number };
                const at = positionSent.get(`${event.player_id}:${event.lat}`);
                if (at !== undefined && onChat !== hostChatDeliveries) positionDeliveries.push(performance.now() - at);
              } else if (block.includes('event: message')) {
                const event = JSON.parse(data) as { text: string };
                const at = chatSent.get(event.text);
                if (at !== undefined) onChat.push(performance.now() - at);
              }
            }
          });
          resolve();
        });
        req.on('error', reject);
        streams.push(req);
      });
    await Promise.all(players.map((p) => subscribe(`${p.listen.url}/api/play/${code}/stream`, { 'x-player-token': p.token }, chatDeliveries)));
    await subscribe(`${b.url}/api/host/games/${code}/stream`, { cookie: staff.cookie }, hostChatDeliveries);
    await new Promise((r) => setTimeout(r, 3_000));

    const statuses = new Map<string, number>();
    const chatWrites: number[] = [];
    const send = (p: Player, path: string, body: object, extra: Record<string, string>, kind: string, onDone?: (ms: number) => void) =>
      new Promise<void>((resolve) => {
        const startedAt = performance.now();
        const req = http.request(
          new URL(`/api/play/${code}/${path}`, p.post.url),
          {
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'x-player-token': p.token, cookie: clients.a.cookie, 'x-csrf-token': clients.a.csrf, ...extra },
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              const key = `${kind} ${res.statusCode ?? 0}`;
              statuses.set(key, (statuses.get(key) ?? 0) + 1);
              onDone?.(performance.now() - startedAt);
              resolve();
            });
          },
        );
        req.on('error', () => {
          statuses.set(`${kind} error`, (statuses.get(`${kind} error`) ?? 0) + 1);
          resolve();
        });
        req.end(JSON.stringify(body));
      });
    const postPosition = (p: Player) => {
      p.lat += 0.00002;
      const lat = Number(p.lat.toFixed(6));
      positionSent.set(`${p.id}:${lat}`, performance.now());
      return send(p, 'positions', { lat, lng: -0.1 }, {}, 'position');
    };
    const turn = new Map<number, number>();
    const postChat = (teamId: number) => {
      const team = players.filter((p) => p.teamId === teamId);
      const n = turn.get(teamId) ?? 0;
      turn.set(teamId, n + 1);
      const writer = team[n % team.length];
      if (!writer) return Promise.resolve();
      const text = `bench ${teamId} ${n} ${randomUUID().slice(0, 8)}`;
      chatSent.set(text, performance.now());
      return send(writer, 'messages', { channel: 'team', text }, { 'idempotency-key': randomUUID() }, 'chat', (ms) => chatWrites.push(ms));
    };

    const timers: NodeJS.Timeout[] = [];
    const pending: Promise<void>[] = [];
    const began = performance.now();
    players.forEach((p, i) => {
      timers.push(
        setTimeout(
          () => {
            pending.push(postPosition(p));
            timers.push(setInterval(() => pending.push(postPosition(p)), POSITION_EVERY_MS));
          },
          (i / players.length) * POSITION_EVERY_MS,
        ),
      );
    });
    teamIds.forEach((teamId, i) => {
      timers.push(
        setTimeout(
          () => {
            pending.push(postChat(teamId));
            timers.push(setInterval(() => pending.push(postChat(teamId)), CHAT_EVERY_MS));
          },
          (i / teamIds.length) * CHAT_EVERY_MS,
        ),
      );
    });
    await new Promise((r) => setTimeout(r, RUN_MS));
    timers.forEach((t) => clearInterval(t));
    await Promise.all(pending);
    const elapsed = (performance.now() - began) / 1000;
    await new Promise((r) => setTimeout(r, 2_000)); // the last deliveries
    const teamSize = PLAYERS / TEAMS;
    const chatsSent = chatSent.size;
    return {
      players: PLAYERS,
      teams: TEAMS,
      processes: 2,
      run_s: round(elapsed),
      statuses: Object.fromEntries(statuses),
      chat_write: summary(chatWrites),
      chat_post_to_delivery: { ...summary(chatDeliveries), expected_deliveries: chatsSent * teamSize, delivered: chatDeliveries.length },
      chat_post_to_host_console: { ...summary(hostChatDeliveries), expected_deliveries: chatsSent, delivered: hostChatDeliveries.length },
      position_post_to_delivery: { ...summary(positionDeliveries), delivered: positionDeliveries.length },
    };
  } finally {
    for (const req of streams) req.destroy();
    agent.destroy();
    await Promise.all([a.stop(), b.stop()]);
    await database.close();
  }
}
