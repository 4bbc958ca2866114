import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { migrate, openStorage } from '../../src/storage/database.ts';
import { ApiClient } from '../crash/api-client.ts';
import { checkPostgres, checkSqlite } from '../crash/integrity.ts';
import { isIn, observe, probeAbsentAnswers, type AbsentAnswers } from '../crash/verify.ts';
import { acknowledged, startWriteStream, untilAcknowledged, WriteLog, type TrackedRecord } from '../crash/workload.ts';
import sharp from 'sharp';
import {
  basicAuth,
  createTestApp,
  DIALECT,
  emptyRestoreTarget,
  freshDatabase,
  type TestDatabase,
} from '../fixtures/app.ts';
import { runCli } from '../fixtures/cli.ts';
import { cliProcess, startServer, type ServerProcess } from '../fixtures/server-process.ts';

/**
 * `calendar-events backup` while a server takes a stream of writes, and `restore` of that backup
 * into an empty database: the restored database passes the crash test's integrity checks and
 * holds every write acknowledged before the backup started. Restores that would overwrite data
 * or read a damaged file are refused and change nothing.
 */

const ADMIN_PASSWORD = 'backup-test-administrator';
const AUTHORIZATION = basicAuth('admin', ADMIN_PASSWORD);
const WRITERS = 6;
/** Acknowledged writes before the backup starts, so that it copies a database with some history. */
const WRITES_BEFORE_BACKUP = 60;

/** What a database holds, in enough detail that any change shows; undefined when it has no calendar tables. */
async function fingerprint(url: string): Promise<unknown> {
  if (DIALECT === 'sqlite' && !fs.existsSync(url)) return undefined;
  const storage = openStorage(loadConfig({ DATABASE_URL: url }).database);
  try {
    return await storage.read(async (tx) => {
      const tables =
        DIALECT === 'sqlite'
          ? sql`select name from sqlite_master where type = 'table' and name = 'posts'`
          : sql`select table_name from information_schema.tables where table_schema = current_schema() and table_name = 'posts'`;
      if ((await tables.execute(tx)).rows.length === 0) return undefined;
      const { rows } = await sql`select
          (select count(*) from posts) as posts, (select max(modified_utc) from posts) as modified, (select sum(id) from posts) as ids,
          (select count(*) from terms) as terms, (select sum(count) from terms) as term_counts, (select count(*) from users) as users,
          (select version from content_version) as version`.execute(tx);
      return rows[0];
    });
  } finally {
    await storage.close();
  }
}

