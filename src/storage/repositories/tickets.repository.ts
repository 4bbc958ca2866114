import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { likePattern } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { TicketRow, TicketsTable } from '../tables.ts';

/**
 * A ticket with what its event and attendees say of it, counted in the same statement (so in one
 * snapshot): never a stored count that a write could leave stale (decision 0109).
 */
export type TicketListing = TicketRow & {
  readonly event_author_id: number;
  readonly event_status: string;
  readonly event_type: string;
  /** Seats taken ('going') of this ticket. */
  readonly sold: number;
  /** Seats of this ticket other than cancelled ones, as the original's attendee count. */
  readonly attendee_count: number;
  readonly checked_in_count: number;
  /** The event's shared pool (null without one), and the seats every shared ticket of the event took from it (0 for a ticket not shared). */
  readonly pool_capacity: number | null;
  readonly pool_sold: number;
};

/** The post a ticket is for, as the permission rules read it. */
export interface TicketedPost {
  readonly id: number;
  readonly type: string;
  readonly author_id: number;
  readonly status: string;
}

/** Which events' tickets a caller sees beyond the published ones (decision 0110). */
export type TicketScope =
  { readonly kind: 'everything' } | { readonly kind: 'published'; readonly alsoAuthor?: number };

export interface TicketFilter {
  readonly scope: TicketScope;
  readonly statuses?: readonly string[];
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  readonly events?: readonly number[];
  readonly excludeEvents?: readonly number[];
  readonly search?: string;
  /** UTC wire times: created on or after / on or before. */
  readonly after?: string;
  readonly before?: string;
  /** Free tickets ('rsvp') or paid ones ('tickets-commerce'). */
  readonly free?: boolean;
  /** Places left now (true) or none (false); the sale window is the service's to judge, at `now`. */
  readonly available?: { readonly value: boolean; readonly now: string };
  readonly attendees?: readonly [number | undefined, number | undefined];
  readonly checkedIn?: readonly [number | undefined, number | undefined];
  readonly capacity?: readonly [number | undefined, number | undefined];
  readonly orderBy: 'id' | 'title';
  readonly descending: boolean;
}

const between = (column: Expression<number | null>, [min, max]: readonly [number | undefined, number | undefined]) =>
  sql<SqlBool>`(${min === undefined ? sql`1 = 1` : sql`${column} >= ${min}`} and ${max === undefined ? sql`1 = 1` : sql`${column} <= ${max}`})`;

/**
 * Tickets and the events' shared pools (migration 20261128220000; decision 0108). Counts come from
 * `attendees` by subqueries on its (ticket, status) and (event, status) indexes.
 */
export class TicketsRepository {
  constructor(private readonly dialect: Pick<DialectCapabilities, 'lockRow'>) {}

  /** Tickets with their event's owner and status and their counts, as one derived table `k`. */
  private listings(db: ReadTx) {
    // No join: the event's author, type and pool are sub-selects, read only for the rows a page
    // shows, and its status is the ticket's copy (`event_status`), so the total counts one index
    // (`tickets_listing`; decision 0129). A ticket's event always exists (its foreign key).
    return db
      .selectFrom('tickets as t')
      .selectAll('t')
      .select([
        sql<number>`(select p.author_id from posts p where p.id = t.event_id)`.as('event_author_id'),
        sql<string>`(select p.type from posts p where p.id = t.event_id)`.as('event_type'),
        sql<number | null>`(select pool.capacity from event_ticket_pools pool where pool.event_id = t.event_id)`.as(
          'pool_capacity',
        ),
        sql<number>`(select count(*) from attendees a where a.ticket_id = t.id and a.status = 'going')`.as('sold'),
        sql<number>`(select count(*) from attendees a where a.ticket_id = t.id and a.status <> 'cancelled')`.as(
          'attendee_count',
        ),
        sql<number>`(select count(*) from attendees a where a.ticket_id = t.id and a.checked_in = 1)`.as(
          'checked_in_count',
        ),
        // Read only for a shared ticket (0 otherwise): the archive's page counts no pool it does not show.
        sql<number>`(case when t.capacity_mode = 'shared' then (select count(*) from attendees a join tickets s on s.id = a.ticket_id where a.event_id = t.event_id and a.status = 'going' and s.capacity_mode = 'shared') else 0 end)`.as(
          'pool_sold',
        ),
      ]);
  }

