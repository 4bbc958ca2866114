import { sql } from 'kysely';
import type { Storage } from '../src/storage/types.ts';

/*
 * The tickets' data of the bench (issue 46's speed targets): tickets on published events and their
 * attendees, ten attendees per seeded event (1M at 100k events), fifty per ticket. Set-based
 * statements in one write unit, with the tickets' journal triggers (decision 0129) set aside and
 * put back from the SQL the database recorded, as the seed does with the posts' (bulk-load.ts):
 * seeded seats are not changes anyone must hear of.
 */

/** Attendees per seeded event, and per ticket. */
export const ATTENDEES_PER_EVENT = 10;
const ATTENDEES_PER_TICKET = 50;

export interface TicketFixtures {
  /** Tickets of unlimited capacity, which the RSVP scenario books in turn: never full. */
  readonly unlimited: readonly number[];
  readonly tickets: number;
  readonly attendees: number;
}

const TABLES = ['tickets', 'attendees', 'event_ticket_pools'];

export async function seedTickets(
  storage: Storage,
  events: number,
  log: (line: string) => void,
): Promise<TicketFixtures> {
  const started = performance.now();
  const tickets = Math.max(1, Math.floor((events * ATTENDEES_PER_EVENT) / ATTENDEES_PER_TICKET));
  const postgres = storage.dialect.name === 'postgres';
  const now = new Date().toISOString().slice(0, 19).replace('T', ' ');
  await storage.write(async (tx) => {
    const triggers = postgres
      ? (
          await sql<{
            name: string;
            tbl: string;
            sql: string;
          }>`select t.tgname as name, c.relname as tbl, pg_get_triggerdef(t.oid) as sql from pg_trigger t join pg_class c on c.oid = t.tgrelid
          where not t.tgisinternal and c.relnamespace = current_schema()::regnamespace and c.relname in (${sql.join(TABLES)})`.execute(
            tx,
          )
        ).rows
      : (
          await sql<{
            name: string;
            tbl: string;
            sql: string;
          }>`select name, tbl_name as tbl, sql from sqlite_master where type = 'trigger' and tbl_name in (${sql.join(TABLES)})`.execute(
            tx,
          )
        ).rows;
    for (const trigger of triggers)
      await sql
        .raw(postgres ? `drop trigger ${trigger.name} on ${trigger.tbl}` : `drop trigger ${trigger.name}`)
        .execute(tx);
    // One ticket per event for the first published events without a password: a tenth unlimited, a third priced.
    // `event_status` given, as its triggers are set aside too: the events are published.
    await sql`insert into tickets (event_id, author_id, status, event_status, name, description, capacity_mode, capacity, sale_start_utc, sale_end_utc, price, currency, sku, attendee_fields, created_utc, modified_utc)
      select id, author_id, 'publish', 'publish', 'Bench seat ' || id, 'A seat of the benchmark.', case when id % 10 = 0 then 'unlimited' else 'own' end,
             case when id % 10 = 0 then null else 60 end, null, null, case when id % 3 = 0 then '25' else '0' end, 'USD', '', '[]', ${now}, ${now}
        from (select id, author_id from posts where type = 'event' and status = 'publish' and password = '' order by id limit ${tickets}) as e`.execute(
      tx,
    );
    // Fifty seats per ticket: one in twenty cancelled, one in four checked in.
    await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ATTENDEES_PER_TICKET})
      insert into attendees (ticket_id, event_id, name, email, answers, status, checked_in, checked_in_utc, security_code, order_ref, created_utc, modified_utc)
      select t.id, t.event_id, 'Guest ' || t.id || '-' || n.i, 'guest' || t.id || '.' || n.i || '@example.com', '{}',
             case when n.i % 20 = 0 then 'cancelled' else 'going' end, case when n.i % 4 = 0 then 1 else 0 end, case when n.i % 4 = 0 then ${now} else null end,
             'b' || t.id || 'x' || n.i, 'o' || t.id || 'x' || n.i, ${now}, ${now}
        from tickets t cross join n`.execute(tx);
    for (const trigger of triggers) await sql.raw(trigger.sql).execute(tx);
  });
  const unlimited = await storage.read(async (tx) =>
    (
      await tx
        .selectFrom('tickets')
        .select('id')
        .where('capacity_mode', '=', 'unlimited')
        .orderBy('id')
        .limit(1000)
        .execute()
    ).map((row) => Number(row.id)),
  );
  const counts = await storage.read(async (tx) => ({
    tickets: Number(
      (
        await tx
          .selectFrom('tickets')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    attendees: Number(
      (
        await tx
          .selectFrom('attendees')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  }));
  if (postgres) await storage.write((tx) => sql`analyze tickets, attendees`.execute(tx).then(() => undefined));
  else await storage.write((tx) => sql`analyze`.execute(tx).then(() => undefined));
  log(
    `  seed: ${counts.tickets.toLocaleString('en-US')} tickets, ${counts.attendees.toLocaleString('en-US')} attendees in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { unlimited, ...counts };
}
