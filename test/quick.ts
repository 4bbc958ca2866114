import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/*
 * `npm run test:quick` (issue 45): the unit, storage and in-process HTTP tests, for the loop of a
 * change, without the files that start processes or do big work. Such a file says so itself, on a
 * line holding SKIPS_MARKER and why, so that the list cannot drift from the files. Arguments go to
 * node's test runner (`--test-name-pattern=...`); DATABASE_URL chooses the engine as for `npm test`.
 */

const SKIPS_MARKER = 'test:quick skips this file';
const FOLDERS = ['unit', 'storage', 'http'];

const here = import.meta.dirname;
const files = FOLDERS.flatMap((folder) =>
  fs
    .readdirSync(path.join(here, folder))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => path.join(here, folder, name)),
).filter((file) => !fs.readFileSync(file, 'utf8').includes(SKIPS_MARKER));

const run = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...process.argv.slice(2), ...files], {
  stdio: 'inherit',
  env: { ...process.env, TZ: 'America/New_York' },
});
process.exit(run.status ?? 1);
