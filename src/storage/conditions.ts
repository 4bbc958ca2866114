import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

/** A record's next version, set by every write of its fields (migration 20261122030000). */
export const NEXT_VERSION = sql<number>`version + 1`;

/** A condition no row meets (an empty `include` list); binding a JavaScript `false` is refused by SQLite. */
export const NEVER = sql<SqlBool>`1 = 0`;

/**
 * Case-insensitive "contains" on any of the columns, the user's LIKE wildcards escaped. Both sides
 * go through lower(), which folds every script on both engines (SQLite's is replaced at connection).
 */
export function containsAny(columns: readonly string[], text: string): RawBuilder<SqlBool> {
  const pattern = likePattern(text);
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`),
    sql` or `,
  )})`;
}

/** The text with LIKE's wildcards escaped, for a pattern used with `escape '\\'`. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A LIKE pattern for "contains `text`". */
export function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * Posts (under `alias`) whose title, excerpt or content contain `word`, case-insensitive: on the
 * expression PostgreSQL's trigram index is built on (migration 20261122010000), and SQLite's scan
 * for words shorter than a trigram (`DialectCapabilities.postsContaining`).
 */
export function postsScan(alias: string, word: string): RawBuilder<SqlBool> {
  const searchText = sql`lower(${sql.ref(`${alias}.title`)} || ' ' || ${sql.ref(`${alias}.excerpt`)} || ' ' || ${sql.ref(`${alias}.content`)})`;
  return sql<SqlBool>`${searchText} like lower(${likePattern(word)}) escape '\\'`;
}

/**
 * A search condition under which a password-protected post matches by its title only: its other
 * text is not public, and matching it would confirm that text word by word to whoever searches.
 */
export function titleOnlyWhenProtected(
  postsAlias: string,
  textMatch: Expression<SqlBool>,
  text: string,
): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${postsAlias}.${name}`);
  return sql<SqlBool>`((${column('password')} = '' and ${textMatch}) or (${column('password')} <> '' and lower(${column('title')}) like lower(${likePattern(text)}) escape '\\'))`;
}

/** The posts of a type a caller may read, as statuses: anyone's in `statuses`, the caller's own in `own.statuses` too. */
export interface ReadableStatuses {
  readonly statuses: readonly string[];
  readonly own?: { readonly authorId: number; readonly statuses: readonly string[] };
}

/** The condition that the post under `postsAlias` is one the caller may read. */
export function readablePost(postsAlias: string, readable: ReadableStatuses): RawBuilder<SqlBool> {
  const column = (name: string) => sql.ref(`${postsAlias}.${name}`);
  const among = (statuses: readonly string[]) =>
    statuses.length > 0 ? sql<SqlBool>`${column('status')} in (${sql.join([...statuses])})` : NEVER;
  const { own } = readable;
  return own && own.statuses.length > 0
    ? sql<SqlBool>`(${among(readable.statuses)} or (${column('author_id')} = ${own.authorId} and ${among(own.statuses)}))`
    : sql<SqlBool>`(${among(readable.statuses)})`;
}
