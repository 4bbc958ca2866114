import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spec } from 'node:test/reporters';
import type { FlatError } from './quick-reporter.ts';

/*
 * `npm run test:quick` (issue 45): the unit, storage and in-process HTTP tests, for the loop of a
 * change, without the files that start processes or do big work. Such a file says so itself, on a
 * line holding SKIPS_MARKER and why, so that the list cannot drift from the files. Arguments that
 * name `.test.ts` files run those files instead; the others go to node's test runner
 * (`--test-name-pattern=...`); DATABASE_URL chooses the engine as for `npm test`.
 *
 * Files run in a few long-lived worker processes (test/quick-worker.ts), one file at a time each,
 * inside a suite of the file's name, rather than in a process per file as `npm test` runs them:
 * starting a process and loading the service took most of the time of a file. Each worker takes the
 * next file when it finishes one, the files that took longest last time first (their times are kept
 * in the OS temp directory); the output is node's spec reporter's, a whole file at a time.
 * TEST_QUICK_WORKERS sets how many workers (default: the number of cores, at least 2);
 * TEST_QUICK_ISOLATION=process runs each file in a process of its own, as `npm test` does.
 */

const SKIPS_MARKER = 'test:quick skips this file';
const FOLDERS = ['unit', 'storage', 'http'];
/** How long a worker told there is nothing left has to exit before it is killed (a test left something running). */
const EXIT_TIMEOUT_MS = 30_000;
const DURATIONS = path.join(os.tmpdir(), 'calendar-test-quick-durations.json');

const here = import.meta.dirname;
const root = path.resolve(here, '..');
const named = process.argv.slice(2).filter((argument) => argument.endsWith('.test.ts'));
const runnerArguments = process.argv.slice(2).filter((argument) => !argument.endsWith('.test.ts'));
const files = named.length
  ? named.map((file) => path.resolve(file))
  : FOLDERS.flatMap((folder) =>
      fs
        .readdirSync(path.join(here, folder))
        .filter((name) => name.endsWith('.test.ts'))
        .sort()
        .map((name) => path.join(here, folder, name)),
    ).filter((file) => !fs.readFileSync(file, 'utf8').includes(SKIPS_MARKER));
const env = { ...process.env, TZ: 'America/New_York' };

if (process.env.TEST_QUICK_ISOLATION === 'process') {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...runnerArguments, ...files],
    { stdio: 'inherit', env },
  );
  process.exit(run.status ?? 1);
}

type Event = {
  type: string;
  data: {
    name?: string;
    nesting?: number;
    skip?: unknown;
    todo?: unknown;
    details?: { type?: string; duration_ms?: number; error?: unknown };
  };
};

const readDurations = (): Record<string, number> => {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
};
const lastDurations = readDurations();
const relative = (file: string) => path.relative(root, file);
// Longest first, so that no long file starts last while the other workers have nothing left.
const queue = [...files].sort(
  (a, b) => (lastDurations[relative(b)] ?? Infinity) - (lastDurations[relative(a)] ?? Infinity),
);
const durations: Record<string, number> = {};

/** An error as the worker's reporter flattened it, made an Error again for the spec reporter to print. */
function rebuild(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || !('flatError' in value)) return value;
  const flat = value as FlatError;
  const error = Object.assign(new Error(flat.message), flat.properties);
  error.name = flat.name;
  error.stack = flat.stack;
  if (flat.cause !== undefined) error.cause = rebuild(flat.cause);
  return error;
}

