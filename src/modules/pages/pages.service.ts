import { createHmac } from 'node:crypto';
import type { Caller } from '../../auth/roles.ts';
import { ApiError } from '../../errors.ts';
import { yieldToEventLoop } from '../../event-loop.ts';
import type { LanguageCode } from '../../languages.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { ArchiveCursor, EventRow } from '../../storage/repositories/events.repository.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { Urls } from '../../urls.ts';
import { toEventRecords } from '../events/events.mapper.ts';
import type { EventWire } from '../events/events.schemas.ts';
import type { EventArchive } from '../events/event-archive.ts';
import type { EventSeries } from '../events/event-series.ts';
import type { EventsService } from '../events/events.service.ts';
import { toLinkedRecord } from '../linked-records/linked-records.mapper.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import { passwordMatches, type Access } from '../posts/post-rules.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { Localized } from '../translations/translations.ts';
import { shiftDay } from '../../dates/supported-range.ts';
import { eventQuery, type PageFilters } from './filters.ts';
import { startDay } from './format.ts';

/*
 * What the public pages show, read through the same services as the API (decision 0031): the
 * events archive (EventArchive.list), single events (EventsService.get), venues and organizers
 * (LinkedRecordsService.read) and terms (TermsService). Records come out as the API renders them
 * (toEventRecords, toLinkedRecord), so a page shows a visitor exactly what an anonymous API
 * caller gets, and the views only lay them out.
 */

/** Who reads, in which language, and the URLs to render with. */
export interface Reader {
  readonly caller: Caller | null;
  readonly language: LanguageCode;
  readonly urls: Urls;
}

/** A linked record as the API renders it (venue or organizer fields by name). */
export type LinkedRecord = Record<string, unknown>;

export interface EventPage {
  readonly event: EventWire;
  readonly previous: EventWire | undefined;
  readonly next: EventWire | undefined;
  /** For an occurrence of a series: the series' next listed dates from today, this one left out (at most OTHER_DATES). */
  readonly otherDates: readonly EventWire[];
}

/** The other dates an occurrence's page names before its link to all of them. */
export const OTHER_DATES = 4;

/** The most events one month grid lists; a busier month says so and links to its list view. */
export const MONTH_LIMIT = 300;
/** The most URLs one sitemap lists (the protocol's own limit is 50,000). */
export const SITEMAP_LIMIT = 50_000;
/**
 * Events read and rendered per turn of the event loop (decision 0047): 1,000 took 430 ms of one
 * turn on SQLite with 5,000 events (a read and its rendering are synchronous there); 200 keep a
 * turn well under the 200 ms any other request may wait.
 */
const SITEMAP_BATCH = 200;

/**
 * The post-password token a visitor's cookie holds once they gave an event's password: an HMAC of
 * the password under a site secret (decision 0094), so the cookie never carries the password, one
 * cookie opens every event sharing that password (as WordPress' `wp-postpass_` cookie), and no one
 * without the secret can make one from a guess or check a guess against one offline.
 */
function postPassToken(key: Buffer, password: string): string {
  return createHmac('sha256', key).update(`calendar-postpass:${password}`).digest('base64url');
}

/** What a password given to an event's form is: the event it was given to, and whether it opens it. */
export interface PasswordTry {
  readonly eventId: number;
  readonly opens: boolean;
}

export class PagesService {
  constructor(
    private readonly events: Pick<EventsService, 'get' | 'getRowIfExists' | 'entitled'>,
    private readonly archive: Pick<EventArchive, 'validateList' | 'list' | 'archiveFilter' | 'listAfter' | 'neighbour'>,
    private readonly series: Pick<EventSeries, 'occurrenceOn'>,
    private readonly venues: LinkedRecordsService,
    private readonly organizers: LinkedRecordsService,
    private readonly terms: TermsService,
    private readonly siteZone: string,
    /** The site secret that signs post-password cookies (`POSTPASS_KEY`). */
    private readonly postPassKey: Buffer,
  ) {}

  /** The cookie token of a password that opened an event. */
  postPassToken(password: string): string {
    return postPassToken(this.postPassKey, password);
  }

  /** Whether a visitor's cookie token stands for this (non-empty) password, compared in constant time. */
  private postPassMatches(token: string | undefined, password: string): boolean {
    return token !== undefined && password !== '' && passwordMatches(token, this.postPassToken(password));
  }

  private render(
    rows: readonly Localized<EventRow>[],
    relations: Parameters<typeof toEventRecords>[1],
    reader: Reader,
    single: boolean,
    access: Access = {},
  ): EventWire[] {
    return toEventRecords(rows, relations, {
      urls: reader.urls,
      single,
      siteZone: this.siteZone,
      entitled: (row) => this.events.entitled(row, reader.caller, access),
    });
  }

