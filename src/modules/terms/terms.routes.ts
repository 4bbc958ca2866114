import { pageLink } from '../../http/archive-links.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { defineRoute, EDITABLE, type AnyRoute, type HttpMethod } from '../../http/route-definition.ts';
import type { Urls } from '../../urls.ts';
import { toTermRecord, toTermRecordWithLinks } from './terms.mapper.ts';
import { termSchemas } from './terms.schemas.ts';
import type { TermView } from './terms.mapper.ts';
import type { TermsService } from './terms.service.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';
import { listingToken, refuseFiltersBesideSyncToken, syncAnswer } from '../sync/sync.answers.ts';
import type { SyncService } from '../sync/sync.service.ts';

/** The five routes of a taxonomy (spec 4.5 and 4.6): list, create, read, update, delete. */
export function termRoutes(definition: TaxonomyDefinition, service: TermsService, sync: SyncService): AnyRoute[] {
  const schemas = termSchemas(definition);
  const { collection, singular, plural, writePermission } = definition;
  const single = `/${collection}/:id(^\\d+$)`;
  const withLinks = (view: TermView, urls: Urls, allowedMethods: (path: string) => readonly HttpMethod[]) => ({
    body: toTermRecordWithLinks(definition, view, urls, allowedMethods(single)),
    version: view.row.version,
  });

  return [
    defineRoute({
      method: 'GET',
      path: `/${collection}`,
      permission: 'public',
      timeless: true,
      // Which terms are listed (counts for `hide_empty`, the events' terms for `post`); a sync page reads the journal.
      dependsOn: (query) =>
        query.sync_token !== undefined ? 'everything' : [`list:${definition.taxonomy}`, 'list:event', 'translations'],
      schema: {
        summary: `Returns all the ${plural} matching the search criteria`,
        querystring: schemas.ListQuery,
        response: { 200: schemas.Envelope },
      },
      validate: async (frame, tx) =>
        frame.query.sync_token === undefined
          ? service.validateListQuery(tx, definition, frame.query, frame.caller)
          : refuseFiltersBesideSyncToken(frame.query, schemas.ListQuery.properties),
      handle: async ({ query, urls, language }, tx) => {
        const window = pageWindow(query.page, query.per_page);
        if (query.sync_token !== undefined) {
          const page = await sync.page(
            tx,
            {
              resource: definition.taxonomy,
              affected: async (_unit, ids) => new Map(ids.map((id) => [id, [id]])),
              visible: async (unit, ids) =>
                new Map(
                  (await service.listed(unit, definition, ids, language)).map((view) => [
                    view.row.id,
                    toTermRecord(definition, view, urls),
                  ]),
                ),
            },
            query.sync_token,
            window.perPage,
          );
          return syncAnswer(page, collection, urls, query.sync_token, window.perPage);
        }
        const { items, total } = await service.list(tx, definition, query, window, language);
        const token = listingToken(await sync.snapshotToken(tx), urls);
        const pages = totalPages(total, window.perPage);
        const base = urls.collection(collection);
        // Term archives never 404 past the last page, and carry only `page` (and the language) in their links (wire-format 3.4, 3.6).
        const pageUrl = (page: number) => pageLink(base, urls.languageArgs, page);
        return {
          headers: { ...totalHeaders(total, pages), ...token.headers },
          body: {
            rest_url: pageUrl(1),
            total,
            total_pages: pages,
            [collection]: items.map((view) => toTermRecord(definition, view, urls)),
            ...(window.page < pages ? { next_rest_url: pageUrl(window.page + 1) } : {}),
            ...(window.page > 1 ? { previous_rest_url: pageUrl(window.page - 1) } : {}),
            ...token.field,
          },
        };
      },
    }),
    defineRoute({
      method: 'POST',
      path: `/${collection}`,
      permission: writePermission,
      schema: {
        summary: `Creates a new ${singular}`,
        querystring: schemas.WriteQuery,
        body: schemas.CreateBody,
        response: { 201: schemas.TermWithLinks },
      },
      validate: (frame, tx) => service.validateParent(tx, definition, frame.body),
      handle: async ({ body, caller, urls, language, allowedMethods }, tx) => {
        // The route's permission admits authenticated callers only.
        const view = await service.create(tx, definition, body, language, caller!);
        const record = toTermRecordWithLinks(definition, view, urls, allowedMethods(single));
        // Location points at our own route, not WordPress' wp/v2 (decisions.md, quirk #7).
        return { status: 201, headers: { location: record.urls.self }, body: record, version: view.row.version };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: 'public',
      timeless: true,
      // The term with its count, as its body shows it.
      dependsOn: () => [],
      schema: {
        summary: `Returns the data of the ${singular} with the specified term ID`,
        params: schemas.Params,
        querystring: schemas.ReadQuery,
        response: { 200: schemas.TermWithLinks },
      },
      validate: (frame, tx) => service.find(tx, definition, frame.params.id),
      handle: async ({ urls, language, allowedMethods }, tx, term) =>
        withLinks(await service.view(tx, term, language), urls, allowedMethods),
    }),
    defineRoute({
      method: EDITABLE,
      path: single,
      permission: writePermission,
      schema: {
        summary: `Updates the ${singular} with the specified term ID`,
        params: schemas.Params,
        querystring: schemas.WriteQuery,
        body: schemas.UpdateBody,
        response: { 200: schemas.TermWithLinks },
      },
      validate: async (frame, tx) => {
        const term = await service.find(tx, definition, frame.params.id);
        await service.validateParent(tx, definition, frame.body);
        return term;
      },
      currentVersion: (term) => term.version,
      lockedRecord: (term) => ({ table: 'terms', id: term.id }),
      handle: async ({ body, caller, urls, language, allowedMethods }, tx, term) =>
        withLinks(await service.update(tx, definition, term, body, language, caller!), urls, allowedMethods),
    }),
    defineRoute({
      method: 'DELETE',
      path: single,
      permission: writePermission,
      schema: {
        summary: `Deletes the ${singular} with the specified term ID and returns its data; in a language other than its original one, deletes only that translation`,
        params: schemas.Params,
        querystring: schemas.ReadQuery,
        response: { 200: schemas.Term },
      },
      validate: (frame, tx) => service.find(tx, definition, frame.params.id),
      currentVersion: (term) => term.version,
      lockedRecord: (term) => ({ table: 'terms', id: term.id }),
      handle: async ({ urls, language, explicitLanguage }, tx, term) => ({
        body: toTermRecord(definition, await service.remove(tx, term, language, explicitLanguage), urls),
      }),
    }),
  ];
}