describe(`backup and restore on ${DIALECT}`, () => {
  let source: TestDatabase;
  let server: ServerProcess;
  let workDirectory: string;
  const cleanups: (() => Promise<void>)[] = [];

  before(async () => {
    source = await freshDatabase();
    server = await startServer({ DATABASE_URL: source.url, CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD });
    workDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-backup-'));
  });

  after(async () => {
    await server?.kill();
    for (const cleanup of cleanups.reverse()) await cleanup();
    await source?.drop();
    fs.rmSync(workDirectory, { recursive: true, force: true });
  });

  const target = async (): Promise<TestDatabase> => {
    const database = await emptyRestoreTarget(source.url);
    cleanups.push(() => database.drop());
    return database;
  };
  const backupName = (name: string) => path.join(workDirectory, `${name}.${DIALECT === 'sqlite' ? 'sqlite' : 'dump'}`);

  let seriesBackup: Promise<string> | undefined;
  /**
   * A backup of the source holding a weekly series filed under a category (each date counts in
   * the category's count), taken by whichever test needs one first: each test runs alone.
   */
  const aBackup = () =>
    (seriesBackup ??= (async () => {
      const client = new ApiClient(server.base, AUTHORIZATION);
      try {
        const category = await client.request('POST', 'categories', { name: 'Weekly classes' });
        assert.equal(category.status, 201);
        const series = await client.request('POST', 'events', {
          title: 'Weekly class',
          status: 'publish',
          start_date: '2027-01-07 19:00:00',
          end_date: '2027-01-07 20:00:00',
          categories: [(category.body as { id: number }).id],
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=11' },
        });
        assert.equal(series.status, 201);
      } finally {
        client.close();
      }
      const file = backupName('weekly-series');
      const backup = await runCli(source.url, ['backup', file]);
      assert.equal(backup.code, 0, backup.err);
      return file;
    })());

  test('a backup taken during a stream of writes restores into a consistent database with every write acknowledged before it', async () => {
    const client = new ApiClient(server.base, AUTHORIZATION);
    const log = new WriteLog();
    let absent: AbsentAnswers;
    let before: { readonly record: TrackedRecord; readonly state: number }[];
    let writesDuringBackup: number;
    const backupFile = backupName('during-writes');
    try {
      absent = await probeAbsentAnswers(client);
      const stream = startWriteStream(client, log, { round: 1, writers: WRITERS });
      await untilAcknowledged(stream.counts, WRITES_BEFORE_BACKUP, stream.finished);
      // Each record's last acknowledged state when the backup starts: the restore must hold it or a later one.
      before = log.records.map((record) => ({ record, state: record.acknowledged.length - 1 }));
      const writesBefore = acknowledged(stream.counts);
      const backup = await cliProcess(source.url, ['backup', backupFile]);
      writesDuringBackup = acknowledged(stream.counts) - writesBefore;
      stream.stop();
      await stream.finished;
      assert.equal(backup.code, 0, backup.err);
      assert.match(
        backup.out,
        /^Backed up \d+ events, \d+ venues, \d+ organizers, \d+ terms, 1 users to .+ \(\d+\.\d (KiB|MiB)\), and 0 uploaded image files to .+\.media\.$/m,
      );
      assert.deepEqual(log.anomalies, []);
    } finally {
      client.close();
    }
    assert.ok(writesDuringBackup > 0, 'the server kept acknowledging writes while the backup ran');
    assert.ok(before.length >= 20, `${before.length} records written before the backup`);

    const restored = await target();
    const restore = await runCli(restored.url, ['restore', backupFile]);
    assert.equal(restore.code, 0, restore.err);
    assert.match(restore.out, /^Restored \d+ events, .* from .*\.$/m);
    assert.match(restore.out, /passed its integrity check/);

    const integrity = DIALECT === 'sqlite' ? checkSqlite(restored.url) : await checkPostgres(restored.url);
    assert.deepEqual(integrity.problems, [], integrity.method);

    const restoredServer = await startServer({ DATABASE_URL: restored.url });
    const restoredClient = new ApiClient(restoredServer.base, AUTHORIZATION);
    try {
      const missing: string[] = [];
      for (const { record, state } of before) {
        const observed = await observe(restoredClient, record.kind, record.id, absent);
        // Writes acknowledged after the backup began may or may not be in it, each whole.
        const candidates = record.acknowledged.slice(state);
        if (!candidates.some((candidate) => isIn(record.kind, candidate, observed))) {
          missing.push(
            `${record.kind} ${record.id} (${record.token}): ${observed.presence}${observed.presence === 'unreadable' ? ` ${observed.detail}` : ''}`,
          );
        }
      }
      assert.deepEqual(missing, [], 'records not restored in their state at the backup or a later acknowledged one');
    } finally {
      restoredClient.close();
      await restoredServer.kill();
    }
  });

  test('a backup of a weekly series filed under a category restores, and a restore into a database that is not empty is refused and changes nothing', async () => {
    const backupFile = await aBackup();
    const restored = await target();
    const restore = await runCli(restored.url, ['restore', backupFile]);
    assert.equal(restore.code, 0, restore.err);
    assert.match(restore.out, /^Restored \d+ events, \d+ venues, \d+ organizers, \d+ terms, 1 users from .*\.$/m);
    const beforeRefusal = await fingerprint(restored.url);
    assert.notEqual(beforeRefusal, undefined);
    const refused = await runCli(restored.url, ['restore', backupFile]);
    assert.equal(refused.code, 1, refused.out);
    assert.match(
      refused.err,
      /^The database is not empty \(\d+ events, .*, 1 users\); restore only into an empty database\.$/m,
    );
    assert.deepEqual(await fingerprint(restored.url), beforeRefusal);
  });

  test(
    'a restore into a database a server has open is refused',
    { skip: DIALECT === 'postgres' && 'SQLite only: PostgreSQL has no file lock that tells a server is connected' },
    async () => {
      const backupFile = await aBackup();
      const empty = await target();
      // The storage a server opens, migrated as a server migrates at its start: tables, nothing in them.
      const inUse = openStorage(loadConfig({ DATABASE_URL: empty.url }).database);
      try {
        await migrate(inUse);
        const refused = await runCli(empty.url, ['restore', backupFile]);
        assert.equal(refused.code, 1, refused.out);
        assert.match(
          refused.err,
          /is in use \(a running server or another command has it open\); stop it before restoring\./,
        );
      } finally {
        await inUse.close();
      }
      const accepted = await runCli(empty.url, ['restore', backupFile]);
      assert.equal(accepted.code, 0, `a migrated, empty database, no longer in use, is restored into: ${accepted.err}`);
    },
  );

  test('a truncated backup, a file of garbage and a backup of the other engine are refused, and the empty database stays empty', async () => {
    const backupFile = await aBackup();
    const empty = await target();
    const truncated = path.join(workDirectory, 'truncated');
    const whole = fs.readFileSync(backupFile);
    fs.writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    const garbage = path.join(workDirectory, 'garbage');
    fs.writeFileSync(garbage, randomBytes(64 * 1024));
    const otherEngine = path.join(workDirectory, 'other-engine');
    if (DIALECT === 'sqlite') fs.writeFileSync(otherEngine, Buffer.concat([Buffer.from('PGDMP'), randomBytes(1024)]));
    else new SqliteDatabase(otherEngine).exec('create table posts (id integer primary key)').close();

    const cases: readonly [file: string, message: RegExp][] = [
      [
        truncated,
        DIALECT === 'sqlite'
          ? /is damaged or not a complete SQLite database/
          : /pg_restore failed|is not a usable pg_dump archive/,
      ],
      [
        garbage,
        /garbage is not a backup of this service: neither an SQLite database nor a pg_dump custom-format archive\./,
      ],
      [
        otherEngine,
        DIALECT === 'sqlite'
          ? /is a PostgreSQL backup, but DATABASE_URL selects SQLite/
          : /is a SQLite backup, but DATABASE_URL selects PostgreSQL/,
      ],
    ];
    for (const [file, message] of cases) {
      const refused = await runCli(empty.url, ['restore', file]);
      assert.equal(refused.code, 1, `${path.basename(file)}: ${refused.out}`);
      assert.match(refused.err, message);
      assert.equal(await fingerprint(empty.url), undefined, `${path.basename(file)} left nothing behind`);
    }
  });

  test("a backup carries the uploaded images' files in <file>.media; a restore puts them back, and one without them fails its integrity check naming them (decision 0041)", async () => {
    const mediaDir = path.join(workDirectory, 'uploads-source');
    const app = await createTestApp({ env: { CALENDAR_MEDIA_DIR: mediaDir } });
    // Restore targets of this app's database (on PostgreSQL, its schema's name).
    const target = async () => {
      const database = await emptyRestoreTarget(app.databaseUrl);
      cleanups.push(() => database.drop());
      return database;
    };
    try {
      const image = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#a33' } })
        .png()
        .toBuffer();
      const upload = await app.request('author', 'POST', 'media', image, {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename=stage.png',
      });
      assert.equal(upload.statusCode, 201, upload.body);
      const stored = fs
        .readdirSync(mediaDir, { recursive: true })
        .filter((name) => String(name).endsWith('.png'))
        .map(String)
        .sort();
      assert.equal(stored.length, 3, 'the image, its thumbnail and medium sizes');
      const file = backupName('with-uploads');
      const backup = await runCli(app.databaseUrl, ['backup', file], { CALENDAR_MEDIA_DIR: mediaDir });
      assert.equal(backup.code, 0, backup.err);
      assert.match(backup.out, /and 3 uploaded image files to .+with-uploads\.(sqlite|dump)\.media\.$/m);
      for (const name of stored)
        assert.deepEqual(
          fs.readFileSync(path.join(`${file}.media`, name)),
          fs.readFileSync(path.join(mediaDir, name)),
          name,
        );

      const withoutFiles = path.join(workDirectory, `without-uploads.${DIALECT === 'sqlite' ? 'sqlite' : 'dump'}`);
      fs.copyFileSync(file, withoutFiles);
      const broken = await target();
      const refused = await runCli(broken.url, ['restore', withoutFiles], {
        CALENDAR_MEDIA_DIR: path.join(workDirectory, 'uploads-broken'),
      });
      assert.equal(refused.code, 1, refused.out);
      assert.match(refused.err, /fails its integrity check: uploaded files missing from .*uploads-broken: 3 row\(s\)/);

      const restoredDir = path.join(workDirectory, 'uploads-restored');
      const restored = await target();
      const restore = await runCli(restored.url, ['restore', file], { CALENDAR_MEDIA_DIR: restoredDir });
      assert.equal(restore.code, 0, restore.err);
      assert.match(restore.out, /and 3 uploaded image files into .*uploads-restored\.$/m);
      for (const name of stored)
        assert.deepEqual(
          fs.readFileSync(path.join(restoredDir, name)),
          fs.readFileSync(path.join(mediaDir, name)),
          name,
        );
    } finally {
      await app.close();
    }
  });

  test('a backup does not replace an existing file unless given --force', async () => {
    const existing = path.join(workDirectory, 'existing');
    fs.writeFileSync(existing, 'keep me');
    const refused = await runCli(source.url, ['backup', existing]);
    assert.equal(refused.code, 1);
    assert.match(refused.err, /existing already exists; give --force to replace it\./);
    assert.equal(fs.readFileSync(existing, 'utf8'), 'keep me');
    const forced = await runCli(source.url, ['backup', existing, '--force']);
    assert.equal(forced.code, 0, forced.err);
    assert.notEqual(fs.readFileSync(existing).subarray(0, 5).toString(), 'keep ');
    assert.deepEqual(
      fs.readdirSync(workDirectory).filter((name) => name.endsWith('.partial')),
      [],
      'no temporary file is left behind',
    );
  });

  test(
    'without pg_dump on PATH the backup says so and writes nothing',
    { skip: DIALECT === 'sqlite' && 'SQLite needs no client tool' },
    async () => {
      const file = path.join(workDirectory, 'no-tool.dump');
      const failed = await runCli(source.url, ['backup', file], { PATH: path.join(workDirectory, 'empty-path') });
      assert.equal(failed.code, 1);
      assert.match(failed.err, /^pg_dump was not found on PATH; install the PostgreSQL client tools/m);
      assert.equal(fs.existsSync(file), false);
    },
  );
});