  /** A page of the archive, filtered as the API's list is (its validation first: a bad filter is a 400). */
  async list(
    tx: ReadTx,
    reader: Reader,
    filters: PageFilters,
    window: PageWindow,
  ): Promise<{ events: EventWire[]; total: number }> {
    const query = eventQuery(filters, window);
    await this.archive.validateList(tx, query, reader.caller);
    const { rows, total, relations } = await this.archive.list(tx, query, reader.caller, window, reader.language);
    return { events: this.render(rows, relations, reader, false), total };
  }

  /**
   * The events on any day of a window (a calendar grid, a day), those begun before it or ending
   * after it included, up to `limit`, and how many there are. The visitor's "from" date is the
   * list's: the window sets the days here.
   */
  async span(
    tx: ReadTx,
    reader: Reader,
    filters: PageFilters,
    first: string,
    last: string,
    limit = MONTH_LIMIT,
  ): Promise<{ events: EventWire[]; total: number }> {
    const { date: _date, ...undated } = filters;
    return this.list(tx, reader, { ...undated, overlaps: { first, last } }, { page: 1, perPage: limit, offset: 0 });
  }

  /**
   * The first day after an empty `day` on which an event of these filters starts (one begun earlier
   * and still on would have been on `day`), for the empty day's link onward.
   */
  async nextDayWithEvents(tx: ReadTx, reader: Reader, filters: PageFilters, day: string): Promise<string | undefined> {
    const after = shiftDay(day, 1);
    if (after === undefined) return undefined;
    const { events } = await this.list(tx, reader, { ...filters, from: after }, { page: 1, perPage: 1, offset: 0 });
    return events[0] === undefined ? undefined : startDay(events[0]);
  }

  /**
   * One event by slug, with the API's rules and errors (trashed, not accessible, password); the
   * visitor's post-password token stands for the password once it is the digest of the event's.
   * With a `day`, the occurrence of the series (or the detached exception) that slug names
   * starting that local day, read by its id as the API reads it: the page its `url` advertises.
   */
  async event(
    tx: ReadTx,
    reader: Reader,
    slug: string,
    postPass: string | undefined,
    day?: string,
  ): Promise<EventPage> {
    const found = await this.events.getRowIfExists(tx, { slug }, reader.language);
    if (!found) throw new ApiError('rest_no_route');
    const occurrence = day === undefined ? undefined : await this.series.occurrenceOn(tx, found.post.id, day);
    if (day !== undefined && occurrence === undefined) throw new ApiError('rest_no_route');
    const password = this.postPassMatches(postPass, found.post.password) ? found.post.password : undefined;
    const access: Access = password === undefined ? {} : { password };
    const { row, relations } = await this.events.get(
      tx,
      occurrence === undefined ? { slug } : { id: occurrence },
      reader.caller,
      access,
      reader.language,
    );
    const [event] = this.render([row], relations, reader, true, access);
    const [previous, next, otherDates] = await Promise.all([
      this.neighbour(tx, reader, event!, 'previous'),
      this.neighbour(tx, reader, event!, 'next'),
      this.otherDates(tx, reader, event!),
    ]);
    return { event: event!, previous, next, otherDates };
  }

  /**
   * The series' upcoming listed occurrences (the archive's default window), without this one; none
   * for an event of no series. One bounded batch of the archive in its order, as the feed reads it:
   * no total to count, which a page of the list would.
   */
  private async otherDates(tx: ReadTx, reader: Reader, event: EventWire): Promise<EventWire[]> {
    if (event.series_id === undefined || event.series_id === null) return [];
    const { filter } = await this.archive.archiveFilter(
      tx,
      eventQuery({ series: event.series_id }, { page: 1, perPage: OTHER_DATES + 1, offset: 0 }),
      reader.caller,
      reader.language,
    );
    const { rows, relations } = await this.archive.listAfter(
      tx,
      filter,
      undefined,
      OTHER_DATES + 1,
      reader.language,
      reader.caller,
    );
    return this.render(rows, relations, reader, false)
      .filter((other) => other.id !== event.id)
      .slice(0, OTHER_DATES);
  }

  /**
   * A series' listed occurrences from today on, a page at a time: its "all dates" page
   * (`/event/{slug}/all/`, the original's URL), for any slug of it (the series' or a detached
   * exception's), read as the API reads it (a draft or private series is a 404). The event is
   * the series' first (or the one the slug names, for an event of no series).
   */
  async seriesDates(
    tx: ReadTx,
    reader: Reader,
    slug: string,
    window: PageWindow,
  ): Promise<{ event: EventWire; events: EventWire[]; total: number }> {
    const { row, relations } = await this.events.get(tx, { slug }, reader.caller, {}, reader.language);
    const [event] = this.render([row], relations, reader, false);
    const series = event!.series_id ?? event!.id;
    const { events, total } = await this.list(tx, reader, { series }, window);
    return { event: event!, events, total };
  }

