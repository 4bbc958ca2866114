import { sql, type Expression, type ExpressionBuilder, type Selectable, type SqlBool } from 'kysely';
import { NEVER, titleOnlyWhenProtected } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../database.ts';
import { TranslationsRepository } from './translations.repository.ts';
import type { Database, EventsTable, LinkKind } from '../tables.ts';
import { PostRecordsRepository, type PostRecord } from './post-records.repository.ts';

/** The event's own fields; `status` is the repository's copy of the post's, not the caller's to set. */
export type EventFields = Omit<Selectable<EventsTable>, 'post_id' | 'status'>;

export type EventRow = PostRecord<EventFields>;

/** Bounds on the events' local wall-clock start and end (wire-format 4.1.2). */
export interface DateBounds {
  /** start >= */
  readonly startFrom?: string;
  /** end <= */
  readonly endUntil?: string;
  readonly startsBefore?: string;
  readonly startsAfter?: string;
  readonly endsBefore?: string;
  readonly endsAfter?: string;
}

export interface EventFilter extends DateBounds {
  readonly statuses: readonly string[];
  /** Non-published events are listed only to their author, unless the caller may edit others'. */
  readonly restrictTo?: { readonly authorId: number | null };
  /** Every word must appear in the title, excerpt or content. */
  readonly searchWords?: readonly string[];
  /** Words also match the text translated into this language. */
  readonly searchLanguage?: string;
  /** Password-protected events match a search by their title only (their text is not public). */
  readonly searchTitleOnlyWhenProtected?: boolean;
  /** Any of these terms; each list is one filter, lists combine with AND. */
  readonly termIdGroups?: readonly (readonly number[])[];
  readonly venueIds?: readonly number[];
  readonly organizerIds?: readonly number[];
  readonly featured?: boolean;
  /** Events whose venue has coordinates (true) or has none (false). */
  readonly venueHasCoordinates?: boolean;
  readonly near?: { readonly lat: number; readonly lng: number; readonly radiusKm: number };
  readonly include?: readonly number[];
  readonly parentId?: number;
  /** A filter that matches nothing (`ticketed=true`: this service sells no tickets). */
  readonly none?: boolean;
}

const EVENT_COLUMNS = [
  'start_local', 'end_local', 'start_utc', 'end_utc', 'timezone', 'timezone_abbr', 'all_day', 'cost', 'currency_symbol', 'currency_position',
  'currency_code', 'cost_values', 'website', 'show_map', 'show_map_link', 'hide_from_listings', 'featured',
] as const satisfies readonly (keyof EventFields)[];
const EARTH_RADIUS_KM = 6371;

type Builder = ExpressionBuilder<Database & { p: Database['posts']; own: Database['events'] }, 'p' | 'own'>;

/** Events: a `posts` row plus an `events` row, with their links to venues, organizers and terms. */
export class EventsRepository extends PostRecordsRepository<EventFields> {
  constructor(dialect: DialectCapabilities) {
    super({ type: 'event', table: 'events', columns: EVENT_COLUMNS, copiesStatus: true }, dialect);
  }

