import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import pg from 'pg';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';

/*
 * PostgreSQL's read units in fewer round trips (docs/decisions/0085-postgres-read-round-trips.md):
 * a read unit's `begin` is written with its first statement, a unit that reads nothing writes
 * neither `begin` nor `commit`, the `commit` is not waited for, and the archive's page carries the
 * journal's bounds for its sync token. What is counted: every statement `pg` is handed, and whether
 * it was written while another was still unanswered on its connection (it then adds no wait).
 * SQLite has no round trips: the file runs on PostgreSQL only.
 */

interface Written {
  readonly text: string;
  /** Written while another statement was unanswered on the same connection: no wait of its own. */
  readonly pipelined: boolean;
  /** Whether its answer has come. */
  answered: boolean;
}

/** Every statement handed to a `pg` client while `record` runs. */
function statementLog() {
  const unanswered = new WeakMap<object, number>();
  /** Statements handed to any client and not answered yet. */
  let outstanding = 0;
  let written: Written[] | undefined;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- put back as it was, never called unbound
  const query = pg.Client.prototype.query;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  (pg.Client.prototype as any).query = function (this: object, ...args: any[]) {
    const before = unanswered.get(this) ?? 0;
    const entry: Written = {
      text: String(typeof args[0] === 'string' ? args[0] : args[0]?.text),
      pipelined: before > 0,
      answered: false,
    };
    written?.push(entry);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const result = (query as any).apply(this, args);
    unanswered.set(this, before + 1);
    const settled = () => {
      entry.answered = true;
      outstanding--;
      unanswered.set(this, (unanswered.get(this) ?? 1) - 1);
    };
    if (result && typeof result.then === 'function') {
      outstanding++;
      result.then(settled, settled);
    }
    return result;
  };
  return {
    async record<T>(work: () => Promise<T>): Promise<{ result: T; written: Written[] }> {
      // Whatever an earlier request left unanswered (a commit not waited for) is answered first.
      await until('the statements earlier requests left unanswered to be answered', () => outstanding === 0);
      written = [];
      try {
        const result = await work();
        return { result, written };
      } finally {
        written = undefined;
      }
    },
    /** The last statement of `text` handed to `pg` so far in the recording. */
    last: (text: string) => written?.filter((entry) => entry.text === text).at(-1),
    restore: () => {
      pg.Client.prototype.query = query;
    },
  };
}

const CONTENT_VERSION = /^select "version" from "content_version"/;
const BEGIN = /^begin isolation level repeatable read, read only$/;
/** The round trips an answer waited for: statements written to a connection with nothing unanswered, but the commits it did not wait for. */
const waits = (written: readonly Written[]) =>
  written.filter((entry) => !entry.pipelined && entry.text !== 'commit').length;