  /** A password given to the form of the protected event `slug`; undefined when no such event has a password. */
  async tryPassword(
    tx: ReadTx,
    slug: string,
    password: string,
    language: LanguageCode,
  ): Promise<PasswordTry | undefined> {
    const found = await this.events.getRowIfExists(tx, { slug }, language);
    if (found === undefined || found.post.password === '') return undefined;
    return { eventId: found.post.id, opens: passwordMatches(password, found.post.password) };
  }

  /**
   * The listed occurrence starting just before or after this one, by start instant then id, whatever
   * the date (past events included) and the zones: the page's previous and next links. The
   * archive's own order, by local wall clock (wire-format 3.7), puts 20:00 in Paris after 19:30 in
   * New York, and no date window of it reaches both ways.
   */
  private async neighbour(
    tx: ReadTx,
    reader: Reader,
    event: EventWire,
    side: 'previous' | 'next',
  ): Promise<EventWire | undefined> {
    const { filter } = await this.archive.archiveFilter(
      tx,
      eventQuery({}, { page: 1, perPage: 1, offset: 0 }),
      reader.caller,
      reader.language,
    );
    const { startFrom: _from, endUntil: _until, ...undated } = filter;
    const { rows, relations } = await this.archive.neighbour(
      tx,
      undated,
      { startUtc: event.utc_start_date, id: event.id },
      side,
      reader.language,
      reader.caller,
    );
    return this.render(rows, relations, reader, false)[0];
  }

  /** A venue or an organizer by slug, as the API reads it (its errors included). */
  async linked(tx: ReadTx, reader: Reader, kind: 'venue' | 'organizer', slug: string): Promise<LinkedRecord> {
    const service = kind === 'venue' ? this.venues : this.organizers;
    const row: Localized<LinkedRecordRow> = await service.read(tx, { slug }, reader.caller, reader.language);
    return toLinkedRecord(service.definition, row, {
      urls: reader.urls,
      single: true,
      entitled: service.entitled(row, reader.caller, {}),
    });
  }

  /**
   * A category or tag by slug, in the reader's language, with a category's ancestors (the root
   * first) for its breadcrumbs; a slug naming none is a 404.
   */
  async term(
    tx: ReadTx,
    reader: Reader,
    taxonomy: 'category' | 'tag',
    slug: string,
  ): Promise<{ name: string; description: string; slug: string; ancestors: { name: string; slug: string }[] }> {
    const definition: TaxonomyDefinition = taxonomy === 'category' ? CATEGORY : TAG;
    const [id] = (await this.terms.idsOf(tx, definition, [slug])) ?? [];
    if (id === undefined) throw new ApiError('rest_no_route');
    const own = await this.terms.view(tx, await this.terms.find(tx, definition, id), reader.language);
    // Up the parents, as many as its archive path has (a category's; a tag has none).
    const chain = [own.row];
    for (let step = 1; step < own.slugPath.length && chain[0]!.parent_id !== 0; step++)
      chain.unshift(await this.terms.find(tx, definition, chain[0]!.parent_id));
    const ancestors = await this.terms.views(tx, chain.slice(0, -1), reader.language);
    return {
      name: own.row.name,
      description: own.row.description,
      slug: own.row.slug,
      ancestors: ancestors.map((view) => ({ name: view.row.name, slug: view.row.slug })),
    };
  }

  /**
   * The public events for the sitemap (the default window: from yesterday on), read in bounded
   * batches of the archive as the iCalendar feed reads it; each occurrence of a series by its own URL.
   */
  async sitemap(tx: ReadTx, reader: Reader): Promise<{ url: string; modified: string }[]> {
    const { filter } = await this.archive.archiveFilter(
      tx,
      eventQuery({}, { page: 1, perPage: 1, offset: 0 }),
      null,
      reader.language,
    );
    const entries = new Map<string, string>();
    let after: ArchiveCursor | undefined;
    do {
      if (after !== undefined) await yieldToEventLoop();
      const batch = await this.archive.listAfter(tx, filter, after, SITEMAP_BATCH, reader.language, null);
      for (const event of this.render(batch.rows, batch.relations, reader, false))
        entries.set(event.url, event.modified_utc);
      after = batch.next;
    } while (after !== undefined && entries.size < SITEMAP_LIMIT);
    return [...entries].slice(0, SITEMAP_LIMIT).map(([url, modified]) => ({ url, modified }));
  }
}
