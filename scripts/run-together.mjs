// Runs the npm scripts named on the command line at the same time and fails if any fails. Lint and the type check are
// single-threaded and need nothing of the tests, so they run beside the test tiers (decision 0670): the tiers leave
// part of two cores idle while their browsers and servers wait on each other, and lint and types fill it. Each
// script's output is printed when it ends, but for the one named after --live (the tiers), which is shown as it
// comes, so a long run shows its progress.
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const liveAt = args.indexOf('--live');
const live = liveAt === -1 ? undefined : args[liveAt + 1];
const names = liveAt === -1 ? args : args.filter((_, i) => i !== liveAt && i !== liveAt + 1);
if (liveAt !== -1 && !live) {
  process.stderr.write('usage: run-together.mjs NAME... [--live NAME]\n');
  process.exit(2);
}

function run(name, shown) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', shown ? 'inherit' : 'pipe', shown ? 'inherit' : 'pipe'] });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── npm run ${name}: ${code === 0 ? 'ok' : `failed (${code})`} in ${seconds} s\n${output}`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all([...names.map((name) => run(name, false)), ...(live ? [run(live, true)] : [])]);
process.exit(results.every(Boolean) ? 0 : 1);
