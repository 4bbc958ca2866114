import type { Caller } from '../../auth/roles.ts';
import { archiveLinks } from '../../http/archive-links.ts';
import { occurrencesCutHeaders, totalHeaders } from '../../http/pagination.ts';
import { eventPasswordCounter } from '../../http/password-guesses.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { defineRoute, EDITABLE, type AnyRoute, type Frame } from '../../http/route-definition.ts';
import { tagsShownBy } from '../../http/routes.ts';
import type { RenderedRecord, RenderedRecords } from '../../http/record-cache.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { Urls } from '../../urls.ts';
import type { DateBounds } from '../../storage/repositories/event-filter.ts';
import type { EventRow } from '../../storage/repositories/events.repository.ts';
import type { Static } from '@sinclair/typebox';
import type { Localized } from '../translations/translations.ts';
import { toEventItemList, toEventRecords } from './events.mapper.ts';
import {
  CountsQuery,
  CreateBody,
  DeleteQuery,
  Envelope,
  EventRecord,
  type EventWire,
  IdParams,
  ListQuery,
  OWN_LIST_QUERY,
  ReadQuery,
  SlugParams,
  UpdateBody,
  WriteQuery,
  type EventListQuery,
} from './events.schemas.ts';
import type { Access } from '../posts/post-rules.ts';
import type { EventArchive } from './event-archive.ts';
import type { CheckedEventWrite, EventWriter } from './event-writer.ts';
import type { EventRef, EventsService, LoadedRelations, WrittenRelations } from './events.service.ts';
import type { SeriesHorizonExtender } from './horizon-extender.ts';
import { LINKED_DATA_TYPE } from '../../http/representation.ts';
import { listingToken, refuseFiltersBesideSyncToken, syncAnswer } from '../sync/sync.answers.ts';
import type { SyncService } from '../sync/sync.service.ts';
import { archiveScopeOf } from '../posts/post-rules.ts';
import { statusCountsRoute } from '../posts/status-counts.routes.ts';
import type { Storage } from '../../storage/types.ts';
import { csvAnswer, eventRows } from '../csv/csv-export.ts';

type Args = [string, string][];

/** The type of an answer whose body is JSON bytes already (records from the record cache): Fastify sends them as they are. */
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

/** The envelope's serialization with no events starts so (its schema lists `events` first). */
const NO_EVENTS = '{"events":[]';
const EVENTS_OPEN = Buffer.from('{"events":[');
const COMMA = Buffer.from(',');

/**
 * The archive's JSON: its envelope serialized with no events, the kept records' bytes put in their
 * place, assembled as bytes (decision 0083): only the envelope's own fields are encoded per answer.
 */
function withEvents(
  records: RenderedRecords,
  fields: Omit<Static<typeof Envelope>, 'events'>,
  events: readonly RenderedRecord[],
): Buffer {
  const json = records.serializer(Envelope)({ events: [], ...fields });
  if (!json.startsWith(NO_EVENTS)) throw new Error('The events envelope no longer starts with its events');
  const parts: Buffer[] = [EVENTS_OPEN];
  for (const [at, record] of events.entries()) {
    if (at > 0) parts.push(COMMA);
    parts.push(record.bytes);
  }
  parts.push(Buffer.from(`]${json.slice(NO_EVENTS.length)}`));
  return Buffer.concat(parts);
}

const flagArg = (name: string, value: boolean | undefined): Args => (value ? [[name, '1']] : []);
const optionalArg = (name: string, value: string | number | undefined): Args =>
  value === undefined ? [] : [[name, String(value)]];

