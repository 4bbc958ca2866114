import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { ExportNames } from '../../src/modules/events/export-names.ts';
import type { ArchiveCursor } from '../../src/storage/repositories/events.repository.ts';
import type { EventFilter } from '../../src/storage/repositories/event-filter.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { countStatements } from '../fixtures/statements.ts';

/*
 * The names the events' CSV writes of their relations (decision 0136): read once per export and
 * kept from batch to batch while the content version stays, read again after any write, so each
 * batch names what its own snapshot holds; an event's terms in the JSON's order (by name, case
 * left aside, then id), whatever the order they were made or filed in.
 */

const FILTER: EventFilter = {
  statuses: ['publish'],
  startFrom: '2027-05-01 00:00:00',
  endUntil: '2027-05-31 23:59:59',
};

describe(`CSV export: its relations' names (${DIALECT})`, () => {
  let t: TestApp;
  let venue: number;

  before(async () => {
    t = await createTestApp();
    venue = (await createRecord(t, 'venues', { venue: 'Old Hall' })).id;
    // Made in another order than their names': the ids do not give the names' order.
    for (const tag of ['zeta', 'Alpha', 'beta', 'Zulu', 'alpine']) await createRecord(t, 'tags', { name: tag });
    for (const day of ['05', '06', '07'])
      await createRecord(t, 'events', {
        title: `Concert on the ${day}th`,
        start_date: `2027-05-${day} 19:00`,
        end_date: `2027-05-${day} 21:00`,
        venue,
        tags: ['zeta', 'beta', 'Zulu', 'Alpha', 'alpine'],
      });
  });
  after(() => t.close());

  /** One batch of one row, as the export reads it, with the statements its unit ran. */
  const batch = async (names: ExportNames, after: ArchiveCursor | undefined) => {
    const { result, statements } = await countStatements(() =>
      t.storage.read(async (tx) => {
        const { rows, next } = await t.services.eventArchive.exportAfter(tx, FILTER, after, 1, 'en', names);
        return { names: names.of(rows[0]!), next };
      }),
    );
    return { ...result, statements };
  };
  const readsNames = (statements: readonly string[]) =>
    statements.some((statement) => /from "posts" where "id" in|from "terms"/.test(statement));

  test('names are read once while the content stays, again after a write: a batch names what its snapshot holds', async () => {
    const names = t.services.events.exportNames('en', null);
    const first = await batch(names, undefined);
    assert.deepEqual(first.names.venues, ['Old Hall']);
    assert.equal(readsNames(first.statements), true, 'the first batch reads its names');

    const second = await batch(names, first.next);
    assert.deepEqual(second.names.venues, ['Old Hall']);
    assert.equal(readsNames(second.statements), false, `no write: no name read again\n${second.statements.join('\n')}`);

    const renamed = await t.request('administrator', 'POST', `venues/${venue}`, { venue: 'New Hall' });
    assert.equal(renamed.statusCode, 200, renamed.body);
    const third = await batch(names, second.next);
    assert.deepEqual(third.names.venues, ['New Hall']);
    assert.equal(readsNames(third.statements), true);

    const drafted = await t.request('administrator', 'POST', `venues/${venue}`, { status: 'draft' });
    assert.equal(drafted.statusCode, 200, drafted.body);
    const again = await batch(names, undefined);
    assert.deepEqual(again.names.venues, [], 'an anonymous reader no longer sees the venue');
    const editors = await batch(
      t.services.events.exportNames('en', { id: t.ids.editor, login: 'editor', role: 'editor' }),
      undefined,
    );
    assert.deepEqual(editors.names.venues, ['New Hall']);
  });

  test("an event's terms in the JSON's order: by name, case left aside, then id", async () => {
    const json = await t.request('anonymous', 'GET', 'events?start_date=2027-05-01&end_date=2027-05-31');
    assert.equal(json.statusCode, 200, json.body);
    const tagsOf = (event: { tags: { name: string }[] }) => event.tags.map((tag) => tag.name);
    const shown = json.json<{ events: { tags: { name: string }[] }[] }>().events.map(tagsOf);
    assert.deepEqual(shown[0], ['Alpha', 'alpine', 'beta', 'zeta', 'Zulu']);

    const csv = await t.request('anonymous', 'GET', 'events?start_date=2027-05-01&end_date=2027-05-31', undefined, {
      accept: 'text/csv',
    });
    assert.equal(csv.statusCode, 200, csv.body);
    const rows = parse<Record<string, string>>(csv.body, { bom: true, columns: true });
    assert.deepEqual(
      rows.map((row) => row['Event Tags']),
      shown.map((tags) => tags.join(', ')),
    );
  });
});
