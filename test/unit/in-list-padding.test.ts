import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Kysely, SqliteDialect } from 'kysely';
import { inList, paddedLength } from '../../src/storage/in-list-padding.ts';

/*
 * `in (…)` lists padded to a few lengths (decision 0026): SQLite keeps a prepared statement per SQL
 * text, and a list of each length would be a text of its own.
 */

interface Tables {
  items: { id: number; name: string };
}

// Compiling needs no connection.
const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: {} as never }) });

describe('in-list padding', () => {
  test('lengths go up to the next power of two; empty, single and very long lists stay', () => {
    assert.deepEqual([0, 1, 2, 3, 5, 8, 9, 100, 129, 2048].map(paddedLength), [0, 1, 2, 4, 8, 8, 16, 128, 256, 2048]);
    assert.equal(paddedLength(2049), 2049);
  });

  test('a list is deduplicated and padded with its last value', () => {
    assert.deepEqual(inList([4, 5, 4, 6]), [4, 5, 6, 6]);
    assert.deepEqual(inList(new Set([1, 2, 3, 4, 5])), [1, 2, 3, 4, 5, 5, 5, 5]);
    assert.deepEqual(inList([]), []);
  });

  test('lists of 65 to 128 values share one SQL text', () => {
    const texts = new Set(
      Array.from(
        { length: 64 },
        (_, at) =>
          db
            .selectFrom('items')
            .select('name')
            .where('id', 'in', inList(Array.from({ length: 65 + at }, (_, id) => id)))
            .compile().sql,
      ),
    );
    assert.equal(texts.size, 1);
  });
});
