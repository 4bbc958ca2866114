import type { Kysely } from 'kysely';

/*
 * Who sent each community submission (issue 43, decision 0095): a row per record the public form
 * created (the event, and the new venue or organizer it named), with the sender's address as the
 * service saw it and the signed-in sender's user id (0 when anonymous). Only editors see it, through
 * the community-submissions routes; it is what the daily cap per address counts, what a new
 * venue or organizer of the same name is reused from, and what "reject all from this address"
 * finds. The row goes with its record. Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('community_submissions')
    .addColumn('post_id', 'integer', (c) => c.primaryKey().references('posts.id').onDelete('cascade'))
    // The request's address, normalized (an IPv6 address to its /64 network, as the rate limits count it).
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().defaultTo(0))
    // UTC 'YYYY-MM-DD HH:MM:SS', as every time of the schema.
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('community_submissions_address').on('community_submissions').columns(['address', 'submitted_at']).execute();
  await db.schema.createIndex('community_submissions_user').on('community_submissions').columns(['user_id', 'submitted_at']).execute();
  // Proof-of-work solutions already accepted, kept until their challenge expires: a replay is refused.
  await db.schema
    .createTable('community_spent_challenges')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('community_spent_challenges_expiry').on('community_spent_challenges').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('community_spent_challenges').execute();
  await db.schema.dropTable('community_submissions').execute();
}
