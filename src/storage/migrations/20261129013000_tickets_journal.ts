import { sql, type Kysely } from 'kysely';

/*
 * Tickets and attendees in the record-change journal (issue 46 item 7, decision 0129), so sync
 * tokens and webhooks carry them as they carry posts and terms (decision 0027): triggers write one
 * row per record and unit, merged as the posts' triggers merge them (migration 20261126000000).
 *
 * - A ticket's row: `status_before` its status before the unit ('' created by it), `author_before`
 *   its event's author (whose edit rights decide who may hear of it, decision 0110).
 * - An attendee's row: `status_before` the attendee's status before ('' created), `author_before`
 *   its event's author. A check-in or out, a cancel, are updates.
 * - A ticket's availability and counts are computed from its attendees (decision 0109): a change
 *   of an attendee is also its ticket's `updated` (and every shared ticket's of the event, when it
 *   draws on the event's pool), a change of the pool every shared ticket's of the event, and a
 *   change of the event's status (published, drafted, trashed) every ticket's of the event, whose
 *   visibility follows it.
 * - `tickets.event_status`: the event's status, kept by triggers, so the tickets archive counts its
 *   total from one index (issue 46's speed target); `attendees_ticket_counts` makes a ticket's
 *   three counts index-only.
 * - `webhook_subscriptions.owner_id`: who made the subscription; ticket and attendee messages go
 *   only to subscriptions whose owner may edit the event (null: made before owners were recorded,
 *   hears none of them).
 *
 * PostgreSQL holds the inserted rows until the unit's stamp (migration 20261128210000): the same
 * statements serve both engines. Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

const rank = (action: string) => `case ${action} when 'deleted' then 3 when 'trashed' then 2 when 'created' then 1 else 0 end`;

/** The change of (`resource`, `id`) as `action`, merged into the unit's row for the record, else a new row holding what it was before. */
function recordChange(resource: string, id: string, action: string, statusBefore: string, authorBefore: string): string {
  const own = `changed_at is null and resource = ${resource} and record_id = ${id}`;
  return `update record_changes set action = ${action} where ${own} and ${rank('action')} < ${rank(action)};
    insert into record_changes (resource, record_id, action, status_before, author_before)
      select ${resource}, ${id}, ${action}, ${statusBefore}, ${authorBefore} where not exists (select 1 from record_changes where ${own});`;
}

/** The tickets matched by `where` (over tickets `t`), each `updated` unless the unit has a row for it already. */
const ticketsUpdated = (where: string) =>
  `insert into record_changes (resource, record_id, action, status_before, author_before)
     select 'ticket', t.id, 'updated', t.status, (select author_id from posts where id = t.event_id) from tickets t
      where ${where}
        and not exists (select 1 from record_changes r where r.changed_at is null and r.resource = 'ticket' and r.record_id = t.id);`;

/** The attendee's ticket, and when that ticket is shared every shared ticket of its event. */
const ticketsOfAttendee = (row: 'new' | 'old') =>
  ticketsUpdated(`(t.id = ${row}.ticket_id or (t.event_id = ${row}.event_id and t.capacity_mode = 'shared'
    and exists (select 1 from tickets s where s.id = ${row}.ticket_id and s.capacity_mode = 'shared')))`);

const eventAuthor = (row: 'new' | 'old') => `(select author_id from posts where id = ${row}.event_id)`;

const changes = {
  ticketCreated: recordChange("'ticket'", 'new.id', "'created'", "''", eventAuthor('new')),
  // A ticket whose event status is still '' was made by this statement (SQLite copies it after the insert): it was never listed.
  ticketUpdated: recordChange("'ticket'", 'new.id', "'updated'", "case when old.event_status = '' then '' else old.status end", eventAuthor('old')),
  ticketDeleted: recordChange("'ticket'", 'old.id', "'deleted'", 'old.status', eventAuthor('old')),
  attendeeCreated: `${recordChange("'attendee'", 'new.id', "'created'", "''", eventAuthor('new'))} ${ticketsOfAttendee('new')}`,
  attendeeUpdated: `${recordChange("'attendee'", 'new.id', "'updated'", 'old.status', eventAuthor('old'))} ${ticketsOfAttendee('old')}`,
  attendeeDeleted: `${recordChange("'attendee'", 'old.id', "'deleted'", 'old.status', eventAuthor('old'))} ${ticketsOfAttendee('old')}`,
  poolChanged: (row: 'new' | 'old') => ticketsUpdated(`t.event_id = ${row}.event_id and t.capacity_mode = 'shared'`),
  eventStatusChanged: ticketsUpdated(`t.event_id = new.id`),
};

const EVENT_STATUS_CHANGED = `new.type = 'event' and new.status <> old.status`;

/** SQLite: the event's status copied onto its tickets when a ticket is made or moved, and when the event's status changes. */
const EVENT_STATUS_TRIGGERS: readonly [name: string, firing: string, body: string][] = [
  ['tickets_event_status_insert', 'after insert on tickets', `update tickets set event_status = coalesce((select status from posts where id = new.event_id), '') where id = new.id;`],
  ['tickets_event_status_move', 'after update of event_id on tickets', `update tickets set event_status = coalesce((select status from posts where id = new.event_id), '') where id = new.id;`],
  ['posts_ticket_event_status', `after update of status on posts when ${EVENT_STATUS_CHANGED}`, `update tickets set event_status = new.status where event_id = new.id and event_status <> new.status;`],
];

