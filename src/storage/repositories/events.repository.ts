import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
import { throwIfUnitExpired } from '../write-units.ts';
import { pageOrder, type ArchiveOrder } from './archive-order.ts';
import { eventFilterCondition, filterNeedsPosts, type EventFilter } from './event-filter.ts';
import { exportBatch, exportRowOf, type ExportEventRow } from './event-export-rows.ts';
import { countByDaysQuery, countPerStatusByDaysQuery } from './occurrence-day-counts.ts';
import {
  journalBoundsOf,
  journalColumns,
  type JournalBounds,
  type JournalColumns,
} from './record-changes.repository.ts';
import type { EventOccurrencesTable, EventsTable, LinkKind } from '../tables.ts';
import {
  PostRecordsRepository,
  type AnyDb,
  type NewPost,
  type PostRecord,
  type WrittenRecord,
} from './post-records.repository.ts';

/** The event's own fields; `status` is the repository's copy of the post's, not the caller's to set. */
export type EventFields = Omit<Selectable<EventsTable>, 'post_id' | 'status'>;

export type OccurrenceRow = Selectable<EventOccurrencesTable>;

/** The dates of one occurrence of a series, under its key (decision 0025). */
export type OccurrenceDates = Pick<
  OccurrenceRow,
  'occurrence_key' | 'start_local' | 'end_local' | 'start_utc' | 'end_utc'
>;

/**
 * An event as stored; read through the archive or by an occurrence id, with the occurrence it is
 * shown as (its own id and dates, the series it belongs to).
 */
export interface EventRow extends PostRecord<EventFields> {
  readonly occurrence?: OccurrenceRow;
  /** For an exception detached from a series: the series' stored recurrence, which it shows. */
  readonly seriesRecurrence?: string | null;
}

/** The one occurrence row of a single event: its post id, its dates (the API's writes and the seed both use it). */
export function singleOccurrence(
  event: Pick<Selectable<EventsTable>, 'post_id' | 'status' | 'hide_from_listings' | (typeof SCHEDULE_COLUMNS)[number]>,
): OccurrenceRow {
  return {
    id: event.post_id,
    event_id: event.post_id,
    series_id: null,
    occurrence_key: event.start_local.slice(0, 10),
    start_local: event.start_local,
    end_local: event.end_local,
    start_utc: event.start_utc,
    end_utc: event.end_utc,
    status: event.status,
    hide_from_listings: event.hide_from_listings,
  };
}

/** What a series' regeneration did to its occurrence rows. */
export interface SeriesSync {
  /** Rows of the series' own dates (not exceptions) before and after. */
  readonly before: number;
  readonly after: number;
  /** A new series' rows as written, in the order of its dates (`created`). */
  readonly written?: readonly OccurrenceRow[];
}

/** A position in the archive's order: the last occurrence read (its local start and id). */
export interface ArchiveCursor {
  readonly start: string;
  readonly id: number;
}

const EVENT_COLUMNS = [
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'timezone',
  'timezone_abbr',
  'all_day',
  'cost',
  'currency_symbol',
  'currency_position',
  'currency_code',
  'cost_values',
  'website',
  'show_map',
  'show_map_link',
  'hide_from_listings',
  'featured',
  'recurrence',
  'series_id',
  'recurrence_id',
  'materialized_until',
  'custom_fields',
] as const satisfies readonly (keyof EventFields)[];
const OCCURRENCE_COLUMNS = [
  'id',
  'event_id',
  'series_id',
  'occurrence_key',
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
  'status',
  'hide_from_listings',
] as const satisfies readonly (keyof OccurrenceRow)[];
const OCCURRENCE_PREFIX = 'occurrence_';
/** Rows per multi-row statement: within SQLite's bound on parameters. */
const ROWS_PER_STATEMENT = 500;

function pick<T extends object, K extends keyof T>(source: Partial<T>, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let from = 0; from < items.length; from += ROWS_PER_STATEMENT)
    out.push(items.slice(from, from + ROWS_PER_STATEMENT));
  return out;
}

/** The columns of the events' own row that each of their occurrence rows copies. */
const SCHEDULE_COLUMNS = [
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
] as const satisfies readonly (keyof EventFields)[];

