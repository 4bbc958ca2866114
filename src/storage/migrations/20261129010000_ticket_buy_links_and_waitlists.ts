import type { Kysely } from 'kysely';

/*
 * A ticket's external "Buy" link and its waitlist flag (issue 46, decisions 0125 and 0126).
 * `buy_url`: an http(s) address where a priced ticket is bought elsewhere ('' for none: this
 * service takes no payments). `waitlist`: 1 when a full ticket takes names in order (attendees of
 * status 'waitlisted', promoted by id order when places are freed). Frozen once released; no
 * imports from src/.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tickets').addColumn('buy_url', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('tickets').addColumn('waitlist', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('tickets').dropColumn('waitlist').execute();
  await db.schema.alterTable('tickets').dropColumn('buy_url').execute();
}
