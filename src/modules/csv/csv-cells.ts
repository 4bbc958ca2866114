/*
 * The cells of this service's CSV files (decision 0114): what a spreadsheet would run as a formula
 * is neutralised on the way out and restored on the way in, flags and clock times are written in
 * one spelling and read in the original importer's several.
 */

/**
 * A cell a spreadsheet reads as a formula (`=`, `+`, `-`, `@` first) or that starts with a tab or
 * carriage return (which some spreadsheets strip before reading a formula), after any quotes
 * already there: those are quoted once more, so the importer's one quote off is exact.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as exported: a single quote before a formula's first character (OWASP's CSV injection rule). */
export function neutralise(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The cell as imported: exactly what `neutralise` added taken off again, so a round trip gives the text back. */
export function restore(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off']);

/** A flag as exported: TRUE, FALSE, or empty for one never set. */
export const flagCell = (value: boolean | null | undefined): string =>
  value === null || value === undefined ? '' : value ? 'TRUE' : 'FALSE';

/** A flag as the original's importer reads one (yes, true, 1; any case); undefined when empty, 'invalid' otherwise. */
export function readFlag(cell: string): boolean | undefined | 'invalid' {
  const word = cell.trim().toLowerCase();
  if (word === '') return undefined;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return 'invalid';
}

/** A stored local wall clock (`YYYY-MM-DD HH:MM:SS`) as a date cell and a time cell (`HH:MM`, seconds only when not zero). */
export function dateAndTime(local: string): [string, string] {
  const time = local.slice(11, 19);
  return [local.slice(0, 10), time.endsWith(':00') ? time.slice(0, 5) : time];
}

/** Names of linked records in one cell (organizers), as exported: joined by `, `, which `splitNames` splits again. */
export const joinNames = (names: readonly string[]): string => names.join(', ');

/** A cell of comma-separated names or ids, split and trimmed, empty parts dropped. */
export const splitNames = (cell: string): string[] =>
  cell
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
