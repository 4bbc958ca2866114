import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  RecordChangesRepository,
  type RecordChange,
} from '../../src/storage/repositories/record-changes.repository.ts';
import { createTestApp, DIALECT, type TestApp, TEST_NOW } from '../fixtures/app.ts';

/*
 * The record-change journal (migration 20261125000000, decision 0027): every change of a record
 * through the API leaves exactly its rows, in commit order, stamped with the unit's clock; a
 * refused write leaves none; pruning cuts the journal at a seq.
 */

describe(`record-change journal (${DIALECT})`, () => {
  let t: TestApp;
  const journal = new RecordChangesRepository();
  let seen = 0;
  before(async () => {
    t = await createTestApp();
    seen = (await t.storage.read((tx) => journal.bounds(tx))).latest;
  });
  after(() => t.close());

  /** The rows written since the last call, as `resource action id`. */
  const newRows = async (): Promise<string[]> => {
    const rows: RecordChange[] = await t.storage.read((tx) =>
      journal.after(tx, ['event', 'venue', 'organizer', 'category', 'tag'], seen, 10_000),
    );
    if (rows.length > 0) seen = rows.at(-1)!.seq;
    for (const row of rows) assert.equal(row.changedAt, new Date(TEST_NOW).toISOString());
    return rows.map((row) => `${row.resource} ${row.action} ${row.recordId}`);
  };

  test('creating, updating, trashing, restoring and deleting an event each write one row', async () => {
    const created = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Journal',
        start_date: '2027-01-05 10:00:00',
        end_date: '2027-01-05 11:00:00',
      })
    ).json<{ id: number }>();
    assert.deepEqual(await newRows(), [`event created ${created.id}`]);
    assert.equal(
      (await t.request('administrator', 'POST', `events/${created.id}`, { title: 'Journal 2' })).statusCode,
      200,
    );
    assert.deepEqual(await newRows(), [`event updated ${created.id}`]);
    assert.equal((await t.request('administrator', 'DELETE', `events/${created.id}`)).statusCode, 200);
    assert.deepEqual(await newRows(), [`event trashed ${created.id}`]);
    assert.equal(
      (await t.request('administrator', 'POST', `events/${created.id}`, { status: 'publish' })).statusCode,
      200,
    );
    assert.deepEqual(await newRows(), [`event updated ${created.id}`]);
    assert.equal((await t.request('administrator', 'DELETE', `events/${created.id}?force=true`)).statusCode, 200);
    assert.deepEqual(await newRows(), [`event deleted ${created.id}`]);
  });

  test('an event created with a new venue, organizer, category and tag journals each record once, and term counts are no change', async () => {
    const response = await t.request('administrator', 'POST', 'events', {
      title: 'With everything',
      start_date: '2027-01-06 10:00:00',
      end_date: '2027-01-06 11:00:00',
      venue: { venue: 'Hall' },
      organizer: [{ organizer: 'Org' }],
      categories: ['Jazz'],
      tags: ['late'],
    });
    assert.equal(response.statusCode, 201, response.body);
    const event = response.json<{
      id: number;
      venue: { id: number };
      organizer: { id: number }[];
      categories: { id: number }[];
      tags: { id: number }[];
    }>();
    assert.deepEqual(
      (await newRows()).sort(),
      [
        `category created ${event.categories[0]!.id}`,
        `event created ${event.id}`,
        `organizer created ${event.organizer[0]!.id}`,
        `tag created ${event.tags[0]!.id}`,
        `venue created ${event.venue.id}`,
      ].sort(),
    );
    // A second event in the same category raises its count, which is not a change of the term.
    assert.equal(
      (
        await t.request('administrator', 'POST', 'events', {
          title: 'Second',
          start_date: '2027-01-07 10:00:00',
          end_date: '2027-01-07 11:00:00',
          categories: [event.categories[0]!.id],
        })
      ).statusCode,
      201,
    );
    assert.deepEqual(
      (await newRows()).map((row) => row.split(' ')[0]),
      ['event'],
    );
    assert.equal(
      (await t.request('administrator', 'POST', `categories/${event.categories[0]!.id}`, { name: 'Jazz & Blues' }))
        .statusCode,
      200,
    );
    assert.deepEqual(await newRows(), [`category updated ${event.categories[0]!.id}`]);
    assert.equal((await t.request('administrator', 'DELETE', `tags/${event.tags[0]!.id}?force=true`)).statusCode, 200);
    assert.deepEqual(await newRows(), [`tag deleted ${event.tags[0]!.id}`]);
  });

  test('an occurrence leaving a series is a deletion of its id; a translation is an update', async () => {
    const series = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Weekly',
        start_date: '2027-02-02 19:00:00',
        end_date: '2027-02-02 20:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY;COUNT=3' },
      })
    ).json<{ id: number }>();
    await newRows();
    const occurrences = (
      await t.request('anonymous', 'GET', 'events?start_date=2027-02-01&end_date=2027-03-01&search=Weekly')
    )
      .json<{ events: { id: number }[] }>()
      .events.map((event) => event.id);
    assert.equal(occurrences.length, 3);
    assert.equal(
      (
        await t.request('administrator', 'POST', `events/${series.id}`, {
          recurrence: { rrule: 'FREQ=WEEKLY;COUNT=2' },
        })
      ).statusCode,
      200,
    );
    assert.deepEqual(
      (await newRows()).sort(),
      [`event deleted ${occurrences[2]}`, `event updated ${series.id}`].sort(),
    );
    assert.equal(
      (await t.request('administrator', 'POST', `events/${series.id}?translation_language=fr`, { title: 'Hebdo' }))
        .statusCode,
      200,
    );
    assert.deepEqual(await newRows(), [`event updated ${series.id}`]);
  });

  test('occurrences materialised further (on demand or by the hourly task) are an update of their series', async () => {
    const series = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Forever',
        start_date: '2027-03-02 19:00:00',
        end_date: '2027-03-02 20:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY' },
      })
    ).json<{ id: number }>();
    await newRows();
    const { rows } = await t.storage.write(async (tx) => {
      const extended = await t.services.eventSeries.extendSeriesTo(tx, '2031-01-01 00:00:00', 10, 5000);
      await t.storage.touchContent(tx, new Date(TEST_NOW));
      return extended;
    });
    assert.ok(rows > 0);
    assert.deepEqual(await newRows(), [`event updated ${series.id}`]);
    // Nothing left to extend: no change, no row.
    await t.storage.write((tx) => t.services.eventSeries.extendSeriesTo(tx, '2031-01-01 00:00:00', 10, 5000));
    assert.deepEqual(await newRows(), []);
  });

  test('a unit that never touches the content stamps its rows with the storage clock, not the wall clock', async () => {
    const series = (
      await t.request('administrator', 'POST', 'events', {
        title: 'Untouched',
        start_date: '2027-04-06 19:00:00',
        end_date: '2027-04-06 20:00:00',
        recurrence: { rrule: 'FREQ=WEEKLY' },
      })
    ).json<{ id: number }>();
    await newRows();
    // The extension writes a new version of the series (a journal row) and no touchContent: the
    // row is stamped when the unit commits; newRows checks the stamp is the pinned TEST_NOW.
    const { rows } = await t.storage.write((tx) =>
      t.services.eventSeries.extendSeriesTo(tx, '2032-01-01 00:00:00', 10, 5000),
    );
    assert.ok(rows > 0);
    // The earlier unbounded series go further too.
    assert.ok((await newRows()).includes(`event updated ${series.id}`));
  });

  test('a refused write leaves no row', async () => {
    const response = await t.request('administrator', 'POST', 'events', {
      title: 'Bad',
      start_date: 'never',
      end_date: '2027-01-05 11:00:00',
    });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(await newRows(), []);
  });

  test('pruning removes the rows stamped before a time and records the cut', async () => {
    const before = await t.storage.read((tx) => journal.bounds(tx));
    assert.equal(await t.storage.write((tx) => journal.prune(tx, '2000-01-01T00:00:00.000Z')), 0);
    const removed = await t.storage.write((tx) => journal.prune(tx, '2100-01-01T00:00:00.000Z'));
    assert.ok(removed > 0);
    const afterPrune = await t.storage.read((tx) => journal.bounds(tx));
    assert.equal(afterPrune.prunedThrough, before.latest);
    assert.equal(afterPrune.latest, before.latest);
    assert.deepEqual(await t.storage.read((tx) => journal.after(tx, ['event'], 0, 10)), []);
  });
});
