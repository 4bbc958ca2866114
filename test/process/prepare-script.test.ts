import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { promisify } from 'node:util';
import { ROOT } from '../fixtures/server-process.ts';

/*
 * The package's `prepare` script, run as npm runs it for a command other than an install: `npx
 * calendar-events` ran it, and its build removed and remade dist/ under a running server (issue 44).
 * It runs here in a folder of its own whose `build` only removes dist/, so the test sees whether
 * the build ran without rebuilding anything.
 */

const run = promisify(execFile);
const { scripts } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};

async function projectWithBuild(): Promise<string> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'prepare-'));
  await fs.promises.mkdir(path.join(dir, 'dist'));
  await fs.promises.writeFile(path.join(dir, 'dist/cli.js'), '');
  await fs.promises.mkdir(path.join(dir, 'node_modules/typescript'), { recursive: true });
  await fs.promises.writeFile(
    path.join(dir, 'package.json'),
    JSON.stringify({ name: 'probe', private: true, scripts: { build: 'rm -rf dist' } }),
  );
  return dir;
}

async function prepare(dir: string, npmCommand: string): Promise<void> {
  await run('sh', ['-c', scripts.prepare!], { cwd: dir, env: { ...process.env, npm_command: npmCommand } });
}

test('prepare leaves dist/ alone when npm runs it for npx (npm exec) or any command but an install', async () => {
  const dir = await projectWithBuild();
  try {
    for (const command of ['exec', 'pack', 'run-script']) {
      await prepare(dir, command);
      assert.ok(fs.existsSync(path.join(dir, 'dist/cli.js')), `npm ${command} removed dist/`);
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

test('prepare builds on npm ci and npm install', async () => {
  const dir = await projectWithBuild();
  try {
    await prepare(dir, 'ci');
    assert.equal(fs.existsSync(path.join(dir, 'dist')), false);
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
});

test('npm run cli runs the build through bin/calendar-events.js, which never builds', () => {
  assert.equal(scripts.cli, 'node bin/calendar-events.js');
  assert.doesNotMatch(fs.readFileSync(path.join(ROOT, 'bin/calendar-events.js'), 'utf8'), /spawn|exec|build\(/);
});