const SQLITE_TRIGGERS: readonly [name: string, firing: string, body: string][] = [
  ['tickets_record_changes_insert', 'after insert on tickets', changes.ticketCreated],
  ['tickets_record_changes_update', 'after update on tickets', changes.ticketUpdated],
  ['tickets_record_changes_delete', 'after delete on tickets', changes.ticketDeleted],
  ['attendees_record_changes_insert', 'after insert on attendees', changes.attendeeCreated],
  ['attendees_record_changes_update', 'after update on attendees', changes.attendeeUpdated],
  ['attendees_record_changes_delete', 'after delete on attendees', changes.attendeeDeleted],
  ['ticket_pools_record_changes_insert', 'after insert on event_ticket_pools', changes.poolChanged('new')],
  ['ticket_pools_record_changes_update', 'after update on event_ticket_pools', changes.poolChanged('new')],
  ['posts_ticket_record_changes', `after update on posts when ${EVENT_STATUS_CHANGED}`, changes.eventStatusChanged],
];

/** PostgreSQL: a trigger function recording a row's insert, update or delete with the statements given for each. */
function byOperation(name: string, [created, updated, deleted]: readonly [string, string, string]) {
  return sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
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

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('webhook_subscriptions').addColumn('owner_id', 'integer').execute();
  // A ticket's counts (sold, attendees, checked in) read from one index alone: the check-in count
  // read every attendee's row through (ticket_id, status), most of the tickets archive's time
  // (issue 46's speed target; decision 0129).
  await db.schema.createIndex('attendees_ticket_counts').on('attendees').columns(['ticket_id', 'status', 'checked_in']).execute();
  await db.schema.dropIndex('attendees_ticket').execute();
  // The event's status copied onto its tickets, kept by triggers (below): the tickets archive's
  // total (X-ET-TOTAL) counts published tickets of published events from one index, where it
  // joined every ticket to its event's post (20 ms of 20,000 tickets; issue 46's speed target).
  await db.schema.alterTable('tickets').addColumn('event_status', 'text', (c) => c.notNull().defaultTo('')).execute();
  await sql`update tickets set event_status = coalesce((select status from posts where posts.id = tickets.event_id), '')`.execute(db);
  await db.schema.createIndex('tickets_listing').on('tickets').columns(['status', 'event_status', 'id']).execute();
  if (!(await isPostgres(db))) {
    for (const [name, firing, body] of [...EVENT_STATUS_TRIGGERS, ...SQLITE_TRIGGERS]) await sql.raw(`create trigger ${name} ${firing} begin ${body} end`).execute(db);
    return;
  }
  await sql`create function ticket_event_status() returns trigger language plpgsql as $$
    begin
      new.event_status := coalesce((select status from posts where id = new.event_id), '');
      return new;
    end $$`.execute(db);
  await sql`create trigger tickets_event_status before insert or update of event_id on tickets for each row execute function ticket_event_status()`.execute(db);
  await sql`create function event_status_to_tickets() returns trigger language plpgsql as $$
    begin
      update tickets set event_status = new.status where event_id = new.id and event_status <> new.status;
      return null;
    end $$`.execute(db);
  await sql`create trigger posts_ticket_event_status after update of status on posts for each row when (${sql.raw(EVENT_STATUS_CHANGED)}) execute function event_status_to_tickets()`.execute(db);
  await byOperation('record_ticket_change', [changes.ticketCreated, changes.ticketUpdated, changes.ticketDeleted]).execute(db);
  await byOperation('record_attendee_change', [changes.attendeeCreated, changes.attendeeUpdated, changes.attendeeDeleted]).execute(db);
  await byOperation('record_ticket_pool_change', [changes.poolChanged('new'), changes.poolChanged('new'), 'null;']).execute(db);
  await sql`create function record_event_tickets_change() returns trigger language plpgsql as $$
    begin
      ${sql.raw(changes.eventStatusChanged)}
      return null;
    end $$`.execute(db);
  await sql`create trigger tickets_record_changes after insert or update or delete on tickets for each row execute function record_ticket_change()`.execute(db);
  await sql`create trigger attendees_record_changes after insert or update or delete on attendees for each row execute function record_attendee_change()`.execute(db);
  await sql`create trigger ticket_pools_record_changes after insert or update on event_ticket_pools for each row execute function record_ticket_pool_change()`.execute(db);
  await sql`create trigger posts_ticket_record_changes after update on posts for each row when (${sql.raw(EVENT_STATUS_CHANGED)}) execute function record_event_tickets_change()`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (await isPostgres(db)) {
    await sql`drop trigger if exists posts_ticket_record_changes on posts`.execute(db);
    await sql`drop trigger if exists ticket_pools_record_changes on event_ticket_pools`.execute(db);
    await sql`drop trigger if exists attendees_record_changes on attendees`.execute(db);
    await sql`drop trigger if exists tickets_record_changes on tickets`.execute(db);
    await sql`drop trigger if exists posts_ticket_event_status on posts`.execute(db);
    await sql`drop trigger if exists tickets_event_status on tickets`.execute(db);
    for (const name of ['record_event_tickets_change', 'record_ticket_pool_change', 'record_attendee_change', 'record_ticket_change', 'event_status_to_tickets', 'ticket_event_status']) await sql.raw(`drop function if exists ${name}()`).execute(db);
  } else {
    for (const [name] of [...EVENT_STATUS_TRIGGERS, ...SQLITE_TRIGGERS]) await sql.raw(`drop trigger if exists ${name}`).execute(db);
  }
  await db.schema.dropIndex('tickets_listing').execute();
  await db.schema.alterTable('tickets').dropColumn('event_status').execute();
  await db.schema.createIndex('attendees_ticket').on('attendees').columns(['ticket_id', 'status']).execute();
  await db.schema.dropIndex('attendees_ticket_counts').execute();
  await db.schema.alterTable('webhook_subscriptions').dropColumn('owner_id').execute();
}
