import { sql, type Kysely } from 'kysely';

/*
 * The change journal numbered in commit order without the schema's write lock (decision 0081, rule
 * 1 of decision 0038). A row's `seq` from the sequence at insert orders rows by when they were
 * written: with write units running side by side, a unit numbered lower can commit after one
 * numbered higher, and a sync reader that went past the higher number skips the lower for good.
 *
 * PostgreSQL: `number_record_changes(at)` gives the running unit's journal rows (changed_at null:
 * only the running unit sees its own) new numbers from the sequence and their time, while the unit
 * holds the `content_version` row, which it keeps to its commit. Units holding that row one after
 * the other commit in that order, so every number handed out there is above those of every unit
 * committed before, and a reader's snapshot holds a prefix of the journal. The trigger of migration
 * 20261127050000 (the content version raised, last in every content write) calls it; a unit that
 * wrote journal rows without raising the version calls it at its end, and it takes the row itself.
 * The numbers taken at insert are never seen by another transaction.
 *
 * SQLite: nothing changes, it has one writer at a time.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** The stamps of migration 20261127050000 with the journal's line replaced by the numbering. */
const stampFunction = (journal: string) => sql`create or replace function stamp_content_version() returns trigger language plpgsql as $$
  begin
    update content_changes set version = new.version where version = 0;
    delete from content_changes where version > 0 and version <= new.version - 1000;
    ${sql.raw(journal)}
    return null;
  end $$`;

export async function up(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`create function number_record_changes(at text) returns void language plpgsql as $$
    begin
      if not exists (select 1 from record_changes where changed_at is null) then return; end if;
      -- Already held when the content version's trigger calls this; taken here by other units.
      perform 1 from content_version where id = 1 for update;
      -- In the order they were written (numbered over the rows sorted by their first numbers).
      update record_changes set seq = numbered.seq_at_commit, changed_at = at
        from (select written.seq, nextval(pg_get_serial_sequence('record_changes', 'seq')) as seq_at_commit
                from (select seq from record_changes where changed_at is null order by seq) as written) as numbered
       where record_changes.seq = numbered.seq;
    end $$`.execute(db);
  await stampFunction('perform number_record_changes(new.changed_at);').execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await stampFunction('update record_changes set changed_at = new.changed_at where changed_at is null;').execute(db);
  await sql`drop function number_record_changes(text)`.execute(db);
}
