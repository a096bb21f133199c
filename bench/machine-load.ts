import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { round } from './load';

/**
 * How busy the machine was while a section ran, so a figure taken on a shared machine says so (docs/BENCHMARKS.md):
 * the load average at the start and at the end, the cores busy on average (from /proc/stat: every process), and how
 * many of them were the bench's own: its client, its servers (`<HATCH_DIST>/server.js`) and PostgreSQL (every
 * postgres process, so another user's queries count as the bench's here). The rest is other work.
 */
const cpuTicks = () => {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { total: fields.reduce((a, b) => a + b, 0), idle };
};
/** utime + stime of a process in ms (clock ticks of 10 ms). */
export const cpuMs = (pid: number | undefined) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

type Kind = 'servers' | 'postgres';
const SERVER_SCRIPT = `${process.env.HATCH_DIST ?? 'dist'}/server.js`;

/** The bench's servers and PostgreSQL's processes now, with their CPU so far. */
function benchProcesses(): Map<number, { kind: Kind; ms: number }> {
  const found = new Map<number, { kind: Kind; ms: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      const kind: Kind | null =
        comm === 'postgres' ? 'postgres' : comm === 'node' && readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(SERVER_SCRIPT) ? 'servers' : null;
      if (kind) found.set(Number(entry), { kind, ms: cpuMs(Number(entry)) });
    } catch {
      // The process ended while it was read.
    }
  }
  return found;
}

export function watchMachine() {
  const start = { ticks: cpuTicks(), load: loadAverage(), client: process.cpuUsage(), at: performance.now() };
  // Sampled every second: a process that ends (the servers stop before the section returns) keeps what it used.
  const used: Record<Kind, number> = { servers: 0, postgres: 0 };
  let last = benchProcesses();
  const sample = () => {
    const now = benchProcesses();
    // A process new since the last sample began during the section: all its time counts.
    for (const [pid, p] of now) used[p.kind] += p.ms - (last.get(pid)?.ms ?? 0);
    last = now;
  };
  const timer = setInterval(sample, 1_000);
  return () => {
    clearInterval(timer);
    sample();
    const ticks = cpuTicks();
    const cores = availableParallelism();
    const total = ticks.total - start.ticks.total;
    const busy = (total - (ticks.idle - start.ticks.idle)) / Math.max(1, total);
    const client = process.cpuUsage(start.client);
    const elapsedMs = performance.now() - start.at;
    const share = (ms: number) => round(ms / elapsedMs, 2);
    const bench = (client.user + client.system) / 1000 + used.servers + used.postgres;
    return {
      load_average_start: start.load,
      load_average_end: loadAverage(),
      cores,
      busy_cores: round(busy * cores, 2),
      bench_client_cores: share((client.user + client.system) / 1000),
      bench_servers_cores: share(used.servers),
      postgres_cores: share(used.postgres),
      other_work_cores: round(Math.max(0, busy * cores - bench / elapsedMs), 2),
    };
  };
}
