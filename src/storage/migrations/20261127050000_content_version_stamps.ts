import { sql, type Kysely } from 'kysely';

/*
 * Raising the content version stamps what the unit wrote, in the same statement (decision 0077):
 * a trigger on `content_version.version` gives the unit's content-change tags (version 0, decision
 * 0033) the new version, drops the tags of versions the read cache no longer asks for (the last
 * 1,000 are kept: `CONTENT_CHANGES_KEPT` in src/storage/database.ts), and stamps the unit's journal
 * rows (changed_at null, decision 0027) with the version's `changed_at`. These were three more
 * statements of every write unit, each a round trip on PostgreSQL, run while the unit held the
 * write lock. Only the running unit has version-0 tags and unstamped journal rows (its own are not
 * visible to others before it commits, and every unit stamps its own before it does).
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

const STAMPS = `update content_changes set version = new.version where version = 0;
    delete from content_changes where version > 0 and version <= new.version - 1000;
    update record_changes set changed_at = new.changed_at where changed_at is null;`;

export async function up(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`create function stamp_content_version() returns trigger language plpgsql as $$
      begin
        ${sql.raw(STAMPS)}
        return null;
      end $$`.execute(db);
    await sql`create trigger content_version_stamps after update of version on content_version
      for each row execute function stamp_content_version()`.execute(db);
  } else {
    await sql.raw(`create trigger content_version_stamps after update of version on content_version begin
      ${STAMPS}
    end`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger content_version_stamps on content_version`.execute(db);
    await sql`drop function stamp_content_version()`.execute(db);
  } else {
    await sql`drop trigger content_version_stamps`.execute(db);
  }
}
