import { sql, type Kysely } from 'kysely';

/*
 * The record-change journal (docs/decisions/0027-record-change-journal.md): one row for every
 * change of an event, venue, organizer, category or tag, written by triggers in the transaction
 * that makes the change, so that no code path can change a record without its row, and a rolled-
 * back change leaves none. Incremental sync (`sync_token`) and the webhooks' outbox read it.
 *
 * - `seq` orders the rows in commit order: write units are serialized (decision 0014), so a
 *   unit's rows get numbers above every committed unit's, and a reader's snapshot holds a prefix.
 * - A post or term row counts as changed when its `version` (migration 20261122030000) or its
 *   status moves: term counts recomputed by event writes are not changes of the term.
 * - An occurrence row of a series going away (a rule edit, an excluded date, a deleted series) is
 *   a deletion of that occurrence's id; an event's own occurrence row goes with the event's post.
 * - One row per record and unit of work: a unit that writes a record several times (its fields,
 *   then its translation) leaves one row, whose action is the strongest of its changes (deleted,
 *   then trashed, then created, then updated), so each change is announced once.
 * - `changed_at` is left null by the triggers (they have no access to the service's clock) and
 *   stamped at the end of the unit (by `touchContent`, else by the unit runner): a null row is
 *   always the running unit's own, which is how the triggers find it.
 * - `content_version.changes_pruned_through`: the last `seq` removed by pruning; a sync token
 *   older than it cannot be answered.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** The action of a post update: moving into the trash is told apart from other changes. */
const UPDATE_ACTION = `case when new.status = 'trash' and old.status <> 'trash' then 'trashed' else 'updated' end`;

const rank = (action: string) => `case ${action} when 'deleted' then 3 when 'trashed' then 2 when 'created' then 1 else 0 end`;

/**
 * The statements that record a change of (`resource`, `id`) as `action` (SQL expressions over
 * `new`/`old`): merged into the unit's own row for the record when it has one, else a new row.
 */
function recordChange(resource: string, id: string, action: string): string {
  const own = `changed_at is null and resource = ${resource} and record_id = ${id}`;
  return `update record_changes set action = ${action} where ${own} and ${rank('action')} < ${rank(action)};
    insert into record_changes (resource, record_id, action) select ${resource}, ${id}, ${action} where not exists (select 1 from record_changes where ${own});`;
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('record_changes')
    .addColumn('seq', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // 'event', 'venue', 'organizer' (a post's type) or 'category', 'tag' (a term's taxonomy).
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    // 'created', 'updated', 'trashed' or 'deleted'.
    .addColumn('action', 'text', (c) => c.notNull())
    // An ISO-8601 UTC instant with milliseconds; null until the unit's touchContent stamps it.
    .addColumn('changed_at', 'text')
    .execute();
  await db.schema.createIndex('record_changes_by_resource').on('record_changes').columns(['resource', 'seq']).execute();
  await db.schema.createIndex('record_changes_by_time').on('record_changes').column('changed_at').execute();
  await sql`create index record_changes_unstamped on record_changes (resource, record_id) where changed_at is null`.execute(db);
  await db.schema.alterTable('content_version').addColumn('changes_pruned_through', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  if (pg) {
    await sql`create function record_post_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${sql.raw(recordChange('new.type', 'new.id', "'created'"))}
        elsif tg_op = 'DELETE' then
          ${sql.raw(recordChange('old.type', 'old.id', "'deleted'"))}
        else
          ${sql.raw(recordChange('new.type', 'new.id', UPDATE_ACTION))}
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function record_term_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${sql.raw(recordChange('new.taxonomy', 'new.id', "'created'"))}
        elsif tg_op = 'DELETE' then
          ${sql.raw(recordChange('old.taxonomy', 'old.id', "'deleted'"))}
        else
          ${sql.raw(recordChange('new.taxonomy', 'new.id', "'updated'"))}
        end if;
        return null;
      end $$`.execute(db);
    await sql`create function record_occurrence_removal() returns trigger language plpgsql as $$
      begin
        ${sql.raw(recordChange("'event'", 'old.id', "'deleted'"))}
        return null;
      end $$`.execute(db);
    await sql`create trigger posts_record_changes after insert or delete on posts for each row execute function record_post_change()`.execute(db);
    await sql`create trigger posts_record_changes_update after update on posts for each row
      when (new.version <> old.version or new.status <> old.status) execute function record_post_change()`.execute(db);
    await sql`create trigger terms_record_changes after insert or delete on terms for each row execute function record_term_change()`.execute(db);
    await sql`create trigger terms_record_changes_update after update on terms for each row
      when (new.version <> old.version) execute function record_term_change()`.execute(db);
    await sql`create trigger occurrences_record_changes after delete on event_occurrences for each row
      when (old.id <> old.event_id) execute function record_occurrence_removal()`.execute(db);
    return;
  }
  // SQLite: a trigger per table and statement, each a [name, when it fires, the change it records].
  const sqliteTriggers: [string, string, string][] = [
    ['posts_record_changes_insert', 'after insert on posts', recordChange('new.type', 'new.id', "'created'")],
    ['posts_record_changes_update', 'after update on posts when new.version <> old.version or new.status <> old.status', recordChange('new.type', 'new.id', UPDATE_ACTION)],
    ['posts_record_changes_delete', 'after delete on posts', recordChange('old.type', 'old.id', "'deleted'")],
    ['terms_record_changes_insert', 'after insert on terms', recordChange('new.taxonomy', 'new.id', "'created'")],
    ['terms_record_changes_update', 'after update on terms when new.version <> old.version', recordChange('new.taxonomy', 'new.id', "'updated'")],
    ['terms_record_changes_delete', 'after delete on terms', recordChange('old.taxonomy', 'old.id', "'deleted'")],
    ['occurrences_record_changes_delete', 'after delete on event_occurrences when old.id <> old.event_id', recordChange("'event'", 'old.id', "'deleted'")],
  ];
  for (const [name, firing, body] of sqliteTriggers) await sql.raw(`create trigger ${name} ${firing} begin ${body} end`).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists posts_record_changes on posts`.execute(db);
    await sql`drop trigger if exists posts_record_changes_update on posts`.execute(db);
    await sql`drop trigger if exists terms_record_changes on terms`.execute(db);
    await sql`drop trigger if exists terms_record_changes_update on terms`.execute(db);
    await sql`drop trigger if exists occurrences_record_changes on event_occurrences`.execute(db);
    for (const name of ['record_post_change', 'record_term_change', 'record_occurrence_removal']) await sql`drop function if exists ${sql.raw(name)}()`.execute(db);
  } else {
    for (const name of ['posts_record_changes_insert', 'posts_record_changes_update', 'posts_record_changes_delete', 'terms_record_changes_insert', 'terms_record_changes_update', 'terms_record_changes_delete', 'occurrences_record_changes_delete']) await sql`drop trigger if exists ${sql.raw(name)}`.execute(db);
  }
  await db.schema.alterTable('content_version').dropColumn('changes_pruned_through').execute();
  await db.schema.dropTable('record_changes').execute();
}
