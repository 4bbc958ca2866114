import { sql, type Kysely } from 'kysely';

/*
 * The e-mail outbox (issue 46, decision 0112): one row per message, written in the unit of work of
 * the change it tells about, and sent by a background task on any node.
 * - `attachments` is a JSON array of `{filename, content_type, cid, content}` with the content in
 *   base64: a message is whole in its row, whatever happens to what it was made from.
 * - `message_id` is the Message-ID header, chosen when the row is written: every attempt of the
 *   message carries the same one.
 * - `claimed_until` is the lease of the node sending it: past it, another node may.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('attachments', 'text', (c) => c.notNull().defaultTo('[]'))
    // What the message is about, for the module that wrote it (`attendee:12`); '' when nothing.
    .addColumn('reference', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('message_id', 'text', (c) => c.notNull())
    // 'pending', 'sent', 'failed' or 'off' (written while e-mail was off: kept, never sent unasked; decision 0113).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('mail_outbox_by_reference').on('mail_outbox').columns(['reference', 'id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
}
