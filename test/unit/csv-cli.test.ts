import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { main } from '../../src/cli.ts';
import { DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';

/* `import-csv` (decision 0115): a file imported as the API imports it, its bad rows reported by line. */

const GIVEN_DATABASE_URL = process.env.DATABASE_URL;

async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, {
    out: (line) => out.push(...line.split('\n')),
    err: (line) => err.push(...line.split('\n')),
  });
  return { code, out, err };
}

describe(`import-csv (${DIALECT})`, () => {
  let database: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-csv-cli-'));
  const file = path.join(dir, 'events.csv');

  before(async () => {
    database = await freshDatabase();
    process.env.DATABASE_URL = database.url;
    fs.writeFileSync(
      file,
      '\uFEFFTitle,Event Start Date,Event Start Time,Event Venue Name,Notes\r\nCLI Jazz,2028-03-01,19:00,CLI Hall,ignored\r\n,2028-03-02,,,\r\nCLI Blues,2028-03-03,20:00,CLI Hall,\r\n',
    );
  });
  after(async () => {
    if (GIVEN_DATABASE_URL === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = GIVEN_DATABASE_URL;
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("a dry run writes nothing; the import writes the good rows, one venue for both, and names the bad row's line", async () => {
    await cli('user', 'create', 'ada', '--role', 'administrator', '--password', 'ada-password-1');
    const map = JSON.stringify({ Title: 'Event Name', Notes: '' });
    const dry = await cli('import-csv', file, '--type', 'events', '--map', map, '--dry-run');
    assert.equal(dry.code, 1);
    assert.deepEqual(dry.out, [
      `Dry run (nothing written): would import 2 of 3 events rows from ${file}; 1 refused.`,
      'Line 3: Event Name: empty; every event needs a name.',
    ]);
    const imported = await cli('import-csv', file, '--type', 'events', '--map', map);
    assert.equal(imported.out[0], `Imported 2 of 3 events rows from ${file}; 1 refused.`);
    assert.equal(imported.out[1], 'Line 3: Event Name: empty; every event needs a name.');
    assert.match(imported.err.join('\n'), /1 rows were refused; the others are imported/);
    const venues = await cli(
      'import-csv',
      file,
      '--type',
      'venues',
      '--map',
      JSON.stringify({ 'Event Venue Name': 'Venue Name', Title: '' }),
      '--dry-run',
    );
    assert.equal(venues.out[0], `Dry run (nothing written): would import 2 of 3 venues rows from ${file}; 1 refused.`);
    assert.deepEqual(await cli('import-csv', file, '--type', 'gadgets'), {
      code: 2,
      out: [],
      err: [
        '--type must be one of events, venues, organizers, got "gadgets".',
        'Usage: calendar-events import-csv <file.csv> --type <events|venues|organizers> [--map <json>] [--status <status>] [--as <login>] [--dry-run]',
      ],
    });
  });
});