describe(
  `read units' round trips (${DIALECT})`,
  { skip: DIALECT !== 'postgres' && 'PostgreSQL only: SQLite has no round trips' },
  () => {
    let node: TestApp;
    /** The same database with neither cache: every answer computed from the rows. */
    let bare: TestApp;
    let log: ReturnType<typeof statementLog>;
    let eventId: number;
    before(async () => {
      node = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '0' } });
      bare = await createTestApp({ nodeOf: node, env: { CALENDAR_READ_CACHE_MB: '0', CALENDAR_RECORD_CACHE_MB: '0' } });
      for (let day = 1; day <= 12; day++) {
        const date = `2026-12-${String(day).padStart(2, '0')}`;
        const created = await node.request('administrator', 'POST', 'events', {
          title: `Harbour Night ${day}`,
          start_date: `${date} 20:00:00`,
          end_date: `${date} 22:00:00`,
          venue: { venue: `Pier ${day}` },
          categories: [{ name: 'Shanties' }],
        });
        assert.equal(created.statusCode, 201, created.body);
        eventId ??= created.json<{ id: number }>().id;
      }
      log = statementLog();
    });
    after(async () => {
      log?.restore();
      await bare?.close();
      await node?.close();
    });

    test('a kept event answers without a read unit on the wire: only the content version is read', async () => {
      assert.equal((await node.request('anonymous', 'GET', `events/${eventId}`)).statusCode, 200);
      const { result, written } = await log.record(() => node.request('anonymous', 'GET', `events/${eventId}`));
      assert.equal(result.statusCode, 200);
      // Before: the unit's begin and commit, around nothing.
      assert.deepEqual(
        written.map((entry) => entry.text).filter((text) => !CONTENT_VERSION.test(text)),
        [],
      );
    });

    test('a page of kept events: one statement (ids, count, journal bounds), written with its begin, one wait; the sync token the computed answer has', async () => {
      assert.equal((await node.request('anonymous', 'GET', 'events?per_page=10')).statusCode, 200);
      const { result, written } = await log.record(() => node.request('anonymous', 'GET', 'events?per_page=10'));
      assert.equal(result.statusCode, 200);
      const unit = written.filter((entry) => !CONTENT_VERSION.test(entry.text));
      // Before: begin, the page, the journal's bounds, commit, each waited for.
      assert.equal(unit.length, 3, unit.map((entry) => entry.text).join('\n'));
      assert.match(unit[0]!.text, BEGIN);
      assert.match(unit[1]!.text, /"journal_latest"/);
      assert.ok(unit[1]!.pipelined, 'the page is written behind its begin, before the begin is answered');
      assert.equal(unit[2]!.text, 'commit');
      assert.equal(waits(unit), 1);
      const computed = await bare.request('anonymous', 'GET', 'events?per_page=10');
      assert.equal(result.headers['x-sync-token'], computed.headers['x-sync-token']);
      // A write moves the journal: the kept records' page tells it as the computed one does.
      assert.equal(
        (await node.request('administrator', 'PATCH', `events/${eventId}`, { title: 'Harbour Night, Renamed' }))
          .statusCode,
        200,
      );
      const [kept, again] = [
        await node.request('anonymous', 'GET', 'events?per_page=10'),
        await bare.request('anonymous', 'GET', 'events?per_page=10'),
      ];
      assert.notEqual(kept.headers['x-sync-token'], result.headers['x-sync-token']);
      assert.equal(kept.headers['x-sync-token'], again.headers['x-sync-token']);
    });

    test('computed answers wait for one round trip fewer than they have statements: the begin goes with the first, the commit is not waited for', async () => {
      for (const url of ['events?per_page=10', `events/${eventId}`]) {
        const { result, written } = await log.record(() => bare.request('anonymous', 'GET', url));
        assert.equal(result.statusCode, 200, url);
        assert.match(written[0]!.text, BEGIN, url);
        assert.equal(written.at(-1)!.text, 'commit', url);
        // Before: every statement waited for, begin and commit included.
        assert.equal(waits(written), written.length - 2, url);
      }
    });

    test('a read unit resolves before its commit is answered, and its statements share one snapshot', async () => {
      const { storage } = node;
      const { result } = await log.record(async () => {
        const seen = await storage.read(async (tx) => {
          const first = await sql<{ version: number }>`select version from content_version`.execute(tx);
          // A write committed on another connection after the unit's first statement: not in its snapshot.
          await storage.write((unit) => storage.touchContent(unit, new Date()));
          const second = await sql<{ version: number }>`select version from content_version`.execute(tx);
          return [first.rows[0]!.version, second.rows[0]!.version] as const;
        });
        return { seen, commit: log.last('commit') };
      });
      assert.equal(result.seen[0], result.seen[1], 'one snapshot');
      // Before: the unit resolved once its commit was answered.
      assert.equal(result.commit?.answered, false, "the read unit's commit written, not yet answered");
      const later = await storage.read(
        async (tx) =>
          (await sql<{ version: number }>`select version from content_version`.execute(tx)).rows[0]!.version,
      );
      assert.ok(later > result.seen[0], 'a later unit sees the write');
    });

    test('a read unit that fails rolls back, and its connection serves the next units', async () => {
      const { storage } = node;
      await assert.rejects(
        storage.read(async (tx) => sql`select no_such_column from content_version`.execute(tx)),
        /no_such_column/,
      );
      // A unit failing before any statement sends nothing at all.
      const { written } = await log.record(() =>
        assert.rejects(
          storage.read(async () => Promise.reject(new Error('refused'))),
          /refused/,
        ),
      );
      assert.deepEqual(written, []);
      // Every pooled connection, more than once: none is left in a failed or open transaction.
      const versions = await Promise.all(
        Array.from({ length: 25 }, () =>
          storage.read(
            async (tx) =>
              (await sql<{ version: number }>`select version from content_version`.execute(tx)).rows[0]!.version,
          ),
        ),
      );
      assert.equal(new Set(versions).size, 1);
    });

    test("a write unit's journal is stamped once: by touchContent when it ran (the state its handle carries), else before the commit", async () => {
      const { storage } = node;
      const stamps = (written: readonly Written[]) =>
        written.filter((entry) => /number_record_changes/.test(entry.text)).length;
      const touched = await log.record(() => storage.write(async (tx) => storage.touchContent(tx, new Date())));
      assert.equal(stamps(touched.written), 0, 'touchContent numbered the journal itself: no second stamp');
      const untouched = await log.record(() => storage.write(async (tx) => sql`select 1`.execute(tx)));
      assert.equal(stamps(untouched.written), 1);
    });
  },
);