const reporter = new spec();
reporter.pipe(process.stdout);
const counts = { files: 0, tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const problems: string[] = [];
const failedFiles: string[] = [];
const started = performance.now();

function count(event: Event): void {
  if (event.type !== 'test:pass' && event.type !== 'test:fail') return;
  const { data } = event;
  if (data.nesting === 0) return;
  if (data.details?.type === 'suite') {
    counts.suites++;
    return;
  }
  counts.tests++;
  const error = data.details?.error as { properties?: { failureType?: string } } | undefined;
  if (event.type === 'test:pass') {
    if (data.skip) counts.skipped++;
    else if (data.todo) counts.todo++;
    else counts.pass++;
  } else if (error?.properties?.failureType === 'cancelledByParent') counts.cancelled++;
  else counts.fail++;
}

let workersLeft = 0;
let finish: () => void;
const finished = new Promise<void>((resolve) => (finish = resolve));

function startWorker(): void {
  workersLeft++;
  const worker: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      `--test-reporter=${path.join(here, 'quick-reporter.ts')}`,
      '--test-reporter-destination=stdout',
      ...runnerArguments,
      path.join(here, 'quick-worker.ts'),
    ],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env,
    },
  );
  let current: string | undefined;
  let block: Event[] = [];
  let told = false;
  let killTimer: NodeJS.Timeout | undefined;
  const next = () => {
    current = queue.shift();
    if (current === undefined) {
      told = true;
      if (worker.connected) worker.send({});
      killTimer = setTimeout(() => {
        problems.push(
          `a worker did not exit within ${EXIT_TIMEOUT_MS / 1000} s of its last file: a test left something running (killed)`,
        );
        worker.kill('SIGKILL');
      }, EXIT_TIMEOUT_MS);
    } else worker.send({ file: current });
  };
  worker.on('message', (message: Event) => {
    if (message.type === 'ready') return next();
    if (message.type === 'test:diagnostic' && message.data.nesting === 0 && current === undefined) return; // the worker's own summary
    block.push(message);
    count(message);
    if ((message.type === 'test:pass' || message.type === 'test:fail') && message.data.nesting === 0) {
      for (const event of block) {
        const error = event.data.details?.error;
        reporter.write(
          error === undefined
            ? event
            : { ...event, data: { ...event.data, details: { ...event.data.details, error: rebuild(error) } } },
        );
      }
      // A file that failed with none of its tests failing (it did not load, a hook failed) counts as one failure.
      if (message.type === 'test:fail') {
        failedFiles.push(message.data.name ?? '?');
        if (
          !block.some(
            (event) => event.type === 'test:fail' && event.data.nesting !== 0 && event.data.details?.type !== 'suite',
          )
        )
          counts.fail++;
      }
      block = [];
      counts.files++;
      if (current !== undefined) durations[relative(current)] = message.data.details?.duration_ms ?? 0;
      next();
    }
  });
  worker.on('exit', (code, signal) => {
    clearTimeout(killTimer);
    workersLeft--;
    if (current !== undefined) {
      problems.push(`the worker running ${relative(current)} exited (${signal ?? code}) before the file's tests ended`);
      for (const event of block) reporter.write(event);
      block = [];
      startWorker();
    } else if (!told) {
      problems.push(`a worker exited (${signal ?? code}) before it was given a file`);
    } else if (code !== 0 && counts.fail === 0 && !problems.length) {
      problems.push(`a worker exited with ${signal ?? code} though no test failed`);
    }
    if (workersLeft === 0) finish();
  });
}

const workers = Math.max(
  1,
  Math.min(files.length, Number(process.env.TEST_QUICK_WORKERS) || Math.max(2, os.availableParallelism())),
);
for (let index = 0; index < workers; index++) startWorker();
await finished;

for (const [key, value] of Object.entries(counts))
  reporter.write({ type: 'test:diagnostic', data: { nesting: 0, message: `${key} ${value}` } });
reporter.write({
  type: 'test:diagnostic',
  data: {
    nesting: 0,
    message: `duration_ms ${Math.round(performance.now() - started)} (${workers} workers, one process each)`,
  },
});
if (failedFiles.length)
  reporter.write({ type: 'test:diagnostic', data: { nesting: 0, message: `failed: ${failedFiles.join(', ')}` } });
for (const problem of problems) reporter.write({ type: 'test:diagnostic', data: { nesting: 0, message: problem } });
await new Promise<void>((resolve) => reporter.end(resolve));
fs.writeFileSync(DURATIONS, JSON.stringify({ ...lastDurations, ...durations }));
process.exitCode =
  failedFiles.length > 0 || counts.fail > 0 || problems.length > 0 || counts.files < files.length ? 1 : 0;
