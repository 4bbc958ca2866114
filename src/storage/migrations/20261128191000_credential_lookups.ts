import { sql, type Kysely } from 'kysely';

/*
 * Issue 43 (decisions 0093, 0094). `app_passwords.lookup_prefix`: the first characters of an
 * application password, kept in clear and indexed with the user, so that a try is checked against
 * the one row it names instead of every row of the user (a scrypt hash each); null for the rows
 * made before it, which are checked as before and given theirs when they next sign in.
 * `users_email_lower`: sign-in looks a name up as a login and, failing that, as an e-mail address
 * without regard to case, which scanned the users for every try.
 * `site_secrets`: secrets the service makes for itself and every node shares, such as the key that
 * signs the cookies of unlocked events.
 * Frozen once released; no imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('app_passwords').addColumn('lookup_prefix', 'text').execute();
  await db.schema.createIndex('app_passwords_lookup').on('app_passwords').columns(['user_id', 'lookup_prefix']).execute();
  await db.schema.createIndex('users_email_lower').on('users').expression(sql`lower(email)`).execute();
  await db.schema
    .createTable('site_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    // base64 of random bytes.
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('site_secrets').execute();
  await db.schema.dropIndex('users_email_lower').execute();
  await db.schema.dropIndex('app_passwords_lookup').execute();
  await db.schema.alterTable('app_passwords').dropColumn('lookup_prefix').execute();
}
