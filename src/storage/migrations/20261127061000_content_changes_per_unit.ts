import { sql, type Kysely } from 'kysely';

/*
 * A running unit's change tags under a key of its own on PostgreSQL (decision 0081, rule 2 of
 * decision 0038). The triggers of migration 20261125060000 write a unit's tags as (0, tag), once
 * per unit through the unique key on (version, tag); two units writing the same tag (every event
 * write names `list:event`) met on that key, and the second waited for the first's commit from its
 * first trigger on, whatever else they wrote. A trigger before the insert now files version 0 as
 * the negated id of the server process running the unit: one transaction at a time per process,
 * so these rows are still the running unit's own, once per tag, and units on other connections
 * never share a key with it. The content version's stamp (migrations 20261127050000 and
 * 20261127060000) claims the rows of its own process. Readers never see them: they read versions
 * above 0, and another unit's uncommitted rows are not visible anyway.
 *
 * SQLite: nothing changes, it has one writer at a time.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** The stamps of migration 20261127060000, claiming the tags of `own` (a SQL expression of the unit's version-0 key). */
const stampFunction = (own: string) => sql`create or replace function stamp_content_version() returns trigger language plpgsql as $$
  begin
    update content_changes set version = new.version where version = ${sql.raw(own)};
    delete from content_changes where version > 0 and version <= new.version - 1000;
    perform number_record_changes(new.changed_at);
    return null;
  end $$`;

export async function up(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`create function content_changes_own_key() returns trigger language plpgsql as $$
    begin
      if new.version = 0 then new.version := -pg_backend_pid(); end if;
      return new;
    end $$`.execute(db);
  // Before the insert: its conflict check (on conflict do nothing) already sees the unit's key.
  await sql`create trigger content_changes_own_key before insert on content_changes for each row execute function content_changes_own_key()`.execute(db);
  await stampFunction('-pg_backend_pid()').execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await stampFunction('0').execute(db);
  await sql`drop trigger content_changes_own_key on content_changes`.execute(db);
  await sql`drop function content_changes_own_key()`.execute(db);
}