/** Events: a `posts` row plus an `events` row, with their links to venues, organizers and terms. */
export class EventsRepository extends PostRecordsRepository<EventFields> {
  constructor(dialect: DialectCapabilities) {
    super({ type: 'event', table: 'events', columns: EVENT_COLUMNS, copiesStatus: true }, dialect);
  }

  /** The archive's rows: occurrences (`o`), joined to their event's rows only where a filter needs them. */
  private archive(db: ReadTx, filter: EventFilter, withPosts = false) {
    let query = (db as unknown as AnyDb).selectFrom('event_occurrences as o');
    if (withPosts || filterNeedsPosts(filter)) query = query.innerJoin('posts as p', 'p.id', 'o.event_id');
    if (filter.featured !== undefined) query = query.innerJoin('events as own', 'own.post_id', 'o.event_id');
    return query.where(eventFilterCondition(filter, this.dialect) as never);
  }

  async count(db: ReadTx, filter: EventFilter): Promise<number> {
    return Number((await this.countQuery(db, filter).executeTakeFirstOrThrow()).n ?? 0);
  }

  /**
   * `count` per status, in one statement: the occurrences `filter` lists of each of its statuses
   * (the admin's status tabs, decision 0103); statuses with none are absent.
   */
  async countPerStatus(db: ReadTx, filter: EventFilter): Promise<Map<string, number>> {
    const query =
      countPerStatusByDaysQuery(db, filter) ??
      this.archive(db, filter)
        .select((eb) => ['o.status as status', eb.fn.countAll<number>().as('n')])
        .groupBy('o.status');
    const rows = (await query.execute()) as { status: string; n: number | string | null }[];
    return new Map(rows.map((row) => [row.status, Number(row.n ?? 0)]));
  }

  /** The statement of `count` (one `n` column, null for a sum over no day): the day counts' sum when they can answer, else the occurrences counted. */
  private countQuery(db: ReadTx, filter: EventFilter) {
    return countByDaysQuery(db, filter) ?? this.archive(db, filter).select((eb) => eb.fn.countAll<number>().as('n'));
  }

  /**
   * By local start, then id (wire-format 3.7); with `include`, by publication date then id; with an
   * `order`, by its key (decision 0073), then local start and id, all in its direction. The page is
   * cut from the occurrences' index first; only its rows are joined to their events.
   */
  async list(
    db: ReadTx,
    filter: EventFilter,
    limit: number,
    offset: number,
    order?: ArchiveOrder,
  ): Promise<EventRow[]> {
    const { key, direction, thenStart } = pageOrder(filter.include !== undefined, order);
    const page = this.page(db, filter, limit, offset, order).selectAll('o');
    return this.asRecords(db, key ? page.select(key.as('sort_key')) : page, {
      sortKey: key !== undefined,
      direction,
      thenStart,
    });
  }

  /**
   * The occurrence ids of `list`'s page, in its order, read from the occurrences' index alone, and
   * `count`, in one statement: the count is a scalar sub-select of the page's, evaluated once (the
   * record cache's archive: decisions 0080, 0083), and where the record-change journal stands in
   * the same snapshot, for the answer's sync token (decision 0085). An empty page carries no count
   * or bounds: the first page is empty only when nothing matches; a later one is counted apart.
   */
  async pageIdsAndCount(
    db: ReadTx,
    filter: EventFilter,
    limit: number,
    offset: number,
    order?: ArchiveOrder,
  ): Promise<{ ids: number[]; total: number; journal: JournalBounds }> {
    const rows: ({ id: number; total: number | string | null } & JournalColumns)[] = await this.page(
      db,
      filter,
      limit,
      offset,
      order,
    )
      .select(['o.id', this.countQuery(db, filter).as('total'), ...journalColumns(db)])
      .execute();
    if (rows.length === 0) {
      const journal = journalBoundsOf(await db.selectNoFrom(journalColumns(db)).executeTakeFirstOrThrow());
      return { ids: [], total: offset === 0 ? 0 : await this.count(db, filter), journal };
    }
    return { ids: rows.map((row) => row.id), total: Number(rows[0]!.total ?? 0), journal: journalBoundsOf(rows[0]!) };
  }

