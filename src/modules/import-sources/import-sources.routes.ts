import { nowUtc, type Clock } from '../../clock.ts';
import { defineRoute, EDITABLE, type AnyRoute } from '../../http/route-definition.ts';
import { toRun, toSource } from './import-sources.mapper.ts';
import {
  CreateBody,
  ReadQuery,
  Run,
  RunParams,
  Runs,
  Source,
  SourceParams,
  Sources,
  UpdateBody,
  WriteQuery,
} from './import-sources.schemas.ts';
import { IMPORT_SOURCES_CAPABILITY, type ImportSourcesService } from './import-sources.service.ts';

const PERMISSION = { all: [IMPORT_SOURCES_CAPABILITY] } as const;

/** The import sources' routes (issue 47; decisions 0117, 0118): sources, runs now, pause and resume, and their runs. */
export function importSourceRoutes(service: ImportSourcesService, clock: Clock): AnyRoute[] {
  const single = '/import-sources/:id(^\\d+$)';
  return [
    defineRoute({
      method: 'GET',
      path: '/import-sources',
      permission: PERMISSION,
      schema: { summary: 'Returns every import source', querystring: ReadQuery, response: { 200: Sources } },
      handle: async (_frame, tx) => {
        const rows = await service.list(tx);
        return { body: await Promise.all(rows.map(async (row) => toSource(row, await service.liveRun(tx, row)))) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/import-sources',
      permission: PERMISSION,
      schema: {
        summary:
          'Adds an import source: a feed, a site of The Events Calendar or another instance, imported on its schedule',
        querystring: WriteQuery,
        body: CreateBody,
        response: { 201: Source },
      },
      // Outside the unit, for a permitted caller only: the address guard resolves the host.
      externalCheck: ({ body }) => service.check(body),
      handle: async ({ body, caller }, tx) => {
        service.permitKind(body.kind, caller!);
        return { status: 201, body: toSource(await service.create(tx, body, caller!), undefined) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: single,
      permission: PERMISSION,
      schema: {
        summary: 'Returns an import source, with why its last run failed',
        params: SourceParams,
        querystring: ReadQuery,
        response: { 200: Source },
      },
      handle: async ({ params }, tx) => {
        const row = await service.get(tx, params.id);
        return { body: toSource(row, await service.liveRun(tx, row)) };
      },
    }),
    defineRoute({
      method: EDITABLE,
      path: single,
      permission: PERMISSION,
      schema: {
        summary: 'Changes an import source (partial); a new schedule, or resuming, makes it due at once',
        params: SourceParams,
        querystring: WriteQuery,
        body: UpdateBody,
        response: { 200: Source },
      },
      externalCheck: ({ body }) => service.check(body),
      handle: async ({ params, body, caller }, tx) => {
        const row = await service.get(tx, params.id);
        service.permitKind(row.kind, caller!);
        const updated = await service.update(tx, row, body);
        return { body: toSource(updated, await service.liveRun(tx, updated)) };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: single,
      permission: PERMISSION,
      schema: {
        summary: 'Removes an import source; the events it brought stay, its runs stay without it',
        params: SourceParams,
        querystring: ReadQuery,
        response: { 200: Source },
      },
      handle: async ({ params, caller }, tx) => {
        const row = await service.get(tx, params.id);
        service.permitKind(row.kind, caller!);
        await service.remove(tx, row);
        return { body: toSource(row, undefined) };
      },
    }),
    ...(['pause', 'resume'] as const).map((action) =>
      defineRoute({
        method: 'POST',
        path: `${single}/${action}`,
        permission: PERMISSION,
        schema: {
          summary:
            action === 'pause'
              ? 'Pauses an import source: it runs only when asked'
              : 'Resumes a paused import source: it runs at once, then on its schedule',
          params: SourceParams,
          querystring: WriteQuery,
          response: { 200: Source },
        },
        handle: async ({ params, caller }, tx) => {
          const row = await service.get(tx, params.id);
          service.permitKind(row.kind, caller!);
          const updated = await service.update(tx, row, { paused: action === 'pause' });
          return { body: toSource(updated, await service.liveRun(tx, updated)) };
        },
      }),
    ),
    defineRoute({
      method: 'POST',
      path: `${single}/run`,
      permission: PERMISSION,
      schema: {
        summary:
          'Runs an import source now, in the background of the node that accepts it; answers 202 with the run, to follow at its Location',
        params: SourceParams,
        querystring: WriteQuery,
        response: { 202: Run },
      },
      handle: async ({ params, caller, urls }, tx) => {
        const row = await service.get(tx, params.id);
        service.permitKind(row.kind, caller!);
        const run = await service.runNow(tx, row, caller!);
        // Its first heartbeat waits for this unit's commit (the runs' key), and stops when it rolled back.
        service.launch(run, row);
        return {
          status: 202,
          headers: { location: urls.route(`import-sources/${row.id}/runs/${run.id}`) },
          body: toRun(run, nowUtc(clock)),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${single}/runs`,
      permission: PERMISSION,
      schema: {
        summary: 'Returns the runs of an import source, newest first (the last 50): counts, errors and duration',
        params: SourceParams,
        querystring: ReadQuery,
        response: { 200: Runs },
      },
      handle: async ({ params }, tx) => {
        const now = nowUtc(clock);
        return { body: (await service.history(tx, await service.get(tx, params.id))).map((row) => toRun(row, now)) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: `${single}/runs/:run(^\\d+$)`,
      permission: PERMISSION,
      schema: {
        summary: 'Returns a run of an import source, from whichever node runs it',
        params: RunParams,
        querystring: ReadQuery,
        response: { 200: Run },
      },
      handle: async ({ params }, tx) => ({
        body: toRun(await service.run(tx, await service.get(tx, params.id), params.run), nowUtc(clock)),
      }),
    }),
  ];
}
