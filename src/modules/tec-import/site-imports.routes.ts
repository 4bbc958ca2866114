import type { Static } from '@sinclair/typebox';
import { nowUtc, type Clock } from '../../clock.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import type { SiteImportRow } from '../../storage/tables.ts';
import { IMPORT_KINDS } from './import-run.ts';
import { parseProgress } from './recorded-progress.ts';
import { ReadQuery, RunParams, SiteImport, SiteImports, StartBody, WriteQuery } from './site-imports.schemas.ts';
import { shownState } from '../../import-runner.ts';
import { SITE_IMPORT_CAPABILITY } from '../../auth/roles.ts';
import type { SiteImportsService } from './site-imports.service.ts';

const PERMISSION = { all: [SITE_IMPORT_CAPABILITY] } as const;

/** A run as the API shows it (never the source's password, which no row holds). */
function toSiteImport(row: SiteImportRow, now: string): Static<typeof SiteImport> {
  const progress = parseProgress(row.progress);
  return {
    id: row.id,
    url: row.url,
    source: row.source,
    user: row.source_user === '' ? null : row.source_user,
    prune: row.prune === 1,
    state: shownState(row, now),
    phase: row.phase,
    kinds: IMPORT_KINDS.map((kind) => ({ kind, ...progress.kinds[kind] })),
    errors: progress.errors,
    error_count: progress.error_count,
    notes: progress.notes,
    complete: progress.complete,
    reason: row.reason,
    started_by: row.started_by,
    started_at: row.started_at,
    finished_at: row.finished_at,
  };
}

/** The site import routes (issue 33, decision 0071): start, watch, list and cancel runs of `import-tec`. */
export function siteImportRoutes(service: SiteImportsService, clock: Clock): AnyRoute[] {
  const single = '/imports/sites/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'POST',
      path: '/imports/sites',
      permission: PERMISSION,
      schema: {
        summary:
          'Starts importing a The Events Calendar site (as the import-tec command does) in the background; answers 202 with the run, to follow at its Location',
        querystring: WriteQuery,
        body: StartBody,
        response: { 202: SiteImport },
      },
      // Outside any unit, for an administrator only: the address guard, then the source's REST index.
      // The source and what stops the run's requests go to the handler; the run starts once its row is committed.
      prepare: async ({ body }) => {
        const controller = new AbortController();
        const source = await service.open(body, controller.signal);
        return { made: { source, controller }, undo: async () => controller.abort() };
      },
      handle: async ({ body, caller, urls }, tx, _loaded, { source, controller }) => {
        const row = await service.start(tx, source, body, caller!);
        return {
          status: 202,
          headers: { location: urls.route(`imports/sites/${row.id}`) },
          body: toSiteImport(row, nowUtc(clock)),
          afterCommit: () =>
            service.launch(row.id, source, controller, caller!, {
              prune: body.prune === true,
              keepHtml: body.keep_html === true,
            }),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/imports/sites',
      permission: PERMISSION,
      schema: {
        summary: 'Returns the recent site imports, newest first',
        querystring: ReadQuery,
        response: { 200: SiteImports },
      },
      handle: async (_frame, tx) => {
        const now = nowUtc(clock);
        return { body: (await service.recent(tx)).map((row) => toSiteImport(row, now)) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: PERMISSION,
      schema: {
        summary: 'Returns a site import: its state and progress, from whichever node runs it',
        params: RunParams,
        querystring: ReadQuery,
        response: { 200: SiteImport },
      },
      handle: async ({ params }, tx) => ({ body: toSiteImport(await service.find(tx, params.id), nowUtc(clock)) }),
    }),
    defineRoute({
      method: 'POST',
      path: `${single}/cancel`,
      permission: PERMISSION,
      schema: {
        summary: 'Asks a running site import to stop; it stops between units of work, what it wrote stays',
        params: RunParams,
        querystring: WriteQuery,
        response: { 202: SiteImport },
      },
      handle: async ({ params }, tx) => ({
        status: 202,
        body: toSiteImport(await service.cancel(tx, params.id), nowUtc(clock)),
      }),
    }),
  ];
}
