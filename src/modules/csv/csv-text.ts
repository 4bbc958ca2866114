import { neutralise } from './csv-cells.ts';

/*
 * CSV as this service writes it (decision 0136): records of comma-separated cells, each record
 * ended by CRLF; each cell neutralised (decision 0114), then quoted when it holds a comma, a double
 * quote, a CR or an LF, its double quotes doubled. Byte for byte what csv-stringify writes with those options (`record_delimiter:
 * 'windows'`; `test/unit/csv-text.test.ts` compares the two on generated cells), at a fraction of
 * its cost: its per-cell casting and option checks were the export's largest cost after SQLite's.
 */

/** What makes a cell quoted. */
const NEEDS_QUOTES = /[",\r\n]/;

/** A record's cells neutralised and quoted where they must be, in place, joined by commas. */
function recordLine(cells: string[]): string {
  for (let index = 0; index < cells.length; index++) {
    // Many cells are empty (an all-day event's times, a cost never set): nothing to neutralise or quote.
    if (cells[index] === '') continue;
    const cell = neutralise(cells[index]!);
    cells[index] = NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
  }
  return cells.join(',');
}

const CR = 13;
const LF = 10;

/**
 * Records as UTF-8, each ended by CRLF, one after the other; their cells are rewritten in place
 * (the records are the caller's to give away: a copy of every row would be garbage for nothing).
 * The lines are encoded straight into one buffer of their size: made one string first (a join,
 * or appended to), a batch's text cost twice as much to build and encode, and a buffer per line
 * was an object per line.
 */
export function csvBytes(records: string[][]): Buffer {
  const lines = records.map(recordLine);
  let size = 0;
  for (let index = 0; index < lines.length; index++) size += Buffer.byteLength(lines[index]!) + 2;
  const bytes = Buffer.allocUnsafe(size);
  let at = 0;
  for (let index = 0; index < lines.length; index++) {
    at += bytes.write(lines[index]!, at);
    bytes[at++] = CR;
    bytes[at++] = LF;
  }
  return bytes;
}
