import assert from 'node:assert/strict';
import { test } from 'node:test';
import { stringify } from 'csv-stringify/sync';
import { neutralise } from '../../src/modules/csv/csv-cells.ts';
import { csvBytes } from '../../src/modules/csv/csv-text.ts';

/*
 * The service's own CSV writer (decision 0136) writes byte for byte what csv-stringify writes with
 * the export's options, which it replaced: its cells neutralised (decision 0114), quoted and their
 * quotes doubled by csv-stringify's rules, records ended by CRLF, encoded as UTF-8. One difference,
 * on purpose: a cell holding a lone CR or LF is quoted, as csv-stringify quotes it only when told
 * to (`quote_record_delimiter`) once the record delimiter is CRLF; bare, it split the record in two
 * in spreadsheets.
 */

/** What csv-stringify writes with the export's options: neutralised cells, CRLF ends, any line break quoted. */
const byCsvStringify = (records: readonly (readonly string[])[]) =>
  Buffer.from(
    stringify(
      records.map((cells) => cells.map(neutralise)),
      { record_delimiter: 'windows', quote_record_delimiter: true },
    ),
  );

/** Cells made of the pieces that matter to quoting and neutralising, and of text in several scripts. */
const PIECES = [
  'a',
  'Jazz',
  ' ',
  ',',
  '"',
  '""',
  '\r',
  '\n',
  '\r\n',
  '=',
  '+',
  '-',
  '@',
  '\t',
  "'",
  'é',
  '€',
  '日本',
  '😀',
  '',
];

/** A small deterministic generator (mulberry32), so a failure names cells that can be made again. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

test('records written as csv-stringify writes them: fixed cases', () => {
  const records = [
    ['Event Name', 'Event Organizer Name(s) or ID(s)', 'Venue State/Province'],
    ['', 'plain', 'a, b'],
    ['say "hi"', 'line\nbreak', 'carriage\rreturn'],
    ['=SUM(A1)', '-5', "'=already"],
    ['€5 café', '日本語', '😀 emoji, quoted'],
  ];
  assert.deepEqual(csvBytes(records.map((cells) => [...cells])), byCsvStringify(records));
});

test('a cell holding a lone line break is quoted, so a spreadsheet keeps it in its record', () => {
  assert.equal(
    csvBytes([['line\nbreak', 'carriage\rreturn', 'plain']]).toString(),
    '"line\nbreak","carriage\rreturn",plain\r\n',
  );
});

test('records written as csv-stringify writes them: 2,000 generated records', () => {
  const next = random(47);
  const cell = () =>
    Array.from({ length: Math.floor(next() * 6) }, () => PIECES[Math.floor(next() * PIECES.length)]).join('');
  const records = Array.from({ length: 2000 }, () => Array.from({ length: 1 + Math.floor(next() * 5) }, cell));
  const expected = byCsvStringify(records);
  // csvBytes rewrites its records' cells in place: it gets copies.
  assert.deepEqual(csvBytes(records.map((cells) => [...cells])), expected);
});