  /** `list`'s page of occurrences, ordered and cut, before its columns are chosen. */
  private page(db: ReadTx, filter: EventFilter, limit: number, offset: number, order?: ArchiveOrder) {
    const { key, direction, thenStart } = pageOrder(filter.include !== undefined, order);
    let page = this.archive(db, filter, key !== undefined);
    if (order?.by === 'title') {
      page = page.leftJoin('post_translations as tr', (join) =>
        join.onRef('tr.post_id', '=', 'o.event_id').on('tr.language', '=', order.language),
      );
    }
    if (key) page = page.orderBy(key, direction);
    if (thenStart) page = page.orderBy('o.start_local', direction);
    return page.orderBy('o.id', direction).limit(limit).offset(offset);
  }

  /**
   * The next `limit` occurrences of the archive after `after`, in the archive's order (local start,
   * then id) through its index, as their events' records, and the cursor to continue from: an
   * export reads the whole archive this way, a bounded batch per read unit.
   */
  async listAfter(
    db: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
  ): Promise<{ rows: EventRow[]; next: ArchiveCursor | undefined }> {
    const rows = await this.asRecords(db, this.pageAfter(db, filter, after, limit).selectAll('o'));
    const last = rows.at(-1)?.occurrence;
    return { rows, next: last && { start: last.start_local, id: last.id } };
  }

  /**
   * `listAfter`'s batch with only the columns the CSV export writes, in one statement (decision
   * 0132): the whole record's columns, read and split into its objects, and its series' rule are
   * work its cells do not use, and they were much of a batch's own in a profile of the export.
   */
  async exportAfter(
    db: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
  ): Promise<{ rows: ExportEventRow[]; next: ArchiveCursor | undefined }> {
    const page = this.pageAfter(db, filter, after, limit).select([
      'o.id',
      'o.event_id',
      'o.start_local',
      'o.end_local',
    ]);
    const rows = (await exportBatch(db, page).execute()).map(exportRowOf);
    const last = rows.at(-1)?.occurrence;
    return { rows, next: last && { start: last.start_local, id: last.id } };
  }

  /**
   * The archive's occurrences after `after` in its order, `limit` of them, before their columns are
   * chosen. The cursor's start is the filter's lower bound from the second batch on: beside the
   * filter's own earlier bound, SQLite ranged the index from that one and stepped over every row
   * already read (26 ms a batch of 200 near the end of a 100k export); the `or` alone is no range.
   */
  private pageAfter(db: ReadTx, filter: EventFilter, after: ArchiveCursor | undefined, limit: number) {
    if (!after) return this.archive(db, filter).orderBy('o.start_local').orderBy('o.id').limit(limit);
    const { start, id } = after;
    const from = filter.startFrom === undefined || start > filter.startFrom ? start : filter.startFrom;
    return this.archive(db, { ...filter, startFrom: from })
      .where((eb) =>
        eb.or([eb('o.start_local', '>', start), eb.and([eb('o.start_local', '=', start), eb('o.id', '>', id)])]),
      )
      .orderBy('o.start_local')
      .orderBy('o.id')
      .limit(limit);
  }

  /**
   * The occurrence of the archive just before or after `from` in the order of start instants, then
   * ids (an event page's previous and next events), as its event's record; through
   * `occurrences_by_instant`, one step from `from`.
   */
  async neighbour(
    db: ReadTx,
    filter: EventFilter,
    from: { readonly startUtc: string; readonly id: number },
    side: 'previous' | 'next',
  ): Promise<EventRow | undefined> {
    const [beyond, direction] = side === 'previous' ? (['<', 'desc'] as const) : (['>', 'asc'] as const);
    const page = this.archive(db, filter)
      .selectAll('o')
      .where((eb) =>
        eb.or([
          eb('o.start_utc', beyond, from.startUtc),
          eb.and([eb('o.start_utc', '=', from.startUtc), eb('o.id', beyond, from.id)]),
        ]),
      )
      .orderBy('o.start_utc', direction)
      .orderBy('o.id', direction)
      .limit(1);
    return (await this.asRecords(db, page))[0];
  }