  private filtered(db: ReadTx, filter: TicketFilter) {
    let query = db.selectFrom(this.listings(db).as('k')).selectAll('k');
    const { scope } = filter;
    if (scope.kind === 'published') {
      const published = sql<SqlBool>`(k.status = 'publish' and k.event_status = 'publish')`;
      query = query.where(
        scope.alsoAuthor === undefined
          ? published
          : sql<SqlBool>`(${published} or k.event_author_id = ${scope.alsoAuthor})`,
      );
    }
    if (filter.statuses) query = query.where('k.status', 'in', filter.statuses);
    if (filter.include) query = query.where('k.id', 'in', filter.include);
    if (filter.exclude) query = query.where('k.id', 'not in', filter.exclude);
    if (filter.events) query = query.where('k.event_id', 'in', filter.events);
    if (filter.excludeEvents) query = query.where('k.event_id', 'not in', filter.excludeEvents);
    if (filter.search !== undefined) {
      const pattern = likePattern(filter.search);
      query = query.where(
        sql<SqlBool>`(lower(k.name) like lower(${pattern}) escape '\\' or lower(k.description) like lower(${pattern}) escape '\\')`,
      );
    }
    if (filter.after !== undefined) query = query.where('k.created_utc', '>=', filter.after);
    if (filter.before !== undefined) query = query.where('k.created_utc', '<=', filter.before);
    if (filter.free !== undefined)
      query = query.where(
        filter.free ? sql<SqlBool>`cast(k.price as real) = 0` : sql<SqlBool>`cast(k.price as real) > 0`,
      );
    if (filter.available) {
      const { now } = filter.available;
      const left = sql<SqlBool>`(k.capacity_mode = 'unlimited'
        or (k.capacity_mode = 'own' and k.capacity > k.sold)
        or (k.capacity_mode = 'shared' and k.pool_capacity > k.pool_sold and (k.capacity is null or k.capacity > k.sold)))`;
      const onSale = sql<SqlBool>`((k.sale_start_utc is null or k.sale_start_utc <= ${now}) and (k.sale_end_utc is null or k.sale_end_utc > ${now}))`;
      query = query.where(
        filter.available.value ? sql<SqlBool>`(${left} and ${onSale})` : sql<SqlBool>`not (${left} and ${onSale})`,
      );
    }
    if (filter.attendees) query = query.where(between(sql.ref('k.attendee_count'), filter.attendees));
    if (filter.checkedIn) query = query.where(between(sql.ref('k.checked_in_count'), filter.checkedIn));
    if (filter.capacity)
      query = query.where(
        between(
          sql<
            number | null
          >`(case k.capacity_mode when 'shared' then coalesce(k.capacity, k.pool_capacity) else k.capacity end)`,
          filter.capacity,
        ),
      );
    return query;
  }

  async list(
    db: ReadTx,
    filter: TicketFilter,
    window: { readonly offset: number; readonly limit: number },
  ): Promise<{ rows: TicketListing[]; total: number }> {
    const direction = filter.descending ? 'desc' : 'asc';
    const [count, rows] = await Promise.all([
      this.filtered(db, filter)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      // `id` once: ordered by `k.id, k.id`, SQLite sorted every matching ticket (each with its
      // counts) in a temporary tree instead of reading the first ones in id order (issue 46's bench).
      (filter.orderBy === 'title' ? this.filtered(db, filter).orderBy('k.name', direction) : this.filtered(db, filter))
        .orderBy('k.id', direction)
        .limit(window.limit)
        .offset(window.offset)
        .execute(),
    ]);
    return { rows: rows.map(numeric), total: Number(count.total) };
  }

  async get(db: ReadTx, id: number): Promise<TicketListing | undefined> {
    const row = await db.selectFrom(this.listings(db).as('k')).selectAll('k').where('k.id', '=', id).executeTakeFirst();
    return row && numeric(row);
  }

