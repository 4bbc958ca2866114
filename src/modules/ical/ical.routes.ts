import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import type { Caller } from '../../auth/roles.ts';
import type { Clock } from '../../clock.ts';
import type { Validators } from '../../http/entity-tags.ts';
import { occurrencesCutHeaders } from '../../http/pagination.ts';
import { defineRoute, type AnyRoute, type Frame } from '../../http/route-definition.ts';
import type { ReadTx, Storage } from '../../storage/types.ts';
import type { ContentState } from '../../storage/repositories/content.repository.ts';
import type { ArchiveCursor } from '../../storage/repositories/events.repository.ts';
import { IdParams, ListQuery, ReadQuery, SlugParams } from '../events/events.schemas.ts';
import type { SeriesHorizonExtender } from '../events/horizon-extender.ts';
import {
  calendarChunks,
  calendarFooter,
  calendarHeader,
  eventComponents,
  type CalendarContext,
} from './calendar-writer.ts';
import type { CalendarFeedService } from './ical.service.ts';

/** A feed without `limit` exports at most this many events (or the configured maximum, if lower). */
export const DEFAULT_FEED_EVENTS = 10_000;

/**
 * Archive rows read per unit of work while streaming a feed: what bounds its memory. With 100, a
 * batch's rows lived long enough to be promoted, and the heap peaked up to 150 MB over idle
 * between major GCs; with 50, some 25 MB (decision 0026).
 */
export const FEED_BATCH_ROWS = 50;

export interface FeedOptions {
  /** Units of work for the batches read after the handler's own unit has ended. */
  readonly storage: Pick<Storage, 'read'>;
  /** Extends recurring series before a feed whose window passes the horizon (decision 0025). */
  readonly seriesExtender: Pick<SeriesHorizonExtender, 'extendFor'>;
  readonly clock: Clock;
  readonly siteZone: string;
  /** The most events a query may ask for (CALENDAR_ICS_MAX_EVENTS). */
  readonly maxEvents: number;
  /** See CalendarContext.uidHost. */
  readonly uidHost: string;
  readonly batchRows?: number;
}

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** A `text/calendar` answer, as the OpenAPI document shows it; the body is a stream of the calendar's text. */
const CalendarDocument = Type.Unsafe<Readable>({
  description: 'An iCalendar (RFC 5545) document',
  content: { 'text/calendar': { schema: { type: 'string', description: 'An iCalendar (RFC 5545) document' } } },
});
const NotModified = Type.Unsafe<''>({
  type: 'null',
  description: 'Not modified: the client holds the current calendar (If-None-Match or If-Modified-Since)',
});

/** The archive's parameters without its paging, and the cap. */
function feedQuery(maxEvents: number) {
  // A feed is the whole current archive: no paging, and no sync (decision 0029).
  const { page: _page, per_page: _perPage, sync_token: _syncToken, ...archive } = ListQuery.properties;
  return Type.Object({
    ...archive,
    limit: Type.Integer({
      minimum: 1,
      maximum: maxEvents,
      default: Math.min(DEFAULT_FEED_EVENTS, maxEvents),
      description: `The most events to export, the earliest first (at most ${maxEvents}); the feed is never paged`,
    }),
  });
}

const digest = (parts: unknown) => createHash('sha1').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);

/** A file name for Content-Disposition: ASCII letters, digits, `.`, `-` and `_` only. */
const fileName = (name: string) => `attachment; filename="${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.ics"`;

/**
 * The validators of a feed (decision 0026). The tag is strong: the content version changes with
 * every write on any node, and the digest covers everything else the bytes depend on (URLs,
 * parameters, date window, language, caller). Last-Modified is the content's last change, or the
 * start of the current UTC day when later (the default window moves at midnight); it is left out
 * while the change is in the current second, which a client's next If-Modified-Since could not tell
 * from a later change in the same second.
 */
function feedValidators(content: ContentState, now: Date, parts: unknown): Validators {
  const tag = `"ics-${content.version}-${digest(parts)}"`;
  const day = Math.floor(now.getTime() / 86_400_000) * 86_400_000;
  const changed = content.changedAt === null ? 0 : Math.ceil(Date.parse(content.changedAt) / 1000) * 1000;
  return changed > now.getTime() ? { tag } : { tag, lastModified: new Date(Math.max(changed, day)) };
}

