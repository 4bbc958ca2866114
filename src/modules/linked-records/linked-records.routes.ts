import type { Static } from '@sinclair/typebox';
import type { Caller } from '../../auth/roles.ts';
import { archiveLinks } from '../../http/archive-links.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { defineRoute, EDITABLE, type AnyRoute, type Frame } from '../../http/route-definition.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { Urls } from '../../urls.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { Localized } from '../translations/translations.ts';
import { toLinkedRecord } from './linked-records.mapper.ts';
import { linkedRecordSchemas } from './linked-records.schemas.ts';
import type { Access } from '../posts/post-rules.ts';
import type { RecordRef } from '../posts/post-records.ts';
import type { LinkedRecordsService } from './linked-records.service.ts';
import { listingToken, refuseFiltersBesideSyncToken, syncAnswer } from '../sync/sync.answers.ts';
import type { SyncService } from '../sync/sync.service.ts';
import { archiveScopeOf } from '../posts/post-rules.ts';
import { recordCounts, statusCountsRoute } from '../posts/status-counts.routes.ts';
import type { Storage } from '../../storage/types.ts';
import { csvAnswer, linkedRecordRows } from '../csv/csv-export.ts';

/** The routes of venues or organizers (spec 4.3, 4.4); `/{id}` and `/by-slug/{slug}` share one handler set. */
export function linkedRecordRoutes(
  service: LinkedRecordsService,
  sync: SyncService,
  storage: Pick<Storage, 'read'>,
): AnyRoute[] {
  const { definition } = service;
  const schemas = linkedRecordSchemas(definition);
  const { collection, singular, plural, postType } = definition;
  const create = { all: [`edit_${postType}s`] };
  const remove = { all: [`delete_${postType}s`] };
  // The record's keys follow the definition (venue or organizer fields), chosen at run time, so the
  // mapper's static type is a plain record; the schema built from the same definition describes it.
  const render = (
    row: Localized<LinkedRecordRow>,
    urls: Urls,
    caller: Caller | null,
    access: Access,
    single: boolean,
  ) =>
    toLinkedRecord(definition, row, { urls, single, entitled: service.entitled(row, caller, access) }) as Static<
      typeof schemas.WireRecord
    >;
  // Whoever just wrote a record sees what they wrote, protected details included, if they may edit it.
  const WRITER: Access = { context: 'edit' };
  const written = (row: Localized<LinkedRecordRow>, frame: Frame) =>
    render(row, frame.urls, frame.caller, WRITER, false);
  // The validators load the record a write names (an unknown id or slug is a 400 before the permission check).
  const load = (frame: { params: RecordRef; language: Frame['language'] }, tx: ReadTx) =>
    service.find(tx, frame.params, frame.language);

  // The params (`{ id }` or `{ slug }`) are the record's reference.
  const singleRoutes = (path: string, params: typeof schemas.IdParams | typeof schemas.SlugParams, label: string) => [
    defineRoute({
      method: 'GET',
      path,
      permission: 'public',
      timeless: true,
      // The record, as its body shows it.
      dependsOn: () => [],
      schema: {
        summary: `Returns the data of the ${singular} with the specified ${label}`,
        params,
        querystring: schemas.ReadQuery,
        response: { 200: schemas.WireRecord },
      },
      // No separate validator: reading is public, so the 400 for an unknown id or slug can come from the lookup itself.
      handle: async (frame, tx) => {
        const row = await service.read(tx, frame.params, frame.caller, frame.language);
        return { body: render(row, frame.urls, frame.caller, frame.query, true), version: row.post.version };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path,
      permission: remove,
      schema: {
        summary: `Trashes the ${singular} with the specified ${label}, or removes it with force=true; in a language other than its original one, deletes only that translation`,
        params,
        querystring: schemas.DeleteQuery,
        response: { 200: schemas.WireRecord },
      },
      validate: load,
      currentVersion: (loaded) => loaded.post.version,
      lockedRecord: (loaded) => ({ table: 'posts', id: loaded.post.id }),
      handle: async (frame, tx, loaded) => {
        const row = await service.remove(tx, loaded, {
          caller: frame.caller!,
          force: frame.query.force,
          language: frame.language,
          explicitLanguage: frame.explicitLanguage,
        });
        return { body: written(row, frame) };
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
      validate: async (frame, tx) => {
        const loaded = await load(frame, tx);
        await service.validateWrite(tx, frame.body, frame.caller);
        return loaded;
      },
      currentVersion: (loaded) => loaded.post.version,
      lockedRecord: (loaded) => ({ table: 'posts', id: loaded.post.id }),
      handle: async (frame, tx, loaded) => {
        const row = await service.update(tx, loaded, frame.body, frame.caller!, frame.language);
        return { body: written(row, frame), version: row.post.version };
      },
    }),
  ];

  return [
    defineRoute({
      method: 'GET',
      path: `/${collection}`,
      permission: 'public',
      schema: {
        summary: `Returns all the ${plural} matching the search criteria`,
        description: `With Accept: text/csv, every ${singular} matching the filters (not a page: page and per_page do not apply), streamed as CSV in the columns of the original's CSV importer (additive; decision 0114).`,
        querystring: schemas.ListQuery,
        response: { 200: schemas.Envelope },
      },
      // Which records are listed, by their own fields and (`only_with_upcoming`, events' links) by the
      // events; searches and `modified_after` read every edit; a sync page reads the journal.
      dependsOn: (query) =>
        query.sync_token !== undefined
          ? 'everything'
          : [`list:${definition.type}`, `edited:${definition.type}`, 'list:event', 'translations'],
      validate: async (frame, tx) =>
        frame.query.sync_token === undefined
          ? service.validateList(tx, frame.query, frame.caller)
          : refuseFiltersBesideSyncToken(frame.query, schemas.ListQuery.properties),
      handle: async ({ query, caller, urls, language, representation }, tx) => {
        const window = pageWindow(query.page, query.per_page);
        if (representation === 'csv' && query.sync_token === undefined) {
          // The whole filtered list, not a page: `page` and `per_page` do not apply (decision 0114).
          const { filter } = service.archiveFilter(query, caller, language);
          return csvAnswer(
            collection,
            linkedRecordRows(storage, service, filter, { caller, access: query, language, urls }),
          ) as never;
        }
        if (query.sync_token !== undefined) {
          const page = await sync.page(
            tx,
            {
              resource: definition.type,
              scope: archiveScopeOf(undefined, caller, definition.postType),
              affected: async (_unit, ids) => new Map(ids.map((id) => [id, [id]])),
              visible: async (unit, ids) =>
                new Map(
                  (await service.listed(unit, ids, caller, language)).map((row) => [
                    row.post.id,
                    render(row, urls, caller, query, false),
                  ]),
                ),
            },
            query.sync_token,
            window.perPage,
          );
          return syncAnswer(page, collection, urls, query.sync_token, window.perPage);
        }
        const { rows, total, statuses } = await service.list(tx, query, caller, window, language);
        const token = listingToken(await sync.snapshotToken(tx), urls);
        const pages = totalPages(total, window.perPage);
        // `search` and `only_with_upcoming` are not echoed, as in the original.
        const args: [string, string][] = [
          ['per_page', String(window.perPage)],
          ...(query.event !== undefined ? [['event', String(query.event)] as [string, string]] : []),
          ...(query.has_events ? [['has_events', '1'] as [string, string]] : []),
          ['status', query.status === undefined && statuses.length > 1 ? 'any' : statuses.join(',')],
        ];
        return {
          headers: { ...totalHeaders(total, pages), ...token.headers },
          body: {
            [collection]: rows.map((row) => render(row, urls, caller, query, false)),
            ...archiveLinks(urls.collection(collection), [...args, ...urls.languageArgs], [], window.page, pages),
            total,
            total_pages: pages,
            ...token.field,
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `/${collection}`,
      permission: create,
      schema: {
        summary: `Creates a new ${singular}`,
        querystring: schemas.WriteQuery,
        body: schemas.CreateBody,
        response: { 201: schemas.WireRecord },
      },
      validate: (frame, tx) => service.validateWrite(tx, frame.body, frame.caller),
      handle: async (frame, tx) => {
        const row = await service.create(tx, frame.body, frame.caller!, frame.language);
        return { status: 201, body: written(row, frame), version: row.post.version };
      },
    }),
    ...singleRoutes(`/${collection}/:id(^\\d+$)`, schemas.IdParams, 'ID'),
    ...singleRoutes(`/${collection}/by-slug/:slug`, schemas.SlugParams, 'slug'),
    statusCountsRoute(
      collection,
      postType,
      recordCounts(collection, (tx, { caller }) => service.statusCounts(tx, caller)),
    ),
  ];
}
