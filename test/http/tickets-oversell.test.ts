import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { CONSISTENCY_QUERIES } from '../../src/storage/integrity.ts';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Never oversold (issue 46 item 3, decision 0109): 200 simultaneous RSVPs for a ticket's last 10
 * places end with exactly 10 more attendees and 190 refusals (409, with a message saying how many
 * are left), on either engine. On PostgreSQL the requests are spread over two nodes of the app
 * sharing the database, each with its own pool of connections, so that only the row lock orders them.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const SIMULTANEOUS = 200;
const LAST_PLACES = 10;
const TAKEN = 2;

describe(`RSVPs for the last places (${DIALECT})`, () => {
  let t: TestApp;
  let other: TestApp;

  before(async () => {
    t = await createTestApp();
    other = DIALECT === 'postgres' ? await createTestApp({ nodeOf: t }) : t;
  });
  after(async () => {
    if (other !== t) await other.close();
    await t.close();
  });

  const oversellCase = async (fields: Json) => {
    const event = (
      await createRecord(t, 'events', {
        title: 'Last places',
        start_date: '2026-12-20 19:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
    const made = await t.request('administrator', 'POST', 'tickets', { event, name: 'Seat', ...fields });
    assert.equal(made.statusCode, 201, made.body);
    const ticket = made.json<Json>().id as number;
    const first = await t.request('anonymous', 'POST', `tickets/${ticket}/rsvps`, {
      name: 'Early',
      email: 'early@example.com',
      quantity: TAKEN,
    });
    assert.equal(first.statusCode, 201, first.body);
    const answers = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, (_, at) =>
        (at % 2 === 0 ? t : other).request('anonymous', 'POST', `tickets/${ticket}/rsvps`, {
          name: `Guest ${at}`,
          email: `guest${at}@example.com`,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    assert.equal(
      statuses.filter((status) => status === 201).length,
      LAST_PLACES,
      `201s: ${JSON.stringify(
        answers
          .filter((a) => a.statusCode !== 201 && a.statusCode !== 409)
          .map((a) => a.body)
          .slice(0, 3),
      )}`,
    );
    const refused = answers.filter((answer) => answer.statusCode === 409);
    assert.equal(refused.length, SIMULTANEOUS - LAST_PLACES);
    for (const answer of refused) {
      assert.equal(answer.json<Json>().code, 'ticket-capacity-not-available');
      assert.equal(answer.json<Json>().message, 'The ticket "Seat" does not have that many available: 0 left.');
    }
    const going = await t.storage.read((tx) =>
      tx
        .selectFrom('attendees')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ticket_id', '=', ticket)
        .where('status', '=', 'going')
        .executeTakeFirstOrThrow(),
    );
    assert.equal(Number(going.n), TAKEN + LAST_PLACES);
    const read = (await t.request('anonymous', 'GET', `tickets/${ticket}`)).json<Json>();
    assert.deepEqual(read.availability, { status: 'sold_out', available: 0, sold: TAKEN + LAST_PLACES, pending: 0 });
    assert.deepEqual(await oversold(), [], "the restore command's check finds nothing oversold");
  };
  /** The rows of the integrity check the restore command runs (storage/integrity.ts) that find oversold places. */
  const oversold = async () => {
    const [, check] = CONSISTENCY_QUERIES.find(([label]) => label.includes('more attendees going than places'))!;
    return (await t.storage.read((tx) => sql.raw(check).execute(tx))).rows;
  };

  test(`${SIMULTANEOUS} simultaneous RSVPs for the last ${LAST_PLACES} places of a ticket with its own capacity`, () =>
    oversellCase({ capacity: TAKEN + LAST_PLACES }));

  test(`${SIMULTANEOUS} simultaneous RSVPs for the last ${LAST_PLACES} places of the event's shared pool`, () =>
    oversellCase({ capacity_mode: 'shared', shared_capacity: TAKEN + LAST_PLACES }));

  test("the integrity check finds a seat written past the capacity behind the service's back", async () => {
    const seat = await t.storage.read((tx) =>
      tx.selectFrom('attendees').selectAll().where('status', '=', 'going').limit(1).executeTakeFirstOrThrow(),
    );
    const { id: _id, ...copy } = seat;
    await t.storage.write((tx) =>
      tx
        .insertInto('attendees')
        .values({ ...copy, security_code: 'extra-seat' })
        .execute(),
    );
    assert.equal((await oversold()).length, 1);
  });
});