  private where(filter: EventFilter) {
    return (eb: Builder): Expression<SqlBool> => {
      if (filter.none) return NEVER;
      const conditions: Expression<SqlBool>[] = [
        eb('own.status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']),
        // Hidden events stay reachable by id and slug, never in the archive (wire-format 4.1).
        eb('own.hide_from_listings', '=', 0),
      ];
      if (filter.restrictTo) {
        const own = filter.restrictTo.authorId === null ? NEVER : eb('p.author_id', '=', filter.restrictTo.authorId);
        conditions.push(eb.or([eb('own.status', '=', 'publish'), own]));
      }
      const compare: [keyof EventFilter, 'own.start_local' | 'own.end_local', '>=' | '<=' | '<' | '>'][] = [
        ['startFrom', 'own.start_local', '>='],
        ['endUntil', 'own.end_local', '<='],
        ['startsBefore', 'own.start_local', '<'],
        ['startsAfter', 'own.start_local', '>'],
        ['endsBefore', 'own.end_local', '<'],
        ['endsAfter', 'own.end_local', '>'],
      ];
      for (const [key, column, operator] of compare) {
        const value = filter[key];
        if (typeof value === 'string') conditions.push(eb(column, operator, value));
      }
      // An event never ends before it starts (writes refuse it), so a bound on the end bounds the
      // start too: stated, it ends the index range scan there instead of at the end of the index.
      if (filter.endUntil !== undefined) conditions.push(eb('own.start_local', '<=', filter.endUntil));
      if (filter.endsBefore !== undefined) conditions.push(eb('own.start_local', '<', filter.endsBefore));
      for (const word of filter.searchWords ?? []) {
        const original = this.dialect.postsContaining('p', word);
        const fullText = filter.searchLanguage ? eb.or([original, TranslationsRepository.postTextContains('p.id', filter.searchLanguage, word)]) : original;
        conditions.push(filter.searchTitleOnlyWhenProtected ? titleOnlyWhenProtected('p', fullText, word) : fullText);
      }
      for (const termIds of filter.termIdGroups ?? []) {
        conditions.push(eb('own.post_id', 'in', eb.selectFrom('event_terms').select('event_id').where('term_id', 'in', termIds.length > 0 ? [...termIds] : [0])));
      }
      const linkedTo = (kind: LinkKind, ids: readonly number[]) =>
        eb('own.post_id', 'in', eb.selectFrom('event_links').select('event_id').where('kind', '=', kind).where('linked_id', 'in', ids.length > 0 ? [...ids] : [0]));
      if (filter.venueIds) conditions.push(linkedTo('venue', filter.venueIds));
      if (filter.organizerIds) conditions.push(linkedTo('organizer', filter.organizerIds));
      if (filter.featured !== undefined) conditions.push(eb('own.featured', '=', filter.featured ? 1 : 0));
      if (filter.venueHasCoordinates !== undefined || filter.near) {
        let venues = eb
          .selectFrom('event_links as l')
          .innerJoin('venues as v', 'v.post_id', 'l.linked_id')
          .select('l.event_id')
          .where('l.kind', '=', 'venue')
          .where('v.geo_lat', 'is not', null)
          .where('v.geo_lng', 'is not', null);
        if (filter.near) {
          const { lat, lng, radiusKm } = filter.near;
          // Haversine distance; the math functions exist on PostgreSQL and in better-sqlite3's SQLite.
          venues = venues.where(
            sql<number>`2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(v.geo_lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(v.geo_lat)) * power(sin(radians(v.geo_lng - ${lng}) / 2), 2)))`,
            '<=',
            radiusKm,
          );
        }
        const withCoordinates = eb('own.post_id', 'in', venues);
        conditions.push(filter.venueHasCoordinates === false ? eb.not(withCoordinates) : withCoordinates);
      }
      if (filter.include) conditions.push(eb('own.post_id', 'in', filter.include.length > 0 ? [...filter.include] : [0]));
      if (filter.parentId !== undefined) conditions.push(eb('p.parent_id', '=', filter.parentId));
      return eb.and(conditions);
    };
  }

  /** Whether a filter looks at `posts` columns; the default archive needs only the events index. */
  private needsPosts(filter: EventFilter): boolean {
    return (filter.restrictTo !== undefined && filter.restrictTo.authorId !== null) || (filter.searchWords?.length ?? 0) > 0 || filter.parentId !== undefined;
  }

  async count(db: ReadTx, filter: EventFilter): Promise<number> {
    const base = db.selectFrom('events as own');
    const query = this.needsPosts(filter) ? base.innerJoin('posts as p', 'p.id', 'own.post_id') : base;
    const row = await query
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(this.where(filter) as never)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** By local start, then id (wire-format 3.7); with `include`, by publication date then id. */
  async list(db: ReadTx, filter: EventFilter, limit: number, offset: number): Promise<EventRow[]> {
    let query = this.select(db).where(this.where(filter) as never);
    query = filter.include ? query.orderBy('p.date_utc').orderBy('p.id') : query.orderBy('own.start_local').orderBy('own.post_id');
    const rows = await query.limit(limit).offset(offset).execute();
    return rows.map((row) => this.toRecord(row));
  }

  /** Linked venue or organizer ids per event, in the order they were given. */
  async links(db: ReadTx, eventIds: readonly number[], kind: LinkKind): Promise<Map<number, number[]>> {
    const links = new Map<number, number[]>();
    if (eventIds.length === 0) return links;
    const rows = await db
      .selectFrom('event_links')
      .select(['event_id', 'linked_id'])
      .where('event_id', 'in', [...eventIds])
      .where('kind', '=', kind)
      .orderBy('event_id')
      .orderBy('position')
      .execute();
    for (const row of rows) links.set(row.event_id, [...(links.get(row.event_id) ?? []), row.linked_id]);
    return links;
  }

  async setLinks(db: WriteTx, eventId: number, kind: LinkKind, linkedIds: readonly number[]): Promise<void> {
    await db.deleteFrom('event_links').where('event_id', '=', eventId).where('kind', '=', kind).execute();
    const unique = [...new Set(linkedIds)];
    if (unique.length > 0) {
      await db.insertInto('event_links').values(unique.map((linkedId, position) => ({ event_id: eventId, linked_id: linkedId, kind, position }))).execute();
    }
  }
}
