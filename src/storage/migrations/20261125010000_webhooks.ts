import { sql, type Kysely } from 'kysely';

/*
 * Webhooks (docs/decisions/0032-webhooks.md): subscriptions, the messages fanned out from the
 * record-change journal (migration 20261125000000), one delivery row per message and
 * subscription, and the journal cursor fan-out has reached.
 * - `webhook_fanout.through_seq` starts at the journal's end: changes made before webhooks existed
 *   are nobody's to announce.
 * - Secrets are stored encrypted (AES-256-GCM), never in clear.
 * - A delivery's `claimed_until` is the lease of the dispatcher sending it: past it, another may.
 * Frozen once released; no imports from src/.
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
    .createTable('webhook_subscriptions')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('url', 'text', (c) => c.notNull())
    // A JSON array of event types (`event.created`, `venue.*`, `*`).
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    // Set when the service disabled the subscription (it kept failing), cleared when re-activated.
    .addColumn('disabled_reason', 'text')
    .addColumn('secret', 'text', (c) => c.notNull())
    // The secret before the last rotation, which also signs until `previous_secret_until`.
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    // When the deliveries of the subscription started failing without a success since; null: not failing.
    .addColumn('failing_since', 'text')
    // The journal's last seq when the subscription was made: it hears the changes after it only.
    .addColumn('after_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('webhook_messages')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    // `event.created`, …, or `ping`.
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('resource', 'text')
    .addColumn('record_id', 'integer')
    // The JSON body sent, byte for byte (its signature covers these bytes).
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_messages_by_record').on('webhook_messages').columns(['resource', 'record_id', 'id']).execute();
  await db.schema.createIndex('webhook_messages_by_time').on('webhook_messages').column('created_at').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', idType, (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('webhook_subscriptions.id').onDelete('cascade'))
    .addColumn('message_id', 'integer', (c) => c.notNull().references('webhook_messages.id').onDelete('cascade'))
    // 'pending', 'delivered' or 'failed'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('last_response_code', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_by_subscription').on('webhook_deliveries').columns(['subscription_id', 'status', 'id']).execute();
  await db.schema.createIndex('webhook_deliveries_by_message').on('webhook_deliveries').column('message_id').execute();
  await db.schema
    .createTable('webhook_fanout')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('through_seq', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into webhook_fanout (id, through_seq) select 1, coalesce((select max(seq) from record_changes), 0)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ['webhook_fanout', 'webhook_deliveries', 'webhook_messages', 'webhook_subscriptions']) await db.schema.dropTable(table).execute();
}
