import type { Caller } from '../../auth/roles.ts';
import { archiveLinks } from '../../http/archive-links.ts';
import { occurrencesCutHeaders, totalHeaders } from '../../http/pagination.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { defineRoute, EDITABLE, type AnyRoute, type Frame } from '../../http/routes.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/database.ts';
import type { Urls } from '../../urls.ts';
import type { DateBounds, EventRow } from '../../storage/repositories/events.repository.ts';
import type { Localized } from '../translations/translations.ts';
import { toEventItemList, toEventRecords } from './events.mapper.ts';
import { CreateBody, DeleteQuery, Envelope, EventRecord, IdParams, ListQuery, OWN_LIST_QUERY, ReadQuery, SlugParams, UpdateBody, WriteQuery, type EventListQuery } from './events.schemas.ts';
import type { Access } from '../posts/post-rules.ts';
import type { EventArchive } from './event-archive.ts';
import type { EventWriter } from './event-writer.ts';
import type { EventRef, EventsService, LoadedRelations } from './events.service.ts';
import type { SeriesHorizonExtender } from './horizon-extender.ts';
import { LINKED_DATA_TYPE } from '../../http/representation.ts';
import { listingToken, refuseFiltersBesideSyncToken, syncAnswer } from '../sync/sync.answers.ts';
import type { SyncService } from '../sync/sync.service.ts';
import { archiveScopeOf } from '../posts/post-rules.ts';
import { statusCountsRoute } from '../posts/status-counts.routes.ts';

type Args = [string, string][];

const flagArg = (name: string, value: boolean | undefined): Args => (value ? [[name, '1']] : []);
const optionalArg = (name: string, value: string | number | undefined): Args => (value === undefined ? [] : [[name, String(value)]]);

