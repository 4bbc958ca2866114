import type { Caller } from '../../auth/roles.ts';
import { pageWindow, totalHeaders, totalPages } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type ApiRoute, type Frame } from '../../http/routes.ts';
import type { Urls } from '../../http/urls.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { Localized } from '../translations/translations.ts';
import { toLinkedRecord } from './linked-records.mapper.ts';
import { linkedRecordSchemas } from './linked-records.schemas.ts';
import type { Access } from '../posts/post-rules.ts';
import type { LinkedRecordsService, RecordRef } from './linked-records.service.ts';

/**
 * `rest_url` of an archive (wire-format 3.6): the effective arguments in the original's order,
 * values inserted without URL-encoding; `next`/`previous` re-encode them and move `page` last.
 */
function archiveUrls(base: string, args: [string, string][], page: number, pages: number) {
  const restUrl = `${base}?${[['page', String(page)], ...args].map(([key, value]) => `${key}=${value}`).join('&')}`;
  const linkTo = (target: number) => {
    const params = new URLSearchParams(args);
    if (target > 1) params.append('page', String(target));
    const query = params.toString();
    return query === '' ? base : `${base}?${query}`;
  };
  return {
    rest_url: restUrl,
    ...(page < pages ? { next_rest_url: linkTo(page + 1) } : {}),
    ...(page > 1 && page - 1 <= pages ? { previous_rest_url: linkTo(page - 1) } : {}),
  };
}

/** The routes of venues or organizers (spec 4.3, 4.4); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function linkedRecordRoutes(service: LinkedRecordsService): ApiRoute[] {
  const { definition } = service;
  const schemas = linkedRecordSchemas(definition);
  const { collection, singular, plural, postType } = definition;
  const create = { all: [`edit_${postType}s`] };
  const remove = { all: [`delete_${postType}s`] };
  const render = (row: Localized<LinkedRecordRow>, urls: Urls, caller: Caller | null, access: Access, single: boolean) =>
    toLinkedRecord(definition, row, { urls, single, entitled: service.entitled(row, caller, access) });
  // Whoever just wrote a record sees what they wrote, protected details included, if they may edit it.
  const WRITER: Access = { context: 'edit' };
  const written = (row: Localized<LinkedRecordRow>, frame: Frame, status?: number) => ({ status, body: render(row, frame.urls, frame.caller, WRITER, false), version: row.post.version });
  const currentVersion = (refOf: (frame: Frame) => RecordRef) => async (frame: Frame) => (await service.find(refOf(frame), frame.language)).post.version;

  const singleRoutes = (path: string, refOf: (frame: Frame) => RecordRef, params: typeof schemas.IdParams | typeof schemas.SlugParams, label: string) => [
    defineRoute({
      method: 'GET',
      path,
      permission: 'public',
      timeless: true,
      schema: { summary: `Returns the data of the ${singular} with the specified ${label}`, params, querystring: schemas.ReadQuery, response: { 200: schemas.WireRecord } },
      // No separate validator: reading is public, so the 400 for an unknown id or slug can come from the lookup itself.
      handle: async (frame) => {
        const { row, entitled } = await service.read(refOf(frame), frame.caller, frame.query, frame.language);
        return { body: toLinkedRecord(definition, row, { urls: frame.urls, single: true, entitled }), version: row.post.version };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path,
      permission: remove,
      schema: { summary: `Trashes the ${singular} with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`, params, querystring: schemas.DeleteQuery, response: { 200: schemas.WireRecord } },
      validate: async (frame) => void (await service.find(refOf(frame), frame.language)),
      currentVersion: currentVersion(refOf),
      handle: async (frame) => {
        const row = await service.remove(refOf(frame), frame.caller!, frame.query.force, frame.language, frame.explicitLanguage);
        return { body: render(row, frame.urls, frame.caller, WRITER, false) };
      },
    }),
    defineRoute({
      method: EDITABLE,
      path,
      permission: create,
      schema: {
        summary: `Updates the ${singular} with the specified ${label}`,
        params,
        querystring: schemas.WriteQuery,
        body: schemas.UpdateBody,
        response: { 200: schemas.WireRecord },
      },
      validate: async (frame) => {
        await service.find(refOf(frame), frame.language);
        await service.validateWrite(frame.body, frame.caller);
      },
      currentVersion: currentVersion(refOf),
      handle: async (frame) => written(await service.update(refOf(frame), frame.body, frame.caller!, frame.language), frame),
    }),
  ];

  return [
    defineRoute({
      method: 'GET',
      path: `/${collection}`,
      permission: 'public',
      schema: { summary: `Returns all the ${plural} matching the search criteria`, querystring: schemas.ListQuery, response: { 200: schemas.Envelope } },
      validate: (frame) => service.validateList(frame.query, frame.caller),
      handle: async ({ query, caller, urls, language }) => {
        const window = pageWindow(query.page, query.per_page);
        const { rows, total, statuses } = await service.list(query, caller, window, language);
        const pages = totalPages(total, window.perPage);
        // `search` and `only_with_upcoming` are not echoed, as in the original.
        const args: [string, string][] = [
          ['per_page', String(window.perPage)],
          ...(query.event !== undefined ? [['event', String(query.event)] as [string, string]] : []),
          ...(query.has_events ? [['has_events', '1'] as [string, string]] : []),
          ['status', query.status === undefined && statuses.length > 1 ? 'any' : statuses.join(',')],
        ];
        return {
          headers: totalHeaders(total, pages),
          body: {
            [collection]: rows.map((row) => render(row, urls, caller, query, false)),
            ...archiveUrls(urls.collection(collection), [...args, ...urls.languageArgs], window.page, pages),
            total,
            total_pages: pages,
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `/${collection}`,
      permission: create,
      schema: { summary: `Creates a new ${singular}`, querystring: schemas.WriteQuery, body: schemas.CreateBody, response: { 201: schemas.WireRecord } },
      validate: (frame) => service.validateWrite(frame.body, frame.caller),
      handle: async (frame) => written(await service.create(frame.body, frame.caller!, frame.language), frame, 201),
    }),
    ...singleRoutes(`/${collection}/:id(^\\d+$)`, (frame) => ({ id: (frame.params as { id: number }).id }), schemas.IdParams, 'ID'),
    ...singleRoutes(`/${collection}/by-slug/:slug`, (frame) => ({ slug: (frame.params as { slug: string }).slug }), schemas.SlugParams, 'slug'),
  ];
}
