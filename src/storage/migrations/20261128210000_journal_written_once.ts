import { sql, type Kysely } from 'kysely';

/*
 * The journals written once with their final values on PostgreSQL (issue 48, decision 0106). A
 * unit's content-change tags (decision 0033) were inserted under its own key, then updated to the
 * new content version, then deleted 1,000 versions later; its record-change rows (decision 0027)
 * were inserted, then renumbered and stamped at commit. Every one of those row versions stayed as
 * a dead row until a vacuum, and the stamp, which runs while the unit holds the `content_version`
 * row, scanned the tags' index from its start, over every deleted tag of the table's history:
 * with autovacuum off, creates slowed to a third within the hour.
 *
 * - A unit's tags and journal rows are held in settings local to its transaction
 *   (`calendar.unit_content_tags`: tags one per line, each once; `calendar.unit_record_changes`:
 *   the rows as JSON arrays, one per line): a trigger before the insert of a row not yet numbered
 *   (tags of version 0, journal rows without `changed_at`) appends it there and skips the insert;
 *   `hold_record_changes(lines)` appends many journal rows at once.
 *   A setting local to the transaction is undone with it, or with the savepoint it was set in, as
 *   the rows were; no other transaction sees it.
 * - The content version's stamp (migration 20261127050000) inserts the held tags with the new
 *   version, and `number_record_changes` (migration 20261127060000) inserts the held journal rows
 *   numbered and stamped, one row per record, merged as the triggers of migration 20261126000000
 *   merged them (the strongest action; what the record was before its first change; numbered in
 *   the order of those first changes).
 * - The stamp prunes only the versions that left the kept window with this version (between the
 *   old version and the new one, 1,000 below): its index scan starts there, not at the table's
 *   start, so the rows pruned before are never read again.
 * - The journal triggers' merge statements find no row of the unit's now and insert each change;
 *   the merge happens at the stamp instead.
 * - Held is bounded (HELD_BYTES: some hundreds of journal rows, a thousand tags), since each append
 *   copies what is held. A unit past it writes its journal rows to the table as before (merged;
 *   renumbered at its stamp: dead rows of big units only), and its version names no tags (the read
 *   caches then drop every answer, as for any version whose changes are not known).
 *
 * SQLite: nothing changes; it rewrites pages in place and keeps no dead row versions.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/**
 * What a unit holds at most, in bytes, of tags and of journal lines: appending copies what is held,
 * so a unit holding much would pay for it again with every row (a venue's 50,000 events unlinked).
 */
const HELD_BYTES = 16_384;

