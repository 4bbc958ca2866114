import { sql, type Kysely } from 'kysely';

/*
 * Recurring events (issue 14, docs/decisions/0025-recurring-events.md). Every event is listed
 * through its occurrences: a single event has one occurrence whose id is its post id; a series has
 * one per date of its rule up to a horizon, with ids taken from the posts' id sequence so that an
 * occurrence id is never a post's and is never reused. The archive reads `occurrences_listing`
 * as it read `events_listing` before.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('event_occurrences')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // The event whose fields the occurrence shows: the series, a detached exception, or the single event itself.
    .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    // The series the occurrence belongs to (kept when it is detached as an exception); null for a single event.
    .addColumn('series_id', 'integer')
    // The original local date of the occurrence, with `#n` for the n-th of the same date: what keeps its id across edits.
    .addColumn('occurrence_key', 'text', (c) => c.notNull())
    .addColumn('start_local', 'text', (c) => c.notNull())
    .addColumn('end_local', 'text', (c) => c.notNull())
    .addColumn('start_utc', 'text', (c) => c.notNull())
    .addColumn('end_utc', 'text', (c) => c.notNull())
    // Copies of the event's, kept in step by the events repository, so listing and counting read one index.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hide_from_listings', 'integer', (c) => c.notNull().defaultTo(0))
    .addUniqueConstraint('event_occurrences_series_key', ['series_id', 'occurrence_key'])
    .execute();
  await db.schema.createIndex('occurrences_listing').on('event_occurrences').columns(['hide_from_listings', 'start_local', 'id', 'end_local', 'status']).execute();
  await db.schema.createIndex('occurrences_event').on('event_occurrences').column('event_id').execute();

  await db.schema.alterTable('events').addColumn('recurrence', 'text').execute();
  await db.schema.alterTable('events').addColumn('series_id', 'integer').execute();
  await db.schema.alterTable('events').addColumn('recurrence_id', 'text').execute();
  await db.schema.alterTable('events').addColumn('materialized_until', 'text').execute();

  // The archive reads `occurrences_listing` now; nothing reads this one any more.
  await db.schema.dropIndex('events_listing').execute();

  await sql`
    insert into event_occurrences (id, event_id, series_id, occurrence_key, start_local, end_local, start_utc, end_utc, status, hide_from_listings)
    select post_id, post_id, null, substr(start_local, 1, 10), start_local, end_local, start_utc, end_utc, status, hide_from_listings from events
  `.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const column of ['materialized_until', 'recurrence_id', 'series_id', 'recurrence']) {
    await db.schema.alterTable('events').dropColumn(column).execute();
  }
  await db.schema.dropTable('event_occurrences').execute();
  await db.schema.createIndex('events_listing').on('events').columns(['hide_from_listings', 'start_local', 'post_id', 'end_local', 'status']).execute();
}
