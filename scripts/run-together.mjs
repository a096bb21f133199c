// Runs the npm scripts named on the command line at the same time and fails if any fails. Lint and types are
// single-threaded and the test tiers leave a core idle for much of their run (browser pages wait on each other), so
// together they take little more than the longest. Each buffered script's output is printed when it ends, under a
// `── npm run <name>` line; the one after `--stream` prints as it goes (the test tiers' progress).
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const streamAt = args.indexOf('--stream');
const streamed = streamAt === -1 ? null : args[streamAt + 1];
const names = args.filter((arg, i) => arg !== '--stream' && i !== streamAt + 1);
if (streamed) names.push(streamed);

const results = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const started = Date.now();
        const live = name === streamed;
        const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', live ? 'inherit' : 'pipe', live ? 'inherit' : 'pipe'] });
        let output = '';
        child.stdout?.on('data', (d) => (output += d));
        child.stderr?.on('data', (d) => (output += d));
        child.on('close', (code) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
