import { sql, type Kysely } from 'kysely';

/*
 * How far series with unbounded rules are materialised, as one index (decision 0025): its first
 * entry is the least `events.materialized_until`, which an archive read whose window passes the
 * horizon checks before extending series on demand, and its range the series short of a bound,
 * which the background extender and the extension on demand select. Partial: single events (null)
 * are most rows and never looked up by it.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('events_materialized_until').on('events').columns(['materialized_until', 'post_id']).where(sql.ref('materialized_until'), 'is not', null).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('events_materialized_until').execute();
}
