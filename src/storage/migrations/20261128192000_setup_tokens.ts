import type { Kysely } from 'kysely';

/*
 * The one-time links that create the first administrator (issue 44, decision 0097), in the shared
 * database so that a link printed by one node works on every node. Only the SHA-256 of a token is
 * kept. Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('setup_tokens')
    // Hex SHA-256 of the link's token.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    // UTC 'YYYY-MM-DD HH:MM:SS', as every time of the schema.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('setup_tokens').execute();
}
