import { sql, type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { NEVER, NEXT_VERSION, titleOnlyWhenProtected } from '../conditions.ts';
import type { DialectCapabilities } from '../database.ts';
import { TranslationsRepository } from './translations.repository.ts';
import type { Database, EventsTable, LinkKind, TermRow } from '../tables.ts';
import type { ImageRow, NewPost, PostRow } from './linked-records.repository.ts';

/** The event's own fields; `status` is the repository's copy of the post's, not the caller's to set. */
export type EventFields = Omit<Selectable<EventsTable>, 'post_id' | 'status'>;

export interface EventRow {
  readonly post: PostRow;
  readonly event: EventFields;
  readonly image: ImageRow | null;
}

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
] as const;
const IMAGE_COLUMNS = ['id', 'url', 'extension', 'width', 'height', 'filesize', 'mime_type', 'sizes_json', 'created_at'] as const;
const EARTH_RADIUS_KM = 6371;

type Builder = ExpressionBuilder<Database & { p: Database['posts']; ev: Database['events'] }, 'p' | 'ev'>;

/** Events: a `posts` row plus an `events` row, with their links to venues, organizers and terms. */
export class EventsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectCapabilities,
  ) {}

  private select() {
    return this.db
      .selectFrom('posts as p')
      .innerJoin('events as ev', 'ev.post_id', 'p.id')
      .leftJoin('images as i', 'i.id', 'p.image_id')
      .selectAll('p')
      .select(EVENT_COLUMNS.map((column) => `ev.${column} as event_${column}` as const))
      .select(IMAGE_COLUMNS.map((column) => `i.${column} as image_${column}` as const))
      .where('p.type', '=', 'event');
  }

  private toRow(raw: Record<string, unknown>): EventRow {
    const post: Record<string, unknown> = {};
    const event: Record<string, unknown> = {};
    const image: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key.startsWith('event_')) event[key.slice(6)] = value;
      else if (key.startsWith('image_')) image[key.slice(6)] = value;
      else post[key] = value;
    }
    return { post: post as PostRow, event: event as EventFields, image: image.id === null || image.id === undefined ? null : (image as ImageRow) };
  }

  private where(filter: EventFilter) {
    return (eb: Builder): Expression<SqlBool> => {
      if (filter.none) return NEVER;
      const conditions: Expression<SqlBool>[] = [
        eb('ev.status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']),
        // Hidden events stay reachable by id and slug, never in the archive (wire-format 4.1).
        eb('ev.hide_from_listings', '=', 0),
      ];
      if (filter.restrictTo) {
        const own = filter.restrictTo.authorId === null ? NEVER : eb('p.author_id', '=', filter.restrictTo.authorId);
        conditions.push(eb.or([eb('ev.status', '=', 'publish'), own]));
      }
      const compare: [keyof EventFilter, 'ev.start_local' | 'ev.end_local', '>=' | '<=' | '<' | '>'][] = [
        ['startFrom', 'ev.start_local', '>='],
        ['endUntil', 'ev.end_local', '<='],
        ['startsBefore', 'ev.start_local', '<'],
        ['startsAfter', 'ev.start_local', '>'],
        ['endsBefore', 'ev.end_local', '<'],
        ['endsAfter', 'ev.end_local', '>'],
      ];
      for (const [key, column, operator] of compare) {
        const value = filter[key];
        if (typeof value === 'string') conditions.push(eb(column, operator, value));
      }
      // An event never ends before it starts (writes refuse it), so a bound on the end bounds the
      // start too: stated, it ends the index range scan there instead of at the end of the index.
      if (filter.endUntil !== undefined) conditions.push(eb('ev.start_local', '<=', filter.endUntil));
      if (filter.endsBefore !== undefined) conditions.push(eb('ev.start_local', '<', filter.endsBefore));
      for (const word of filter.searchWords ?? []) {
        const original = this.dialect.postsContaining('p', word);
        const fullText = filter.searchLanguage ? eb.or([original, TranslationsRepository.postTextContains('p.id', filter.searchLanguage, word)]) : original;
        conditions.push(filter.searchTitleOnlyWhenProtected ? titleOnlyWhenProtected('p', fullText, word) : fullText);
      }
      for (const termIds of filter.termIdGroups ?? []) {
        conditions.push(eb('ev.post_id', 'in', eb.selectFrom('event_terms').select('event_id').where('term_id', 'in', termIds.length > 0 ? [...termIds] : [0])));
      }
      const linkedTo = (kind: LinkKind, ids: readonly number[]) =>
        eb('ev.post_id', 'in', eb.selectFrom('event_links').select('event_id').where('kind', '=', kind).where('linked_id', 'in', ids.length > 0 ? [...ids] : [0]));
      if (filter.venueIds) conditions.push(linkedTo('venue', filter.venueIds));
      if (filter.organizerIds) conditions.push(linkedTo('organizer', filter.organizerIds));
      if (filter.featured !== undefined) conditions.push(eb('ev.featured', '=', filter.featured ? 1 : 0));
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
        const withCoordinates = eb('ev.post_id', 'in', venues);
        conditions.push(filter.venueHasCoordinates === false ? eb.not(withCoordinates) : withCoordinates);
      }
      if (filter.include) conditions.push(eb('ev.post_id', 'in', filter.include.length > 0 ? [...filter.include] : [0]));
      if (filter.parentId !== undefined) conditions.push(eb('p.parent_id', '=', filter.parentId));
      return eb.and(conditions);
    };
  }

  /** Whether a filter looks at `posts` columns; the default archive needs only the events index. */
  private needsPosts(filter: EventFilter): boolean {
    return (filter.restrictTo !== undefined && filter.restrictTo.authorId !== null) || (filter.searchWords?.length ?? 0) > 0 || filter.parentId !== undefined;
  }

  async count(filter: EventFilter): Promise<number> {
    const base = this.db.selectFrom('events as ev');
    const query = this.needsPosts(filter) ? base.innerJoin('posts as p', 'p.id', 'ev.post_id') : base;
    const row = await (query as typeof base)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(this.where(filter) as never)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** By local start, then id (wire-format 3.7); with `include`, by publication date then id. */
  async list(filter: EventFilter, limit: number, offset: number): Promise<EventRow[]> {
    let query = this.select().where(this.where(filter));
    query = filter.include ? query.orderBy('p.date_utc').orderBy('p.id') : query.orderBy('ev.start_local').orderBy('ev.post_id');
    const rows = await query.limit(limit).offset(offset).execute();
    return rows.map((row) => this.toRow(row));
  }

  async get(id: number): Promise<EventRow | undefined> {
    const row = await this.select().where('p.id', '=', id).executeTakeFirst();
    return row ? this.toRow(row) : undefined;
  }

  async findBySlug(slug: string): Promise<EventRow | undefined> {
    // `slug <> ''` lets the engine use the partial unique index on (type, slug) with a bound slug.
    const row = await this.select().where('p.slug', '=', slug).where('p.slug', '<>', '').orderBy('p.id').executeTakeFirst();
    return row ? this.toRow(row) : undefined;
  }

  /** The type of any post with this id, to tell "missing" from "not an event" (wire-format 7.3). */
  async postType(id: number): Promise<string | undefined> {
    return (await this.db.selectFrom('posts').select('type').where('id', '=', id).executeTakeFirst())?.type;
  }

  async create(post: NewPost, event: EventFields): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('posts').values(post).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('events').values({ ...event, status: post.status, post_id: id }).execute();
      return id;
    });
  }

  /** Updates both rows in one transaction; a status change is copied onto `events` with it. */
  async update(id: number, post: Partial<NewPost>, event: Partial<EventFields>): Promise<void> {
    const eventChanges = post.status === undefined ? event : { ...event, status: post.status };
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(post).length > 0) await trx.updateTable('posts').set({ ...post, version: NEXT_VERSION }).where('id', '=', id).execute();
      if (Object.keys(eventChanges).length > 0) await trx.updateTable('events').set(eventChanges).where('post_id', '=', id).execute();
    });
  }

  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('posts').where('id', '=', id).execute();
  }

  /** Linked venue or organizer ids per event, in the order they were given. */
  async links(eventIds: readonly number[], kind: LinkKind): Promise<Map<number, number[]>> {
    const links = new Map<number, number[]>();
    if (eventIds.length === 0) return links;
    const rows = await this.db
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

  async setLinks(eventId: number, kind: LinkKind, linkedIds: readonly number[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('event_links').where('event_id', '=', eventId).where('kind', '=', kind).execute();
      const unique = [...new Set(linkedIds)];
      if (unique.length > 0) {
        await trx.insertInto('event_links').values(unique.map((linkedId, position) => ({ event_id: eventId, linked_id: linkedId, kind, position }))).execute();
      }
    });
  }

  /** The terms of each event, both taxonomies, by name (wire-format 2.1 `categories`). */
  async terms(eventIds: readonly number[]): Promise<Map<number, TermRow[]>> {
    const terms = new Map<number, TermRow[]>();
    if (eventIds.length === 0) return terms;
    const rows = await this.db
      .selectFrom('event_terms as et')
      .innerJoin('terms as t', 't.id', 'et.term_id')
      .selectAll('t')
      .select('et.event_id')
      .where('et.event_id', 'in', [...eventIds])
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .execute();
    for (const { event_id: eventId, ...term } of rows) terms.set(eventId, [...(terms.get(eventId) ?? []), term as TermRow]);
    return terms;
  }
}
