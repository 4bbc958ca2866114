import { sql, type Kysely } from 'kysely';

/*
 * Tickets and their attendees (issue 46, decision 0108). A ticket belongs to an event (a `posts`
 * row); its capacity is its own, shared with the event's other shared tickets (the pool's size is
 * the event's row in `event_ticket_pools`), or unlimited. An attendee is one seat, as in Event
 * Tickets: an RSVP for three makes three rows with one `order_ref`. What is sold is counted from
 * the attendees when read, never stored (decision 0109). Deleting an event deletes its tickets,
 * pools and attendees (the foreign keys). Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  const idType = pg ? 'serial' : 'integer';
  await db.schema
    .createTable('event_ticket_pools')
    .addColumn('event_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    .addColumn('capacity', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('tickets')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('author_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    // 'own' (capacity is this ticket's), 'shared' (capacity caps this ticket within the event's pool), 'unlimited'.
    .addColumn('capacity_mode', 'text', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    // UTC 'YYYY-MM-DD HH:MM:SS', as every time of the schema; null: no bound.
    .addColumn('sale_start_utc', 'text')
    .addColumn('sale_end_utc', 'text')
    // A decimal amount as text ('0' is a free RSVP), so no float ever rounds a price.
    .addColumn('price', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('sku', 'text', (c) => c.notNull())
    // JSON array of {label, type: text|choice|checkbox, options, required}.
    .addColumn('attendee_fields', 'text', (c) => c.notNull())
    .addColumn('created_utc', 'text', (c) => c.notNull())
    .addColumn('modified_utc', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('tickets_event').on('tickets').columns(['event_id', 'id']).execute();
  await db.schema
    .createTable('attendees')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    // JSON object: the ticket's attendee fields' labels to the answers given.
    .addColumn('answers', 'text', (c) => c.notNull())
    // 'going', 'not-going', 'cancelled' or 'waitlisted'; only 'going' takes a place.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('checked_in', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('checked_in_utc', 'text')
    // What the door's QR code carries with the attendee's id (the original's security code).
    .addColumn('security_code', 'text', (c) => c.notNull().unique())
    // The RSVP that made the seat: every seat of one RSVP has the same reference.
    .addColumn('order_ref', 'text', (c) => c.notNull())
    .addColumn('created_utc', 'text', (c) => c.notNull())
    .addColumn('modified_utc', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendees_ticket').on('attendees').columns(['ticket_id', 'status']).execute();
  await db.schema.createIndex('attendees_event').on('attendees').columns(['event_id', 'status']).execute();
  await db.schema.createIndex('attendees_order').on('attendees').column('order_ref').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('attendees').execute();
  await db.schema.dropTable('tickets').execute();
  await db.schema.dropTable('event_ticket_pools').execute();
}
