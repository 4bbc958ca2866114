import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { statementsPerCreate, type CountedCreate } from '../fixtures/statements.ts';

/*
 * A create's statements, counted at the drivers (issue 45 item 6): the whole request, the
 * authentication's read unit and the write unit. A create reads back nothing its unit already
 * knows (a new series' occurrences, its terms, its first occurrence, an inline venue, the
 * relations of an event that has none); a statement more fails here. `npm run bench` prints the
 * same counts (bench/README.md); that the answers stay those of a read is test/http/created-answers.test.ts's.
 */

/** Before issue 45 item 6: 18, 14, 27 and 26 on SQLite; 18, 15, 26 and 28 on PostgreSQL. */
const EXPECTED: Record<'sqlite' | 'postgres', Record<CountedCreate, number>> = {
  sqlite: { 'single event': 14, venue: 14, 'weekly series': 16, 'event with an inline venue': 20 },
  postgres: { 'single event': 14, venue: 15, 'weekly series': 15, 'event with an inline venue': 22 },
};

describe(`statements per create (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('each create runs the statements counted, no more', async () => {
    const counted = await statementsPerCreate((collection, body) =>
      t.request('administrator', 'POST', collection, body),
    );
    for (const [name, statements] of Object.entries(counted) as [CountedCreate, readonly string[]][]) {
      assert.equal(
        statements.length,
        EXPECTED[DIALECT][name],
        `${name}:\n${statements.map((text) => `  ${text.slice(0, 140)}`).join('\n')}`,
      );
    }
  });
});
