import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { NEVER, readablePost, titleOnlyWhenProtected, type ReadableStatuses } from '../conditions.ts';
import type { DialectCapabilities } from '../types.ts';
import type { Database, LinkKind } from '../tables.ts';
import { TranslationsRepository } from './translations.repository.ts';

/*
 * The archive's filter (the events list's query parameters, resolved to ids and bounds) and the
 * condition it puts on the occurrences (`o`), their posts (`p`) and their events' rows (`own`).
 */

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
  /** The venues whose coordinates `venueHasCoordinates` and `near` look at: those the caller may read (decision 0051). */
  readonly readableVenues?: ReadableStatuses;
  readonly near?: { readonly lat: number; readonly lng: number; readonly radiusKm: number };
  readonly include?: readonly number[];
  readonly parentId?: number;
  /** The occurrences of one series (`o.series_id`: the series' first event), its detached exceptions included. */
  readonly seriesId?: number;
  /** Events with a published ticket (true) or without one (false): Event Tickets' `ticketed` (decision 0108). */
  readonly ticketed?: boolean;
  /** Events whose post was modified after this UTC time (`modified_after`; decision 0029). */
  readonly modifiedAfter?: string;
}

const EARTH_RADIUS_KM = 6371;

type Builder = ExpressionBuilder<
  Database & { o: Database['event_occurrences']; p: Database['posts']; own: Database['events'] },
  'o' | 'p' | 'own'
>;

/** The condition `filter` puts on an archive query of occurrences `o`, joined to `p` and `own` where `filterNeedsPosts` and `featured` say. */
export function eventFilterCondition(
  filter: EventFilter,
  dialect: DialectCapabilities,
): (eb: Builder) => Expression<SqlBool> {
  return (eb: Builder): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [
      eb('o.status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']),
      // Hidden events stay reachable by id and slug, never in the archive (wire-format 4.1).
      eb('o.hide_from_listings', '=', 0),
    ];
    if (filter.restrictTo) {
      const own = filter.restrictTo.authorId === null ? NEVER : eb('p.author_id', '=', filter.restrictTo.authorId);
      conditions.push(eb.or([eb('o.status', '=', 'publish'), own]));
    }
    const compare: [keyof EventFilter, 'o.start_local' | 'o.end_local', '>=' | '<=' | '<' | '>'][] = [
      ['startFrom', 'o.start_local', '>='],
      ['endUntil', 'o.end_local', '<='],
      ['startsBefore', 'o.start_local', '<'],
      ['startsAfter', 'o.start_local', '>'],
      ['endsBefore', 'o.end_local', '<'],
      ['endsAfter', 'o.end_local', '>'],
    ];
    for (const [key, column, operator] of compare) {
      const value = filter[key];
      if (typeof value === 'string') conditions.push(eb(column, operator, value));
    }
    // An event never ends before it starts (writes refuse it), so a bound on the end bounds the
    // start too: stated, it ends the index range scan there instead of at the end of the index.
    if (filter.endUntil !== undefined) conditions.push(eb('o.start_local', '<=', filter.endUntil));
    if (filter.endsBefore !== undefined) conditions.push(eb('o.start_local', '<', filter.endsBefore));
    for (const word of filter.searchWords ?? []) {
      const original = dialect.postsContaining('p', word);
      const fullText = filter.searchLanguage
        ? eb.or([original, TranslationsRepository.postTextContains('p.id', filter.searchLanguage, word)])
        : original;
      conditions.push(filter.searchTitleOnlyWhenProtected ? titleOnlyWhenProtected('p', fullText, word) : fullText);
    }
    for (const termIds of filter.termIdGroups ?? []) {
      conditions.push(
        eb(
          'o.event_id',
          'in',
          eb
            .selectFrom('event_terms')
            .select('event_id')
            .where('term_id', 'in', termIds.length > 0 ? [...termIds] : [0]),
        ),
      );
    }
    const linkedTo = (kind: LinkKind, ids: readonly number[]) =>
      eb(
        'o.event_id',
        'in',
        eb
          .selectFrom('event_links')
          .select('event_id')
          .where('kind', '=', kind)
          .where('linked_id', 'in', ids.length > 0 ? [...ids] : [0]),
      );
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
      if (filter.readableVenues)
        venues = venues
          .innerJoin('posts as vp', 'vp.id', 'l.linked_id')
          .where(readablePost('vp', filter.readableVenues));
      if (filter.near) {
        const { lat, lng, radiusKm } = filter.near;
        // Haversine distance; the math functions exist on PostgreSQL and in better-sqlite3's SQLite.
        venues = venues.where(
          sql<number>`2 * ${EARTH_RADIUS_KM} * asin(sqrt(power(sin(radians(v.geo_lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(v.geo_lat)) * power(sin(radians(v.geo_lng - ${lng}) / 2), 2)))`,
          '<=',
          radiusKm,
        );
      }
      const withCoordinates = eb('o.event_id', 'in', venues);
      conditions.push(filter.venueHasCoordinates === false ? eb.not(withCoordinates) : withCoordinates);
    }
    if (filter.include) conditions.push(eb('o.id', 'in', filter.include.length > 0 ? [...filter.include] : [0]));
    if (filter.parentId !== undefined) conditions.push(eb('p.parent_id', '=', filter.parentId));
    if (filter.seriesId !== undefined) conditions.push(eb('o.series_id', '=', filter.seriesId));
    if (filter.ticketed !== undefined) {
      const ticketed = sql<SqlBool>`exists (select 1 from tickets t where t.event_id = o.event_id and t.status = 'publish')`;
      conditions.push(filter.ticketed ? ticketed : sql<SqlBool>`not ${ticketed}`);
    }
    if (filter.modifiedAfter !== undefined) conditions.push(eb('p.modified_utc', '>', filter.modifiedAfter));
    return eb.and(conditions);
  };
}

/** Whether a filter looks at `posts` columns; the default archive reads only the occurrences' index. */
export function filterNeedsPosts(filter: EventFilter): boolean {
  return (
    (filter.restrictTo !== undefined && filter.restrictTo.authorId !== null) ||
    (filter.searchWords?.length ?? 0) > 0 ||
    filter.parentId !== undefined ||
    filter.include !== undefined ||
    filter.modifiedAfter !== undefined
  );
}
