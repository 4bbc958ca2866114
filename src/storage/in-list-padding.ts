/*
 * SQLite keeps a prepared statement per SQL text (`withStatementCache` in database.ts), and an
 * `in (…)` list of each length is a text of its own: the relations of each page of the archive and
 * of each batch of the iCalendar feed (terms, links, venues, organizers, translations of 1 to 100
 * records) made hundreds of statements, which pushed the ones of other queries out of the cache
 * (decision 0026). Padded to a power of two by repeating the last value, which `in` ignores, a list
 * of n values takes one of log2(n) texts. Padded where such lists are built, rather than by a
 * Kysely plugin, which would rebuild the tree of every query (30-70 µs each).
 */

/** The longest list padded: doubled, it stays far within SQLite's bound on parameters. */
const MAX_PADDED = 2048;

/** The length a list of `length` values is padded to: the next power of two. */
export function paddedLength(length: number): number {
  return length <= 1 || length > MAX_PADDED ? length : 2 ** Math.ceil(Math.log2(length));
}

/** The distinct values of an `in (…)` list, padded with the last to `paddedLength`. */
export function inList<T>(values: Iterable<T>): T[] {
  const distinct = [...new Set(values)];
  const length = paddedLength(distinct.length);
  while (distinct.length < length) distinct.push(distinct.at(-1)!);
  return distinct;
}
