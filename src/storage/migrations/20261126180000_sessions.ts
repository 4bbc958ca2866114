import { sql, type Kysely } from 'kysely';

/*
 * Sign-in sessions of the admin (issue 33, decision 0040), in the shared database so that every
 * node honours them and a sign-out or revocation holds everywhere at once. Only the SHA-256 of a
 * session's token is kept: a copy of the database signs nobody in. A user's sessions go with the
 * user. Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

// As the initial migration asks (a PostgreSQL-only function, harmless on SQLite).
async function isPostgres(db: AnyDb): Promise<boolean> {
  return sql`select current_setting('server_version') as v`.execute(db).then(() => true, () => false);
}

export async function up(db: AnyDb): Promise<void> {
  const pg = await isPostgres(db);
  await db.schema
    .createTable('sessions')
    .addColumn('id', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // Hex SHA-256 of the cookie's token.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // UTC 'YYYY-MM-DD HH:MM:SS', as every time of the schema.
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The idle expiry runs from here; refreshed at most once a minute.
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    // The absolute expiry, fixed at sign-in.
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
