import type { Caller } from '../../auth/roles.ts';
import { archiveLinks } from '../../http/archive-links.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { defineRoute, EDITABLE, type AnyRoute, type Frame } from '../../http/routes.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/database.ts';
import type { Urls } from '../../urls.ts';
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

const flagArg = (name: string, value: boolean | undefined): Args => (value ? [[name, '1']] : []);
const optionalArg = (name: string, value: string | number | undefined): Args => (value === undefined ? [] : [[name, String(value)]]);

/** The routes of events (spec 4.2); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function eventRoutes(service: EventsService, siteZone: string): AnyRoute[] {
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
  // Whoever just wrote an event sees it whole, if they may edit it.
  const renderWritten = async (tx: ReadTx, row: Localized<EventRow>, frame: Frame) =>
    renderAll([row], await service.relations(tx, [row], frame.language), frame.urls, frame.caller, { context: 'edit' }, false)[0]!;

  // The params (`{ id }` or `{ slug }`) are the event's reference.
  const singleRoutes = (path: string, params: typeof IdParams | typeof SlugParams) => {
    const bySlug = params === SlugParams;
    const label = bySlug ? 'slug' : 'ID';
    // By slug, the slug argument itself is validated first (wire-format 5.2, 7.3); by id, a
    // missing event is the handler's 404 after the permission check, so the validator only looks.
    const load = (frame: { params: EventRef; language: LanguageCode }, tx: ReadTx) =>
      bySlug ? service.find(tx, frame.params, frame.language) : service.lookup(tx, frame.params);
    const target = async (tx: ReadTx, frame: { params: EventRef; language: LanguageCode }, loaded: EventRow | undefined) => loaded ?? service.find(tx, frame.params, frame.language);
    return [
      defineRoute({
        method: 'GET',
        path,
        permission: 'public',
        timeless: true,
        schema: { summary: `Returns the event with the specified ${label}`, params, querystring: ReadQuery, response: { 200: EventRecord } },
        handle: async (frame, tx) => {
          const { row, relations } = await service.read(tx, frame.params, frame.caller, frame.query, frame.language);
          return { body: renderAll([row], relations, frame.urls, frame.caller, frame.query, true)[0]!, version: row.post.version };
        },
      }),
      defineRoute({
        method: 'DELETE',
        path,
        permission: { all: ['delete_tribe_events'] },
        schema: { summary: `Trashes the event with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`, params, querystring: DeleteQuery, response: { 200: EventRecord } },
        validate: load,
        currentVersion: (loaded) => loaded?.post.version,
        handle: async (frame, tx, loaded) => {
          const row = await service.remove(tx, await target(tx, frame, loaded), { caller: frame.caller!, force: frame.query.force, language: frame.language, explicitLanguage: frame.explicitLanguage });
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
          await service.validateWrite(tx, frame.body, frame.caller);
          return loaded;
        },
        currentVersion: (loaded) => loaded?.post.version,
        handle: async (frame, tx, loaded) => {
          const row = await service.update(tx, await target(tx, frame, loaded), frame.body, frame.caller!, frame.language);
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
      validate: (frame, tx) => service.validateList(tx, frame.query, frame.caller),
      handle: async ({ query, caller, urls, language }, tx) => {
        const window = pageWindow(query.page, query.per_page);
        const { rows, total, statuses, bounds, relations } = await service.list(tx, query, caller, window, language);
        const pages = totalPages(total, window.perPage);
        const { args, echoed } = archiveArgs(query, statuses, bounds, window.perPage);
        return {
          headers: totalHeaders(total, pages),
          body: {
            events: renderAll(rows, relations, urls, caller, query, false),
            ...archiveLinks(urls.collection('events'), [...args, ...urls.languageArgs], echoed, window.page, pages),
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
      validate: (frame, tx) => service.validateWrite(tx, frame.body, frame.caller),
      handle: async (frame, tx) => {
        const row = await service.create(tx, frame.body, frame.caller!, frame.language);
        return { status: 201, body: await renderWritten(tx, row, frame), version: row.post.version };
      },
    }),
    ...singleRoutes('/events/:id(^\\d+$)', IdParams),
    ...singleRoutes('/events/by-slug/:slug', SlugParams),
  ];
}
