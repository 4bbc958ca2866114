import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { likePattern } from '../conditions.ts';
import type { ReadTx, WriteTx } from '../types.ts';
import type { AttendeeRow, AttendeesTable, AttendeeStatus, TicketRow } from '../tables.ts';

/** An attendee with what its answers show of its ticket and event. */
export type AttendeeListing = AttendeeRow & {
  readonly ticket: Pick<
    TicketRow,
    'id' | 'name' | 'description' | 'price' | 'currency' | 'sku' | 'sale_start_utc' | 'sale_end_utc'
  >;
  readonly event_author_id: number;
  readonly event_status: string;
};

/** Whose events' attendees a caller may list (decision 0110): every event's, or those of one author. */
export type AttendeeScope =
  { readonly kind: 'everything' } | { readonly kind: 'author'; readonly authorId: number; readonly published: boolean };

export interface AttendeeFilter {
  readonly scope: AttendeeScope;
  readonly events?: readonly number[];
  readonly excludeEvents?: readonly number[];
  readonly tickets?: readonly number[];
  readonly excludeTickets?: readonly number[];
  readonly include?: readonly number[];
  readonly exclude?: readonly number[];
  readonly search?: string;
  readonly after?: string;
  readonly before?: string;
  readonly checkedIn?: boolean;
  readonly statuses?: readonly AttendeeStatus[];
  readonly orderRef?: string;
}

const PUBLISHED = ['publish', 'future'];

/** Attendees (migration 20261128220000; decision 0108): one row per seat. */
export class AttendeesRepository {
  private listings(db: ReadTx) {
    return db
      .selectFrom('attendees as a')
      .innerJoin('tickets as t', 't.id', 'a.ticket_id')
      .innerJoin('posts as p', 'p.id', 'a.event_id')
      .selectAll('a')
      .select([
        't.name as ticket_name',
        't.description as ticket_description',
        't.price as ticket_price',
        't.currency as ticket_currency',
        't.sku as ticket_sku',
        't.sale_start_utc as ticket_sale_start_utc',
        't.sale_end_utc as ticket_sale_end_utc',
        'p.author_id as event_author_id',
        'p.status as event_status',
      ]);
  }

  async list(
    db: ReadTx,
    filter: AttendeeFilter,
    window: { readonly offset: number; readonly limit: number },
  ): Promise<{ rows: AttendeeListing[]; total: number }> {
    const query = this.filtered(db, filter);
    const [count, rows] = await Promise.all([
      query
        .clearSelect()
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow(),
      query.orderBy('a.id').limit(window.limit).offset(window.offset).execute(),
    ]);
    return { rows: rows.map(listing), total: Number(count.total) };
  }

  /** The filter's attendees after `afterId`, by id: an export's batches (no count, no offset to skip). */
  async listAfter(db: ReadTx, filter: AttendeeFilter, afterId: number, limit: number): Promise<AttendeeListing[]> {
    const rows = await this.filtered(db, filter).where('a.id', '>', afterId).orderBy('a.id').limit(limit).execute();
    return rows.map(listing);
  }

  private filtered(db: ReadTx, filter: AttendeeFilter) {
    let query = this.listings(db);
    const { scope } = filter;
    if (scope.kind === 'author') {
      query = query.where('p.author_id', '=', scope.authorId);
      // An author who may not edit their published events (a contributor) lists only the others' attendees.
      if (!scope.published) query = query.where('p.status', 'not in', PUBLISHED);
    }
    if (filter.events) query = query.where('a.event_id', 'in', filter.events);
    if (filter.excludeEvents) query = query.where('a.event_id', 'not in', filter.excludeEvents);
    if (filter.tickets) query = query.where('a.ticket_id', 'in', filter.tickets);
    if (filter.excludeTickets) query = query.where('a.ticket_id', 'not in', filter.excludeTickets);
    if (filter.include) query = query.where('a.id', 'in', filter.include);
    if (filter.exclude) query = query.where('a.id', 'not in', filter.exclude);
    if (filter.search !== undefined) {
      const pattern = likePattern(filter.search);
      query = query.where(
        sql<SqlBool>`(lower(a.name) like lower(${pattern}) escape '\\' or lower(a.email) like lower(${pattern}) escape '\\')`,
      );
    }
    if (filter.after !== undefined) query = query.where('a.created_utc', '>=', filter.after);
    if (filter.before !== undefined) query = query.where('a.created_utc', '<=', filter.before);
    if (filter.checkedIn !== undefined) query = query.where('a.checked_in', '=', filter.checkedIn ? 1 : 0);
    if (filter.statuses) query = query.where('a.status', 'in', filter.statuses);
    if (filter.orderRef !== undefined) query = query.where('a.order_ref', '=', filter.orderRef);
    return query;
  }

