import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../../src/config.ts';
import { COPIED_TABLES } from '../../src/storage/copy.ts';
import { openStorage } from '../../src/storage/database.ts';
import type { Storage } from '../../src/storage/types.ts';
import { RECORD_COUNTS_SQL, recordCounts } from '../../src/storage/integrity.ts';
import {
  createTestApp,
  DIALECT,
  freshDatabase,
  postgresMissing,
  testMediaDir,
  type TestApp,
  type TestDatabase,
} from '../fixtures/app.ts';
import { runCli } from '../fixtures/cli.ts';
import {
  answersOf,
  asksOf,
  assertSameAnswers,
  assertSameRows,
  contentsOf,
  nextWrite,
  type Answer,
} from '../fixtures/every-kind-of-answer.ts';
import { EVERY_KIND_ENV, fillWithEveryKind, type EveryKind } from '../fixtures/every-kind-of-data.ts';
import type { CliRun } from '../fixtures/server-process.ts';
import { startReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/*
 * `calendar-events copy` (issue 44, decision 0102): a calendar holding every kind of data, copied
 * to the other engine and back, answers every request there as the original did, byte for byte,
 * holds the same rows, and takes its next write at the same ids and journal place. A target that
 * holds a calendar is refused unless --force, and a copy that fails midway leaves its target as it was.
 * It needs both engines: on an SQLite run, the PostgreSQL server of POSTGRES_URL (skipped, saying so, without one).
 */

const OTHER = DIALECT === 'sqlite' ? 'postgres' : 'sqlite';

/** The copy's command line from the database of `app` (and its media folder) to `target`. */
const copyTo = (app: TestApp, target: TestDatabase, ...more: string[]) =>
  runCli(app.databaseUrl, ['copy', '--to', target.url, '--media', testMediaDir(target.url), ...more], {
    CALENDAR_MEDIA_DIR: app.config.media.dir,
  });

/** Tables whose rows say what a database holds, whatever the engine: the calendar's, without the engine's own (the migrations' log, FTS5's index). */
const comparable = (contents: Record<string, string[]>) =>
  Object.keys(contents).filter((table) => !table.startsWith('kysely_') && !table.startsWith('post_search'));

/** What `read` answers on the database at `url`, through a storage of its own. */
async function readAt<T>(url: string, read: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = openStorage(loadConfig({ DATABASE_URL: url }).database);
  try {
    return await read(storage);
  } finally {
    await storage.close();
  }
}

const countsAt = (url: string) =>
  readAt(url, (storage) =>
    storage.read(async (tx) =>
      recordCounts((await sql.raw<Record<string, unknown>>(RECORD_COUNTS_SQL).execute(tx)).rows[0]!),
    ),
  );

describe(
  `copy: a calendar moved from ${DIALECT} to ${OTHER} and back answers as the original`,
  { skip: await postgresMissing() },
  () => {
    let receiver: WebhookReceiver;
    let original: TestApp;
    let moved: TestApp;
    let back: TestApp;
    const databases: TestDatabase[] = [];
    let data: EveryKind;
    let runs: { readonly there: CliRun; readonly back: CliRun };
    let answers: Record<'original' | 'moved' | 'back', Record<string, Answer>>;
    let contents: Record<'original' | 'moved' | 'back', Record<string, string[]>>;

    const database = async (dialect: 'sqlite' | 'postgres') => {
      const made = await freshDatabase(dialect);
      databases.push(made);
      return made;
    };

    before(async () => {
      receiver = await startReceiver();
      original = await createTestApp({ env: EVERY_KIND_ENV });
      data = await fillWithEveryKind(original, receiver);
      const asks = asksOf(data);
      const originalAnswers = await answersOf(original, asks);
      const originalContents = await contentsOf(original.storage);

      const there = await database(OTHER);
      const thereRun = await copyTo(original, there);
      assert.equal(thereRun.code, 0, thereRun.err);
      moved = await createTestApp({ env: EVERY_KIND_ENV, nodeOf: { databaseUrl: there.url, ids: original.ids } });
      const movedAnswers = await answersOf(moved, asks);
      const movedContents = await contentsOf(moved.storage);

      const home = await database(DIALECT);
      const backRun = await copyTo(moved, home);
      assert.equal(backRun.code, 0, backRun.err);
      back = await createTestApp({ env: EVERY_KIND_ENV, nodeOf: { databaseUrl: home.url, ids: original.ids } });
      runs = { there: thereRun, back: backRun };
      answers = { original: originalAnswers, moved: movedAnswers, back: await answersOf(back, asks) };
      contents = { original: originalContents, moved: movedContents, back: await contentsOf(back.storage) };
    });

    after(async () => {
      for (const app of [back, moved, original]) await app?.close();
      for (const made of databases) {
        await made.drop();
        fs.rmSync(testMediaDir(made.url), { recursive: true, force: true });
      }
      await receiver?.close();
    });

    test('the copy reports its rows by table and passes the integrity check; its progress goes to stderr', () => {
      for (const run of [runs.there, runs.back]) {
        assert.match(run.out, /^posts +\d+$/m);
        assert.match(run.out, /^record_changes +\d+$/m);
        assert.match(run.out, /The copy passed the integrity check of restore\./);
        assert.match(run.err, /^posts: \d+ rows$/m);
        assert.match(run.err, /^Checking the copy/m);
      }
    });

    test(`on ${OTHER}, every API answer and every page is the same, to anonymous readers and to the administrator`, () => {
      assertSameAnswers(answers.original, answers.moved, data);
    });

    test(`on ${OTHER}, every table of the calendar holds the same rows, and every one holds some`, () => {
      assertSameRows(contents.original, contents.moved, COPIED_TABLES);
    });

    test(`copied back to ${DIALECT}, every answer, every row and every id sequence is the same again`, () => {
      assertSameAnswers(answers.original, answers.back, data);
      assert.deepEqual(comparable(contents.back), comparable(contents.original));
      assertSameRows(
        contents.original,
        contents.back,
        comparable(contents.original).filter((table) => table !== 'sqlite_sequence' || DIALECT === 'sqlite'),
      );
    });

    test('the next writes take the same ids and journal places in both copies as in the original', async () => {
      const inOriginal = await nextWrite(original, data.syncToken);
      assert.deepEqual(await nextWrite(moved, data.syncToken), inOriginal);
      assert.deepEqual(await nextWrite(back, data.syncToken), inOriginal);
    });

    test('a target that holds a calendar is refused and left as it was; --force replaces what it holds', async () => {
      const target = await database(OTHER);
      assert.equal((await copyTo(back, target)).code, 0);
      const before = await readAt(target.url, contentsOf);
      const refused = await copyTo(original, target);
      assert.equal(refused.code, 1, refused.out);
      assert.match(
        refused.err,
        /The target database is not empty \(\d+ events, \d+ venues, \d+ organizers, \d+ terms, \d+ users\); copy only into an empty database, or give --force/,
      );
      assert.deepEqual(await readAt(target.url, contentsOf), before);

      // The original has one more event than `back` now, written by the test before.
      const forced = await copyTo(original, target, '--force');
      assert.equal(forced.code, 0, forced.err);
      const replaced = await readAt(target.url, contentsOf);
      const originalNow = await contentsOf(original.storage);
      assertSameRows(originalNow, replaced, COPIED_TABLES);
    });

    test('a copy that fails midway leaves the target empty, and says which value it could not copy', async () => {
      const source = await createTestApp({ dialect: 'sqlite' });
      try {
        assert.equal((await source.request('administrator', 'POST', 'venues', { venue: 'Hall' })).statusCode, 201);
        // SQLite text may hold a NUL character; PostgreSQL's cannot. The users are copied before the posts.
        await source.storage.write((tx) => sql`update posts set title = 'Hall' || char(0) || 'annex'`.execute(tx));
        const target = await database('postgres');
        const failed = await copyTo(source, target);
        assert.equal(failed.code, 1, failed.out);
        assert.match(failed.err, /posts\.title holds a NUL character/);
        assert.deepEqual(await countsAt(target.url), { events: 0, venues: 0, organizers: 0, terms: 0, users: 0 });
      } finally {
        await source.close();
      }
    });
  },
);
