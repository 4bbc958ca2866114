import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startServer } from '../fixtures/server-process.ts';
import { until } from '../fixtures/wait.ts';

/*
 * Misconfiguration found at start-up, not at the first request that needs it (issue 44): `serve`
 * exits non-zero with one line naming the variable and the path, or the database's host and port.
 * The tests run as root too, where permissions do not stop a write: the unusable folders here are
 * paths through a regular file, which no user can create.
 */

let scratch: string;
let aFile: string;

before(async () => {
  scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'start-up-checks-'));
  aFile = path.join(scratch, 'a-file');
  await fs.promises.writeFile(aFile, '');
});

after(() => fs.promises.rm(scratch, { recursive: true, force: true }));

/** What `serve` printed when it would not start; fails the test if it started. */
async function startUpFailure(env: Record<string, string>): Promise<string> {
  let server;
  try {
    server = await startServer(env);
  } catch (error) {
    return (error as Error).message;
  }
  await server.kill();
  assert.fail(`serve started with ${JSON.stringify(env)}`);
}

test('a media folder that cannot be created stops start-up with CALENDAR_MEDIA_DIR and its path', async () => {
  const media = path.join(aFile, 'media');
  const output = await startUpFailure({
    DATABASE_URL: path.join(scratch, 'media-check.sqlite'),
    CALENDAR_MEDIA_DIR: media,
  });
  assert.match(output, /exited with 2 /);
  assert.ok(output.includes(`CALENDAR_MEDIA_DIR: the media folder ${media} cannot be created or written`), output);
});

test('a missing media folder is created at start-up', async () => {
  const media = path.join(scratch, 'new', 'media');
  const server = await startServer({
    DATABASE_URL: path.join(scratch, 'media-made.sqlite'),
    CALENDAR_MEDIA_DIR: media,
  });
  try {
    assert.ok(fs.statSync(media).isDirectory());
  } finally {
    await server.kill();
  }
});

test('a SQLite file whose folder cannot be created names the file and DATABASE_URL', async () => {
  const file = path.join(aFile, 'data', 'calendar.sqlite');
  const output = await startUpFailure({ DATABASE_URL: file, CALENDAR_MEDIA_DIR: path.join(scratch, 'media') });
  assert.match(output, /exited with 1 /);
  assert.ok(
    output.includes(
      `DATABASE_URL: cannot use the SQLite file ${file} (its folder ${path.dirname(file)} cannot be created or written)`,
    ),
    output,
  );
});

test('a SQLite path SQLite cannot open names the file and DATABASE_URL', async () => {
  // A folder where the file should be: "unable to open database file" on its own named nothing.
  const output = await startUpFailure({ DATABASE_URL: scratch, CALENDAR_MEDIA_DIR: path.join(scratch, 'media') });
  assert.ok(output.includes(`DATABASE_URL: cannot use the SQLite file ${scratch}: `), output);
});

test('an unreachable PostgreSQL says it is the database, at which host and port, without the password', async () => {
  const output = await startUpFailure({
    DATABASE_URL: 'postgres://calendar:s3cret-word@127.0.0.1:1/calendar',
    CALENDAR_MEDIA_DIR: path.join(scratch, 'media'),
  });
  assert.match(output, /exited with 1 /);
  assert.ok(
    output.includes(
      'DATABASE_URL: cannot use the PostgreSQL database calendar at 127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
    ),
    output,
  );
  assert.doesNotMatch(output, /s3cret-word/);
});

test('a first start with no user prints where things are and a setup link that opens the form once', async () => {
  const server = await startServer({
    DATABASE_URL: path.join(scratch, 'first-start.sqlite'),
    CALENDAR_MEDIA_DIR: path.join(scratch, 'media'),
    CALENDAR_ADMIN_PASSWORD: '',
  });
  try {
    const link = await until(
      'the setup link is printed',
      () => new RegExp(`${server.base}/admin/setup\\?token=[\\w-]+`).exec(server.output())?.[0],
    );
    for (const line of [
      `Calendar:      ${server.base}/events/`,
      `Admin:         ${server.base}/admin/`,
      `API reference: ${server.base}/calendar/events/v1/doc/ui`,
    ])
      assert.ok(server.output().includes(line), server.output());
    const page = await fetch(link);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<form method="post" action="\/admin\/setup">/);
  } finally {
    await server.kill();
  }
});

test('a bad CALENDAR_SMTP_URL stops start-up with one line that hides its password; a missing From too (decision 0113)', async () => {
  const sqlite = path.join(scratch, 'smtp-check.sqlite');
  const bad = await startUpFailure({
    DATABASE_URL: sqlite,
    CALENDAR_MEDIA_DIR: path.join(scratch, 'media'),
    CALENDAR_SMTP_URL: 'http://mailer:hunter2-secret@smtp.example.org',
    CALENDAR_MAIL_FROM: 'calendar@example.org',
  });
  assert.ok(
    bad.includes(
      'CALENDAR_SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port, got: http://mailer:***@smtp.example.org',
    ),
    bad,
  );
  assert.ok(!bad.includes('hunter2-secret'), 'the password is never printed');
  const noFrom = await startUpFailure({
    DATABASE_URL: sqlite,
    CALENDAR_MEDIA_DIR: path.join(scratch, 'media'),
    CALENDAR_SMTP_URL: 'smtp://127.0.0.1:1',
  });
  assert.ok(noFrom.includes('CALENDAR_MAIL_FROM must be set when CALENDAR_SMTP_URL is'), noFrom);
});

test('an SMTP server out of reach is warned about at start-up, naming CALENDAR_SMTP_URL without its password, and the service serves (decision 0113)', async () => {
  // Port 1 on loopback: nothing listens there, so the connection is refused at once.
  const server = await startServer({
    DATABASE_URL: path.join(scratch, 'smtp-down.sqlite'),
    CALENDAR_MEDIA_DIR: path.join(scratch, 'media'),
    CALENDAR_SMTP_URL: 'smtp://mailer:hunter2-secret@127.0.0.1:1',
    CALENDAR_MAIL_FROM: 'calendar@example.org',
  });
  try {
    const warning = await until('the warning', () =>
      server
        .output()
        .split('\n')
        .find((line) => line.includes('CALENDAR_SMTP_URL (smtp://mailer:***@127.0.0.1:1)')),
    );
    assert.match(warning, /ECONNREFUSED|connect/);
    assert.match(warning, /e-mail waits in the outbox/);
    assert.ok(!server.output().includes('hunter2-secret'), 'the password is never printed');
    assert.equal((await fetch(`${server.base}/healthz`)).status, 200);
  } finally {
    await server.kill();
  }
});
