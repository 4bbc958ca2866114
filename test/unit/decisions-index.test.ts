import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/*
 * docs/decisions/README.md lists every decision record (issue 45 item 7): one row per file, in
 * number order, with the title the record's heading gives, and no row for a file that is not there.
 */

const FOLDER = path.join(import.meta.dirname, '../../docs/decisions');

test('the decisions index lists every record once, in order, by its own title', () => {
  const records = fs.readdirSync(FOLDER).filter((name) => /^\d{4}-.*\.md$/.test(name)).sort();
  const index = fs.readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
  const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.*?) \| (.*?) \| (.*?) \|$/gm)];
  assert.deepEqual(rows.map((row) => row[2]), records, 'one row per record file, in number order');
  for (const [, number, file, title] of rows) {
    assert.ok(file!.startsWith(`${number}-`), `${file} is linked as ${number}`);
    const heading = fs.readFileSync(path.join(FOLDER, file!), 'utf8').split('\n')[0]!.replace(/^#\s*\d{4}:?\s*/, '').trim();
    assert.equal(title, heading, `the title of ${file}`);
  }
});
