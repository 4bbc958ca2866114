import { sql, type Kysely } from 'kysely';

/*
 * How many listed occurrences start on each local day and end on each local day, per status
 * (decision 0035): the archive's `total` for a window of whole days is a sum over a few thousand of
 * these rows instead of a walk over every occurrence in the window (35,000 at 100k events, ten
 * times that at a million). Kept by triggers in the transaction that changes an occurrence, so no
 * write path can leave them behind; hidden occurrences (`hide_from_listings`) are never listed and
 * never counted. Rows that fall to zero stay: there are at most a few per day and status.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

const day = (row: 'new' | 'old', column: 'start_local' | 'end_local') => `substr(${row}.${column}, 1, 10)`;
const key = (row: 'new' | 'old') => `status = ${row}.status and start_day = ${day(row, 'start_local')} and end_day = ${day(row, 'end_local')}`;
/** The key of an occurrence's row, or the fact that it is listed at all, differs between old and new. */
const moved = (pg: boolean) =>
  ['status', 'hide_from_listings'].map((column) => `new.${column} is ${pg ? 'distinct from' : 'not'} old.${column}`)
    .concat([`${day('new', 'start_local')} <> ${day('old', 'start_local')}`, `${day('new', 'end_local')} <> ${day('old', 'end_local')}`])
    .join(' or ');

/** One occurrence leaving its row (SQLite: a statement of a trigger body). */
const leave = `update occurrence_day_counts set occurrences = occurrences - 1 where old.hide_from_listings = 0 and ${key('old')};`;
/** One occurrence entering its row; the row is made on its day's first occurrence. */
const enter = `update occurrence_day_counts set occurrences = occurrences + 1 where new.hide_from_listings = 0 and ${key('new')};
  insert into occurrence_day_counts (status, start_day, end_day, occurrences)
    select new.status, ${day('new', 'start_local')}, ${day('new', 'end_local')}, 1
     where new.hide_from_listings = 0 and not exists (select 1 from occurrence_day_counts where ${key('new')});`;

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('occurrence_day_counts')
    .addColumn('status', 'text', (c) => c.notNull())
    // `YYYY-MM-DD` of the occurrences' local start and end.
    .addColumn('start_day', 'text', (c) => c.notNull())
    .addColumn('end_day', 'text', (c) => c.notNull())
    .addColumn('occurrences', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('occurrence_day_counts_key', ['status', 'start_day', 'end_day'])
    .execute();
  await sql`insert into occurrence_day_counts (status, start_day, end_day, occurrences)
    select status, substr(start_local, 1, 10), substr(end_local, 1, 10), count(*) from event_occurrences
     where hide_from_listings = 0 group by status, substr(start_local, 1, 10), substr(end_local, 1, 10)`.execute(db);
  if (pg) {
    // One function for the three operations; the upsert cannot conflict with a firing statement's own clause as on SQLite.
    const upsert = `insert into occurrence_day_counts (status, start_day, end_day, occurrences) values (new.status, ${day('new', 'start_local')}, ${day('new', 'end_local')}, 1)
      on conflict (status, start_day, end_day) do update set occurrences = occurrence_day_counts.occurrences + 1;`;
    await sql.raw(`create function occurrence_day_counts_keep() returns trigger language plpgsql as $$ begin
      if tg_op in ('UPDATE', 'DELETE') and old.hide_from_listings = 0 then update occurrence_day_counts set occurrences = occurrences - 1 where ${key('old')}; end if;
      if tg_op in ('UPDATE', 'INSERT') and new.hide_from_listings = 0 then ${upsert} end if;
      return null; end $$`).execute(db);
    await sql`create trigger occurrence_day_counts_insert_delete after insert or delete on event_occurrences for each row execute function occurrence_day_counts_keep()`.execute(db);
    await sql.raw(`create trigger occurrence_day_counts_update after update on event_occurrences for each row when (${moved(true)}) execute function occurrence_day_counts_keep()`).execute(db);
  } else {
    // Not an upsert: a trigger's conflict handling gives way to the firing statement's (see migration 20261125060000).
    await sql.raw(`create trigger occurrence_day_counts_insert after insert on event_occurrences begin ${enter} end`).execute(db);
    await sql.raw(`create trigger occurrence_day_counts_delete after delete on event_occurrences begin ${leave} end`).execute(db);
    await sql.raw(`create trigger occurrence_day_counts_update after update on event_occurrences when (${moved(false)}) begin ${leave} ${enter} end`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  if (pg) {
    await sql`drop trigger if exists occurrence_day_counts_insert_delete on event_occurrences`.execute(db);
    await sql`drop trigger if exists occurrence_day_counts_update on event_occurrences`.execute(db);
    await sql`drop function if exists occurrence_day_counts_keep()`.execute(db);
  } else {
    for (const name of ['insert', 'delete', 'update']) await sql.raw(`drop trigger if exists occurrence_day_counts_${name}`).execute(db);
  }
  await db.schema.dropTable('occurrence_day_counts').execute();
}
