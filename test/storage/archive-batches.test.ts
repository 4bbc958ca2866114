import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ArchiveCursor } from '../../src/storage/repositories/events.repository.ts';
import type { EventFilter } from '../../src/storage/repositories/event-filter.ts';
import type { ReadTx } from '../../src/storage/types.ts';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { createEvent } from '../fixtures/factories.ts';

/*
 * The archive's keyset batches (decisions 0114, 0132): from the second batch on the cursor's start
 * is the index's lower bound, and occurrences starting at the same minute are split between
 * batches by id. Whatever the batch size, every occurrence of the filter comes once, in order,
 * through the export's batches and through `listAfter`'s (the iCalendar feed's) alike.
 */

/** What of a batch the walk reads. */
interface Batch {
  readonly rows: readonly { readonly post: { readonly id: number } }[];
  readonly next: ArchiveCursor | undefined;
}

describe(`the archive's keyset batches (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('occurrences sharing a start across batch boundaries come once each, in order, from any batch size', async () => {
    const at = (day: string, title: string) =>
      createEvent(t, { title, start_date: `${day} 10:00:00`, end_date: `${day} 11:00:00` });
    await at('2027-03-01', 'Before the filter');
    const ids = [(await at('2027-03-02', 'First')).id];
    for (let i = 0; i < 5; i++) ids.push((await at('2027-03-03', `Same start ${i}`)).id);
    ids.push((await at('2027-03-04', 'Last')).id);
    const filter: EventFilter = {
      statuses: ['publish'],
      startFrom: '2027-03-02 00:00:00',
      endUntil: '2027-03-31 23:59:59',
    };
    const archive = t.services.eventArchive;
    /** A batch read as the CSV export reads it, and as the iCalendar feed and the sitemap do. */
    const reads: Record<string, (tx: ReadTx, cursor: ArchiveCursor | undefined, limit: number) => Promise<Batch>> = {
      exportAfter: (tx, cursor, limit) =>
        archive.exportAfter(tx, filter, cursor, limit, 'en', t.services.events.exportNames('en', null)),
      listAfter: (tx, cursor, limit) => archive.listAfter(tx, filter, cursor, limit, 'en', null),
    };
    for (const limit of [1, 2, 3, 6, 7, 8]) {
      for (const [name, read] of Object.entries(reads)) {
        const seen: number[] = [];
        let cursor: ArchiveCursor | undefined;
        for (;;) {
          const { rows, next } = await t.storage.read((tx) => read(tx, cursor, limit));
          seen.push(...rows.map((row) => row.post.id));
          if (next === undefined || rows.length < limit) break;
          cursor = next;
        }
        assert.deepEqual(seen, ids, `${name}, ${limit} a batch`);
      }
    }
  });
});
