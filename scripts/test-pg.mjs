// The PostgreSQL pass (decision 0321): only the test files that hold a test tagged `postgres` run, so the other files
// are not even loaded (loading each file's app cost more than the tagged tests themselves), with the tag filter on top.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const TAGGED = /tags:\s*\[[^\]]*'postgres'/;

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(name) ? [file] : [];
  });
}

const files = ['tests/api', 'tests/system', 'src/server'].flatMap(testFiles).filter((file) => TAGGED.test(readFileSync(file, 'utf8')));
if (files.length === 0) {
  process.stderr.write('no test is tagged postgres\n');
  process.exit(1);
}
const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', '--project', 'system', '--tags-filter=postgres', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
