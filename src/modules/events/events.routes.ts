import type { Caller } from '../../auth/roles.ts';
import { pageWindow, totalHeaders, totalPages } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type ApiRoute, type Frame } from '../../http/routes.ts';
import type { Urls } from '../../http/urls.ts';
import type { DateBounds, EventRow } from '../../storage/repositories/events.repository.ts';
import type { Localized } from '../translations/translations.ts';
import { toLinkedRecord } from '../linked-records/linked-records.mapper.ts';
import { ORGANIZER } from '../organizers/organizer.definition.ts';
import { VENUE } from '../venues/venue.definition.ts';
import { toEventRecord } from './events.mapper.ts';
import { CreateBody, DeleteQuery, Envelope, EventRecord, IdParams, ListQuery, ReadQuery, SlugParams, UpdateBody, WriteQuery, type EventListQuery } from './events.schemas.ts';
import type { Access } from '../posts/post-rules.ts';
import type { EventRef, EventsService, LoadedRelations } from './events.service.ts';

type Args = [string, string][];

/**
 * `rest_url` of the event archive (wire-format 3.6): the effective arguments in the original's
 * order with raw values; `venue`, `organizer` and `featured` are echoed once more at the end, which
 * makes WordPress re-encode the whole URL (recorded example 14). Categories and tags are not echoed.
 */
function eventArchiveUrls(base: string, args: Args, echoed: Args, page: number, pages: number) {
  const encoded = (entries: Args) => new URLSearchParams(entries).toString();
  const restUrl =
    echoed.length > 0
      ? `${base}?${encoded([['page', String(page)], ...args, ...echoed])}`
      : `${base}?${[['page', String(page)], ...args].map(([key, value]) => `${key}=${value}`).join('&')}`;
  const linkTo = (target: number) => `${base}?${encoded([...args, ...echoed, ...(target > 1 ? [['page', String(target)] as [string, string]] : [])])}`;
  return {
    rest_url: restUrl,
    ...(page < pages ? { next_rest_url: linkTo(page + 1) } : {}),
    ...(page > 1 && page - 1 <= pages ? { previous_rest_url: linkTo(page - 1) } : {}),
  };
}

const flagArg = (name: string, value: boolean | undefined): Args => (value ? [[name, '1']] : []);
const optionalArg = (name: string, value: string | number | undefined): Args => (value === undefined ? [] : [[name, String(value)]]);

