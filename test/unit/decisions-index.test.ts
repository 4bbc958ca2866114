import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

/*
 * docs/decisions/README.md lists every decision record (issue 45 item 7): one row per file, in
 * number order, with the title the record's heading gives and the later decisions its text names,
 * and no row for a file that is not there.
 */

const FOLDER = path.join(import.meta.dirname, '../../docs/decisions');

test('the decisions index lists every record once, in order, by its own title', () => {
  const records = fs
    .readdirSync(FOLDER)
    .filter((name) => /^\d{4}-.*\.md$/.test(name))
    .sort();
  const index = fs.readFileSync(path.join(FOLDER, 'README.md'), 'utf8');
  const rows = [...index.matchAll(/^\| \[(\d{4})\]\(([^)]+)\) \| (.*?) \| (.*?) \| (.*?) \|$/gm)];
  assert.deepEqual(
    rows.map((row) => row[2]),
    records,
    'one row per record file, in number order',
  );
  for (const [, number, file, title, , later] of rows) {
    assert.ok(file!.startsWith(`${number}-`), `${file} is linked as ${number}`);
    const text = fs.readFileSync(path.join(FOLDER, file!), 'utf8');
    assert.equal(
      title,
      text
        .split('\n')[0]!
        .replace(/^#\s*\d{4}:?\s*/, '')
        .trim(),
      `the title of ${file}`,
    );
    const pointers = [
      ...new Set([...text.matchAll(/\b0\d{3}\b/g)].map((match) => match[0]).filter((named) => named > number!)),
    ].sort();
    assert.equal(later, pointers.join(', '), `the later decisions ${file} points to`);
  }
});