/** The routes of events (spec 4.2); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function eventRoutes(
  { events, archive, writer }: { readonly events: EventsService; readonly archive: EventArchive; readonly writer: EventWriter },
  siteZone: string,
   extender: Pick<SeriesHorizonExtender, 'extendFor'>,
  sync: SyncService,
): AnyRoute[] {
  const renderAll = (rows: readonly Localized<EventRow>[], relations: LoadedRelations, urls: Urls, caller: Caller | null, access: Access, single: boolean) =>
    toEventRecords(rows, relations, { urls, single, siteZone, entitled: (row) => events.entitled(row, caller, access) });
  // Whoever just wrote an event sees it whole, if they may edit it.
  const renderWritten = async (tx: ReadTx, row: Localized<EventRow>, frame: Frame) =>
    renderAll([row], await events.relations(tx, [row], frame.language, frame.caller), frame.urls, frame.caller, { context: 'edit' }, false)[0]!;

  // The params (`{ id }` or `{ slug }`) are the event's reference.
  const singleRoutes = (path: string, params: typeof IdParams | typeof SlugParams) => {
    const bySlug = params === SlugParams;
    const label = bySlug ? 'slug' : 'ID';
    // By slug, the slug argument itself is validated first (wire-format 5.2, 7.3); by id, a
    // missing event is the handler's 404 after the permission check, so the validator only looks.
    const load = (frame: { params: EventRef; language: LanguageCode }, tx: ReadTx) =>
      bySlug ? events.getRow(tx, frame.params, frame.language) : events.getRowIfExists(tx, frame.params);
    const target = async (tx: ReadTx, frame: { params: EventRef; language: LanguageCode }, loaded: EventRow | undefined) => loaded ?? events.getRow(tx, frame.params, frame.language);
    return [
      defineRoute({
        method: 'GET',
        path,
        permission: 'public',
        timeless: true,
        // The event, its venue, organizers and terms, as its body shows them.
        dependsOn: () => [],
        schema: { summary: `Returns the event with the specified ${label}`, params, querystring: ReadQuery, response: { 200: EventRecord } },
        handle: async (frame, tx) => {
          const { row, relations } = await events.get(tx, frame.params, frame.caller, frame.query, frame.language);
          return { body: renderAll([row], relations, frame.urls, frame.caller, frame.query, true)[0]!, version: row.post.version, withheld: relations.withheld };
        },
      }),
      defineRoute({
        method: 'DELETE',
        path,
        permission: { all: ['delete_tribe_events'] },
        schema: { summary: `Trashes the event with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`, params, querystring: DeleteQuery, response: { 200: EventRecord } },
        validate: load,
        currentVersion: (loaded) => loaded?.post.version,
        // An occurrence's row is its series' post.
        lockedRecord: (loaded) => loaded && { table: 'posts', id: loaded.post.id },
        handle: async (frame, tx, loaded) => {
          const row = await writer.remove(tx, await target(tx, frame, loaded), { caller: frame.caller!, force: frame.query.force, language: frame.language, explicitLanguage: frame.explicitLanguage });
          return { body: await renderWritten(tx, row, frame) };
        },
      }),
      defineRoute({
        method: EDITABLE,
        path,
        permission: { all: ['edit_tribe_events'] },
        schema: { summary: `Updates the event with the specified ${label}`, params, querystring: WriteQuery, body: UpdateBody, response: { 200: EventRecord } },
        validate: async (frame, tx) => {
          const loaded = await load(frame, tx);
          await writer.validateWrite(tx, frame.body, frame.caller);
          return loaded;
        },
        currentVersion: (loaded) => loaded?.post.version,
        // An occurrence's row is its series' post.
        lockedRecord: (loaded) => loaded && { table: 'posts', id: loaded.post.id },
        handle: async (frame, tx, loaded) => {
          const row = await writer.update(tx, await target(tx, frame, loaded), frame.body, frame.caller!, frame.language);
          return { body: await renderWritten(tx, row, frame), version: row.post.version };
        },
      }),
    ];
  };

  const archiveArgs = (query: EventListQuery, statuses: string[], bounds: DateBounds, perPage: number): { args: Args; echoed: Args } => ({
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
    echoed: [...optionalArg('venue', query.venue?.join(',')), ...optionalArg('organizer', query.organizer?.join(',')), ...flagArg('featured', query.featured)],
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/events',
      permission: 'public',
      ownNamespaceQuery: OWN_LIST_QUERY,
      schema: {
        summary: 'Returns all the events matching the search criteria',
        description: 'With Accept: application/ld+json, the page as a schema.org ItemList of Events, each the json_ld of a single read (additive; decision 0029).',
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
          : ['list:event', 'list:category', 'list:tag', 'translations', ...(query.search !== undefined || query.modified_after !== undefined ? ['edited:event'] : []), ...(query.geoloc !== undefined || query.geoloc_lat !== undefined ? ['list:venue'] : [])],
      validate: async (frame, tx) =>
        frame.query.sync_token === undefined ? archive.validateList(tx, frame.query, frame.caller) : refuseFiltersBesideSyncToken(frame.query, ListQuery.properties),
      handle: async ({ query, caller, urls, language, representation }, tx) => {
        const window = pageWindow(query.page, query.per_page);
        if (query.sync_token !== undefined) {
          const page = await sync.page(tx, {
            resource: 'event',
            scope: archiveScopeOf(undefined, caller, 'tribe_event'),
            affected: (unit, ids) => archive.occurrenceIds(unit, ids),
            visible: async (unit, ids) => {
              const { rows, relations } = await archive.listAmong(unit, ids, caller, language);
              return new Map(renderAll(rows, relations, urls, caller, query, false).map((record) => [record.id, record]));
            },
          }, query.sync_token, window.perPage);
          return syncAnswer(page, 'events', urls, query.sync_token, window.perPage);
        }
        const { rows, total, statuses, bounds, relations, cut } = await archive.list(tx, query, caller, window, language);
        const pages = totalPages(total, window.perPage);
        const token = listingToken(await sync.snapshotToken(tx), urls);
        // Both representations name what they vary by: caches must not serve one for the other.
        const headers = { ...totalHeaders(total, pages), ...occurrencesCutHeaders(cut), ...token.headers, vary: 'Accept' };
        if (representation === 'ld+json') {
          // The same objects as the single events' `json_ld` (rendered as single reads are).
          const itemList = toEventItemList(renderAll(rows, relations, urls, caller, query, true), window.offset);
          return { headers: { ...headers, 'content-type': `${LINKED_DATA_TYPE}; charset=utf-8` }, body: JSON.stringify(itemList) as never };
        }
        const { args, echoed } = archiveArgs(query, statuses, bounds, window.perPage);
        return {
          headers,
          withheld: relations.withheld,
          body: {
            events: renderAll(rows, relations, urls, caller, query, false),
            ...archiveLinks(urls.collection('events'), [...args, ...urls.languageArgs], echoed, window.page, pages),
            total,
            total_pages: pages,
            ...token.field,
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/events',
      permission: { all: ['edit_tribe_events'] },
      schema: { summary: 'Creates a new event', querystring: WriteQuery, body: CreateBody, response: { 201: EventRecord } },
      validate: (frame, tx) => writer.validateWrite(tx, frame.body, frame.caller),
      handle: async (frame, tx) => {
        const row = await writer.create(tx, frame.body, frame.caller!, frame.language);
        return { status: 201, body: await renderWritten(tx, row, frame), version: row.post.version };
      },
    }),
    ...singleRoutes('/events/:id(^\\d+$)', IdParams),
    ...singleRoutes('/events/by-slug/:slug', SlugParams),
    statusCountsRoute('events', 'tribe_event', (tx, caller) => events.statusCounts(tx, caller)),
  ];
}
