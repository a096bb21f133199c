import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../e2e/support/server';
import { stopProcess } from '../../scripts/stop-process';

/** Debian's nginx (nginx-light, installed by .ci/run). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => existsSync(candidate)) ?? 'nginx';

/** The ready-to-copy configuration of docs/OPERATIONS.md: the test runs this very file. */
const DOCS_CONFIG = path.resolve('docs/deploy/nginx-hatch.conf');

export type RunningNginx = {
  url: string;
  port: number;
  accessLog(): string;
  errorLog(): string;
  /** Marks one upstream server `down` (or up again) and reloads nginx, as a rollout does before it drains a process. */
  setDown(upstreamPort: number, down: boolean): Promise<void>;
  stop(): Promise<void>;
};

/**
 * Starts nginx in front of the given server ports with the documented configuration: only its listen address, its
 * upstream servers and its log path are swapped for the test's, so what the docs tell an operator to copy is what
 * the test proves. Runs in a folder of its own (pid, logs, temp files), in the foreground, stopped by the test.
 */
export async function startNginx(upstreamPorts: number[]): Promise<RunningNginx> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'hatch-nginx-'));
  // nginx's workers may run as another user when the test runs as root: they must reach the temp folders.
  chmodSync(dir, 0o755);
  for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, temp));
  const documented = readFileSync(DOCS_CONFIG, 'utf8');
  const servers = documented.match(/^ {4}server 127\.0\.0\.1:\d+ (.*);$/m);
  if (!servers?.[1] || !/^ {4}listen 80;$/m.test(documented) || !documented.includes('/var/log/nginx/hatch.access.log')) {
    throw new Error(`${DOCS_CONFIG} no longer has the lines this test swaps (listen 80, the upstream servers, the access log)`);
  }
  const site = documented
    .replace(/^ {4}server 127\.0\.0\.1:\d+ .*;\n/gm, '')
    .replace(/^upstream hatch \{\n/m, `upstream hatch {\n${upstreamPorts.map((p) => `    server 127.0.0.1:${p} ${servers[1]};\n`).join('')}`)
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${port};`)
    .replace('/var/log/nginx/hatch.access.log', path.join(dir, 'access.log'));
  writeFileSync(path.join(dir, 'hatch.conf'), site);
  const downPorts = new Set<number>();
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/hatch.conf;
}
`,
  );
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(NGINX, ['-t', ...args], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refused the configuration:\n${check.stderr}`);
  let output = '';
  const child: ChildProcess = spawn(NGINX, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}/livez`);
      break;
    } catch {
      if (i > 200) throw new Error(`nginx did not listen:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const read = (name: string) => (existsSync(path.join(dir, name)) ? readFileSync(path.join(dir, name), 'utf8') : '');
  return {
    url,
    port,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    async setDown(upstreamPort, down) {
      if (down) downPorts.add(upstreamPort);
      else downPorts.delete(upstreamPort);
      const marked = site.replace(/^( {4}server 127\.0\.0\.1:(\d+) .*);$/gm, (line, head: string, p: string) =>
        downPorts.has(Number(p)) ? `${head} down;` : line,
      );
      writeFileSync(path.join(dir, 'hatch.conf'), marked);
      // A reload starts new workers on the new configuration; the old ones finish what they hold and leave. New
      // connections go to a new worker once one runs, so wait for a worker this reload started.
      const workers = () => new Set(readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean));
      const before = workers();
      child.kill('SIGHUP');
      for (let i = 0; ![...workers()].some((pid) => !before.has(pid)); i++) {
        if (i > 400) throw new Error(`nginx did not reload:\n${read('error.log')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
