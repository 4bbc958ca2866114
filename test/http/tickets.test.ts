import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { assertError, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * Tickets and attendees (issue 46, decisions 0108–0110): Event Tickets' REST v1 routes under its
 * namespace and ours, availability computed at read, RSVPs within capacity, bad input refused
 * with nothing written, attendees seen only by those who may edit the event, and an event's
 * trash and deletion reaching its tickets and attendees.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ET = '/wp-json/tribe/tickets/v1';

describe(`tickets and attendees (${DIALECT})`, () => {
  let t: TestApp;
  let event: number;
  let authorsEvent: number;

  const ticket = async (fields: Json, as: 'administrator' | 'author' | 'editor' = 'administrator') => {
    const answer = await t.request(as, 'POST', `${ET}/tickets`, fields);
    assert.equal(answer.statusCode, 201, answer.body);
    return answer.json<Json>();
  };
  const rsvp = (id: number, body: Json) => t.request('anonymous', 'POST', `tickets/${id}/rsvps`, body);
  const attendeeCount = async (ticketId: number) =>
    (await t.request('administrator', 'GET', `attendees?ticket_id=${ticketId}&per_page=100`)).json<Json>()
      .total as number;

  before(async () => {
    t = await createTestApp();
    event = (
      await createRecord(t, 'events', {
        title: 'Concert',
        start_date: '2026-12-20 19:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
    authorsEvent = (
      await createRecord(
        t,
        'events',
        {
          title: "Author's talk",
          start_date: '2026-12-21 19:00:00',
          end_date: '2026-12-21 20:00:00',
          status: 'publish',
        },
        'author',
      )
    ).id;
  });
  after(() => t.close());

  test('a ticket is created, read and listed under tribe/tickets/v1 and our namespace, with availability and X-ET headers', async () => {
    const made = await ticket({
      event,
      name: 'General admission',
      price: '$25.00',
      capacity: 100,
      sku: 'GA-1',
      start_date: '2026-11-01 09:00:00',
      end_date: '2026-12-20 18:00:00',
    });
    assert.equal(made.post_id, event);
    assert.equal(made.type, 'tec_tc_ticket');
    assert.equal(made.provider, 'tickets-commerce');
    assert.equal(made.cost, '$25.00');
    assert.equal(made.price, '25.00');
    assert.equal(made.capacity, 100);
    assert.deepEqual(made.availability, { status: 'available', available: 100, sold: 0, pending: 0 });
    assert.equal(made.available_from, '2026-11-01 09:00:00');
    assert.match(made.rest_url, /\/wp-json\/tribe\/tickets\/v1\/tickets\/\d+$/);
    const read = await t.request('anonymous', 'GET', `${ET}/tickets/${made.id}`);
    assert.equal(read.statusCode, 200);
    assert.equal(read.json<Json>().title, 'General admission');
    assert.equal(read.json<Json>().capacity_details.sold, undefined, 'the counts are for managers only');
    const ours = await t.request('anonymous', 'GET', `tickets/${made.id}`);
    assert.equal(ours.statusCode, 200);
    assert.match(ours.json<Json>().rest_url, /\/calendar\/events\/v1\/tickets\//);
    const list = await t.request('anonymous', 'GET', `${ET}/tickets?include_post=${event}&per_page=5`);
    assert.equal(list.statusCode, 200);
    assert.equal(list.headers['x-et-total'], String(list.json<Json>().total));
    assert.equal(list.headers['x-et-total-pages'], '1');
    assert.ok(list.json<Json>().tickets.some((row: Json) => row.id === made.id));
    const ticketed = async (value: boolean) =>
      (
        await t.request(
          'anonymous',
          'GET',
          `/wp-json/tribe/events/v1/events?ticketed=${value}&start_date=2026-12-01&end_date=2026-12-31`,
        )
      )
        .json<Json>()
        .events.map((row: Json) => row.id as number);
    assert.deepEqual(await ticketed(true), [event]);
    assert.deepEqual(await ticketed(false), [authorsEvent]);
    const index = (await t.request('anonymous', 'GET', '/wp-json/')).json<Json>().routes;
    assert.deepEqual(index['/tribe/tickets/v1/tickets'].methods, ['GET', 'POST']);
    assert.ok(index['/calendar/events/v1/tickets/(?P<id>\\d+)/rsvps']);
    assert.equal(index['/tribe/tickets/v1/tickets/(?P<id>\\d+)/rsvps'], undefined, 'the RSVP is ours only');
    assert.equal(index['/tribe/events/v1/tickets'], undefined, 'not under the events alias');
    assert.equal((await t.request('anonymous', 'OPTIONS', `${ET}/tickets`)).statusCode, 200);
    assertError(
      await t.request('anonymous', 'GET', `/wp-json/tribe/events/v1/tickets/${made.id}`),
      404,
      'rest_no_route',
    );
    assertError(await t.request('anonymous', 'GET', `${ET}/tickets?per_page=101`), 400, 'rest_invalid_param');
    assertError(await t.request('anonymous', 'GET', `${ET}/tickets?page=9`), 400, 'invalid-page-number');
  });

  test('the archive filters: provider, search, is_available, include/exclude, and the managers-only counts', async () => {
    const free = await ticket({ event, name: 'Free RSVP seat', capacity: 2 });
    const paid = await ticket({ event, name: 'VIP lounge', price: 90, capacity: 1 });
    assert.equal((await rsvp(paid.id, { name: 'Ann', email: 'ann@example.com' })).statusCode, 201);
    const ids = async (query: string, as: 'anonymous' | 'administrator' = 'anonymous') =>
      (await t.request(as, 'GET', `${ET}/tickets?include_post=${event}&per_page=100&${query}`))
        .json<Json>()
        .tickets.map((row: Json) => row.id as number);
    assert.ok((await ids('provider=rsvp')).includes(free.id));
    assert.ok(!(await ids('provider=rsvp')).includes(paid.id));
    assert.deepEqual(await ids('search=lounge'), [paid.id]);
    assert.ok(!(await ids('is_available=true')).includes(paid.id), 'sold out');
    assert.ok((await ids('is_available=false')).includes(paid.id));
    assert.deepEqual(await ids(`include=${free.id},${paid.id}&exclude=${free.id}`), [paid.id]);
    assert.ok((await ids('include=&exclude=&provider=&status=')).includes(free.id), 'an empty list filters nothing');
    assert.equal(
      (await t.request('administrator', 'GET', `${ET}/attendees?include_post=&exclude_ticket=&rsvp_going_status=`))
        .statusCode,
      200,
    );
    assert.deepEqual(await ids('attendees_min=1&attendees_max=1', 'administrator'), [paid.id]);
    assert.ok(
      (await ids('attendees_min=1', 'anonymous')).includes(free.id),
      'ignored for those who may not edit every event',
    );
    assert.deepEqual(await ids('capacity_min=2&capacity_max=2', 'administrator'), [free.id]);
  });

  test('RSVPs take places until none is left; more than is left, a closed sale, a bad e-mail or an unknown ticket are refused and write nothing', async () => {
    const seats = await ticket({
      event,
      name: 'Workshop',
      capacity: 3,
      attendee_fields: [
        { label: 'Diet', type: 'choice', options: ['vegan', 'none'], required: true },
        { label: 'Note', type: 'text' },
      ],
    });
    // The fields answer as written, `required` included (the serializer once dropped every key so named).
    const fields = [
      { label: 'Diet', type: 'choice', options: ['vegan', 'none'], required: true },
      { label: 'Note', type: 'text', options: [], required: false },
    ];
    assert.deepEqual(seats.attendee_fields, fields);
    assert.deepEqual(
      (await t.request('anonymous', 'GET', `${ET}/tickets/${seats.id}`)).json<Json>().attendee_fields,
      fields,
    );
    const first = await rsvp(seats.id, {
      name: 'Bo',
      email: 'bo@example.com',
      quantity: 2,
      answers: { Diet: 'vegan' },
    });
    assert.equal(first.statusCode, 201, first.body);
    assert.equal(first.json<Json>().attendees.length, 2);
    assert.deepEqual(first.json<Json>().availability, { status: 'available', available: 1, sold: 2, pending: 0 });
    const tooMany = await rsvp(seats.id, {
      name: 'Cy',
      email: 'cy@example.com',
      quantity: 2,
      answers: { Diet: 'none' },
    });
    assertError(tooMany, 409, 'ticket-capacity-not-available');
    assert.match(tooMany.json<Json>().message, /1 left/);
    assertError(
      await rsvp(seats.id, { name: 'Cy', email: 'not-an-address', answers: { Diet: 'none' } }),
      400,
      'rest_invalid_param',
    );
    assertError(await rsvp(seats.id, { name: 'Cy', email: 'cy@example.com' }), 400, 'attendee_invalid_answers');
    assertError(
      await rsvp(seats.id, { name: 'Cy', email: 'cy@example.com', answers: { Diet: 'meat' } }),
      400,
      'attendee_invalid_answers',
    );
    assertError(await rsvp(999_999, { name: 'Cy', email: 'cy@example.com' }), 404, 'ticket-not-found');
    assertError(
      await rsvp(seats.id, { name: 'Cy', email: 'cy@example.com', quantity: 0, answers: { Diet: 'none' } }),
      400,
      'rest_invalid_param',
    );
    assert.equal(await attendeeCount(seats.id), 2, 'no refused RSVP wrote an attendee');
    const last = await rsvp(seats.id, { name: 'Cy', email: 'cy@example.com', answers: { Diet: 'none' } });
    assert.equal(last.json<Json>().availability.status, 'sold_out');
    const closed = await ticket({
      event,
      name: 'Early bird',
      capacity: 5,
      start_date: '2026-10-01 00:00:00',
      end_date: '2026-11-01 00:00:00',
    });
    assertError(await rsvp(closed.id, { name: 'Di', email: 'di@example.com' }), 409, 'ticket_sale_closed');
    assert.equal(
      (await t.request('anonymous', 'GET', `tickets/${closed.id}`)).json<Json>().availability.status,
      'unavailable',
    );
    assert.equal(await attendeeCount(closed.id), 0);
  });

  test("shared capacity: the event's pool caps its shared tickets together", async () => {
    const pooled = (
      await createRecord(t, 'events', {
        title: 'Gala',
        start_date: '2026-12-22 19:00:00',
        end_date: '2026-12-22 22:00:00',
        status: 'publish',
      })
    ).id;
    const a = await ticket({ event: pooled, name: 'Table A', capacity_mode: 'shared', shared_capacity: 3 });
    const b = await ticket({ event: pooled, name: 'Table B', capacity_mode: 'shared', capacity: 2 });
    assert.equal((await rsvp(a.id, { name: 'Ed', email: 'ed@example.com', quantity: 2 })).statusCode, 201);
    assertError(
      await rsvp(b.id, { name: 'Fa', email: 'fa@example.com', quantity: 2 }),
      409,
      'ticket-capacity-not-available',
    );
    assert.equal((await rsvp(b.id, { name: 'Fa', email: 'fa@example.com' })).statusCode, 201);
    assert.equal((await t.request('anonymous', 'GET', `tickets/${a.id}`)).json<Json>().availability.status, 'sold_out');
  });

  test('writes: bad input gets a clear 4xx; only those who may edit the event write its tickets', async () => {
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, { event, name: 'Bad', capacity: -5 }),
      400,
      'ticket_invalid_capacity',
    );
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, { event, name: 'Bad', price: '-3' }),
      400,
      'rest_invalid_param',
    );
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, { event: 999_999, name: 'Bad' }),
      400,
      'ticket_invalid_event',
    );
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, { name: 'Bad' }),
      400,
      'rest_missing_callback_param',
    );
    assertError(
      await t.request('administrator', 'POST', `${ET}/tickets`, { event, name: 'Bad', capacity_mode: 'shared' }),
      400,
      'ticket_invalid_capacity',
    );
    assertError(await t.request('anonymous', 'POST', `${ET}/tickets`, { event, name: 'Bad' }), 401, 'rest_forbidden');
    assertError(
      await t.request('author', 'POST', `${ET}/tickets`, { event, name: 'Not mine' }),
      403,
      'ticket-not-accessible',
    );
    const own = await ticket({ event: authorsEvent, name: 'Talk seat', capacity: 10 }, 'author');
    assertError(
      await t.request('subscriber', 'PATCH', `${ET}/tickets/${own.id}`, { capacity: 3 }),
      403,
      'rest_forbidden',
    );
    const changed = await t.request('editor', 'PUT', `${ET}/tickets/${own.id}`, { capacity: 4, name: 'Talk place' });
    assert.equal(changed.statusCode, 200, changed.body);
    assert.equal(changed.json<Json>().capacity, 4);
    assert.equal(changed.json<Json>().title, 'Talk place');
    await rsvp(own.id, { name: 'Gu', email: 'gu@example.com', quantity: 3 });
    assertError(
      await t.request('editor', 'PATCH', `${ET}/tickets/${own.id}`, { capacity: 2 }),
      400,
      'ticket_invalid_capacity',
    );
    assertError(await t.request('administrator', 'GET', `${ET}/tickets/999999`), 404, 'ticket-not-found');
    const removed = await t.request('author', 'DELETE', `${ET}/tickets/${own.id}`);
    assert.equal(removed.statusCode, 200);
    assert.equal(removed.json<Json>().deleted, true);
    assertError(await t.request('anonymous', 'GET', `${ET}/tickets/${own.id}`), 404, 'ticket-not-found');
  });

  test('attendees reach only those who may edit the event; check-in and check-out, by our route and by the QR code', async () => {
    const talk = await ticket({ event: authorsEvent, name: 'Door', capacity: 10 }, 'author');
    const made = (await rsvp(talk.id, { name: 'Hana Private', email: 'hana@example.com' })).json<Json>();
    const [seat] = made.attendees as Json[];
    assertError(await t.request('anonymous', 'GET', `${ET}/attendees`), 401, 'rest_forbidden');
    assertError(await t.request('subscriber', 'GET', `${ET}/attendees`), 403, 'rest_forbidden');
    assertError(await t.request('contributor', 'GET', `${ET}/attendees/${seat!.id}`), 403, 'attendee-not-accessible');
    assert.equal((await t.request('contributor', 'GET', `${ET}/attendees?per_page=100`)).json<Json>().total, 0);
    const mine = (await t.request('author', 'GET', `${ET}/attendees?per_page=100`)).json<Json>();
    assert.deepEqual(
      mine.attendees.map((row: Json) => row.email),
      ['hana@example.com'],
    );
    for (const as of ['anonymous', 'subscriber', 'contributor'] as const) {
      for (const url of [
        `${ET}/tickets/${talk.id}`,
        `${ET}/tickets?per_page=100`,
        'events?per_page=50',
        `events/${authorsEvent}`,
      ]) {
        const body = (await t.request(as, 'GET', url)).body;
        assert.ok(
          !body.includes('hana@example.com') && !body.includes('Hana Private'),
          `${as} ${url} shows no attendee`,
        );
      }
    }
    const checkedIn = await t.request('author', 'POST', `${ET}/attendees/${seat!.id}/check-in`);
    assert.equal(checkedIn.statusCode, 200, checkedIn.body);
    assert.equal(checkedIn.json<Json>().checked_in, true);
    assert.equal((await t.request('author', 'GET', `${ET}/tickets/${talk.id}`)).json<Json>().checkin.checked_in, 1);
    assert.equal(
      (await t.request('author', 'DELETE', `${ET}/attendees/${seat!.id}/check-in`)).json<Json>().checked_in,
      false,
    );
    assertError(
      await t.request('author', 'POST', `${ET}/qr`, { ticket_id: seat!.id, security_code: 'wrong' }),
      403,
      'attendee_security_code_mismatch',
    );
    const qr = await t.request('author', 'POST', `${ET}/qr`, {
      ticket_id: seat!.id,
      security_code: seat!.security_code,
    });
    assert.equal(qr.statusCode, 200, qr.body);
    assert.equal(qr.json<Json>().attendee.checked_in, true);
    assertError(
      await t.request('contributor', 'POST', `${ET}/qr`, { ticket_id: seat!.id, security_code: seat!.security_code }),
      403,
      'attendee-not-accessible',
    );
  });

  test('availability is never served stale from the read cache, and an RSVP is journaled as its seats and its ticket (decision 0129)', async () => {
    const seat = await ticket({ event, name: 'Cached', capacity: 5 });
    const journal = async () =>
      Number(
        (
          await t.storage.read((tx) =>
            tx
              .selectFrom('record_changes')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow(),
          )
        ).n,
      );
    const read = async () =>
      (await t.request('anonymous', 'GET', `${ET}/tickets/${seat.id}`)).json<Json>().availability.available as number;
    assert.equal(await read(), 5);
    assert.equal(await read(), 5);
    const before = await journal();
    assert.equal((await rsvp(seat.id, { name: 'Lu', email: 'lu@example.com', quantity: 2 })).statusCode, 201);
    assert.equal(await read(), 3, 'the same second, after the RSVP');
    // Its two seats created and its ticket updated (its availability), read by webhooks only for owners who may edit the event.
    assert.equal(await journal(), before + 3);
  });

  test('trashing an event trashes its tickets; deleting it deletes its attendees', async () => {
    const doomed = (
      await createRecord(t, 'events', {
        title: 'Doomed',
        start_date: '2026-12-23 19:00:00',
        end_date: '2026-12-23 22:00:00',
        status: 'publish',
      })
    ).id;
    const seat = await ticket({ event: doomed, name: 'Seat', capacity: 5 });
    await rsvp(seat.id, { name: 'Io', email: 'io@example.com', quantity: 2 });
    assert.equal((await t.request('administrator', 'DELETE', `events/${doomed}`)).statusCode, 200);
    assert.equal((await t.request('administrator', 'GET', `${ET}/tickets/${seat.id}`)).json<Json>().status, 'trash');
    assertError(await t.request('anonymous', 'GET', `${ET}/tickets/${seat.id}`), 401, 'ticket-not-accessible');
    assertError(await rsvp(seat.id, { name: 'Jo', email: 'jo@example.com' }), 404, 'ticket-not-found');
    assert.equal(await attendeeCount(seat.id), 2);
    assert.equal((await t.request('administrator', 'DELETE', `events/${doomed}?force=true`)).statusCode, 200);
    assertError(await t.request('administrator', 'GET', `${ET}/tickets/${seat.id}`), 404, 'ticket-not-found');
    assert.equal(await attendeeCount(seat.id), 0);
    const left = await t.storage.read((tx) =>
      tx.selectFrom('attendees').select('id').where('event_id', '=', doomed).execute(),
    );
    assert.deepEqual(left, []);
  });
});

describe(`RSVPs under the rate limits (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ env: { CALENDAR_RATE_LIMIT_WRITES: '2', CALENDAR_RATE_LIMIT_READS: '0' } });
  });
  after(() => t.close());

  test("a visitor's RSVPs count against the write limit of their address, as the community form's do", async () => {
    const event = (
      await createRecord(t, 'events', {
        title: 'Limited',
        start_date: '2026-12-20 19:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
    const made = (
      await t.request('administrator', 'POST', `${ET}/tickets`, { event, name: 'Seat', capacity: 50 })
    ).json<Json>();
    const send = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: `/calendar/events/v1/tickets/${made.id}/rsvps`,
        remoteAddress: address,
        payload: { name: 'Ko', email: 'ko@example.com' },
      });
    assert.equal((await send('203.0.113.7')).statusCode, 201);
    assert.equal((await send('203.0.113.7')).statusCode, 201);
    assertError(await send('203.0.113.7'), 429, 'rest_too_many_requests');
    assert.equal((await send('203.0.113.8')).statusCode, 201, 'another address has its own count');
  });
});