export async function up(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`drop trigger content_changes_own_key on content_changes`.execute(db);
  await sql`drop function content_changes_own_key()`.execute(db);
  // Past HELD_BYTES the unit's tags become '*': its version then names none, which every node's
  // read cache takes as "anything may have changed" and drops every answer (decision 0033).
  await sql`create function hold_content_change() returns trigger language plpgsql as $$
    declare
      held text := coalesce(current_setting('calendar.unit_content_tags', true), '');
    begin
      if new.version <> 0 then return new; end if;
      if held <> '*' and position(E'\n' || new.tag || E'\n' in E'\n' || held || E'\n') = 0 then
        perform set_config('calendar.unit_content_tags', case when held = '' then new.tag when octet_length(held) >= ${sql.lit(HELD_BYTES)} then '*' else held || E'\n' || new.tag end, true);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger content_changes_held before insert on content_changes for each row execute function hold_content_change()`.execute(db);

  await sql`create function record_change_rank(action text) returns integer language sql immutable as $$
    select case action when 'deleted' then 3 when 'trashed' then 2 when 'created' then 1 else 0 end $$`.execute(db);
  // Held lines merged per record, as the journal's triggers merge a unit's rows: the strongest
  // action, what the record was before its first change, in the order of those first changes.
  await sql`create function merged_record_changes(lines text)
    returns table (resource text, record_id integer, action text, status_before text, author_before integer, first bigint)
    language sql stable as $$
      select change->>0, (change->>1)::integer,
             (array_agg(change->>2 order by record_change_rank(change->>2) desc, n))[1],
             (array_agg(change->>3 order by n))[1],
             (array_agg((change->>4)::integer order by n))[1],
             min(n)
        from (select line::json as change, n from unnest(string_to_array(lines, E'\n')) with ordinality as held(line, n)) as changes
       group by 1, 2 $$`.execute(db);
  // Lines written as rows of the running unit (changed_at null), merged into those it has.
  await sql`create function write_record_changes(lines text) returns void language plpgsql as $$
    begin
      update record_changes r set action = m.action from merged_record_changes(lines) m
       where r.changed_at is null and r.resource = m.resource and r.record_id = m.record_id and record_change_rank(r.action) < record_change_rank(m.action);
      insert into record_changes (resource, record_id, action, status_before, author_before)
      select m.resource, m.record_id, m.action, m.status_before, m.author_before from merged_record_changes(lines) m
       where not exists (select 1 from record_changes r where r.changed_at is null and r.resource = m.resource and r.record_id = m.record_id)
       order by m.first;
    end $$`.execute(db);
  // Journal lines held, appended in one call (a statement's worth at once: what is held is copied
  // once). Past HELD_BYTES the unit writes its rows to the table instead ('*'), as before this
  // migration: they are then renumbered at the stamp.
  await sql`create function hold_record_changes(lines text) returns void language plpgsql as $$
    declare
      held text := coalesce(current_setting('calendar.unit_record_changes', true), '');
    begin
      if coalesce(lines, '') = '' then return; end if;
      if held = '*' then
        perform write_record_changes(lines);
      elsif octet_length(held) + octet_length(lines) > ${sql.lit(HELD_BYTES)} then
        perform set_config('calendar.unit_record_changes', '*', true);
        perform write_record_changes(case when held = '' then lines else held || E'\n' || lines end);
      else
        perform set_config('calendar.unit_record_changes', case when held = '' then lines else held || E'\n' || lines end, true);
      end if;
    end $$`.execute(db);
  await sql`create function hold_record_change() returns trigger language plpgsql as $$
    begin
      if new.changed_at is not null or current_setting('calendar.unit_record_changes', true) = '*' then return new; end if;
      perform hold_record_changes(json_build_array(new.resource, new.record_id, new.action, new.status_before, new.author_before)::text);
      return null;
    end $$`.execute(db);
  await sql`create trigger record_changes_held before insert on record_changes for each row execute function hold_record_change()`.execute(db);
  await sql`create or replace function number_record_changes(at text) returns void language plpgsql as $$
    declare
      held text := coalesce(current_setting('calendar.unit_record_changes', true), '');
    begin
      if held = '' then return; end if;
      -- Already held when the content version's trigger calls this; taken here by other units.
      perform 1 from content_version where id = 1 for update;
      perform set_config('calendar.unit_record_changes', '', true);
      if held = '*' then
        update record_changes set seq = numbered.seq_at_commit, changed_at = at
          from (select written.seq, nextval(pg_get_serial_sequence('record_changes', 'seq')) as seq_at_commit
                  from (select seq from record_changes where changed_at is null order by seq) as written) as numbered
         where record_changes.seq = numbered.seq;
      else
        insert into record_changes (seq, resource, record_id, action, changed_at, status_before, author_before)
        select nextval(pg_get_serial_sequence('record_changes', 'seq')), m.resource, m.record_id, m.action, at, m.status_before, m.author_before
          from (select * from merged_record_changes(held) order by first) as m;
      end if;
    end $$`.execute(db);
  await sql`create or replace function stamp_content_version() returns trigger language plpgsql as $$
    declare
      tags text := coalesce(current_setting('calendar.unit_content_tags', true), '');
    begin
      if tags not in ('', '*') then
        insert into content_changes (version, tag) select new.version, tag from unnest(string_to_array(tags, E'\n')) as tag;
      end if;
      perform set_config('calendar.unit_content_tags', '', true);
      delete from content_changes where version > old.version - 1000 and version <= new.version - 1000;
      perform number_record_changes(new.changed_at);
      return null;
    end $$`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) return;
  await sql`create or replace function stamp_content_version() returns trigger language plpgsql as $$
    begin
      update content_changes set version = new.version where version = -pg_backend_pid();
      delete from content_changes where version > 0 and version <= new.version - 1000;
      perform number_record_changes(new.changed_at);
      return null;
    end $$`.execute(db);
  await sql`create or replace function number_record_changes(at text) returns void language plpgsql as $$
    begin
      if not exists (select 1 from record_changes where changed_at is null) then return; end if;
      perform 1 from content_version where id = 1 for update;
      update record_changes set seq = numbered.seq_at_commit, changed_at = at
        from (select written.seq, nextval(pg_get_serial_sequence('record_changes', 'seq')) as seq_at_commit
                from (select seq from record_changes where changed_at is null order by seq) as written) as numbered
       where record_changes.seq = numbered.seq;
    end $$`.execute(db);
  await sql`drop trigger record_changes_held on record_changes`.execute(db);
  await sql`drop function hold_record_change()`.execute(db);
  await sql`drop function hold_record_changes(text)`.execute(db);
  await sql`drop function write_record_changes(text)`.execute(db);
  await sql`drop function merged_record_changes(text)`.execute(db);
  await sql`drop function record_change_rank(text)`.execute(db);
  await sql`drop trigger content_changes_held on content_changes`.execute(db);
  await sql`drop function hold_content_change()`.execute(db);
  await sql`create function content_changes_own_key() returns trigger language plpgsql as $$
    begin
      if new.version = 0 then new.version := -pg_backend_pid(); end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger content_changes_own_key before insert on content_changes for each row execute function content_changes_own_key()`.execute(db);
}
