import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { RecordChangesRepository } from '../../src/storage/repositories/record-changes.repository.ts';
import { DIALECT, type TestApp } from '../fixtures/app.ts';
import { HeldUnits, twoNodesOneHeld } from '../fixtures/held-units.ts';

/*
 * The change journal's order under parallel writes on two nodes (decision 0027): a unit numbered
 * lower must never commit after a reader has gone past a higher number, or a client resuming from
 * its sync token skips that change for good. Node A's writes are held open after their work (their
 * journal rows written) until the test lets them finish; node B writes meanwhile, and
 * a client syncs the events through B before and after A commits. With a journal numbered by a
 * sequence at insert and units running side by side, B commits the higher number first, the client's
 * token moves past A's number, and A's change is lost.
 */

describe(`the journal's order under parallel writes on two nodes (${DIALECT})`, () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  const held = new HeldUnits();

  before(async () => {
    ({ nodeA, nodeB } = await twoNodesOneHeld(held));
  });
  after(async () => {
    await nodeB.close();
    await nodeA.close();
  });

  const created = (response: { statusCode: number; body: string; json: () => { id: number } }) => {
    assert.equal(response.statusCode, 201, response.body);
    return response.json().id;
  };
  const event = (title: string) => ({
    title,
    start_date: '2027-05-01 10:00:00',
    end_date: '2027-05-01 11:00:00',
    status: 'publish',
  });
  const syncThroughB = async (token: string) => {
    const response = await nodeB.request('anonymous', 'GET', `events?sync_token=${token}&per_page=50`);
    assert.equal(response.statusCode, 200, response.body);
    const body = response.json<{ events: { id: number }[]; next_sync_token: string }>();
    return { ids: body.events.map((entry) => entry.id), next: body.next_sync_token };
  };

  test('a client syncing while the nodes write side by side misses no change, whichever commits first', async () => {
    const start = String((await nodeB.request('anonymous', 'GET', 'events')).headers['x-sync-token']);
    // B writes a category while A's unit is open: the two units touch no common row (no day count,
    // no term count); B either waits for A (one writer at a time) or commits first, numbered after A.
    let first!: { ids: number[]; next: string };
    const [writeA, writeB] = await held.race(
      () => nodeA.request('administrator', 'POST', 'events', event('Written through A, committed late')),
      () => nodeB.request('administrator', 'POST', 'categories', { name: 'Written through B meanwhile' }),
      async () => (first = await syncThroughB(start)),
    );
    const eventId = created(writeA);
    created(writeB);
    const second = await syncThroughB(first.next);
    assert.deepEqual([...first.ids, ...second.ids], [eventId]);
  });

  test('a unit that writes journal rows without raising the content version is numbered at its end too', async () => {
    const journal = new RecordChangesRepository();
    const category = created(
      await nodeA.request('administrator', 'POST', 'categories', { name: 'Touched behind the API' }),
    );
    const { latest: start } = await nodeB.storage.read((tx) => journal.bounds(tx));
    let first!: Awaited<ReturnType<typeof journal.after>>;
    // Node A's unit changes the category (its trigger writes a journal row) and runs no
    // touchContent, as the horizon extender and the importers' bookkeeping may: the unit runner
    // stamps its row at its end. Node B writes a tag meanwhile: no change tag in common with A's
    // category (whose list tag would make B wait for A), so on PostgreSQL it commits first.
    const [, writeB] = await held.race(
      () =>
        held.writes(nodeA.storage).write((tx) =>
          tx
            .updateTable('terms')
            .set({ version: sql<number>`version + 1` })
            .where('id', '=', category)
            .execute(),
        ),
      () => nodeB.request('administrator', 'POST', 'tags', { name: 'Written through B while A is open' }),
      async () => (first = await nodeB.storage.read((tx) => journal.after(tx, ['category', 'tag'], start, 50))),
    );
    const tagB = created(writeB);
    const resumeFrom = first.at(-1)?.seq ?? start;
    const second = await nodeB.storage.read((tx) => journal.after(tx, ['category', 'tag'], resumeFrom, 50));
    assert.deepEqual([...first, ...second].map((change) => change.recordId).sort(), [category, tagB].sort());
  });
});
