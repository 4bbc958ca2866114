import type { CompiledQuery, Selectable, SelectQueryBuilder } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
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
import type { EventsTable, LinkKind } from '../tables.ts';
import { EventOccurrencesRepository, type OccurrenceRow } from './event-occurrences.repository.ts';
import type { AnyDb, PostRecord } from './post-records.repository.ts';

/** The event's own fields; `status` is the repository's copy of the post's, not the caller's to set. */
export type EventFields = Omit<Selectable<EventsTable>, 'post_id' | 'status'>;

/**
 * An event as stored; read through the archive or by an occurrence id, with the occurrence it is
 * shown as (its own id and dates, the series it belongs to).
 */
export interface EventRow extends PostRecord<EventFields> {
  readonly occurrence?: OccurrenceRow;
  /** For an exception detached from a series: the series' stored recurrence, which it shows. */
  readonly seriesRecurrence?: string | null;
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
/** Events: a `posts` row plus an `events` row, with their links to venues, organizers and terms. */
/**
 * The cursor a batch statement is compiled with once, its values marking their places (`exportAfter`).
 * The start sorts after any stored local time, as a real cursor's start never sorts before the
 * filter's own bound (its row is one of the filter's): `pageAfter` makes either the index's bound.
 */
const CURSOR_MARKERS = { start: '\uffffcursor start', id: '\uffffcursor id' as unknown as number } as const;

export class EventsRepository extends EventOccurrencesRepository {
  /** The CSV export's compiled statements of the batches after the first, by filter and batch size. */
  private readonly exportStatements = new WeakMap<EventFilter, Map<number, CompiledQuery>>();

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
   * `listAfter`'s batch with only the columns the CSV export writes and its relations' ids, in one
   * statement read as arrays (decisions 0132, 0136): the whole record's columns, read and split into
   * its objects, and its series' rule are work its cells do not use. The batches after the first
   * differ only by their cursor: their statement is built and compiled once per filter and size
   * (a filter is an export's own object), then run with each cursor's values.
   */
  async exportAfter(
    db: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
  ): Promise<{ rows: ExportEventRow[]; next: ArchiveCursor | undefined }> {
    const statement = after
      ? this.nextExportStatement(db, filter, after, limit)
      : this.exportStatement(db, filter, after, limit).compile();
    const rows = (await this.dialect.arrayRows(db, statement)).map(exportRowOf);
    const last = rows.at(-1)?.occurrence;
    return { rows, next: last && { start: last.start_local, id: last.id } };
  }

  private exportStatement(db: ReadTx, filter: EventFilter, after: ArchiveCursor | undefined, limit: number) {
    return exportBatch(
      db,
      this.pageAfter(db, filter, after, limit).select(['o.id', 'o.event_id', 'o.start_local', 'o.end_local']),
    );
  }

  /** The export's statement after `after`: compiled once with markers in the cursor's places, which take its values. */
  private nextExportStatement(db: ReadTx, filter: EventFilter, after: ArchiveCursor, limit: number): CompiledQuery {
    let statements = this.exportStatements.get(filter);
    if (!statements) this.exportStatements.set(filter, (statements = new Map<number, CompiledQuery>()));
    let compiled = statements.get(limit);
    if (!compiled) {
      compiled = this.exportStatement(db, filter, CURSOR_MARKERS, limit).compile();
      statements.set(limit, compiled);
    }
    return {
      ...compiled,
      parameters: compiled.parameters.map((value) =>
        value === CURSOR_MARKERS.start ? after.start : value === CURSOR_MARKERS.id ? after.id : value,
      ),
    };
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