/** The routes of events (spec 4.2); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function eventRoutes(
  {
    events,
    archive,
    writer,
  }: { readonly events: EventsService; readonly archive: EventArchive; readonly writer: EventWriter },
  siteZone: string,
  extender: Pick<SeriesHorizonExtender, 'extendFor'>,
  sync: SyncService,
  storage: Pick<Storage, 'read'>,
): AnyRoute[] {
  // `entitlement`: what lifts password protection, when not the request's own `access`; only the
  // edit context the request asked for shows the password itself (decision 0079).
  const renderAll = (
    rows: readonly Localized<EventRow>[],
    relations: LoadedRelations,
    urls: Urls,
    caller: Caller | null,
    access: Access,
    single: boolean,
    entitlement = access,
  ) =>
    toEventRecords(rows, relations, {
      urls,
      single,
      siteZone,
      entitled: (row) => events.entitled(row, caller, entitlement),
      inEditContext: (row) => events.inEditContext(row, caller, access),
    });
  /**
   * The record cache for an answer rendered for an anonymous reader who gave no password (the
   * binding is there only for anonymous readers; a password may unlock a protected event).
   */
  const recordsFor = (frame: { records?: RenderedRecords; query: { password?: string } }) =>
    frame.query.password === undefined ? frame.records : undefined;
  /** A record's key: its id, alone (`single`) or listed, and the `context` asked for. */
  const recordKey = (id: number, single: boolean, context: string | undefined) =>
    `event ${id} ${single ? 'single' : 'listed'} ${context ?? ''}`;
  /** Keeps a rendered record with what it shows, and the linked records withheld from its reader (decision 0051). */
  const keep = (
    records: RenderedRecords,
    key: string,
    record: EventWire,
    version: number,
    withheld: readonly number[],
  ): RenderedRecord => {
    const rendered = {
      bytes: Buffer.from(records.serializer(EventRecord)(record)),
      tags: [...tagsShownBy(record), ...withheld.map((id) => `post:${id}`)],
      version,
    };
    records.keep(key, rendered);
    return rendered;
  };
  // Whoever just wrote an event sees it whole, if they may edit it; its password, if they asked for context=edit.
  // `written`: the relations a create wrote, which are not read back.
  const renderWritten = async (
    tx: ReadTx,
    row: Localized<EventRow>,
    frame: Frame & { readonly query: Access },
    written?: WrittenRelations,
  ) =>
    renderAll(
      [row],
      await events.relations(tx, [row], frame.language, frame.caller, written),
      frame.urls,
      frame.caller,
      frame.query,
      false,
      { context: 'edit' },
    )[0]!;

  // The params (`{ id }` or `{ slug }`) are the event's reference.
  const singleRoutes = (path: string, params: typeof IdParams | typeof SlugParams) => {
    const bySlug = params === SlugParams;
    const label = bySlug ? 'slug' : 'ID';
    // By slug, the slug argument itself is validated first (wire-format 5.2, 7.3); by id, a
    // missing event is the handler's 404 after the permission check, so the validator only looks.
    const load = (frame: { params: EventRef; language: LanguageCode }, tx: ReadTx) =>
      bySlug ? events.getRow(tx, frame.params, frame.language) : events.getRowIfExists(tx, frame.params);
    const target = async (
      tx: ReadTx,
      frame: { params: EventRef; language: LanguageCode },
      loaded: EventRow | undefined,
    ) => loaded ?? events.getRow(tx, frame.params, frame.language);
    return [
      defineRoute({
        method: 'GET',
        path,
        permission: 'public',
        timeless: true,
        // The event, its venue, organizers and terms, as its body shows them.
        dependsOn: () => [],
        schema: {
          summary: `Returns the event with the specified ${label}`,
          params,
          querystring: ReadQuery,
          response: { 200: EventRecord },
        },
        rendersRecords: !bySlug,
        // Wrong passwords are counted per (event, address), as on the event's page (decision 0094).
        passwordGuess: (eventRef, query) =>
          query.password === undefined || query.password === ''
            ? undefined
            : {
                counter: eventPasswordCounter('id' in eventRef ? eventRef.id : `slug:${eventRef.slug}`),
                refusal: 'event-password-protected',
              },
        handle: async (frame, tx) => {
          const records = bySlug ? undefined : recordsFor(frame);
          const key = records && recordKey((frame.params as { id: number }).id, true, frame.query.context);
          // Kept only once the checks below passed for an anonymous reader; any change to the event since retired it.
          const kept = key === undefined ? undefined : records!.get(key);
          if (kept) return { body: kept.bytes as never, headers: JSON_TYPE, version: kept.version, shows: kept.tags };
          const { row, relations } = await events.get(tx, frame.params, frame.caller, frame.query, frame.language);
          const body = renderAll([row], relations, frame.urls, frame.caller, frame.query, true)[0]!;
          if (key !== undefined) keep(records!, key, body, row.post.version, relations.withheld);
          return { body, version: row.post.version, withheld: relations.withheld };
        },
      }),
      defineRoute({
        method: 'DELETE',
        path,
        permission: { all: ['delete_tribe_events'] },
        schema: {
          summary: `Trashes the event with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`,
          params,
          querystring: DeleteQuery,
          response: { 200: EventRecord },
        },
        validate: load,
        currentVersion: (loaded) => loaded?.post.version,
        // An occurrence's row is its series' post.
        lockedRecord: (loaded) => loaded && { table: 'posts', id: loaded.post.id },
        handle: async (frame, tx, loaded) => {
          const row = await writer.remove(tx, await target(tx, frame, loaded), {
            caller: frame.caller!,
            force: frame.query.force,
            language: frame.language,
            explicitLanguage: frame.explicitLanguage,
          });
          return { body: await renderWritten(tx, row, frame) };
        },
      }),
      defineRoute({
        method: EDITABLE,
        path,
        permission: { all: ['edit_tribe_events'] },
        schema: {
          summary: `Updates the event with the specified ${label}`,
          params,
          querystring: WriteQuery,
          body: UpdateBody,
          response: { 200: EventRecord },
        },
        // The event the address names, and what the validation read of the body (read once: `before`
        // is the first run's, when the event's row was locked since).
        validate: async (frame, tx, before?: { readonly checked: CheckedEventWrite }) => {
          const loaded = await load(frame, tx);
          return { loaded, checked: await writer.validateWrite(tx, frame.body, frame.caller, before?.checked) };
        },
        currentVersion: ({ loaded }) => loaded?.post.version,
        // An occurrence's row is its series' post.
        lockedRecord: ({ loaded }) => loaded && { table: 'posts', id: loaded.post.id },
        handle: async (frame, tx, { loaded, checked }) => {
          const row = await writer.update(
            tx,
            await target(tx, frame, loaded),
            frame.body,
            frame.caller!,
            frame.language,
            {},
            checked,
          );
          return { body: await renderWritten(tx, row, frame), version: row.post.version };
        },
      }),
    ];
  };

  const archiveArgs = (
    query: EventListQuery,
    statuses: string[],
    bounds: DateBounds,
    perPage: number,
  ): { args: Args; echoed: Args } => ({
    args: [
      ['per_page', String(perPage)],
      ...optionalArg('start_date', bounds.startFrom),
      ...optionalArg('end_date', bounds.endUntil),
      ...optionalArg('search', query.search),
      ...flagArg('geoloc', query.geoloc),
      ...optionalArg('geoloc_lat', query.geoloc_lat),
      ...optionalArg('geoloc_lng', query.geoloc_lng),
      ['status', query.status === undefined && statuses.length > 1 ? 'any' : statuses.join(',')],
      ...optionalArg('post_parent', query.post_parent),
      ...optionalArg('series', query.series),
      ...optionalArg('include', query.include?.join(',')),
      ...optionalArg('starts_before', bounds.startsBefore),
      ...optionalArg('starts_after', bounds.startsAfter),
      ...optionalArg('ends_before', bounds.endsBefore),
      ...optionalArg('ends_after', bounds.endsAfter),
      ...flagArg('ticketed', query.ticketed),
      ...optionalArg('orderby', query.orderby),
      ...optionalArg('order', query.order),
    ],
    echoed: [
      ...optionalArg('venue', query.venue?.join(',')),
      ...optionalArg('organizer', query.organizer?.join(',')),
      ...flagArg('featured', query.featured),
    ],
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/events',
      permission: 'public',
      ownNamespaceQuery: OWN_LIST_QUERY,
      schema: {
        summary: 'Returns all the events matching the search criteria',
        description:
          "With Accept: application/ld+json, the page as a schema.org ItemList of Events, each the json_ld of a single read (additive; decision 0029). With Accept: text/csv, every event matching the filters (not a page: page and per_page do not apply), streamed as CSV in the columns of the original's CSV importer (additive; decision 0114).",
        querystring: ListQuery,
        response: { 200: Envelope },
      },
      prepare: (frame, deadline) => extender.extendFor(frame.query, deadline),
      clockKey: (query) => archive.archiveClockKey(query),
      // Which events are listed (terms: slugs and sub-categories of a filter); searches and
      // `modified_after` read every edit; a sync page reads the journal.
      dependsOn: (query) =>
        query.sync_token !== undefined
          ? 'everything'
          : [
              'list:event',
              'list:category',
              'list:tag',
              'translations',
              ...(query.search !== undefined || query.modified_after !== undefined ? ['edited:event'] : []),
              ...(query.geoloc !== undefined || query.geoloc_lat !== undefined ? ['list:venue'] : []),
            ],
      validate: async (frame, tx) =>
        frame.query.sync_token === undefined
          ? archive.validateList(tx, frame.query, frame.caller)
          : refuseFiltersBesideSyncToken(frame.query, ListQuery.properties),
      rendersRecords: true,
      handle: async (frame, tx) => {
        const { query, caller, urls, language, representation } = frame;
        const window = pageWindow(query.page, query.per_page);
        if (query.sync_token !== undefined) {
          const page = await sync.page(
            tx,
            {
              resource: 'event',
              scope: archiveScopeOf(undefined, caller, 'tribe_event'),
              affected: (unit, ids) => archive.occurrenceIds(unit, ids),
              visible: async (unit, ids) => {
                const { rows, relations } = await archive.listAmong(unit, ids, caller, language);
                return new Map(
                  renderAll(rows, relations, urls, caller, query, false).map((record) => [record.id, record]),
                );
              },
            },
            query.sync_token,
            window.perPage,
          );
          return syncAnswer(page, 'events', urls, query.sync_token, window.perPage);
        }
        if (representation === 'csv') {
          // The whole filtered archive, not a page: `page` and `per_page` do not apply (decision 0114).
          const { filter } = await archive.archiveFilter(tx, query, caller, language);
          return csvAnswer(
            'events',
            eventRows(storage, archive, events, filter, { caller, access: query, language, urls }),
          ) as never;
        }
        // The page's shape: its headers and the envelope's fields besides its events.
        const envelope = (
          {
            total,
            statuses,
            bounds,
            cut,
          }: { total: number; statuses: string[]; bounds: DateBounds; cut: string | undefined },
          journal: string,
        ) => {
          const pages = totalPages(total, window.perPage);
          const token = listingToken(journal, urls);
          const { args, echoed } = archiveArgs(query, statuses, bounds, window.perPage);
          return {
            // Both representations name what they vary by: caches must not serve one for the other.
            headers: { ...totalHeaders(total, pages), ...occurrencesCutHeaders(cut), ...token.headers, vary: 'Accept' },
            fields: {
              ...archiveLinks(urls.collection('events'), [...args, ...urls.languageArgs], echoed, window.page, pages),
              total,
              total_pages: pages,
              ...token.field,
            },
          };
        };
        const records = representation === 'json' ? recordsFor(frame) : undefined;
        /** The sync token, when the page's own statement read the journal's bounds (decision 0085). */
        let journal: string | undefined;
        if (records) {
          // The page's ids from the index; when every record on it is ready, the answer is theirs.
          const page = await archive.listIds(tx, query, caller, window, language);
          journal = sync.tokenAt(page.journal);
          const kept = page.ids.map((id) => records.get(recordKey(id, false, query.context)));
          if (kept.every((record) => record !== undefined)) {
            const { headers, fields } = envelope(page, journal);
            return {
              headers: { ...headers, ...JSON_TYPE },
              body: withEvents(records, fields, kept) as never,
              shows: kept.flatMap((record) => record.tags),
            };
          }
        }
        const { rows, relations, ...page } = await archive.list(tx, query, caller, window, language);
        const { headers, fields } = envelope(page, journal ?? (await sync.snapshotToken(tx)));
        if (representation === 'ld+json') {
          // The same objects as the single events' `json_ld` (rendered as single reads are).
          const itemList = toEventItemList(renderAll(rows, relations, urls, caller, query, true), window.offset);
          return {
            headers: { ...headers, 'content-type': `${LINKED_DATA_TYPE}; charset=utf-8` },
            body: JSON.stringify(itemList) as never,
          };
        }
        const rendered = renderAll(rows, relations, urls, caller, query, false);
        if (records)
          rendered.forEach((record, at) =>
            keep(
              records,
              recordKey(record.id, false, query.context),
              record,
              rows[at]!.post.version,
              relations.withheld,
            ),
          );
        return { headers, withheld: relations.withheld, body: { events: rendered, ...fields } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/events',
      permission: { all: ['edit_tribe_events'] },
      schema: {
        summary: 'Creates a new event',
        querystring: WriteQuery,
        body: CreateBody,
        response: { 201: EventRecord },
      },
      validate: (frame, tx) => writer.validateWrite(tx, frame.body, frame.caller),
      handle: async (frame, tx, checked) => {
        const { row, relations } = await writer.createWithRelations(
          tx,
          frame.body,
          frame.caller!,
          frame.language,
          {},
          checked,
        );
        return { status: 201, body: await renderWritten(tx, row, frame, relations), version: row.post.version };
      },
    }),
    ...singleRoutes('/events/:id(^\\d+$)', IdParams),
    ...singleRoutes('/events/by-slug/:slug', SlugParams),
    statusCountsRoute('events', 'tribe_event', {
      summary:
        'Returns how many events the archive lists with each status and the same selection (dates, search, terms...): each count is the X-TEC-Total of GET /events with that status, a series counted once per date listed (decision 0103)',
      querystring: CountsQuery,
      // As the archive: its validation, and series extended first for a window past the horizon.
      validate: (frame, tx) => archive.validateList(tx, frame.query, frame.caller),
      prepare: (frame, deadline) => extender.extendFor(frame.query, deadline),
      count: (tx, frame) => archive.statusCounts(tx, frame.query, frame.caller, frame.language),
    }),
  ];
}