/** The routes of events (spec 4.2); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function eventRoutes(service: EventsService, siteZone: string): ApiRoute[] {
  const renderAll = (rows: readonly Localized<EventRow>[], relations: LoadedRelations, urls: Urls, caller: Caller | null, access: Access, single: boolean) =>
    rows.map((row) => {
      // Embedded venues and organizers stay stripped when protected: the original lifts that only
      // for a browser holding the post-password cookie (wire-format 2.9).
      const embed = (definition: typeof VENUE, linked: typeof relations.venues) =>
        (linked.get(row.post.id) ?? []).map((record) => toLinkedRecord(definition, record, { urls, single, entitled: record.post.password === '' }));
      return toEventRecord(
        row,
        { terms: relations.terms.get(row.post.id) ?? [], venues: embed(VENUE, relations.venues), organizers: embed(ORGANIZER, relations.organizers) },
        { urls, single, entitled: service.entitled(row, caller, access), siteZone },
      );
    });
  const renderWritten = async (row: Localized<EventRow>, frame: Frame) =>
    // Whoever just wrote an event sees it whole, if they may edit it.
    renderAll([row], await service.relations([row], frame.language), frame.urls, frame.caller, { context: 'edit' }, false)[0];

  const written = async (row: Localized<EventRow>, frame: Frame, status?: number) => ({ status, body: await renderWritten(row, frame), version: row.post.version });

  const singleRoutes = (path: string, refOf: (frame: Frame) => EventRef, params: typeof IdParams | typeof SlugParams, bySlug: boolean) => {
    // By id, a missing event is the handler's 404 after the permission check; by slug, the slug
    // argument itself is validated first (wire-format 5.2, 7.3).
    const validateRef = bySlug ? (frame: Frame) => service.validateSlug((frame.params as { slug: string }).slug, frame.language) : async () => undefined;
    const label = bySlug ? 'slug' : 'ID';
    const currentVersion = async (frame: Frame) => (await service.find(refOf(frame), frame.language)).post.version;
    return [
      defineRoute({
        method: 'GET',
        path,
        permission: 'public',
        timeless: true,
        schema: { summary: `Returns the event with the specified ${label}`, params, querystring: ReadQuery, response: { 200: EventRecord } },
        handle: async (frame) => {
          const { row, relations } = await service.read(refOf(frame), frame.caller, frame.query, frame.language);
          return { body: renderAll([row], relations, frame.urls, frame.caller, frame.query, true)[0], version: row.post.version };
        },
      }),
      defineRoute({
        method: 'DELETE',
        path,
        permission: { all: ['delete_tribe_events'] },
        schema: { summary: `Trashes the event with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`, params, querystring: DeleteQuery, response: { 200: EventRecord } },
        validate: validateRef,
        currentVersion,
        handle: async (frame) => {
          const row = await service.remove(refOf(frame), frame.caller!, frame.query.force, frame.language, frame.explicitLanguage);
          return { body: await renderWritten(row, frame) };
        },
      }),
      defineRoute({
        method: EDITABLE,
        path,
        permission: { all: ['edit_tribe_events'] },
        schema: { summary: `Updates the event with the specified ${label}`, params, querystring: WriteQuery, body: UpdateBody, response: { 200: EventRecord } },
        validate: async (frame) => {
          await validateRef(frame);
          await service.validateWrite(frame.body, frame.caller);
        },
        currentVersion,
        handle: async (frame) => written(await service.update(refOf(frame), frame.body, frame.caller!, frame.language), frame),
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
      ...optionalArg('include', query.include?.join(',')),
      ...optionalArg('starts_before', bounds.startsBefore),
      ...optionalArg('starts_after', bounds.startsAfter),
      ...optionalArg('ends_before', bounds.endsBefore),
      ...optionalArg('ends_after', bounds.endsAfter),
      ...flagArg('ticketed', query.ticketed),
    ],
    echoed: [...optionalArg('venue', query.venue?.join(',')), ...optionalArg('organizer', query.organizer?.join(',')), ...flagArg('featured', query.featured)],
  });

  return [
    defineRoute({
      method: 'GET',
      path: '/events',
      permission: 'public',
      schema: { summary: 'Returns all the events matching the search criteria', querystring: ListQuery, response: { 200: Envelope } },
      validate: (frame) => service.validateList(frame.query, frame.caller),
      handle: async ({ query, caller, urls, language }) => {
        const window = pageWindow(query.page, query.per_page);
        const { rows, total, statuses, bounds, relations } = await service.list(query, caller, window, language);
        const pages = totalPages(total, window.perPage);
        const { args, echoed } = archiveArgs(query, statuses, bounds, window.perPage);
        return {
          headers: totalHeaders(total, pages),
          body: {
            events: renderAll(rows, relations, urls, caller, query, false),
            ...eventArchiveUrls(urls.collection('events'), [...args, ...urls.languageArgs], echoed, window.page, pages),
            total,
            total_pages: pages,
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/events',
      permission: { all: ['edit_tribe_events'] },
      schema: { summary: 'Creates a new event', querystring: WriteQuery, body: CreateBody, response: { 201: EventRecord } },
      validate: (frame) => service.validateWrite(frame.body, frame.caller),
      handle: async (frame) => written(await service.create(frame.body, frame.caller!, frame.language), frame, 201),
    }),
    ...singleRoutes('/events/:id(^\\d+$)', (frame) => ({ id: (frame.params as { id: number }).id }), IdParams, false),
    ...singleRoutes('/events/by-slug/:slug', (frame) => ({ slug: (frame.params as { slug: string }).slug }), SlugParams, true),
  ];
}
