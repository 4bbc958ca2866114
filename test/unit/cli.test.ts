import { test, describe, before, after, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { main } from '../../src/cli.ts';
import { loadConfig } from '../../src/config.ts';
import { normalizeApplicationPassword, verifyPassword } from '../../src/auth/passwords.ts';
import { LOGIN_THROTTLE, throttleKey } from '../../src/auth/login-throttle.ts';
import { systemClock } from '../../src/clock.ts';
import { composeApplication, type Services } from '../../src/container.ts';
import { openStorage } from '../../src/storage/database.ts';
import type { AppPasswordRow, UserRow } from '../../src/storage/tables.ts';
import { CLI } from '../fixtures/server-process.ts';
import { calendar, serveFeed, vevent } from '../fixtures/feed-server.ts';

// test:quick skips this file: it runs the command-line tool as processes (test/quick.ts).

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const GIVEN_DATABASE_URL = process.env.DATABASE_URL;
const MIGRATIONS = [
  '20261122000000_initial',
  '20261122010000_post_search',
  '20261122020000_event_listing',
  '20261122030000_record_versions',
  '20261122040000_content_version',
  '20261124000000_event_occurrences',
  '20261124050000_login_throttle',
  '20261124060000_content_changed',
  '20261125000000_record_changes',
  '20261125010000_webhooks',
  '20261125020000_tec_import',
  '20261125030000_ical_import',
  '20261125040000_series_extent',
  '20261125060000_content_changes',
  '20261125070000_occurrence_day_counts',
  '20261125080000_event_custom_fields',
  '20261125090000_occurrences_listing_event',
  '20261125100000_tec_import_revision',
  '20261126000000_record_changes_before',
  '20261126140000_occurrences_by_instant',
  '20261126180000_sessions',
  '20261126181000_media',
  '20261126182000_occurrences_by_series',
  '20261127020000_site_imports',
  '20261127050000_content_version_stamps',
  '20261127060000_journal_numbered_at_commit',
  '20261127061000_content_changes_per_unit',
  '20261128180000_community_submissions',
  '20261128190000_import_run_kinds',
  '20261128191000_credential_lookups',
  '20261128192000_setup_tokens',
  '20261128200000_occurrence_day_counts_in_order',
  '20261128210000_journal_written_once',
  '20261128211000_embedding_events_announced',
  '20261128220000_tickets',
  '20261128230000_mail_outbox',
  '20261128232000_import_sources',
  '20261129010000_ticket_buy_links_and_waitlists',
  '20261129013000_tickets_journal',
  '20261129060000_event_links_order',
];
const APPLICATION_PASSWORD_PATTERN = /^([A-Za-z0-9]{4} ){5}[A-Za-z0-9]{4}$/;

interface CliResult {
  code: number;
  out: string[];
  err: string[];
}

async function cli(...argv: string[]): Promise<CliResult> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (line) => out.push(...line.split('\n')),
    err: (line) => err.push(...line.split('\n')),
  });
  return { code, out, err };
}

/** Works through the real storage, as a separate process would, to see what the CLI left behind or prepare what it finds. */
async function inStorage<T>(work: (services: Services) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const storage = openStorage(config.database);
  try {
    return await work((await composeApplication(storage, config, systemClock, LOGIN_THROTTLE)).services);
  } finally {
    await storage.close();
  }
}

const storedUser = (login: string): Promise<UserRow | undefined> => inStorage(({ users }) => users.userByLogin(login));

const storedAppPasswords = (login: string): Promise<AppPasswordRow[]> =>
  inStorage(({ users }) => users.listAppPasswords(login));

/** Counts `count` failed logins of `login` ('' for none) from `address`, as the API does. */
const failLogins = (address: string, login: string, count: number): Promise<void> =>
  inStorage(async ({ loginThrottle }) => {
    const key = throttleKey(address, login);
    for (let failure = 0; failure < count; failure++)
      await loginThrottle.countFailure(key, await loginThrottle.check(key));
  });

