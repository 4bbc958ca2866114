import { pageWindow, totalHeaders, totalPages } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type ApiRoute, type Frame, type HttpMethod } from '../../http/routes.ts';
import type { Urls } from '../../http/urls.ts';
import { toTermRecord, toTermRecordWithLinks } from './terms.mapper.ts';
import { termSchemas } from './terms.schemas.ts';
import type { TermView } from './terms.mapper.ts';
import type { TermsService } from './terms.service.ts';
import type { TaxonomyDefinition } from './taxonomy.ts';

/** The five routes of a taxonomy (spec 4.5 and 4.6): list, create, read, update, delete. */
export function termRoutes(definition: TaxonomyDefinition, service: TermsService): ApiRoute[] {
  const schemas = termSchemas(definition);
  const { collection, singular, plural, writePermission } = definition;
  const single = `/${collection}/:id(^\\d+$)`;
  const withLinks = (view: TermView, urls: Urls, allowedMethods: (path: string) => HttpMethod[]) => ({
    body: toTermRecordWithLinks(definition, view, urls, allowedMethods(single)),
    version: view.row.version,
  });
  const currentVersion = async (frame: Frame) => (await service.get(definition, (frame.params as { id: number }).id, frame.language)).row.version;

  return [
    defineRoute({
      method: 'GET',
      path: `/${collection}`,
      permission: 'public',
      timeless: true,
      schema: {
        summary: `Returns all the ${plural} matching the search criteria`,
        querystring: schemas.ListQuery,
        response: { 200: schemas.Envelope },
      },
      validate: (frame) => service.validateListQuery(definition, frame.query),
      handle: async ({ query, urls, language }) => {
        const window = pageWindow(query.page, query.per_page);
        const { items, total } = await service.list(definition, query, window, language);
        const pages = totalPages(total, window.perPage);
        const base = urls.collection(collection);
        // Term archives never 404 past the last page, and carry only `page` (and the language) in their links (wire-format 3.4, 3.6).
        const pageUrl = (page: number) => {
          const params = new URLSearchParams([...urls.languageArgs, ...(page === 1 ? [] : [['page', String(page)] as [string, string]])]).toString();
          return params === '' ? base : `${base}?${params}`;
        };
        return {
          headers: totalHeaders(total, pages),
          body: {
            rest_url: pageUrl(1),
            total,
            total_pages: pages,
            [collection]: items.map((view) => toTermRecord(definition, view, urls)),
            ...(window.page < pages ? { next_rest_url: pageUrl(window.page + 1) } : {}),
            ...(window.page > 1 ? { previous_rest_url: pageUrl(window.page - 1) } : {}),
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
      validate: (frame) => service.validateParent(definition, frame.body),
      handle: async ({ body, urls, language, allowedMethods }) => {
        const view = await service.create(definition, body, language);
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
      schema: {
        summary: `Returns the data of the ${singular} with the specified term ID`,
        params: schemas.Params,
        querystring: schemas.ReadQuery,
        response: { 200: schemas.TermWithLinks },
      },
      validate: (frame) => service.assertExists(definition, frame.params.id),
      handle: async ({ params, urls, language, allowedMethods }) => withLinks(await service.get(definition, params.id, language), urls, allowedMethods),
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
      validate: async (frame) => {
        await service.assertExists(definition, frame.params.id);
        await service.validateParent(definition, frame.body);
      },
      currentVersion,
      handle: async ({ params, body, urls, language, allowedMethods }) => withLinks(await service.update(definition, params.id, body, language), urls, allowedMethods),
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
      validate: (frame) => service.assertExists(definition, frame.params.id),
      currentVersion,
      handle: async ({ params, urls, language, explicitLanguage }) => ({
        body: toTermRecord(definition, await service.remove(definition, params.id, language, explicitLanguage), urls),
      }),
    }),
  ];
}