  /**
   * A page of occurrences (a query of `o.*`, and its `sort_key` if it has one, ordered and limited)
   * as their events' records in the page's order, in one query: the page is read from the index,
   * then only its rows are joined to their events.
   */
  private async asRecords(
    db: ReadTx,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    page: SelectQueryBuilder<any, any, object>,
    order: { sortKey: boolean; direction: 'asc' | 'desc'; thenStart: boolean } = {
      sortKey: false,
      direction: 'asc',
      thenStart: true,
    },
  ): Promise<EventRow[]> {
    let query = this.withRecord(
      (db as unknown as AnyDb).selectFrom(page.as('page')).innerJoin('posts as p', 'p.id', 'page.event_id'),
    ).select(OCCURRENCE_COLUMNS.map((column) => `page.${column} as ${OCCURRENCE_PREFIX}${column}`));
    if (order.sortKey) query = query.orderBy('page.sort_key', order.direction);
    if (order.thenStart) query = query.orderBy('page.start_local', order.direction);
    query = query.orderBy('page.id', order.direction);
    const rows = (await query.execute()).map((raw: Record<string, unknown>) => {
      const occurrence: Record<string, unknown> = {};
      const record: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(raw)) {
        if (key.startsWith(OCCURRENCE_PREFIX)) occurrence[key.slice(OCCURRENCE_PREFIX.length)] = value;
        else record[key] = value;
      }
      return { ...this.toRecord(record), occurrence: occurrence as OccurrenceRow };
    });
    return this.withSeriesRules(db, rows);
  }

  /** Occurrences detached from a series show the series' rule: read for those of the page in one query. */
  private async withSeriesRules(
    db: ReadTx,
    rows: readonly (EventRow & { occurrence: OccurrenceRow })[],
  ): Promise<EventRow[]> {
    const detachedFrom = [
      ...new Set(
        rows.flatMap(({ occurrence }) =>
          occurrence.series_id !== null && occurrence.series_id !== occurrence.event_id ? [occurrence.series_id] : [],
        ),
      ),
    ];
    if (detachedFrom.length === 0) return [...rows];
    const rules = new Map(
      (
        await db
          .selectFrom('events')
          .select(['post_id', 'recurrence'])
          .where('post_id', 'in', inList(detachedFrom))
          .execute()
      ).map((row) => [row.post_id, row.recurrence]),
    );
    return rows.map((row) => {
      const seriesRecurrence = row.occurrence.series_id === null ? undefined : rules.get(row.occurrence.series_id);
      return seriesRecurrence === undefined ? row : { ...row, seriesRecurrence };
    });
  }

  /**
   * The occurrence ids each of `ids` stands for, ascending (sync; decision 0029): an event's
   * occurrence rows, or the occurrence row of that id; none for an id that is gone.
   */
  async occurrenceIdsOf(db: ReadTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    const byRecord = new Map<number, number[]>();
    if (ids.length === 0) return byRecord;
    const rows = await db
      .selectFrom('event_occurrences')
      .select(['id', 'event_id'])
      .where((eb) => eb.or([eb('event_id', 'in', [...ids]), eb('id', 'in', [...ids])]))
      .orderBy('id')
      .execute();
    const asked = new Set(ids);
    for (const row of rows) {
      for (const record of new Set([row.event_id, row.id]))
        if (asked.has(record)) byRecord.set(record, [...(byRecord.get(record) ?? []), row.id]);
    }
    return byRecord;
  }

  /** The occurrence with this id as its event's record; a series by its own id is shown as its first occurrence. */
  async getOccurrence(db: ReadTx, id: number): Promise<EventRow | undefined> {
    const occurrence = await db.selectFrom('event_occurrences').selectAll().where('id', '=', id).executeTakeFirst();
    if (occurrence) {
      const event = await this.get(db, occurrence.event_id);
      return event && (await this.withSeriesRules(db, [{ ...event, occurrence }]))[0];
    }
    const event = await this.get(db, id);
    if (!event || event.fields.recurrence === null) return event;
    const first = await this.firstOccurrence(db, id);
    return first ? { ...event, occurrence: first } : event;
  }

  /** The series' first occurrence by start, exceptions included. */
  async firstOccurrence(db: ReadTx, seriesId: number): Promise<OccurrenceRow | undefined> {
    return db
      .selectFrom('event_occurrences')
      .selectAll()
      .where('series_id', '=', seriesId)
      .orderBy('start_local')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The id of an event's first occurrence of a series starting within `[from, to]` (local wall clocks), if any. */
  async seriesOccurrenceStarting(db: ReadTx, eventId: number, from: string, to: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('event_occurrences')
      .select('id')
      .where('event_id', '=', eventId)
      .where('series_id', 'is not', null)
      .where('start_local', '>=', from)
      .where('start_local', '<=', to)
      .orderBy('start_local')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The occurrences of a series keyed on a local day (`YYYY-MM-DD`: its generated dates that day and
   * the exceptions detached from them, whose rows keep their keys), with each one's event's
   * RECURRENCE-ID: one range of the (series_id, occurrence_key) index. Keys are `day` or `day#n`,
   * all before the next day's in any collation (they share the day's digits as a prefix).
   */
  async occurrencesKeyedOn(
    db: ReadTx,
    seriesId: number,
    day: string,
  ): Promise<(OccurrenceRow & { recurrence_id: string | null })[]> {
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return db
      .selectFrom('event_occurrences as o')
      .innerJoin('events as e', 'e.post_id', 'o.event_id')
      .selectAll('o')
      .select('e.recurrence_id')
      .where('o.series_id', '=', seriesId)
      .where('o.occurrence_key', '>=', day)
      .where('o.occurrence_key', '<', nextDay)
      .execute();
  }

  /**
   * A single event gets its one occurrence (id = post id) with the event; a series' and a detached
   * exception's rows are the service's to write (`syncSeries`, `repointOccurrence`). An explicit
   * `id` is an id the posts' sequence already handed out (an occurrence becoming a post).
   */
  /** A single event's one occurrence row comes with it; a series' rows are `syncSeries`' to write. */
  override async create(
    db: WriteTx,
    post: NewPost & { id?: number },
    fields: EventFields,
  ): Promise<WrittenRecord<EventFields> & Pick<EventRow, 'occurrence'>> {
    const written = await super.create(db, post, fields);
    if (fields.recurrence !== null || fields.series_id !== null) return written;
    const occurrence = await db
      .insertInto('event_occurrences')
      .values(singleOccurrence({ ...fields, post_id: written.post.id, status: post.status }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...written, occurrence };
  }

  /**
   * Keeps the occurrence rows in step: every row the event shows gets its status and listing flag;
   * its dates go to the rows not generated by a rule (a single event's, an exception's), since a
   * series' are regenerated from its rule by `syncSeries`.
   */
  override async update(db: WriteTx, id: number, post: Partial<NewPost>, fields: Partial<EventFields>): Promise<void> {
    await super.update(db, id, post, fields);
    const copies = {
      ...(post.status !== undefined ? { status: post.status } : {}),
      ...(fields.hide_from_listings !== undefined ? { hide_from_listings: fields.hide_from_listings } : {}),
    };
    if (Object.keys(copies).length > 0)
      await db.updateTable('event_occurrences').set(copies).where('event_id', '=', id).execute();
    const schedule = pick(fields, SCHEDULE_COLUMNS);
    if (Object.keys(schedule).length > 0) {
      await db
        .updateTable('event_occurrences')
        .set(schedule)
        .where('event_id', '=', id)
        .where((eb) => eb.or([eb('series_id', 'is', null), eb('series_id', '<>', eb.ref('event_id'))]))
        .execute();
    }
  }

  /**
   * Makes a series' generated rows those of `dates`: rows whose key is kept keep their id and get
   * the new dates, rows whose key vanished go, new keys get ids from the posts' sequence (the first
   * date the series' own id while no row holds it). Rows detached as exceptions, and keys they hold,
   * are left alone. A single event becoming a series turns its one row into the series' row.
   * `created`: the series is new in this unit (`create` wrote it no row) with these copies of its
   * status and listing flag, so there is nothing to read first; its rows are answered.
   */
  async syncSeries(
    db: WriteTx,
    seriesId: number,
    dates: readonly OccurrenceDates[],
    created?: Pick<OccurrenceRow, 'status' | 'hide_from_listings'>,
  ): Promise<SeriesSync> {
    if (!created)
      await db
        .updateTable('event_occurrences')
        .set({ series_id: seriesId })
        .where('id', '=', seriesId)
        .where('series_id', 'is', null)
        .execute();
    const existing = created
      ? []
      : await db.selectFrom('event_occurrences').selectAll().where('series_id', '=', seriesId).execute();
    const byKey = new Map(existing.map((row) => [row.occurrence_key, row]));
    const wanted = new Set(dates.map((date) => date.occurrence_key));
    const generated = existing.filter((row) => row.event_id === seriesId);
    const vanished = generated.filter((row) => !wanted.has(row.occurrence_key)).map((row) => row.id);
    for (const chunk of chunks(vanished)) await db.deleteFrom('event_occurrences').where('id', 'in', chunk).execute();
    const copies =
      created ??
      (await db
        .selectFrom('events')
        .select(['status', 'hide_from_listings'])
        .where('post_id', '=', seriesId)
        .executeTakeFirstOrThrow());
    const added = dates.filter((date) => !byKey.has(date.occurrence_key));
    for (const date of dates) {
      throwIfUnitExpired(db);
      const row = byKey.get(date.occurrence_key);
      if (!row || row.event_id !== seriesId) continue;
      if (SCHEDULE_COLUMNS.some((column) => row[column] !== date[column])) {
        await db.updateTable('event_occurrences').set(pick(date, SCHEDULE_COLUMNS)).where('id', '=', row.id).execute();
      }
    }
    let rows: OccurrenceRow[] = [];
    if (added.length > 0) {
      // The series' own id names its first date while a row holds it; a series whose first date
      // moved names the new first date by it when no kept row does.
      const seriesIdHeld = existing.some((row) => row.id === seriesId && !vanished.includes(row.id));
      const firstTakesSeriesId = !seriesIdHeld && added[0] === dates[0];
      const ids = await this.dialect.allocatePostIds(db, added.length - (firstTakesSeriesId ? 1 : 0));
      rows = added.map((date, index) => ({
        id: firstTakesSeriesId ? (index === 0 ? seriesId : ids[index - 1]!) : ids[index]!,
        event_id: seriesId,
        series_id: seriesId,
        ...date,
        ...copies,
      }));
      for (const chunk of chunks(rows)) {
        throwIfUnitExpired(db);
        await db.insertInto('event_occurrences').values(chunk).execute();
      }
    }
    return {
      before: generated.length,
      after: generated.length - vanished.length + added.length,
      ...(created ? { written: rows } : {}),
    };
  }

  /** Points an occurrence at another event (a detached exception, the new series of a split), with that event's dates and copies. */
  async repointOccurrence(
    db: WriteTx,
    occurrenceId: number,
    eventId: number,
    seriesId: number,
    dates?: Omit<OccurrenceDates, 'occurrence_key'>,
  ): Promise<void> {
    const copies = await db
      .selectFrom('events')
      .select(['status', 'hide_from_listings'])
      .where('post_id', '=', eventId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('event_occurrences')
      .set({ event_id: eventId, series_id: seriesId, ...copies, ...(dates ? pick(dates, SCHEDULE_COLUMNS) : {}) })
      .where('id', '=', occurrenceId)
      .execute();
  }

  async removeOccurrence(db: WriteTx, occurrenceId: number): Promise<void> {
    await db.deleteFrom('event_occurrences').where('id', '=', occurrenceId).execute();
  }

  /**
   * An event's occurrence rows: how many times it is in the archive, and in its terms' counts; by
   * `series_id`, a series' rows with its detached exceptions' (every date its rules have given).
   */
  async occurrenceCount(db: ReadTx, id: number, by: 'event_id' | 'series_id' = 'event_id'): Promise<number> {
    const row = await db
      .selectFrom('event_occurrences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(by, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * What a new event made from another (a detached exception, the new series of a split) shares
   * with it: terms, venues and organizers, translated text (translated slugs stay the original's
   * alone: they are unique per language).
   */
  async copyRelations(db: WriteTx, fromId: number, toId: number): Promise<void> {
    await sql`insert into event_terms (event_id, term_id) select ${toId}, term_id from event_terms where event_id = ${fromId}`.execute(
      db,
    );
    await sql`insert into event_links (event_id, linked_id, kind, position) select ${toId}, linked_id, kind, position from event_links where event_id = ${fromId}`.execute(
      db,
    );
    await sql`insert into post_translations (post_id, language, title, content, excerpt, slug) select ${toId}, language, title, content, excerpt, null from post_translations where post_id = ${fromId}`.execute(
      db,
    );
  }

  /**
   * Hands a series' occurrences from `fromKey` on (their rows, ids and keys kept; detached
   * exceptions too) to the series `toId` that continues it.
   */
  async moveFollowing(db: WriteTx, seriesId: number, fromKey: string, toId: number): Promise<void> {
    await db
      .updateTable('events')
      .set({ series_id: toId })
      .where('series_id', '=', seriesId)
      .where('post_id', 'in', (eb) =>
        eb
          .selectFrom('event_occurrences')
          .select('event_id')
          .where('series_id', '=', seriesId)
          .where('occurrence_key', '>=', fromKey),
      )
      .execute();
    await db
      .updateTable('event_occurrences')
      .set((eb) => ({
        series_id: toId,
        event_id: eb.case().when('event_id', '=', seriesId).then(toId).else(eb.ref('event_id')).end(),
      }))
      .where('series_id', '=', seriesId)
      .where('occurrence_key', '>=', fromKey)
      .execute();
  }

  /**
   * A series whose rules were removed becomes a single event again: its generated rows go, it gets
   * its one row, and its detached exceptions become single events of their own.
   */
  async endSeries(db: WriteTx, seriesId: number): Promise<void> {
    await db
      .deleteFrom('event_occurrences')
      .where('series_id', '=', seriesId)
      .where('event_id', '=', seriesId)
      .execute();
    await db.updateTable('event_occurrences').set({ series_id: null }).where('series_id', '=', seriesId).execute();
    await db
      .updateTable('events')
      .set({ series_id: null, recurrence_id: null })
      .where('series_id', '=', seriesId)
      .execute();
    const event = await db.selectFrom('events').selectAll().where('post_id', '=', seriesId).executeTakeFirstOrThrow();
    // Its first date detached keeps the series' id; the single event's row then takes a new one.
    const idHeld = await db.selectFrom('event_occurrences').select('id').where('id', '=', seriesId).executeTakeFirst();
    const id = idHeld ? (await this.dialect.allocatePostIds(db, 1))[0]! : seriesId;
    await db
      .insertInto('event_occurrences')
      .values({ ...singleOccurrence(event), id })
      .execute();
  }

  /** Up to `limit` series whose occurrences are materialised only up to before `due` (unbounded rules), most behind first. */
  async seriesMaterializedBefore(db: ReadTx, due: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('events')
      .select('post_id')
      .where('materialized_until', '<', due)
      .orderBy('materialized_until')
      .orderBy('post_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.post_id);
  }

  /**
   * How far every series with unbounded rules is materialised: the least `materialized_until` (a
   * local wall clock), null when there is none. The first entry of a partial index: the one
   * marker an archive read past the horizon checks, kept by every write of a series without effort.
   */
  async materializedFloor(db: ReadTx): Promise<string | null> {
    const row = await db
      .selectFrom('events')
      .select((eb) => eb.fn.min<string | null>('materialized_until').as('floor'))
      .where('materialized_until', 'is not', null)
      .executeTakeFirst();
    return row?.floor ?? null;
  }

  /** The detached exceptions of a series (event posts of their own). */
  async exceptionsOf(db: ReadTx, seriesId: number): Promise<number[]> {
    const rows = await db.selectFrom('events').select('post_id').where('series_id', '=', seriesId).execute();
    return rows.map((row) => row.post_id);
  }

  /** Linked venue or organizer ids per event, in the order they were given. */
  async links(db: ReadTx, eventIds: readonly number[], kind: LinkKind): Promise<Map<number, number[]>> {
    const links = new Map<number, number[]>();
    if (eventIds.length === 0) return links;
    const rows = await db
      .selectFrom('event_links')
      .select(['event_id', 'linked_id'])
      .where('event_id', 'in', inList(eventIds))
      .where('kind', '=', kind)
      .orderBy('event_id')
      .orderBy('position')
      .execute();
    for (const row of rows) links.set(row.event_id, [...(links.get(row.event_id) ?? []), row.linked_id]);
    return links;
  }

  /** Replaces an event's links of one kind; an event created in the unit (`created`) has none to remove. */
  async setLinks(
    db: WriteTx,
    eventId: number,
    kind: LinkKind,
    linkedIds: readonly number[],
    created = false,
  ): Promise<void> {
    if (!created) await db.deleteFrom('event_links').where('event_id', '=', eventId).where('kind', '=', kind).execute();
    const unique = [...new Set(linkedIds)];
    if (unique.length > 0) {
      await db
        .insertInto('event_links')
        .values(unique.map((linkedId, position) => ({ event_id: eventId, linked_id: linkedId, kind, position })))
        .execute();
    }
  }
}
