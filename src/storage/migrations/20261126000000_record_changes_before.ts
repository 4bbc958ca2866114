import { sql, type Kysely } from 'kysely';

/*
 * What a journal row's record was before its unit changed it (decision 0029, issue 36): the status
 * and author of a post or an occurrence when the unit first touched it; '' for a record the unit
 * created; null where nothing is known (a term, whose archive everyone reads; rows written before
 * this migration). A sync reader is sent a tombstone only for a record its archive could have
 * listed before the change, so a draft edited and never published is never announced to anonymous
 * readers. The triggers of migration 20261125000000 are replaced by the same triggers writing the
 * two columns; one row per record and unit still, the columns set by the row's first change.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

const UPDATE_ACTION = `case when new.status = 'trash' and old.status <> 'trash' then 'trashed' else 'updated' end`;

const rank = (action: string) => `case ${action} when 'deleted' then 3 when 'trashed' then 2 when 'created' then 1 else 0 end`;

/** The change of (`resource`, `id`) as `action`, merged into the unit's row for the record, else a new row holding what it was before. */
function recordChange(resource: string, id: string, action: string, statusBefore: string, authorBefore: string): string {
  const own = `changed_at is null and resource = ${resource} and record_id = ${id}`;
  return `update record_changes set action = ${action} where ${own} and ${rank('action')} < ${rank(action)};
    insert into record_changes (resource, record_id, action, status_before, author_before)
      select ${resource}, ${id}, ${action}, ${statusBefore}, ${authorBefore} where not exists (select 1 from record_changes where ${own});`;
}

const CREATED = ["''", 'null'] as const;
const POST_BEFORE = ['old.status', 'old.author_id'] as const;
const UNKNOWN = ['null', 'null'] as const;
/** An occurrence's status is its own (a copy of its event's); its author is its event's, while that post is there. */
const OCCURRENCE_BEFORE = ['old.status', '(select author_id from posts where id = old.event_id)'] as const;

const changes = {
  postCreated: recordChange('new.type', 'new.id', "'created'", ...CREATED),
  postUpdated: recordChange('new.type', 'new.id', UPDATE_ACTION, ...POST_BEFORE),
  postDeleted: recordChange('old.type', 'old.id', "'deleted'", ...POST_BEFORE),
  termCreated: recordChange('new.taxonomy', 'new.id', "'created'", ...CREATED),
  termUpdated: recordChange('new.taxonomy', 'new.id', "'updated'", ...UNKNOWN),
  termDeleted: recordChange('old.taxonomy', 'old.id', "'deleted'", ...UNKNOWN),
  occurrenceRemoved: recordChange("'event'", 'old.id', "'deleted'", ...OCCURRENCE_BEFORE),
};

const SQLITE_TRIGGERS: readonly [name: string, firing: string, body: string][] = [
  ['posts_record_changes_insert', 'after insert on posts', changes.postCreated],
  ['posts_record_changes_update', 'after update on posts when new.version <> old.version or new.status <> old.status', changes.postUpdated],
  ['posts_record_changes_delete', 'after delete on posts', changes.postDeleted],
  ['terms_record_changes_insert', 'after insert on terms', changes.termCreated],
  ['terms_record_changes_update', 'after update on terms when new.version <> old.version', changes.termUpdated],
  ['terms_record_changes_delete', 'after delete on terms', changes.termDeleted],
  ['occurrences_record_changes_delete', 'after delete on event_occurrences when old.id <> old.event_id', changes.occurrenceRemoved],
];

/** A PostgreSQL trigger function recording a row's insert, update or delete with the statements given for each. */
function byOperation(name: string, [created, updated, deleted]: readonly [string, string, string]) {
  return sql`create or replace function ${sql.raw(name)}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(created)}
      elsif tg_op = 'DELETE' then
        ${sql.raw(deleted)}
      else
        ${sql.raw(updated)}
      end if;
      return null;
    end $$`;
}

async function replaceFunctions(db: AnyDb, body: { post: [string, string, string]; term: [string, string, string]; occurrence: string }): Promise<void> {
  await byOperation('record_post_change', body.post).execute(db);
  await byOperation('record_term_change', body.term).execute(db);
  await sql`create or replace function record_occurrence_removal() returns trigger language plpgsql as $$
    begin
      ${sql.raw(body.occurrence)}
      return null;
    end $$`.execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('record_changes').addColumn('status_before', 'text').execute();
  await db.schema.alterTable('record_changes').addColumn('author_before', 'integer').execute();
  if (await isPostgres(db)) {
    // The triggers call these functions by name: replacing them is enough.
    await replaceFunctions(db, {
      post: [changes.postCreated, changes.postUpdated, changes.postDeleted],
      term: [changes.termCreated, changes.termUpdated, changes.termDeleted],
      occurrence: changes.occurrenceRemoved,
    });
    return;
  }
  for (const [name, firing, body] of SQLITE_TRIGGERS) {
    await sql.raw(`drop trigger if exists ${name}`).execute(db);
    await sql.raw(`create trigger ${name} ${firing} begin ${body} end`).execute(db);
  }
}

/** Back to the triggers of migration 20261125000000, which write neither column. */
function previousChange(resource: string, id: string, action: string): string {
  const own = `changed_at is null and resource = ${resource} and record_id = ${id}`;
  return `update record_changes set action = ${action} where ${own} and ${rank('action')} < ${rank(action)};
    insert into record_changes (resource, record_id, action) select ${resource}, ${id}, ${action} where not exists (select 1 from record_changes where ${own});`;
}

export async function down(db: AnyDb): Promise<void> {
  const post: [string, string, string] = [previousChange('new.type', 'new.id', "'created'"), previousChange('new.type', 'new.id', UPDATE_ACTION), previousChange('old.type', 'old.id', "'deleted'")];
  const term: [string, string, string] = [previousChange('new.taxonomy', 'new.id', "'created'"), previousChange('new.taxonomy', 'new.id', "'updated'"), previousChange('old.taxonomy', 'old.id', "'deleted'")];
  const occurrence = previousChange("'event'", 'old.id', "'deleted'");
  if (await isPostgres(db)) {
    await replaceFunctions(db, { post, term, occurrence });
  } else {
    const previous = [post[0], post[1], post[2], term[0], term[1], term[2], occurrence];
    for (const [index, [name, firing]] of SQLITE_TRIGGERS.entries()) {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
      await sql.raw(`create trigger ${name} ${firing} begin ${previous[index]} end`).execute(db);
    }
  }
  await db.schema.alterTable('record_changes').dropColumn('author_before').execute();
  await db.schema.alterTable('record_changes').dropColumn('status_before').execute();
}
