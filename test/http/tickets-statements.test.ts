import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createRecord, createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { countStatements } from '../fixtures/statements.ts';

/*
 * The statements of a visitor's RSVP and of a page of the tickets archive, counted at the drivers
 * (issue 46's speed targets, decisions 0133 and 0134), as test/http/create-statements.test.ts counts a
 * create's: a statement more fails here. An RSVP on SQLite reads its ticket once (no lock is
 * taken, so nothing is read again under it); on PostgreSQL it reads it again under the row's lock
 * (decision 0109).
 */

/**
 * An RSVP is one write unit: the ticket with its counts (on PostgreSQL its row locked, and the
 * ticket read again), the seat, the event and its relations for the confirmation (not its tickets'
 * prices, which it does not show), the outbox's row, the content version. A page: its total, its
 * rows, the journal's bounds for its sync token. Before decision 0133 an RSVP on SQLite ran 16, before
 * 0134 15 (PostgreSQL 16).
 */
const EXPECTED: Record<'sqlite' | 'postgres', { rsvp: number; page: number }> = {
  sqlite: { rsvp: 14, page: 5 },
  postgres: { rsvp: 15, page: 5 },
};

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe(`statements per RSVP and tickets page (${DIALECT})`, () => {
  let t: TestApp;
  let ticket: number;
  before(async () => {
    // Without the read cache: every page of the archive is computed, as the bench's `computed-tickets-list`.
    t = await createTestApp({ env: { CALENDAR_READ_CACHE_MB: '0' } });
    const event = await createRecord(t, 'events', {
      title: 'Counted concert',
      start_date: '2027-03-10 19:00:00',
      end_date: '2027-03-10 21:00:00',
      status: 'publish',
    });
    const made = await t.request('administrator', 'POST', 'tickets', { event: event.id, name: 'Seat', capacity: 50 });
    assert.equal(made.statusCode, 201, made.body);
    ticket = made.json<Json>().id as number;
  });
  after(() => t.close());

  const listing = (statements: readonly string[]) => statements.map((text) => `  ${text.slice(0, 140)}`).join('\n');

  test('an RSVP runs the statements counted, no more, and answers the places left after it', async () => {
    let n = 0;
    const rsvp = () =>
      t.request('anonymous', 'POST', `tickets/${ticket}/rsvps`, {
        name: `Guest ${++n}`,
        email: `guest${n}@example.com`,
      });
    assert.equal((await rsvp()).statusCode, 201);
    const { result, statements } = await countStatements(rsvp);
    assert.equal(result.statusCode, 201, result.body);
    assert.equal(result.json<Json>().availability.available, 48, 'two of 50 places taken');
    assert.equal(statements.length, EXPECTED[DIALECT].rsvp, listing(statements));
  });

  test('a page of the tickets archive runs the statements counted, no more', async () => {
    const page = () => t.request('anonymous', 'GET', 'tickets?per_page=10');
    assert.equal((await page()).statusCode, 200);
    const { result, statements } = await countStatements(page);
    assert.equal(result.statusCode, 200, result.body);
    assert.equal(statements.length, EXPECTED[DIALECT].page, listing(statements));
  });
});
