import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import type { Storage, WriteTx } from '../../src/storage/types.ts';
import { createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * Issue 48 item 3 (decision 0106): a write unit writes each of its content-change tags once, with
 * its final version, and each of its journal rows once, numbered and stamped: on PostgreSQL every
 * row version more is a dead row, which without autovacuum stays in the table and its indexes for
 * good. Counted by PostgreSQL itself within the unit (pg_stat_xact_user_tables, read first and last
 * in the unit: on PostgreSQL 15 it also holds the counts of the connection's earlier transactions
 * that were not yet reported), for an event created through the API.
 */

/** Row versions a unit wrote to a table, by kind, as its own transaction counts them. */
interface Written {
  readonly inserted: number;
  readonly updated: number;
  readonly deleted: number;
}

describe(
  `row versions a create writes to the journals (${DIALECT})`,
  { skip: DIALECT !== 'postgres' && 'PostgreSQL only: SQLite keeps no dead row versions' },
  () => {
    let t: TestApp;
    /** What each write unit wrote to content_changes and record_changes, in order. */
    const units: { tags: Written; journal: Written }[] = [];
    const written = async (tx: WriteTx, table: string): Promise<Written> => {
      // None before the migrations have made the table (they run in write units too).
      const { rows } = await sql<{ ins: string; upd: string; del: string }>`
      select coalesce(sum(n_tup_ins), 0) as ins, coalesce(sum(n_tup_upd), 0) as upd, coalesce(sum(n_tup_del), 0) as del
        from pg_stat_xact_user_tables where relid = to_regclass(${table})`.execute(tx);
      return { inserted: Number(rows[0]!.ins), updated: Number(rows[0]!.upd), deleted: Number(rows[0]!.del) };
    };
    const minus = (end: Written, start: Written): Written => ({
      inserted: end.inserted - start.inserted,
      updated: end.updated - start.updated,
      deleted: end.deleted - start.deleted,
    });
    const counted = (storage: Storage): Storage => ({
      ...storage,
      write: (work, deadline) =>
        storage.write(async (tx) => {
          const start = { tags: await written(tx, 'content_changes'), journal: await written(tx, 'record_changes') };
          const result = await work(tx);
          units.push({
            tags: minus(await written(tx, 'content_changes'), start.tags),
            journal: minus(await written(tx, 'record_changes'), start.journal),
          });
          return result;
        }, deadline),
    });
    before(async () => {
      t = await createTestApp({ wrapStorage: counted });
    });
    after(() => t.close());

    test('a create inserts each change tag and journal row once and updates none of them', async () => {
      const venue = await t.request('editor', 'POST', '/calendar/events/v1/venues', {
        venue: 'Row versions hall',
        status: 'publish',
      });
      assert.equal(venue.statusCode, 201, venue.body);
      for (let n = 0; n < 3; n++) {
        units.length = 0;
        const created = await t.request('editor', 'POST', '/calendar/events/v1/events', {
          title: `Row versions ${n}`,
          status: 'publish',
          start_date: '2026-12-05 19:00:00',
          end_date: '2026-12-05 21:00:00',
          venue: venue.json().id,
        });
        assert.equal(created.statusCode, 201, created.body);
        const version = await t.storage.contentVersion();
        const tags = await t.storage.read((tx) =>
          tx.selectFrom('content_changes').select('tag').where('version', '=', version).execute(),
        );
        const journal = await t.storage.read((tx) =>
          tx.selectFrom('record_changes').select('seq').where('record_id', '=', created.json().id).execute(),
        );
        const unit = units.find((each) => each.tags.inserted > 0)!;
        assert.deepEqual(
          unit.tags,
          { inserted: tags.length, updated: 0, deleted: 0 },
          'content_changes: each tag inserted once with its version',
        );
        assert.deepEqual(
          unit.journal,
          { inserted: journal.length, updated: 0, deleted: 0 },
          'record_changes: each row inserted once, numbered and stamped',
        );
      }
    });

    /** A unit writing `count` categories, then renaming the first (its row stays `created`); their journal rows and the unit's tags after it. */
    const categoriesInOneUnit = async (count: number, prefix: string) => {
      const ids = await t.storage.write(async (tx) => {
        const written: number[] = [];
        for (let n = 0; n < count; n++) {
          const name = `${prefix} ${n}`;
          const row = await tx
            .insertInto('terms')
            .values({
              taxonomy: 'category',
              name,
              slug: name.toLowerCase().replace(/\W+/g, '-'),
              description: '',
              parent_id: 0,
              term_group: 0,
              language: 'en',
              created_at: TEST_NOW,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          written.push(row.id);
        }
        await tx
          .updateTable('terms')
          .set({ name: `${prefix} renamed`, version: sql`version + 1` })
          .where('id', '=', written[0]!)
          .execute();
        await t.storage.touchContent(tx, new Date(TEST_NOW));
        return written;
      });
      const version = await t.storage.contentVersion();
      const journal = await t.storage.read((tx) =>
        tx
          .selectFrom('record_changes')
          .select(['record_id', 'action', 'seq'])
          .where('resource', '=', 'category')
          .where('record_id', 'in', ids)
          .orderBy('seq')
          .execute(),
      );
      const tags = await t.storage.read((tx) =>
        tx.selectFrom('content_changes').select('tag').where('version', '=', version).execute(),
      );
      return { ids, journal, tags: tags.map((row) => row.tag) };
    };

    test('a unit holding more than its bound journals each record once, in the order written, and names no tags (every cache drops all)', async () => {
      for (const [count, named] of [
        [20, true],
        [2000, false],
      ] as const) {
        const { ids, journal, tags } = await categoriesInOneUnit(count, `Bound ${count}`);
        assert.deepEqual(
          journal.map((row) => row.record_id),
          ids,
          `${count}: one row per category, in the order written`,
        );
        assert.ok(journal.every((row) => row.action === 'created' && row.seq > 0));
        assert.equal(tags.includes(`term:${ids[0]}`), named, `${count}: the version names its tags: ${named}`);
      }
    });
  },
);
