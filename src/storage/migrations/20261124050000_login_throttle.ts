import type { Kysely } from 'kysely';

/*
 * Failed logins counted per (login, client address) and per address across logins
 * (docs/decisions/0002-authentication.md), in a table of the schema so that every node and the
 * CLI see the same counts. It replaces `login_failures`, which rate-limiter-flexible created for
 * itself and keyed by address alone; counts in flight are dropped with it (at most one window's).
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_failures').ifExists().execute();
  await db.schema
    .createTable('login_throttle')
    .addColumn('address', 'text', (c) => c.notNull())
    // The normalised login; '' is the counter of every login from the address.
    .addColumn('login', 'text', (c) => c.notNull())
    .addColumn('failures', 'integer', (c) => c.notNull())
    // UTC 'YYYY-MM-DD HH:MM:SS': the counter starts again from the first failure after it.
    .addColumn('window_ends_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_throttle_key', ['address', 'login'])
    .execute();
  await db.schema.createIndex('login_throttle_window').on('login_throttle').column('window_ends_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('login_throttle').execute();
}
