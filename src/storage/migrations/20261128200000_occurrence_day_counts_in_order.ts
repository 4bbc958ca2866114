import { sql, type Kysely } from 'kysely';

/*
 * The day counts of migration 20261125070000 kept in one order (issue 48, decision 0101). Its
 * PostgreSQL trigger ran for each occurrence row and changed the count rows as it met them: a
 * status change leaves one row (`draft`, the day) before it enters another (`publish`, the day),
 * so two units changing events of one day the opposite ways locked the two rows in opposite
 * orders and deadlocked (each retried, about a second lost). Here the triggers run once per
 * statement, sum what the statement's rows change per count row (transition tables), and apply
 * those changes in ascending (start day, end day, status): every unit takes the rows it changes in
 * that one order. SQLite runs one writer at a time: its triggers stay as they are.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** The listed rows of a transition table as changes of their count rows: -1 each for the rows before, +1 for those after. */
const changesOf = (table: 'old_rows' | 'new_rows') =>
  `select status, substr(start_local, 1, 10) as start_day, substr(end_local, 1, 10) as end_day, ${table === 'old_rows' ? -1 : 1} as change
     from ${table} where hide_from_listings = 0`;

/** A loop applying the summed changes of the statement's rows, count row by count row in the one order; a row is made on its day's first occurrence. */
const applyInOrder = (tables: readonly ('old_rows' | 'new_rows')[]) => `
  for delta in
    select status, start_day, end_day, sum(change)::integer as change from (${tables.map(changesOf).join(' union all ')}) as changes
     group by status, start_day, end_day having sum(change) <> 0 order by start_day, end_day, status
  loop
    insert into occurrence_day_counts (status, start_day, end_day, occurrences) values (delta.status, delta.start_day, delta.end_day, delta.change)
      on conflict (status, start_day, end_day) do update set occurrences = occurrence_day_counts.occurrences + excluded.occurrences;
  end loop;`;

const OPERATIONS = [
  { operation: 'insert', tables: 'new table as new_rows' },
  { operation: 'update', tables: 'old table as old_rows new table as new_rows' },
  { operation: 'delete', tables: 'old table as old_rows' },
] as const;

export async function up(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`drop trigger if exists occurrence_day_counts_insert_delete on event_occurrences`.execute(db);
  await sql`drop trigger if exists occurrence_day_counts_update on event_occurrences`.execute(db);
  await sql`drop function if exists occurrence_day_counts_keep()`.execute(db);
  // One function for the three operations; a branch's statement is planned when it first runs, so
  // each names only the transition tables its operation has.
  await sql.raw(`create function occurrence_day_counts_keep() returns trigger language plpgsql as $$
    declare delta record;
    begin
      if tg_op = 'INSERT' then ${applyInOrder(['new_rows'])}
      elsif tg_op = 'DELETE' then ${applyInOrder(['old_rows'])}
      else ${applyInOrder(['old_rows', 'new_rows'])}
      end if;
      return null;
    end $$`).execute(db);
  // A trigger with transition tables has one operation and no column list: every update statement
  // runs it, and one that moves no occurrence between count rows sums to no change and locks none.
  for (const { operation, tables } of OPERATIONS) {
    await sql.raw(`create trigger occurrence_day_counts_${operation} after ${operation} on event_occurrences referencing ${tables} for each statement execute function occurrence_day_counts_keep()`).execute(db);
  }
}

/** Migration 20261125070000's row triggers again. */
export async function down(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  for (const { operation } of OPERATIONS) await sql.raw(`drop trigger if exists occurrence_day_counts_${operation} on event_occurrences`).execute(db);
  await sql`drop function if exists occurrence_day_counts_keep()`.execute(db);
  const day = (row: 'new' | 'old', column: 'start_local' | 'end_local') => `substr(${row}.${column}, 1, 10)`;
  const key = `status = old.status and start_day = ${day('old', 'start_local')} and end_day = ${day('old', 'end_local')}`;
  await sql.raw(`create function occurrence_day_counts_keep() returns trigger language plpgsql as $$ begin
    if tg_op in ('UPDATE', 'DELETE') and old.hide_from_listings = 0 then update occurrence_day_counts set occurrences = occurrences - 1 where ${key}; end if;
    if tg_op in ('UPDATE', 'INSERT') and new.hide_from_listings = 0 then
      insert into occurrence_day_counts (status, start_day, end_day, occurrences) values (new.status, ${day('new', 'start_local')}, ${day('new', 'end_local')}, 1)
        on conflict (status, start_day, end_day) do update set occurrences = occurrence_day_counts.occurrences + 1;
    end if;
    return null; end $$`).execute(db);
  const moved = ['status', 'hide_from_listings'].map((column) => `new.${column} is distinct from old.${column}`)
    .concat(['start_local', 'end_local'].map((column) => `${day('new', column as 'start_local')} <> ${day('old', column as 'start_local')}`))
    .join(' or ');
  await sql`create trigger occurrence_day_counts_insert_delete after insert or delete on event_occurrences for each row execute function occurrence_day_counts_keep()`.execute(db);
  await sql.raw(`create trigger occurrence_day_counts_update after update on event_occurrences for each row when (${moved}) execute function occurrence_day_counts_keep()`).execute(db);
}