  async get(db: ReadTx, id: number): Promise<AttendeeListing | undefined> {
    const row = await this.listings(db).where('a.id', '=', id).executeTakeFirst();
    return row && listing(row);
  }

  /** The seats of one RSVP, in one statement: all are written or none. */
  async createSeats(db: WriteTx, seats: readonly Insertable<AttendeesTable>[]): Promise<AttendeeRow[]> {
    return db
      .insertInto('attendees')
      .values([...seats])
      .returningAll()
      .execute();
  }

  /** The seats of one RSVP (its order reference), in the order they were made. */
  ofOrder(db: ReadTx, order: string): Promise<AttendeeRow[]> {
    return db.selectFrom('attendees').selectAll().where('order_ref', '=', order).orderBy('id').execute();
  }

  /** The waitlisted seats of a ticket, in the order they joined (decision 0126). */
  waitlisted(db: ReadTx, ticketId: number): Promise<AttendeeRow[]> {
    return db
      .selectFrom('attendees')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .where('status', '=', 'waitlisted')
      .orderBy('id')
      .execute();
  }

  async setStatus(db: WriteTx, ids: readonly number[], status: AttendeeStatus, at: string): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('attendees')
      .set({ status, modified_utc: at })
      .where('id', 'in', [...ids])
      .execute();
  }

  /** The answers of every seat of an order. */
  async setAnswers(db: WriteTx, order: string, answers: string, at: string): Promise<void> {
    await db.updateTable('attendees').set({ answers, modified_utc: at }).where('order_ref', '=', order).execute();
  }

  /** An attendee's columns as an import copies them (decision 0130). */
  async update(db: WriteTx, id: number, values: Updateable<AttendeesTable>): Promise<void> {
    await db.updateTable('attendees').set(values).where('id', '=', id).execute();
  }

  async setCheckedIn(db: WriteTx, id: number, checkedIn: boolean, at: string): Promise<void> {
    await db
      .updateTable('attendees')
      .set({ checked_in: checkedIn ? 1 : 0, checked_in_utc: checkedIn ? at : null, modified_utc: at })
      .where('id', '=', id)
      .execute();
  }

  /** A seat given up: cancelled, and no longer checked in. */
  async cancel(db: WriteTx, id: number, at: string): Promise<void> {
    await db
      .updateTable('attendees')
      .set({ status: 'cancelled', checked_in: 0, checked_in_utc: null, modified_utc: at })
      .where('id', '=', id)
      .execute();
  }
}

type ListingRow = AttendeeRow & {
  ticket_name: string;
  ticket_description: string;
  ticket_price: string;
  ticket_currency: string;
  ticket_sku: string;
  ticket_sale_start_utc: string | null;
  ticket_sale_end_utc: string | null;
  event_author_id: number;
  event_status: string;
};

function listing(row: ListingRow): AttendeeListing {
  const {
    ticket_name,
    ticket_description,
    ticket_price,
    ticket_currency,
    ticket_sku,
    ticket_sale_start_utc,
    ticket_sale_end_utc,
    ...attendee
  } = row;
  return {
    ...attendee,
    ticket: {
      id: row.ticket_id,
      name: ticket_name,
      description: ticket_description,
      price: ticket_price,
      currency: ticket_currency,
      sku: ticket_sku,
      sale_start_utc: ticket_sale_start_utc,
      sale_end_utc: ticket_sale_end_utc,
    },
  };
}
