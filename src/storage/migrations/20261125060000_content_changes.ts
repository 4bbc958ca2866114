import { sql, type Kysely } from 'kysely';

/*
 * What each content write changed, for the read cache (docs/decisions/0033-read-cache-by-record.md):
 * rows of (content version, tag), written by triggers in the transaction that makes the change, so
 * that no code path can change what an answer shows without saying so. A node's cache drops the
 * answers that carry a tag of a version it has not seen yet, and only those.
 *
 * Tags: `post:<id>` (an event, occurrence, venue or organizer as one answer shows it), `term:<id>`
 * (a category or tag, with its count), `list:<type>` (which records an archive of that type holds,
 * and in what order), `edited:<type>` (any edit of a post of that type: the archives that search
 * text or filter by modification time depend on it) and `translations` (any translated text).
 *
 * - Triggers write version 0 ("this unit"); `touchContent`, which raises the content version last
 *   in every write unit, stamps them with the new version. Write units run one at a time (decision
 *   0014), so version-0 rows are always the running unit's own.
 * - One row per tag and unit (the unique index; the triggers insert a tag only once).
 * - A version with no rows changed something unnamed (the seed's bulk load, which sets triggers
 *   aside, or versions pruned away): a node that meets one drops every cached answer.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** A trigger: its name, table, the operations it fires on, an optional SQL condition over `new`/`old`, and the tags (SQL text expressions) it records. */
interface TagTrigger {
  readonly name: string;
  readonly table: string;
  readonly on: 'insert' | 'update' | 'delete';
  readonly when?: string;
  readonly tags: readonly string[];
}

/** `a is distinct from b` for every column: an update that rewrites the same values is no change. */
const anyDiffers = (columns: readonly string[], pg: boolean) => columns.map((column) => `new.${column} is ${pg ? 'distinct from' : 'not'} old.${column}`).join(' or ');

/** Post columns an archive filters or orders by (titles of events only matter to searches: `edited:event`). */
const POST_LISTING = ['type', 'status', 'slug', 'parent_id', 'menu_order', 'date_utc', 'password', 'author_id', 'language'];
/** Event columns an archive filters or orders by; the others (cost, website, map flags, zone abbreviation) only show. */
const EVENT_LISTING = ['status', 'start_local', 'end_local', 'start_utc', 'end_utc', 'timezone', 'all_day', 'hide_from_listings', 'featured', 'recurrence', 'series_id', 'recurrence_id', 'materialized_until'];
const OCCURRENCE_COLUMNS = ['event_id', 'series_id', 'occurrence_key', 'start_local', 'end_local', 'start_utc', 'end_utc', 'status', 'hide_from_listings'];
const LINK_COLUMNS = ['event_id', 'linked_id', 'kind', 'position'];

function triggers(pg: boolean): TagTrigger[] {
  const post = (row: 'new' | 'old') => [`'post:' || ${row}.id`, `'list:' || ${row}.type`, `'edited:' || ${row}.type`];
  const event = (row: 'new' | 'old') => [`'post:' || ${row}.post_id`, `'list:event'`];
  const occurrence = (row: 'new' | 'old') => [`'post:' || ${row}.id`, `'post:' || ${row}.event_id`, `'list:event'`];
  const linked = (row: 'new' | 'old', type: 'venue' | 'organizer') => [`'post:' || ${row}.post_id`, `'list:${type}'`, `'list:event'`];
  const eventRelation = (row: 'new' | 'old') => [`'post:' || ${row}.event_id`, `'list:event'`];
  const term = (row: 'new' | 'old') => [`'term:' || ${row}.id`, `'list:' || ${row}.taxonomy`];
  const each = (table: string, tags: (row: 'new' | 'old') => string[], updateWhen?: string): TagTrigger[] => [
    { name: `${table}_content_changes_insert`, table, on: 'insert', tags: tags('new') },
    { name: `${table}_content_changes_update`, table, on: 'update', ...(updateWhen ? { when: updateWhen } : {}), tags: [...new Set([...tags('new'), ...tags('old')])] },
    { name: `${table}_content_changes_delete`, table, on: 'delete', tags: tags('old') },
  ];
  return [
    { name: 'posts_content_changes_insert', table: 'posts', on: 'insert', tags: post('new') },
    { name: 'posts_content_changes_update', table: 'posts', on: 'update', tags: [`'post:' || new.id`, `'edited:' || new.type`] },
    {
      name: 'posts_content_changes_listing',
      table: 'posts',
      on: 'update',
      when: `${anyDiffers(POST_LISTING, pg)} or (new.type <> 'event' and ${anyDiffers(['title'], pg)})`,
      tags: [`'list:' || new.type`, `'list:' || old.type`],
    },
    { name: 'posts_content_changes_delete', table: 'posts', on: 'delete', tags: post('old') },
    { name: 'events_content_changes_insert', table: 'events', on: 'insert', tags: event('new') },
    { name: 'events_content_changes_update', table: 'events', on: 'update', tags: [`'post:' || new.post_id`] },
    { name: 'events_content_changes_listing', table: 'events', on: 'update', when: anyDiffers(EVENT_LISTING, pg), tags: [`'list:event'`] },
    { name: 'events_content_changes_delete', table: 'events', on: 'delete', tags: event('old') },
    ...each('event_occurrences', occurrence, anyDiffers(OCCURRENCE_COLUMNS, pg)),
    ...each('event_links', eventRelation, anyDiffers(LINK_COLUMNS, pg)),
    ...each('event_terms', eventRelation),
    // Coordinates and addresses: the events archive filters by a venue's coordinates.
    ...each('venues', (row) => linked(row, 'venue')),
    ...each('organizers', (row) => linked(row, 'organizer')),
    // A term's count moves with the events filed under it: its answers and its archive change.
    ...each('terms', term),
    ...each('post_translations', (row) => [`'post:' || ${row}.post_id`, `'translations'`]),
    ...each('term_translations', (row) => [`'term:' || ${row}.term_id`, `'translations'`]),
  ];
}

/**
 * Records a tag once per unit. Not `insert or ignore` on SQLite: a trigger's conflict clause gives
 * way to the firing statement's, and the translations' upserts would turn a repeated tag into an error.
 */
const insertTag = (tag: string, pg: boolean) =>
  pg
    ? `insert into content_changes (version, tag) values (0, ${tag}) on conflict do nothing;`
    : `insert into content_changes (version, tag) select 0, ${tag} where not exists (select 1 from content_changes where version = 0 and tag = ${tag});`;

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('content_changes')
    // The content version (content_version.version) of the unit that made the change; 0 while it runs.
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tag', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('content_changes_by_version').on('content_changes').columns(['version', 'tag']).unique().execute();
  for (const trigger of triggers(pg)) {
    const body = trigger.tags.map((tag) => insertTag(tag, pg)).join('\n');
    const when = trigger.when ? `when (${trigger.when})` : '';
    if (pg) {
      await sql.raw(`create function ${trigger.name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`).execute(db);
      await sql.raw(`create trigger ${trigger.name} after ${trigger.on} on ${trigger.table} for each row ${when} execute function ${trigger.name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${trigger.name} after ${trigger.on} on ${trigger.table} ${when} begin ${body} end`).execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  for (const trigger of triggers(pg)) {
    if (pg) {
      await sql.raw(`drop trigger if exists ${trigger.name} on ${trigger.table}`).execute(db);
      await sql.raw(`drop function if exists ${trigger.name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${trigger.name}`).execute(db);
    }
  }
  await db.schema.dropTable('content_changes').execute();
}
