import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { TecSource } from '../../src/modules/tec-import/tec-source.ts';
import { AttendeesRepository } from '../../src/storage/repositories/attendees.repository.ts';
import { API, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { until } from '../fixtures/wait.ts';

/*
 * A TEC site's tickets and attendees in `import-tec` and site imports (issue 46 item 6, decision
 * 0130): the source is this service's own tribe/events/v1 and tribe/tickets/v1 (which follow the
 * original's wire shapes), holding an RSVP with a capacity, a paid ticket, and attendees checked in
 * and not. Imported, checked field by field; imported again, nothing doubles. A site without Event
 * Tickets (a front answering 404 rest_no_route on tribe/tickets/v1) imports as before.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PREFIX = '/wp-json';
const ET = '/wp-json/tribe/tickets/v1';
const ALLOW_LOOPBACK = { CALENDAR_IMPORT_ALLOW_PRIVATE: '127.0.0.1' };
const RUNS = 'imports/sites';

/** A front to `origin` whose site has no Event Tickets: tribe/tickets/v1 answers 404 rest_no_route. */
async function withoutEventTickets(origin: string): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if ((request.url ?? '').startsWith(`${ET}/`)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          code: 'rest_no_route',
          message: 'No route was found matching the URL and request method.',
          data: { status: 404 },
        }),
      );
      return;
    }
    const forwarded = http.request(
      `${origin}${request.url}`,
      { method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

describe(`import-tec brings Event Tickets' tickets and attendees (${DIALECT})`, () => {
  let source: TestApp;
  let origin: string;
  let front: http.Server;

  const importInto = async (target: TestApp, url: string) => {
    const answer = await target.request('administrator', 'POST', RUNS, {
      url,
      user: 'administrator',
      app_password: 'administrator-password',
    });
    assert.equal(answer.statusCode, 202, answer.body);
    const id = answer.json<Json>().id as number;
    const done = await until(
      `import ${id} ended`,
      async () => {
        const body = (await target.request('administrator', 'GET', `${RUNS}/${id}`)).json<Json>();
        return ['running', 'cancelling'].includes(body.state as string) ? undefined : body;
      },
      30_000,
    );
    assert.equal(done.state, 'completed', JSON.stringify(done));
    assert.equal(done.error_count, 0, JSON.stringify(done));
    return done;
  };
  const tickets = async (target: TestApp) =>
    (await target.request('administrator', 'GET', `${ET}/tickets?per_page=100`)).json<Json>().tickets as Json[];
  const attendees = async (target: TestApp) =>
    (await target.request('administrator', 'GET', `${ET}/attendees?per_page=100`)).json<Json>().attendees as Json[];
  const eventTitle = async (target: TestApp, id: number) =>
    (await target.request('administrator', 'GET', `events/${id}`)).json<Json>().title as string;

  before(async () => {
    source = await createTestApp({ env: { CALENDAR_REST_PREFIX: PREFIX } });
    const write = async (path: string, body: Json) => {
      const answer = await source.request('administrator', 'POST', path, body);
      assert.equal(answer.statusCode, 201, answer.body);
      return answer.json<Json>();
    };
    const concert = await write(`${PREFIX}${API}/events`, {
      title: 'Harbour concert',
      status: 'publish',
      start_date: '2027-03-10 18:00:00',
      end_date: '2027-03-10 20:00:00',
    });
    await write(`${PREFIX}${API}/events`, {
      title: 'Quay market',
      status: 'publish',
      start_date: '2027-03-12 09:00:00',
      end_date: '2027-03-12 13:00:00',
    });
    const rsvp = await write(`${ET}/tickets`, {
      event: concert.id,
      name: 'Free seat',
      description: 'Come along',
      capacity: 20,
      attendee_fields: [{ label: 'Diet', type: 'text' }],
    });
    const paid = await write(`${ET}/tickets`, {
      event: concert.id,
      name: 'Front row',
      price: '25.50',
      currency: 'EUR',
      sku: 'FR-1',
      capacity: 5,
      start_date: '2027-01-01 09:00:00',
      end_date: '2027-03-10 17:00:00',
    });
    const seat = (ticket: Json, name: string, extra: Json = {}) => ({
      ticket_id: ticket.id as number,
      event_id: concert.id as number,
      name,
      email: `${name.toLowerCase()}@example.com`,
      answers: '{}',
      status: 'going' as const,
      checked_in: 0 as 0 | 1,
      checked_in_utc: null as string | null,
      security_code: `code-${name.toLowerCase()}`,
      order_ref: `order-${name.toLowerCase()}`,
      created_utc: '2027-01-05 10:00:00',
      modified_utc: '2027-01-05 10:00:00',
      ...extra,
    });
    await source.storage.write((tx) =>
      new AttendeesRepository().createSeats(tx, [
        seat(rsvp, 'Ada', {
          answers: JSON.stringify({ Diet: 'vegan' }),
          checked_in: 1,
          checked_in_utc: '2027-03-10 17:45:00',
        }),
        seat(rsvp, 'Ben'),
        seat(rsvp, 'Cleo', { status: 'not-going' }),
        seat(paid, 'Dora', { checked_in: 1, checked_in_utc: '2027-03-10 17:50:00' }),
      ]),
    );
    origin = await source.app.listen({ host: '127.0.0.1', port: 0 });
    front = await withoutEventTickets(origin);
  });
  after(async () => {
    front?.close();
    source?.app.server.closeAllConnections();
    await source?.close();
  });

  test('tickets and attendees are copied field by field after their events, without an e-mail; a re-import duplicates nothing', async () => {
    const target = await createTestApp({ env: ALLOW_LOOPBACK });
    try {
      await importInto(target, `${origin}/`);
      const copied = (await tickets(target)).sort((a, b) => String(a.title).localeCompare(String(b.title)));
      assert.deepEqual(
        copied.map((ticket) => ticket.title),
        ['Free seat', 'Front row'],
      );
      const [free, front] = copied as [Json, Json];
      assert.equal(await eventTitle(target, free.post_id as number), 'Harbour concert');
      assert.equal(front.post_id, free.post_id);
      assert.deepEqual(
        [
          free.provider,
          free.description,
          free.capacity,
          free.capacity_mode,
          free.price,
          free.availability.sold,
          free.availability.available,
          free.attendee_fields,
        ],
        ['rsvp', 'Come along', 20, 'own', '0', 2, 18, [{ label: 'Diet', type: 'text', options: [], required: false }]],
      );
      assert.deepEqual(
        [
          front.provider,
          front.price,
          front.currency,
          front.sku,
          front.capacity,
          front.available_from,
          front.available_until,
          front.availability.sold,
        ],
        ['tickets-commerce', '25.50', 'EUR', 'FR-1', 5, '2027-01-01 09:00:00', '2027-03-10 17:00:00', 1],
      );
      const seats = (await attendees(target)).sort((a, b) => String(a.title).localeCompare(String(b.title)));
      const fields = (seat: Json) => [
        seat.title,
        seat.email,
        seat.ticket_id,
        seat.post_id,
        seat.rsvp_status,
        seat.checked_in,
        seat.checked_in_at,
        seat.security_code,
        seat.order,
        seat.answers,
      ];
      assert.deepEqual(seats.map(fields), [
        [
          'Ada',
          'ada@example.com',
          free.id,
          free.post_id,
          'going',
          true,
          '2027-03-10 17:45:00',
          'code-ada',
          'order-ada',
          { Diet: 'vegan' },
        ],
        ['Ben', 'ben@example.com', free.id, free.post_id, 'going', false, null, 'code-ben', 'order-ben', {}],
        ['Cleo', 'cleo@example.com', free.id, free.post_id, 'not-going', false, null, 'code-cleo', 'order-cleo', {}],
        [
          'Dora',
          'dora@example.com',
          front.id,
          front.post_id,
          'going',
          true,
          '2027-03-10 17:50:00',
          'code-dora',
          'order-dora',
          {},
        ],
      ]);
      const outbox = await target.storage.read((tx) =>
        tx
          .selectFrom('mail_outbox')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      );
      assert.equal(Number(outbox.n), 0, 'no e-mail is queued for an imported attendee');

      // Imported again: the map finds every ticket and attendee; nothing is written twice.
      await importInto(target, `${origin}/`);
      assert.deepEqual(
        (await tickets(target)).map((ticket) => ticket.id).sort(),
        copied.map((ticket) => ticket.id).sort(),
      );
      assert.deepEqual(
        (await attendees(target)).sort((a, b) => String(a.title).localeCompare(String(b.title))).map(fields),
        seats.map(fields),
      );
      // As the CLI runs it, its report counting them unchanged.
      const site = await TecSource.discover(`${origin}/`, {
        concurrency: 2,
        delayMs: 0,
        user: 'administrator',
        appPassword: 'administrator-password',
      });
      const report = await target.services.tecImport.run(site, {
        caller: { id: target.ids.administrator, login: 'administrator', role: 'administrator' },
        language: 'en',
      });
      assert.deepEqual([report.tickets.ticket.unchanged, report.tickets.attendee.unchanged, report.failed], [2, 4, []]);
    } finally {
      await target.close();
    }
  });

  test('a site without Event Tickets (404 rest_no_route) imports its events as before, with no error', async () => {
    const target = await createTestApp({ env: ALLOW_LOOPBACK });
    try {
      const done = await importInto(target, `http://127.0.0.1:${(front.address() as AddressInfo).port}/`);
      assert.equal(done.complete, true);
      const events = Object.fromEntries((done.kinds as Json[]).map((kind) => [kind.kind, kind])).event;
      assert.equal(events.created, 2);
      assert.deepEqual(await tickets(target), []);
      assert.deepEqual(await attendees(target), []);
    } finally {
      await target.close();
    }
  });
});
