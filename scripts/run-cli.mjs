// `npm run backup` and `npm run restore` (decision 0695): the command as the last build bundled it (dist/backup-cli.js,
// dist/restore-cli.js) when that build is newer than every server and shared source file, else its TypeScript source
// through tsx, as before. The bundle starts on a quarter of the CPU: nothing is compiled first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const COMMANDS = ['backup', 'restore'];
const [name = '', ...args] = process.argv.slice(2);
if (!COMMANDS.includes(name)) {
  process.stderr.write(`Usage: node scripts/run-cli.mjs ${COMMANDS.join('|')} [ARGS...]\n`);
  process.exit(2);
}

/** The latest change under `dir`: its files' and folders' times (a deleted file changes its folder's). */
function newestChange(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestChange(file) : statSync(file).mtimeMs);
  }
  return newest;
}

const bundle = path.resolve(process.env.HATCH_DIST ?? 'dist', `${name}-cli.js`);
const sources = ['src/server', 'src/shared'];
if (existsSync(bundle) && statSync(bundle).mtimeMs >= Math.max(...sources.map(newestChange))) {
  // The command reads its arguments from argv[2] on, as when node runs it directly.
  process.argv.splice(2, 1);
  await import(pathToFileURL(bundle).href);
} else {
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join('src', 'server', `${name}-cli.ts`), ...args], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