/** The iCalendar feeds (issue 15): the whole archive as one calendar, and one event. */
export function icalRoutes(feeds: CalendarFeedService, options: FeedOptions): AnyRoute[] {
  const FeedQuery = feedQuery(options.maxEvents);
  const batchRows = options.batchRows ?? FEED_BATCH_ROWS;
  const contextOf = (frame: Pick<Frame, 'urls'>): CalendarContext => ({ urls: frame.urls, uidHost: options.uidHost });
  const header = (frame: Pick<Frame, 'language' | 'urls'>) =>
    calendarHeader({
      name: `Events · ${new URL(frame.urls.siteOrigin).host}`,
      zone: options.siteZone,
      language: frame.language.toUpperCase(),
    });
  const identity = (caller: Caller | null) => (caller ? caller.id : null);

  const singleRoute = (path: string, params: typeof IdParams | typeof SlugParams) =>
    defineRoute({
      method: 'GET',
      path,
      permission: 'public',
      timeless: true,
      schema: {
        summary: `Returns the event with the specified ${params === SlugParams ? 'slug' : 'ID'} as an iCalendar document`,
        params,
        querystring: ReadQuery,
        response: { 200: CalendarDocument, 304: NotModified },
      },
      handle: async (frame, tx: ReadTx) => {
        const { event, content } = await feeds.single(tx, frame.params, frame.caller, frame.query, frame.language);
        const context = contextOf(frame);
        const zones = new Set<string>();
        const text = header(frame) + eventComponents([event], context, zones) + calendarFooter(zones);
        const { post } = event.row;
        return {
          headers: { 'content-type': CALENDAR_TYPE, 'content-disposition': fileName(post.slug || `event-${post.id}`) },
          body: Readable.from([text]),
          validators: feedValidators(content, options.clock.now(), {
            id: post.id,
            api: frame.urls.api,
            site: frame.urls.site,
            query: frame.query,
            language: frame.language,
            caller: identity(frame.caller),
          }),
        };
      },
    });

  return [
    defineRoute({
      method: 'GET',
      path: '/events.ics',
      permission: 'public',
      schema: {
        summary: 'Returns all the events matching the search criteria as one iCalendar document, streamed, not paged',
        querystring: FeedQuery,
        response: { 200: CalendarDocument, 304: NotModified },
      },
      prepare: (frame, deadline) => options.seriesExtender.extendFor(frame.query, deadline),
      validate: (frame, tx) => feeds.validate(tx, frame.query, frame.caller),
      handle: async (frame, tx) => {
        const query = frame.query;
        const plan = await feeds.plan(tx, query, frame.caller, frame.language);
        const request = { caller: frame.caller, access: query, language: frame.language, written: new Set<number>() };
        // Every batch reads in a unit of its own, once the previous one is sent: a slow subscriber
        // holds no transaction (SQLite has one connection for reads), and memory holds one batch. A write
        // between batches may move an event across the cursor; the feed's tag, taken from the
        // content version before the first batch, is then stale and the next poll gets it whole.
        const chunks = calendarChunks<ArchiveCursor>(
          {
            header: header(frame),
            context: contextOf(frame),
            readBatch: (after, limit) =>
              options.storage.read((unit) => feeds.batch(unit, plan.filter, after, limit, request)),
          },
          query.limit,
          batchRows,
        );
        return {
          headers: {
            'content-type': CALENDAR_TYPE,
            'content-disposition': fileName('events'),
            ...occurrencesCutHeaders(plan.cut),
          },
          body: Readable.from(chunks),
          validators: feedValidators(plan.content, options.clock.now(), {
            api: frame.urls.api,
            site: frame.urls.site,
            query,
            bounds: plan.bounds,
            language: frame.language,
            caller: identity(frame.caller),
          }),
        };
      },
    }),
    singleRoute('/events/:id(^\\d+).ics', IdParams),
    singleRoute('/events/by-slug/:slug(^.+).ics', SlugParams),
  ];
}
