import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { round } from './load';

/**
 * How busy the machine was while a section ran, so a figure taken on a shared machine says so (docs/BENCHMARKS.md):
 * the load average at the start and at the end, and the cores busy on average (from /proc/stat: every process, this
 * bench's servers, client and PostgreSQL included) next to the cores the bench's own client used.
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

export function watchMachine(): () => { load_average_start: string; load_average_end: string; cores: number; busy_cores: number; bench_client_cores: number } {
  const start = { ticks: cpuTicks(), load: loadAverage(), client: process.cpuUsage(), at: performance.now() };
  return () => {
    const ticks = cpuTicks();
    const cores = availableParallelism();
    const total = ticks.total - start.ticks.total;
    const busy = total - (ticks.idle - start.ticks.idle);
    const client = process.cpuUsage(start.client);
    const elapsedUs = (performance.now() - start.at) * 1000;
    return {
      load_average_start: start.load,
      load_average_end: loadAverage(),
      cores,
      busy_cores: round((busy / Math.max(1, total)) * cores, 2),
      bench_client_cores: round((client.user + client.system) / elapsedUs, 2),
    };
  };
}
