import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * `Storage.bulkWrites` (decision 0131): the writer's page cache raised for a bulk run's time
 * (SQLite), and put back once the last run at once has ended, so an idle server keeps its memory.
 */

describe(`bulk writes' cache (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  /** The writer connection's cache size, read in a write unit (SQLite; negative: KiB). */
  const writerCache = () =>
    t.storage.write(async (tx) => {
      const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(tx);
      return Number(rows[0]!.cache_size);
    });

  test('answers what its work answers', async () => {
    assert.equal(await t.storage.bulkWrites(async () => 'done'), 'done');
  });

  test(
    'the writer has the larger cache while runs last, and its own after the last',
    { skip: DIALECT !== 'sqlite' },
    async () => {
      const idle = await writerCache();
      let endFirst!: () => void;
      const first = t.storage.bulkWrites(() => new Promise<void>((resolve) => (endFirst = resolve)));
      const during: number[] = [];
      await t.storage.bulkWrites(async () => {
        during.push(await writerCache());
      });
      // The first run still lasts: the second's end leaves the cache raised.
      during.push(await writerCache());
      endFirst();
      await first;
      assert.deepEqual(during, [-64 * 1024, -64 * 1024]);
      assert.equal(await writerCache(), idle);
    },
  );

  test('puts the cache back when its work fails', { skip: DIALECT !== 'sqlite' }, async () => {
    const idle = await writerCache();
    await assert.rejects(
      t.storage.bulkWrites(async () => {
        throw new Error('the import failed');
      }),
      /the import failed/,
    );
    assert.equal(await writerCache(), idle);
  });
});