/** Hands each test an empty database of one engine and removes it afterwards. */
interface Backend {
  readonly name: string;
  setUp?(): Promise<void>;
  tearDown?(): Promise<void>;
  createDatabase(): Promise<string>;
  dropDatabase(url: string): Promise<void>;
}

const sqliteBackend: Backend = {
  name: 'SQLite',
  createDatabase: async () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-cli-')), 'calendar.sqlite'),
  dropDatabase: async (file) => fs.rmSync(path.dirname(file), { recursive: true, force: true }),
};

function postgresBackend(serverUrl: string): Backend {
  const admin = new pg.Client({ connectionString: serverUrl });
  return {
    name: 'PostgreSQL',
    setUp: async () => {
      await admin.connect();
    },
    tearDown: () => admin.end(),
    createDatabase: async () => {
      const name = `cli_test_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return url.toString();
    },
    dropDatabase: async (url) => {
      await admin.query(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
    },
  };
}

function restoreDatabaseUrl(): void {
  if (GIVEN_DATABASE_URL === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = GIVEN_DATABASE_URL;
}

function cliSuite(backend: Backend): void {
  describe(`calendar-events CLI on ${backend.name}`, () => {
    let databaseUrl = '';

    before(async () => backend.setUp?.());
    after(async () => backend.tearDown?.());
    beforeEach(async () => {
      databaseUrl = await backend.createDatabase();
      process.env.DATABASE_URL = databaseUrl;
    });
    afterEach(async () => {
      restoreDatabaseUrl();
      await backend.dropDatabase(databaseUrl);
    });

    test('migrate applies the schema once, then reports it up to date', async () => {
      assert.deepEqual(await cli('migrate'), {
        code: 0,
        out: MIGRATIONS.map((name) => `Applied migration ${name}`),
        err: [],
      });
      assert.deepEqual(await cli('migrate'), { code: 0, out: ['Database is up to date.'], err: [] });
    });

    test('three migrate processes started together on a fresh database all succeed, and the schema is applied once', async () => {
      for (let round = 0; round < 3; round++) {
        if (round > 0) {
          await backend.dropDatabase(databaseUrl);
          databaseUrl = await backend.createDatabase();
        }
        const runs = await Promise.all(
          Array.from({ length: 3 }, () => {
            const child = spawn(process.execPath, [...CLI, 'migrate'], {
              cwd: REPO_ROOT,
              env: { ...process.env, DATABASE_URL: databaseUrl },
              stdio: ['ignore', 'pipe', 'pipe'],
            });
            let output = '';
            child.stdout.on('data', (chunk) => (output += chunk));
            child.stderr.on('data', (chunk) => (output += chunk));
            return new Promise<{ code: number | null; output: string }>((resolve) =>
              child.on('close', (code) => resolve({ code, output })),
            );
          }),
        );
        assert.deepEqual(
          runs.map((run) => run.code),
          [0, 0, 0],
          runs.map((run) => run.output).join('\n'),
        );
        // Exactly one process applied each migration; the others found the schema up to date.
        const applied = runs.flatMap((run) =>
          run.output.split('\n').filter((line) => line.startsWith('Applied migration ')),
        );
        assert.deepEqual(
          applied,
          MIGRATIONS.map((name) => `Applied migration ${name}`),
        );
      }
    });

    test('user create without --password prints a generated password as the last line, and it verifies', async () => {
      const result = await cli(
        'user',
        'create',
        'alice',
        '--role',
        'editor',
        '--email',
        'alice@example.org',
        '--display-name',
        'Alice A.',
      );
      assert.equal(result.code, 0);
      assert.deepEqual(result.err, []);
      assert.match(result.out[0] ?? '', /^Created user alice \(id \d+, role editor\)\.$/);
      assert.equal(result.out.at(-2), 'Generated password (shown once):');
      const password = result.out.at(-1) ?? '';
      assert.match(password, /^[A-Za-z0-9]{20}$/);
      const user = await storedUser('alice');
      assert.ok(user);
      assert.equal(user.role, 'editor');
      assert.equal(user.email, 'alice@example.org');
      assert.equal(user.display_name, 'Alice A.');
      assert.equal(await verifyPassword(password, user.password_hash), true);
      assert.equal(await verifyPassword(`${password}x`, user.password_hash), false);
    });

    test('user create with --password stores that password and prints no secret', async () => {
      const result = await cli('user', 'create', 'bob', '--role', 'author', '--password', 'correct horse battery');
      const user = await storedUser('bob');
      assert.ok(user);
      assert.deepEqual(result, { code: 0, out: [`Created user bob (id ${user.id}, role author).`], err: [] });
      assert.equal(user.display_name, 'bob');
      assert.equal(await verifyPassword('correct horse battery', user.password_hash), true);
    });

    test('user create with an unknown role fails with one message and writes nothing', async () => {
      const result = await cli('user', 'create', 'carol', '--role', 'owner');
      assert.equal(result.code, 1);
      assert.deepEqual(result.out, []);
      assert.equal(result.err.length, 1);
      assert.match(result.err[0] ?? '', /Invalid role "owner"/);
      assert.equal(await storedUser('carol'), undefined);
    });

    test('user create with a login already taken fails and keeps the first user', async () => {
      assert.equal((await cli('user', 'create', 'dave', '--role', 'author', '--password', 'first-password')).code, 0);
      const result = await cli('user', 'create', 'dave', '--role', 'administrator');
      assert.equal(result.code, 1);
      assert.match(result.err.join('\n'), /already exists/);
      const user = await storedUser('dave');
      assert.equal(user?.role, 'author');
      assert.equal(await verifyPassword('first-password', user?.password_hash ?? ''), true);
    });

    test("user password sets the password and ends the user's sessions; without --password it prints a generated one last", async () => {
      assert.equal((await cli('user', 'create', 'ivan', '--role', 'editor', '--password', 'ivan-password')).code, 0);
      const user = (await storedUser('ivan'))!;
      const token = await inStorage(({ sessions }) =>
        sessions.open({ id: user.id, login: 'ivan', role: 'editor' }, 'cli test'),
      );
      assert.notEqual(await inStorage(({ sessions }) => sessions.resolve(token)), null);
      assert.deepEqual(await cli('user', 'password', 'ivan', '--password', 'another-password'), {
        code: 0,
        out: ['Set the password of ivan; their sessions have ended.'],
        err: [],
      });
      assert.equal(await inStorage(({ sessions }) => sessions.resolve(token)), null);
      assert.equal(await verifyPassword('another-password', (await storedUser('ivan'))!.password_hash), true);
      const generated = await cli('user', 'password', 'ivan');
      assert.equal(generated.out.at(-2), 'Generated password (shown once):');
      assert.equal(await verifyPassword(generated.out.at(-1) ?? '', (await storedUser('ivan'))!.password_hash), true);
      const short = await cli('user', 'password', 'ivan', '--password', 'short');
      assert.equal(short.code, 1);
      assert.match(short.err[0] ?? '', /at least 8 characters/);
      assert.equal((await cli('user', 'password', 'nobody', '--password', 'long-enough')).code, 1);
    });

    test('user create without --role is a usage error and writes nothing', async () => {
      const result = await cli('user', 'create', 'erin');
      assert.equal(result.code, 2);
      assert.match(result.err[0] ?? '', /--role/);
      assert.equal((await cli('user', 'list')).out[0], 'No users.');
    });

    test('an unknown flag is a usage error', async () => {
      const result = await cli('user', 'create', 'erin', '--role', 'editor', '--colour', 'blue');
      assert.equal(result.code, 2);
      assert.equal(result.err[0], "Unknown option '--colour'.");
      assert.equal((await cli('user', 'list')).out[0], 'No users.');
    });

    test('copy takes exactly one of --to and --from, each a database URL, and says so otherwise', async () => {
      for (const args of [[], ['--to', 'other.sqlite', '--from', 'more.sqlite']]) {
        const result = await cli('copy', ...args);
        assert.equal(result.code, 2);
        assert.equal(
          result.err[0],
          'Give exactly one of --to and --from: the other end is the database of DATABASE_URL.',
        );
      }
      const wrong = await cli('copy', '--to', 'mysql://db/calendar');
      assert.equal(wrong.code, 2);
      assert.match(wrong.err[0] ?? '', /^--to must be postgres:\/\/\.\.\., sqlite:<path> or a file path/);
    });

    test('a missing or extra positional argument is a usage error', async () => {
      const missing = await cli('user', 'delete');
      assert.equal(missing.code, 2);
      assert.equal(missing.err[0], 'Missing <login>.');
      const extra = await cli('app-password', 'revoke', 'frank', 'cli', 'more');
      assert.equal(extra.code, 2);
      assert.equal(extra.err[0], 'Unexpected argument "more".');
    });

    test('user list shows every user in an aligned table', async () => {
      await cli('user', 'create', 'grace', '--role', 'administrator', '--email', 'grace@example.org');
      await cli('user', 'create', 'heidi-with-a-long-login', '--role', 'subscriber', '--display-name', 'Heidi');
      const result = await cli('user', 'list');
      assert.equal(result.code, 0);
      assert.equal(result.out.length, 3);
      const [header, grace, heidi] = result.out;
      assert.match(header ?? '', /^ID +LOGIN +ROLE +EMAIL +DISPLAY NAME +CREATED \(UTC\)$/);
      assert.match(
        grace ?? '',
        /^\d+ +grace +administrator +grace@example\.org +grace +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
      );
      assert.match(heidi ?? '', /^\d+ +heidi-with-a-long-login +subscriber +- +Heidi +\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      assert.equal(header?.indexOf('ROLE'), grace?.indexOf('administrator'));
    });

    test('user delete removes the user; deleting an unknown user fails', async () => {
      await cli('user', 'create', 'ivan', '--role', 'contributor');
      assert.deepEqual(await cli('user', 'delete', 'ivan'), { code: 0, out: ['Deleted user ivan.'], err: [] });
      assert.equal(await storedUser('ivan'), undefined);
      const unknown = await cli('user', 'delete', 'ivan');
      assert.equal(unknown.code, 1);
      assert.deepEqual(unknown.err, ['No user with the login "ivan".']);
    });

    test('webhook create shows the secret once; list, rotate-secret and delete work on the subscription (decision 0032)', async () => {
      // PostgreSQL has no key file to fall back on: the key comes from the environment.
      process.env.CALENDAR_SECRETS_KEY = Buffer.alloc(32, 7).toString('base64');
      try {
        const created = await cli('webhook', 'create', 'https://93.184.215.14/hook', '--events', 'event.*,tag.created');
        assert.equal(created.code, 0, created.err.join('\n'));
        const id = /^Created webhook (\d+) /.exec(created.out[0] ?? '')?.[1];
        assert.ok(id);
        assert.match(created.out[1] ?? '', /^Signing secret \(shown once\): whsec_[A-Za-z0-9+/]+=*$/);
        const listed = await cli('webhook', 'list');
        assert.match(
          listed.out[1] ?? '',
          new RegExp(`^${id} +active +event\\.\\*,tag\\.created +https://93\\.184\\.215\\.14/hook$`),
        );
        assert.ok(!listed.out.join('\n').includes('whsec_'));
        const rotated = await cli('webhook', 'rotate-secret', id, '--grace', '60');
        assert.equal(rotated.code, 0);
        assert.notEqual(rotated.out[0]?.split(': ')[1], created.out[1]?.split(': ')[1]);
        assert.equal((await cli('webhook', 'create', 'http://10.0.0.1/hook', '--events', '*')).code, 1);
        assert.equal(
          (await cli('webhook', 'create', 'https://93.184.215.14/hook', '--events', 'event.exploded')).code,
          2,
        );
        assert.deepEqual(await cli('webhook', 'delete', id), { code: 0, out: [`Deleted webhook ${id}.`], err: [] });
        assert.deepEqual(await cli('webhook', 'delete', id), {
          code: 1,
          out: [],
          err: [`Webhook subscription ${id} does not exist.`],
        });
      } finally {
        delete process.env.CALENDAR_SECRETS_KEY;
      }
    });

    test('app-password create prints the password as the last line, and it verifies', async () => {
      await cli('user', 'create', 'judy', '--role', 'editor');
      const result = await cli('app-password', 'create', 'judy', '--name', 'Feed importer');
      assert.equal(result.code, 0);
      assert.deepEqual(result.err, []);
      assert.equal(result.out.length, 2);
      assert.equal(
        result.out[0],
        'Application password "Feed importer" created for judy. Use it with HTTP Basic authentication as judy:<password>. It is shown only once:',
      );
      const password = result.out.at(-1) ?? '';
      assert.match(password, APPLICATION_PASSWORD_PATTERN);
      const [stored] = await storedAppPasswords('judy');
      assert.equal(stored?.name, 'Feed importer');
      assert.equal(await verifyPassword(normalizeApplicationPassword(password), stored?.password_hash ?? ''), true);
    });

    test('app-password create names the password "cli" by default and fails for an unknown user', async () => {
      await cli('user', 'create', 'ken', '--role', 'author');
      const result = await cli('app-password', 'create', 'ken');
      assert.equal(result.code, 0);
      assert.match(result.out[0] ?? '', /^Application password "cli" created for ken\./);
      const unknown = await cli('app-password', 'create', 'nobody');
      assert.equal(unknown.code, 1);
      assert.deepEqual(unknown.err, ['No user with the login "nobody".']);
    });

    test('app-password list shows name, uuid, creation and last use', async () => {
      await cli('user', 'create', 'laura', '--role', 'author');
      assert.deepEqual((await cli('app-password', 'list', 'laura')).out, ['No application passwords for laura.']);
      await cli('app-password', 'create', 'laura', '--name', 'phone');
      const result = await cli('app-password', 'list', 'laura');
      assert.equal(result.code, 0);
      const [stored] = await storedAppPasswords('laura');
      assert.ok(stored);
      assert.match(result.out[0] ?? '', /^NAME +UUID +CREATED \(UTC\) +LAST USED \(UTC\)$/);
      assert.match(result.out[1] ?? '', new RegExp(`^phone +${stored.uuid} +${stored.created_at} +never$`));
    });

    test('app-password revoke removes it; revoking an unknown name fails', async () => {
      await cli('user', 'create', 'mallory', '--role', 'editor');
      await cli('app-password', 'create', 'mallory', '--name', 'laptop');
      assert.deepEqual(await cli('app-password', 'revoke', 'mallory', 'laptop'), {
        code: 0,
        out: ['Revoked application password "laptop" of mallory.'],
        err: [],
      });
      assert.deepEqual(await storedAppPasswords('mallory'), []);
      const unknown = await cli('app-password', 'revoke', 'mallory', 'laptop');
      assert.equal(unknown.code, 1);
      assert.deepEqual(unknown.err, ['User "mallory" has no application password named "laptop".']);
    });

    test('throttle list shows every counter of the current windows, or says there is none', async () => {
      assert.deepEqual(await cli('throttle', 'list'), {
        code: 0,
        out: ['No failed logins are being counted.'],
        err: [],
      });
      await failLogins('203.0.113.1', 'Olivia', LOGIN_THROTTLE.maxFailuresPerLogin);
      await failLogins('203.0.113.1', 'peter', 2);
      await failLogins('198.51.100.2', '', 1);
      const result = await cli('throttle', 'list');
      assert.equal(result.code, 0);
      const limit = LOGIN_THROTTLE.maxFailuresPerLogin;
      const addressLimit = LOGIN_THROTTLE.maxFailuresPerAddress;
      assert.match(result.out[0] ?? '', /^LOGIN +ADDRESS +FAILURES +STATE +SECONDS LEFT$/);
      assert.deepEqual(
        result.out.slice(1).map((line) => line.split(/ {2,}/).slice(0, 4)),
        [
          ['(every login)', '198.51.100.2', `1/${addressLimit}`, 'counting'],
          ['(every login)', '203.0.113.1', `${limit + 2}/${addressLimit}`, 'counting'],
          ['olivia', '203.0.113.1', `${limit}/${limit}`, 'throttled'],
          ['peter', '203.0.113.1', `2/${limit}`, 'counting'],
        ],
      );
      // The windows have just started (the clock is the system's: a second may have passed since).
      for (const line of result.out.slice(1))
        assert.ok(Number(line.split(/ {2,}/)[4]) >= LOGIN_THROTTLE.windowSeconds - 2, line);
    });

    test('throttle reset removes the counters of a login, an address, a pair or all, and prints them', async () => {
      await cli('user', 'create', 'quinn', '--role', 'editor', '--email', 'quinn@example.com');
      await failLogins('203.0.113.1', 'quinn', 3);
      await failLogins('203.0.113.2', 'quinn', 1);
      await failLogins('203.0.113.2', 'rita', 1);
      const removedLines = (result: CliResult) => result.out.slice(2).map((line) => line.split(/ {2,}/).slice(0, 3));

      const byEmailAndAddress = await cli(
        'throttle',
        'reset',
        '--login',
        'quinn@example.com',
        '--address',
        '203.0.113.1',
      );
      assert.equal(byEmailAndAddress.code, 0);
      assert.equal(byEmailAndAddress.out[0], 'Removed 1 failed-login counter:');
      assert.deepEqual(removedLines(byEmailAndAddress), [
        ['quinn', '203.0.113.1', `3/${LOGIN_THROTTLE.maxFailuresPerLogin}`],
      ]);

      const byLogin = await cli('throttle', 'reset', '--login', 'QUINN');
      assert.deepEqual(removedLines(byLogin), [['quinn', '203.0.113.2', `1/${LOGIN_THROTTLE.maxFailuresPerLogin}`]]);

      const byAddress = await cli('throttle', 'reset', '--address', '203.0.113.2');
      assert.equal(byAddress.out[0], 'Removed 2 failed-login counters:');
      assert.deepEqual(
        removedLines(byAddress)
          .map(([login]) => login)
          .sort(),
        ['(every login)', 'rita'],
      );

      const all = await cli('throttle', 'reset');
      assert.deepEqual(removedLines(all), [
        ['(every login)', '203.0.113.1', `3/${LOGIN_THROTTLE.maxFailuresPerAddress}`],
      ]);
      assert.deepEqual(await cli('throttle', 'reset'), {
        code: 0,
        out: ['No failed-login counters matched; nothing was removed.'],
        err: [],
      });
      assert.deepEqual((await cli('throttle', 'list')).out, ['No failed logins are being counted.']);
    });

    test('throttle reset with an empty --login or --address is a usage error and removes nothing', async () => {
      await cli('migrate');
      await failLogins('203.0.113.1', 'sam', 1);
      for (const [option, message] of [
        ['--login', '--login must name a login.'],
        ['--address', '--address must name an address.'],
      ] as const) {
        const result = await cli('throttle', 'reset', option, ' ');
        assert.equal(result.code, 2);
        assert.deepEqual(result.err, [
          message,
          'Usage: calendar-events throttle reset [--login <login>] [--address <address>]',
        ]);
      }
      assert.equal((await cli('throttle', 'list')).out.length, 3);
    });

    test('import-ics imports a file by UID (decision 0028): --dry-run writes nothing, a second run changes nothing, authors and broken files are refused', async () => {
      const google = fileURLToPath(new URL('../fixtures/ics/google.ics', import.meta.url));
      const malformed = fileURLToPath(new URL('../fixtures/ics/malformed.ics', import.meta.url));
      assert.equal(
        (await cli('import-ics', google)).err[0],
        'No administrator to import as: create one with "user create <login> --role administrator", or name a user with --as.',
      );
      await cli('user', 'create', 'ada', '--role', 'administrator', '--password', 'ada-password-1');
      await cli('user', 'create', 'ed', '--role', 'editor', '--password', 'ed-password-12');
      await cli('user', 'create', 'aurora', '--role', 'author', '--password', 'aurora-password');
      const dryRun = await cli('import-ics', google, '--dry-run');
      assert.equal(dryRun.code, 0, dryRun.err.join('\n'));
      assert.equal(
        dryRun.out[0],
        `Dry run (nothing written): would import ${google}: 4 created, 0 updated, 0 unchanged, 0 skipped.`,
      );
      const imported = await cli('import-ics', google, '--as', 'ed');
      assert.equal(imported.code, 0, imported.err.join('\n'));
      assert.equal(imported.out[0], `Imported ${google}: 4 created, 0 updated, 0 unchanged, 0 skipped.`);
      assert.match(imported.out[1] ?? '', /^OUTCOME\s+ID\s+TITLE\s+OCCURRENCE\s+UID$/);
      assert.ok(
        imported.out.some((line) =>
          /^created\s+\d+\s+JS Meetup \(Wednesday\)\s+2027-03-23 19:00:00\s+4k2r9s0m1q3v5x7z9b1d3f5h7j@google\.com$/.test(
            line,
          ),
        ),
        imported.out.join('\n'),
      );
      assert.equal(
        (await cli('import-ics', google)).out[0],
        `Imported ${google}: 0 created, 0 updated, 4 unchanged, 0 skipped.`,
      );
      assert.deepEqual(await cli('import-ics', google, '--as', 'aurora'), {
        code: 2,
        out: [],
        err: [
          '--as must name an editor or administrator; aurora is author.',
          'Usage: calendar-events import-ics <file-or-url> [--as <login>] [--dry-run]',
        ],
      });
      // From a URL (webcal:// is read over https://, so plain http is shown here).
      const server = http.createServer((_request, response) =>
        response.writeHead(200, { 'content-type': 'text/calendar' }).end(fs.readFileSync(google)),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/basic.ics`;
        assert.equal(
          (await cli('import-ics', url, '--dry-run')).out[0],
          `Dry run (nothing written): would import ${url}: 0 created, 0 updated, 4 unchanged, 0 skipped.`,
        );
      } finally {
        server.close();
      }
      const broken = await cli('import-ics', malformed);
      assert.equal(broken.code, 1);
      assert.deepEqual(broken.err, [
        'The iCalendar document cannot be imported: VEVENT at line 14: END:VCALENDAR does not close BEGIN:VEVENT of line 10',
      ]);
    });

    test('import-source adds a feed, runs it now (a second run is not modified), lists, pauses and resumes it', async () => {
      const feed = await serveFeed(
        calendar([
          vevent({
            UID: 'cli@feed',
            DTSTAMP: '20261120T000000Z',
            DTSTART: '20270110T180000Z',
            DTEND: '20270110T190000Z',
            SUMMARY: 'CLI talk',
          }),
        ]),
      );
      process.env.CALENDAR_IMPORT_ALLOW_PRIVATE = '127.0.0.1';
      try {
        await cli('user', 'create', 'ed', '--role', 'editor', '--password', 'ed-password-12');
        assert.deepEqual(
          await cli('import-source', 'add', feed.url, '--name', 'Talks', '--schedule', 'hourly', '--as', 'ed'),
          { code: 0, out: [`Added import source 1 (ical, hourly) for ${feed.url}.`], err: [] },
        );
        assert.equal((await cli('import-source', 'add', feed.url, '--name', 'x', '--schedule', 'often')).code, 2);
        const first = await cli('import-source', 'run', '1', '--as', 'ed');
        assert.match(
          first.out[0] ?? '',
          /^Run \d+: completed; created 1, updated 0, unchanged 0, trashed 0, kept 0, skipped 0, failed 0; \d+ ms\.$/,
          first.err.join('\n'),
        );
        assert.match(
          (await cli('import-source', 'run', '1', '--as', 'ed')).out[0] ?? '',
          /^Run \d+: completed \(not modified\); created 0,/,
        );
        assert.equal(feed.requests.notModified, 1);
        assert.deepEqual(await cli('import-source', 'pause', '1'), {
          code: 0,
          out: ['Import source 1 paused.'],
          err: [],
        });
        assert.match((await cli('import-source', 'list')).out[1] ?? '', /^1\s+ical\s+paused\s+-\s+-\s+Talks$/);
        assert.deepEqual((await cli('import-source', 'resume', '1')).out, ['Import source 1 resumed.']);
      } finally {
        delete process.env.CALENDAR_IMPORT_ALLOW_PRIVATE;
        await feed.close();
      }
    });

    test('the command run as a process works on DATABASE_URL', async () => {
      await cli('user', 'create', 'niaj', '--role', 'subscriber');
      const child = spawnSync(process.execPath, [...CLI, 'user', 'list'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl },
        encoding: 'utf8',
      });
      assert.equal(child.status, 0, child.stderr);
      assert.match(child.stdout, /\bniaj\b/);
    });
  });
}

describe('calendar-events CLI without a database', () => {
  afterEach(restoreDatabaseUrl);

  test('help and --help print the usage to stdout', async () => {
    for (const argv of [['help'], ['--help']]) {
      const result = await cli(...argv);
      assert.equal(result.code, 0);
      assert.deepEqual(result.err, []);
      assert.match(result.out[0] ?? '', /^Usage: calendar-events <command>/);
      assert.ok(result.out.some((line) => line.includes('app-password revoke <login> <name>')));
    }
  });

  test('a command with --help prints its own usage', async () => {
    const result = await cli('user', 'create', '--help');
    assert.equal(result.code, 0);
    assert.match(result.out[0] ?? '', /^Usage: calendar-events user create <login> --role <role>/);
  });

  test('no command or an unknown one prints the usage to stderr and exits 2', async () => {
    for (const [argv, message] of [
      [[], 'Missing command.'],
      [['frobnicate'], 'Unknown command "frobnicate".'],
      [['user'], 'Missing the user subcommand; use one of: create, list, password, delete.'],
      [['app-password', 'rotate'], 'Unknown app-password subcommand "rotate"; use one of: create, list, revoke.'],
    ] as const) {
      const result = await cli(...argv);
      assert.equal(result.code, 2);
      assert.deepEqual(result.out, []);
      assert.equal(result.err[0], message);
      assert.match(result.err[1] ?? '', /^Usage: calendar-events/);
    }
  });

  test('an unsupported DATABASE_URL exits 2 with one line', async () => {
    process.env.DATABASE_URL = 'mysql://x';
    const result = await cli('user', 'list');
    assert.equal(result.code, 2);
    assert.deepEqual(result.out, []);
    assert.deepEqual(result.err, ['DATABASE_URL must be postgres://..., sqlite:<path> or a file path, got: mysql://x']);
  });
});

cliSuite(sqliteBackend);
if (GIVEN_DATABASE_URL?.startsWith('postgres')) cliSuite(postgresBackend(GIVEN_DATABASE_URL));
