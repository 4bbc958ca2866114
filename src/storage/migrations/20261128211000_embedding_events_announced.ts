import { sql, type Kysely } from 'kysely';

/*
 * Events announced when what they embed changes (issue 48, decision 0107). An event as the API
 * shows it embeds its venue and organizers; their edits changed the event's answer without a
 * journal row for the event, so sync and webhooks never announced it and mirrors kept old copies.
 *
 * - A venue or organizer whose post changes (its `version` or status: the journal's own test of a
 *   change, migration 20261125000000) gives every event linked to it a row `updated` in the same
 *   unit, one set-based statement for all of them; an event already changed by the unit keeps its
 *   own row (merged as every journal row of a unit is).
 * - An event whose links change (a venue trashed or deleted unlinks its events; a link made or
 *   removed in any other way) gets a row `updated` too: its answer lost or gained what it embeds.
 *   An event deleted with its links has its own row `deleted`; the links' rows skip it.
 * - What the event was before is what it is (status, author): the row changes nothing of its own,
 *   and sync's test of whether a reader could have listed it (decision 0029) reads that.
 * - Events in the trash are not announced: nobody's archive lists them.
 *
 * PostgreSQL holds a unit's journal rows until its stamp (migration 20261128210000): the lines of
 * a venue's events are appended in one call, once per venue, and links per statement (transition
 * tables), so a venue with 50,000 events costs one append of 50,000 lines, not 50,000 appends.
 * SQLite inserts them, one statement per venue, one row per link.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

/** The venue's or organizer's post changed as the journal counts changes. */
const LINKED_CHANGED = `new.type in ('venue', 'organizer') and (new.version <> old.version or new.status <> old.status)`;

/** PostgreSQL: the held lines of the events (posts `e`) matched by `from`, one per event. */
const heldLines = (from: string) =>
  `(select string_agg(json_build_array('event', e.id, 'updated', e.status, e.author_id)::text, E'\\n' order by e.id) ${from} and e.status <> 'trash')`;

/** PostgreSQL: a statement-level trigger on event_links, with the transition tables `tables` names. */
const LINK_TRIGGERS = [
  ['event_links_announce_insert', 'insert', 'referencing new table as new_rows'],
  ['event_links_announce_update', 'update', 'referencing old table as old_rows new table as new_rows'],
  ['event_links_announce_delete', 'delete', 'referencing old table as old_rows'],
] as const;

/** SQLite: the row `updated` of event `id` (an SQL expression), unless the unit has one for it or it is gone or in the trash. */
const sqliteEventUpdated = (id: string) =>
  `insert into record_changes (resource, record_id, action, status_before, author_before)
     select 'event', e.id, 'updated', e.status, e.author_id from posts e
      where e.id = ${id} and e.status <> 'trash'
        and not exists (select 1 from record_changes r where r.changed_at is null and r.resource = 'event' and r.record_id = e.id);`;

const SQLITE_TRIGGERS: readonly [name: string, firing: string, body: string][] = [
  [
    'posts_embedding_events',
    `after update on posts when ${LINKED_CHANGED}`,
    `insert into record_changes (resource, record_id, action, status_before, author_before)
       select 'event', e.id, 'updated', e.status, e.author_id from event_links l join posts e on e.id = l.event_id
        where l.linked_id = new.id and e.status <> 'trash'
          and not exists (select 1 from record_changes r where r.changed_at is null and r.resource = 'event' and r.record_id = e.id);`,
  ],
  ['event_links_announce_insert', 'after insert on event_links', sqliteEventUpdated('new.event_id')],
  ['event_links_announce_update', 'after update on event_links', `${sqliteEventUpdated('old.event_id')} ${sqliteEventUpdated('new.event_id')}`],
  ['event_links_announce_delete', 'after delete on event_links', sqliteEventUpdated('old.event_id')],
];

export async function up(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) {
    for (const [name, firing, body] of SQLITE_TRIGGERS) await sql.raw(`create trigger ${name} ${firing} begin ${body} end`).execute(db);
    return;
  }
  await sql`create function announce_embedding_events() returns trigger language plpgsql as $$
    begin
      perform hold_record_changes(${sql.raw(heldLines('from event_links l join posts e on e.id = l.event_id where l.linked_id = new.id'))});
      return null;
    end $$`.execute(db);
  await sql`create trigger posts_embedding_events after update on posts for each row when (${sql.raw(LINKED_CHANGED)}) execute function announce_embedding_events()`.execute(db);
  await sql`create function announce_relinked_events() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        perform hold_record_changes(${sql.raw(heldLines('from posts e where e.id in (select event_id from new_rows)'))});
      elsif tg_op = 'DELETE' then
        perform hold_record_changes(${sql.raw(heldLines('from posts e where e.id in (select event_id from old_rows)'))});
      else
        perform hold_record_changes(${sql.raw(heldLines('from posts e where e.id in (select event_id from old_rows union select event_id from new_rows)'))});
      end if;
      return null;
    end $$`.execute(db);
  for (const [name, on, tables] of LINK_TRIGGERS) {
    await sql.raw(`create trigger ${name} after ${on} on event_links ${tables} for each statement execute function announce_relinked_events()`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!(await isPostgres(db))) {
    for (const [name] of SQLITE_TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    return;
  }
  for (const [name] of LINK_TRIGGERS) await sql.raw(`drop trigger if exists ${name} on event_links`).execute(db);
  await sql`drop trigger if exists posts_embedding_events on posts`.execute(db);
  await sql`drop function if exists announce_relinked_events()`.execute(db);
  await sql`drop function if exists announce_embedding_events()`.execute(db);
}