  /**
   * The ticket read after the row whose places it draws on is locked until the unit ends (decision
   * 0109): the ticket's own row, or for a shared ticket the event's, which every shared ticket of
   * the event locks alike. Two units selling the last places wait for each other on PostgreSQL, on
   * one node or several, and the ticket is read again under the lock. SQLite runs one write unit at
   * a time and takes no lock: `ticket`, read by the caller in this unit, is still current, and is
   * answered as it is (a statement fewer per RSVP; decision 0133).
   */
  async lockedForSale(db: WriteTx, ticket: TicketListing): Promise<TicketListing | undefined> {
    const locked = await this.dialect.lockRow(
      db,
      ticket.capacity_mode === 'shared' ? { table: 'posts', id: ticket.event_id } : { table: 'tickets', id: ticket.id },
    );
    return locked ? this.get(db, ticket.id) : ticket;
  }

  /** The post a ticket is for, as the permission rules read it; undefined when there is none. */
  eventOf(db: ReadTx, id: number): Promise<TicketedPost | undefined> {
    return db.selectFrom('posts').select(['id', 'type', 'author_id', 'status']).where('id', '=', id).executeTakeFirst();
  }

  create(db: WriteTx, values: Insertable<TicketsTable>): Promise<TicketRow> {
    return db.insertInto('tickets').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async update(db: WriteTx, id: number, values: Updateable<TicketsTable>): Promise<void> {
    await db.updateTable('tickets').set(values).where('id', '=', id).execute();
  }

  /** Deletes the ticket; its attendees go with it (the foreign key). */
  async remove(db: WriteTx, id: number): Promise<void> {
    await db.deleteFrom('tickets').where('id', '=', id).execute();
  }

  /** The prices of each event's published tickets, in ticket order, in one query for a page of events (decision 0119). */
  async publishedPrices(db: ReadTx, eventIds: readonly number[]): Promise<Map<number, string[]>> {
    const byEvent = new Map<number, string[]>();
    if (eventIds.length === 0) return byEvent;
    const rows = await db
      .selectFrom('tickets')
      .select(['event_id', 'price'])
      .where('event_id', 'in', [...eventIds])
      .where('status', '=', 'publish')
      .orderBy('id')
      .execute();
    for (const row of rows) byEvent.set(row.event_id, [...(byEvent.get(row.event_id) ?? []), row.price]);
    return byEvent;
  }

  /**
   * Tells the caches that these events' answers changed, as the content triggers do for the tables
   * that have them (decision 0033): an event shows its tickets (decision 0119), and the tickets
   * table has no triggers. On PostgreSQL the insert is held for the unit's stamp (decision 0106).
   */
  async announceEventChanges(db: WriteTx, eventIds: readonly number[]): Promise<void> {
    const tags = [...new Set(eventIds)].map((id) => `post:${id}`).concat('list:event');
    await db
      .insertInto('content_changes')
      .values(tags.map((tag) => ({ version: 0, tag })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  async hasPool(db: ReadTx, eventId: number): Promise<boolean> {
    return (
      (await db
        .selectFrom('event_ticket_pools')
        .select('event_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst()) !== undefined
    );
  }

  /** Sets the event's shared pool, made when first given. */
  async setPool(db: WriteTx, eventId: number, capacity: number): Promise<void> {
    await db
      .insertInto('event_ticket_pools')
      .values({ event_id: eventId, capacity })
      .onConflict((conflict) => conflict.column('event_id').doUpdateSet({ capacity }))
      .execute();
  }
}

/** PostgreSQL's driver answers count(*) as text: the counts as numbers. */
function numeric<T extends Record<string, unknown>>(row: T): T & TicketListing {
  const listing = row as unknown as TicketListing;
  return {
    ...listing,
    sold: Number(listing.sold),
    attendee_count: Number(listing.attendee_count),
    checked_in_count: Number(listing.checked_in_count),
    pool_sold: Number(listing.pool_sold),
  } as T & TicketListing;
}
