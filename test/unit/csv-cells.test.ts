import assert from 'node:assert/strict';
import { test } from 'node:test';
import { neutralise, readFlag, restore } from '../../src/modules/csv/csv-cells.ts';

/* The neutralisation rule of CSV cells (decision 0114) and the importer's exact undoing of it. */

test('cells a spreadsheet would run as a formula get one quote before them; others are left alone', () => {
  for (const cell of [
    '=SUM(A1)',
    '+1 555 0100',
    '-5',
    '@mention',
    '\tTabbed',
    '\rReturn',
    "'=quoted already",
    "''+twice",
  ])
    assert.equal(neutralise(cell), `'${cell}`, cell);
  for (const cell of ['', 'Jazz Night', '10 - 25', "'quoted", "it's", 'a=b', ' =space first', '€5'])
    assert.equal(neutralise(cell), cell, cell);
});

test('the importer takes exactly that quote off again, so every cell comes back as it was', () => {
  for (const cell of [
    '=SUM(A1)',
    '+1 555 0100',
    '-5',
    '@x',
    '\tx',
    '\rx',
    "'=x",
    "''=x",
    "'plain",
    "'",
    '',
    'plain',
    "it's",
    "''",
  ])
    assert.equal(restore(neutralise(cell)), cell, JSON.stringify(cell));
  // A quote before anything else is text of the file's own: kept.
  assert.equal(restore("'plain"), "'plain");
});

test("flags are read in the original importer's spellings", () => {
  for (const word of ['TRUE', 'yes', 'Y', '1', 'on']) assert.equal(readFlag(word), true, word);
  for (const word of ['FALSE', 'no', 'N', '0', 'off']) assert.equal(readFlag(word), false, word);
  assert.equal(readFlag(' '), undefined);
  assert.equal(readFlag('perhaps'), 'invalid');
});
