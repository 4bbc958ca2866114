import type { Kysely } from 'kysely';

/*
 * Runs of background imports of every kind in one table (decision 0091): the site imports' rows
 * (migration 20261127020000) and, now, the big iCalendar imports', which share their lease,
 * heartbeat and cancel. `kind` tells them apart; the rows before it are site imports. Frozen once
 * released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  // 'site' or 'calendar'.
  await db.schema.alterTable('site_imports').addColumn('kind', 'text', (c) => c.notNull().defaultTo('site')).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('site_imports').dropColumn('kind').execute();
}
