import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { API, basicAuth, DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';
import { startServer, type ServerProcess } from '../fixtures/server-process.ts';

/*
 * Never oversold across nodes (issue 46 item 3, decision 0109): two `serve` processes on one
 * database (PostgreSQL, or one SQLite file in WAL mode) receive 200 simultaneous RSVPs for a
 * ticket's last 10 places, half each; exactly 10 are accepted and 190 refused with a 409 saying so.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const ADMIN_PASSWORD = 'tickets-two-nodes-administrator';
const ADMIN = basicAuth('admin', ADMIN_PASSWORD);
const SIMULTANEOUS = 200;
const LAST_PLACES = 10;

async function call(
  node: ServerProcess,
  method: string,
  path: string,
  body?: unknown,
  authorization?: string,
): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(authorization === undefined ? {} : { authorization }),
  };
  const response = await fetch(`${node.base}${API}/${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe(`RSVPs for the last places on two service processes (${DIALECT})`, () => {
  let database: TestDatabase;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;

  before(async () => {
    database = await freshDatabase();
    const env = { DATABASE_URL: database.url, CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD };
    // One after the other, as a rolling deployment starts them (the first migrates).
    nodeA = await startServer(env);
    nodeB = await startServer(env);
  });

  after(async () => {
    await Promise.all([nodeA, nodeB].filter((node) => node !== undefined).map((node) => node.kill()));
    await database.drop();
  });

  test(`${SIMULTANEOUS} simultaneous RSVPs over two nodes for the last ${LAST_PLACES} places: ${LAST_PLACES} accepted, the rest refused`, async () => {
    const event = await call(
      nodeA,
      'POST',
      'events',
      { title: 'Two nodes gig', start_date: '2027-06-01 20:00:00', end_date: '2027-06-01 22:00:00', status: 'publish' },
      ADMIN,
    );
    assert.equal(event.status, 201, JSON.stringify(event.body));
    const ticket = await call(
      nodeB,
      'POST',
      'tickets',
      { event: event.body.id, name: 'Floor', capacity: LAST_PLACES + 5 },
      ADMIN,
    );
    assert.equal(ticket.status, 201, JSON.stringify(ticket.body));
    const early = await call(nodeA, 'POST', `tickets/${ticket.body.id}/rsvps`, {
      name: 'Early',
      email: 'early@example.com',
      quantity: 5,
    });
    assert.equal(early.status, 201, JSON.stringify(early.body));
    const answers = await Promise.all(
      Array.from({ length: SIMULTANEOUS }, (_, at) =>
        call(at % 2 === 0 ? nodeA : nodeB, 'POST', `tickets/${ticket.body.id}/rsvps`, {
          name: `Guest ${at}`,
          email: `guest${at}@example.com`,
        }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 409);
    assert.equal(
      accepted.length,
      LAST_PLACES,
      JSON.stringify(answers.filter((answer) => answer.status !== 201 && answer.status !== 409).slice(0, 3)),
    );
    assert.equal(refused.length, SIMULTANEOUS - LAST_PLACES);
    for (const answer of refused)
      assert.equal(answer.body.message, 'The ticket "Floor" does not have that many available: 0 left.');
    const attendees = await call(nodeB, 'GET', `attendees?ticket_id=${ticket.body.id}&per_page=100`, undefined, ADMIN);
    assert.equal(attendees.body.total, LAST_PLACES + 5);
    const read = await call(nodeA, 'GET', `tickets/${ticket.body.id}`);
    assert.deepEqual(read.body.availability, { status: 'sold_out', available: 0, sold: LAST_PLACES + 5, pending: 0 });
  });
});
