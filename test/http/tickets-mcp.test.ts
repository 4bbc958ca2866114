import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { basicAuth, createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';

/*
 * The official TEC MCP server's ticket tools, unmodified (issue 46; the-events-calendar/mcp-server
 * as it called Event Tickets' REST v1, before it moved to `tec/v1`): the exact requests its API
 * client makes to list, read and create tickets (Basic auth with an application password, JSON,
 * its `X-TEC-EEA` header; the list's filters as query parameters, lists joined by commas), and
 * our answers held to the fields of its ticket schema (`src/types/schemas/ticket.ts` and the base
 * post schema it extends).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const BASE = '/wp-json/tribe/tickets/v1/tickets';
const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

/** What the MCP server's ticket schema says of each field: its JSON type(s), whether it may be absent, and its allowed values. */
const TICKET_FIELDS: Readonly<
  Record<string, { types: readonly string[]; optional: boolean; values?: readonly unknown[] }>
> = {
  id: { types: ['number'], optional: true },
  title: { types: ['string'], optional: true },
  slug: { types: ['string'], optional: true },
  status: { types: ['string'], optional: false, values: ['publish', 'draft', 'pending', 'private', 'trash'] },
  date: { types: ['string'], optional: false },
  date_gmt: { types: ['string'], optional: false },
  modified: { types: ['string'], optional: false },
  modified_gmt: { types: ['string'], optional: false },
  link: { types: ['string'], optional: true },
  type: { types: ['string'], optional: false, values: ['tribe_rsvp_tickets', 'tec_tc_ticket'] },
  event: { types: ['number'], optional: true },
  price: { types: ['string', 'number'], optional: true },
  stock: { types: ['number'], optional: true },
  capacity: { types: ['number'], optional: true },
  availability: { types: ['object'], optional: true },
  sku: { types: ['string'], optional: true },
  provider: { types: ['string'], optional: true },
  rsvp: { types: ['boolean'], optional: true },
};

function assertMcpTicket(ticket: Json): void {
  for (const [name, rule] of Object.entries(TICKET_FIELDS)) {
    const value = ticket[name];
    if (value === undefined) {
      assert.ok(rule.optional, `${name} is required by the MCP server's schema`);
      continue;
    }
    assert.ok(rule.types.includes(typeof value), `${name}: ${typeof value}, expected ${rule.types.join(' or ')}`);
    if (rule.values)
      assert.ok(rule.values.includes(value), `${name}: ${String(value)} is not one of ${rule.values.join(', ')}`);
  }
  assert.ok(Number.isInteger(ticket.id) && ticket.id > 0);
  const availability = ticket.availability as Json;
  assert.ok(['available', 'sold_out', 'unavailable'].includes(availability.status));
  for (const count of ['available', 'sold', 'pending'])
    assert.equal(typeof availability[count], 'number', `availability.${count}`);
}

describe(`the TEC MCP server's ticket calls (${DIALECT})`, () => {
  let t: TestApp;
  let event: number;
  let authorization: string;

  /** A request as the MCP server's API client sends it. */
  const mcp = (method: 'GET' | 'POST', url: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization, 'content-type': 'application/json', 'x-tec-eea': EEA },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  before(async () => {
    t = await createTestApp();
    authorization = basicAuth(
      'administrator',
      (await t.users.createAppPassword('administrator', 'TEC MCP server')).password,
    );
    event = (
      await createRecord(t, 'events', {
        title: 'MCP gig',
        start_date: '2026-12-20 19:00:00',
        end_date: '2026-12-20 22:00:00',
        status: 'publish',
      })
    ).id;
  });
  after(() => t.close());

  test('create (tec-calendar-create-update-entities): the body its ticket data schema leaves, answered with a ticket of its schema', async () => {
    // What the tool sends for {postType: 'ticket', data: {title, event, price, capacity, sku}}: its schema adds the default status.
    const paid = await mcp('POST', BASE, {
      title: 'General Admission',
      status: 'publish',
      event,
      price: '$25.00',
      capacity: 100,
      sku: 'GA-2026-001',
    });
    assert.equal(paid.statusCode, 201, paid.body);
    const ticket = paid.json<Json>();
    assertMcpTicket(ticket);
    assert.equal(ticket.title, 'General Admission');
    assert.equal(ticket.event, event);
    assert.equal(ticket.type, 'tec_tc_ticket');
    assert.equal(ticket.capacity, 100);
    assert.equal(ticket.sku, 'GA-2026-001');
    assert.deepEqual(ticket.availability, { status: 'available', available: 100, sold: 0, pending: 0 });
    const free = await mcp('POST', BASE, {
      title: 'Free Community RSVP',
      status: 'publish',
      event,
      price: 'Free',
      stock: 50,
      content: 'Doors at 7',
    });
    assert.equal(free.statusCode, 201, free.body);
    assertMcpTicket(free.json<Json>());
    assert.equal(free.json<Json>().rsvp, true);
    assert.equal(free.json<Json>().type, 'tribe_rsvp_tickets');
    assert.equal(free.json<Json>().capacity, 50);
    assert.equal(free.json<Json>().description, 'Doors at 7');
  });

  test('read (tec-calendar-read-entities) by id, and the list with its common and ticket filters, read from the `tickets` key', async () => {
    const made = (
      await mcp('POST', BASE, { title: 'VIP Pass', status: 'publish', event, price: '150', capacity: 30, sku: 'VIP-1' })
    ).json<Json>();
    const single = await mcp('GET', `${BASE}/${made.id}`);
    assert.equal(single.statusCode, 200, single.body);
    assertMcpTicket(single.json<Json>());
    assert.equal(single.json<Json>().title, 'VIP Pass');
    // The read tool's list: page, per_page, order, status, include as given, then the ticket filters (which the original ignores but `provider`).
    const params = new URLSearchParams({
      page: '1',
      per_page: '10',
      order: 'desc',
      status: 'publish',
      include: [made.id].join(','),
      event: String(event),
      type: 'paid',
      available: 'true',
      min_price: '10',
    });
    const list = await mcp('GET', `${BASE}?${params.toString()}`);
    assert.equal(list.statusCode, 200, list.body);
    const body = list.json<Json>();
    assert.deepEqual(Object.keys(body).sort(), ['rest_url', 'tickets', 'total', 'total_pages']);
    assert.deepEqual(
      body.tickets.map((ticket: Json) => ticket.id),
      [made.id],
    );
    body.tickets.forEach(assertMcpTicket);
    const searched = await mcp('GET', `${BASE}?${new URLSearchParams({ search: 'VIP', per_page: '100' }).toString()}`);
    assert.deepEqual(
      searched.json<Json>().tickets.map((ticket: Json) => ticket.id),
      [made.id],
    );
  });
});
