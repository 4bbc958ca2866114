import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Events show Event Tickets' `ticketed` and the cost of their tickets (decision 0119): an event
 * without tickets as before, one with a free RSVP and a priced ticket with both providers and the
 * range "Free – $25.00", in single reads and the archive of both namespaces; and a ticket's write
 * retires the cached answers that showed it, with the read cache on and with the record cache only.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const TEC = '/wp-json/tribe/events/v1';
const ET = '/wp-json/tribe/tickets/v1';

const CACHES: { name: string; env: Record<string, string> }[] = [
  { name: 'read and record caches', env: {} },
  { name: 'record cache only', env: { CALENDAR_READ_CACHE_MB: '0' } },
];

for (const caches of CACHES) {
  describe(`events show their tickets, ${caches.name} (${DIALECT})`, () => {
    let t: TestApp;
    let plain: number;
    let ticketed: number;

    const single = async (base: string, id: number) => {
      const answer = await t.request('anonymous', 'GET', `${base}events/${id}`);
      assert.equal(answer.statusCode, 200, answer.body);
      return answer.json<Json>();
    };
    const listed = async (base: string, id: number) => {
      const answer = await t.request(
        'anonymous',
        'GET',
        `${base}events?start_date=2026-12-01&end_date=2026-12-31&per_page=50`,
      );
      assert.equal(answer.statusCode, 200, answer.body);
      return (answer.json<Json>().events as Json[]).find((event) => event.id === id)!;
    };
    const everyForm = async (id: number) => [
      await single(`${TEC}/`, id),
      await single('', id),
      await listed(`${TEC}/`, id),
      await listed('', id),
    ];

    before(async () => {
      t = await createTestApp({ env: caches.env });
      plain = (
        await createRecord(t, 'events', {
          title: 'Lecture',
          start_date: '2026-12-10 19:00:00',
          end_date: '2026-12-10 20:00:00',
          status: 'publish',
          cost: '$10',
        })
      ).id;
      ticketed = (
        await createRecord(t, 'events', {
          title: 'Concert',
          start_date: '2026-12-20 19:00:00',
          end_date: '2026-12-20 22:00:00',
          status: 'publish',
        })
      ).id;
    });
    after(() => t.close());

    test('an event without tickets shows its own cost and no ticketed flag', async () => {
      for (const event of await everyForm(plain)) {
        assert.equal('ticketed' in event, false);
        assert.equal(event.cost, '$10');
        assert.deepEqual(event.cost_details.values, ['10']);
      }
    });

    test('tickets show as the providers and the range of their prices, and leave with the ticket', async () => {
      for (const event of await everyForm(ticketed)) assert.equal(event.cost, '', 'cached before the tickets exist');
      const made = [];
      for (const fields of [
        { name: 'RSVP', price: '0' },
        { name: 'Seat', price: '$25.00' },
      ]) {
        const answer = await t.request('administrator', 'POST', `${ET}/tickets`, { event: ticketed, ...fields });
        assert.equal(answer.statusCode, 201, answer.body);
        made.push(answer.json<Json>().id as number);
      }
      for (const event of await everyForm(ticketed)) {
        assert.deepEqual(event.ticketed, ['rsvp', 'tickets-commerce']);
        assert.equal(event.cost, 'Free – $25.00');
        assert.deepEqual(event.cost_details.values, ['0', '25.00']);
      }
      assert.equal((await single(`${TEC}/`, ticketed)).json_ld.offers.price, '0 – 25.00');
      const removed = await t.request('administrator', 'DELETE', `${ET}/tickets/${made[1]}`);
      assert.equal(removed.statusCode, 200, removed.body);
      for (const event of await everyForm(ticketed)) {
        assert.deepEqual(event.ticketed, ['rsvp']);
        assert.equal(event.cost, 'Free');
      }
      const drafted = await t.request('administrator', 'POST', `${ET}/tickets/${made[0]}`, { status: 'draft' });
      assert.equal(drafted.statusCode, 200, drafted.body);
      for (const event of await everyForm(ticketed)) {
        assert.equal('ticketed' in event, false, 'a ticket not published does not count');
        assert.equal(event.cost, '');
      }
    });

    test("a ticket's write retires its event's answers only, not every cached one", async () => {
      assert.equal((await single('', plain)).title, 'Lecture');
      // Renamed behind the API, with no trace of the change: only a cache emptied whole would show it.
      await t.storage.write(async (tx) => {
        await tx.updateTable('posts').set({ title: 'Renamed' }).where('id', '=', plain).execute();
        await tx.deleteFrom('content_changes').where('version', '<=', 0).execute();
      });
      const answer = await t.request('administrator', 'POST', `${ET}/tickets`, {
        event: ticketed,
        name: 'Late seat',
        price: '30',
      });
      assert.equal(answer.statusCode, 201, answer.body);
      assert.equal((await single('', plain)).title, 'Lecture', 'the other event is still answered from the cache');
      assert.deepEqual((await single('', ticketed)).ticketed, ['tickets-commerce']);
    });
  });
}
