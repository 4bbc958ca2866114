import { can } from '../auth/roles.ts';
import type { Config } from '../config.ts';
import { LOGIN_THROTTLE } from '../auth/login-throttle.ts';
import { nowUtc, systemClock } from '../clock.ts';
import { composeApplication, type Application } from '../container.ts';
import { KINDS, SCHEDULES, type CreateInput } from '../modules/import-sources/import-sources.schemas.ts';
import { toRun } from '../modules/import-sources/import-sources.mapper.ts';
import { IMPORT_SOURCES_CAPABILITY } from '../modules/import-sources/import-sources.service.ts';
import type { Storage } from '../storage/types.ts';
import { MAX_ID } from '../storage/tables.ts';
import { countOption, formatTable, UsageError, withStorage, type Command } from './command.ts';
import { importingCaller } from './imports.ts';

/* Import sources (issue 47): add, list, run now (in this process, waiting for its end), pause and resume. The server's nodes run them on their schedules. */

function withSources<T>(config: Config, work: (application: Application, storage: Storage) => Promise<T>): Promise<T> {
  return withStorage(config, async (storage) => {
    const application = await composeApplication(storage, config, systemClock, LOGIN_THROTTLE);
    try {
      return await work(application, storage);
    } finally {
      await application.importRunner.stop();
    }
  });
}

const oneOf = <T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T => {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}, got "${value}".`);
  return value as T;
};

const sourceId = (text: string | undefined) => countOption('id', text, 0, 1, MAX_ID);
const managing = (caller: Parameters<typeof can>[0]) => can(caller, IMPORT_SOURCES_CAPABILITY);

export const IMPORT_SOURCE_COMMANDS: readonly Command[] = [
  {
    words: ['import-source', 'add'],
    synopsis:
      '<url> --name <name> [--kind ical|tec|instance] [--schedule manual|hourly|daily|weekly] [--status draft|pending|publish] [--keep-removed] [--as <login>]',
    summary: 'Add an import source (a feed by default), run by the server on its schedule as the user who added it.',
    positionals: ['url'],
    options: ['name', 'kind', 'schedule', 'status', 'as'],
    requiredOptions: ['name'],
    flags: ['keep-removed'],
    run: ({ config, io, args, options }) => {
      const input: CreateInput = {
        name: options.name!,
        url: args[0]!,
        kind: oneOf('kind', options.kind, KINDS, 'ical'),
        schedule: oneOf('schedule', options.schedule, SCHEDULES, 'daily'),
        settings: {
          status: oneOf('status', options.status, ['draft', 'pending', 'publish'] as const, 'publish'),
          on_removed: options['keep-removed'] === 'true' ? 'keep' : 'trash',
        },
      };
      return withSources(config, async ({ services }, storage) => {
        const caller = await importingCaller(services.users, options.as, managing, 'an editor or administrator');
        services.importSources.permitKind(input.kind, caller);
        await services.importSources.check(input);
        const row = await storage.write((tx) => services.importSources.create(tx, input, caller));
        io.out(`Added import source ${row.id} (${row.kind}, ${row.schedule}) for ${row.url}.`);
      });
    },
  },
  {
    words: ['import-source', 'list'],
    synopsis: '',
    summary: 'List the import sources: schedule, next run, failures.',
    positionals: [],
    options: [],
    run: ({ config, io }) =>
      withSources(config, async ({ services }, storage) => {
        const rows = await storage.read((tx) => services.importSources.list(tx));
        if (rows.length === 0) return io.out('No import sources.');
        const table = rows.map((row) => [
          String(row.id),
          row.kind,
          row.paused === 1 ? 'paused' : row.schedule,
          row.next_run_at ?? '-',
          row.failures === 0 ? '-' : `${row.failures}: ${row.last_error ?? ''}`,
          row.name,
        ]);
        for (const line of formatTable(['ID', 'KIND', 'SCHEDULE', 'NEXT RUN (UTC)', 'FAILURES', 'NAME'], table))
          io.out(line);
      }),
  },
  {
    words: ['import-source', 'run'],
    synopsis: '<id> [--as <login>]',
    summary: 'Run an import source now, in this process, and print its counts once it ends.',
    positionals: ['id'],
    options: ['as'],
    run: ({ config, io, args, options }) => {
      const id = sourceId(args[0]);
      return withSources(config, async ({ services, importRunner }, storage) => {
        const caller = await importingCaller(services.users, options.as, managing, 'an editor or administrator');
        const { source, run } = await storage.write(async (tx) => {
          const found = await services.importSources.get(tx, id);
          services.importSources.permitKind(found.kind, caller);
          return { source: found, run: await services.importSources.runNow(tx, found, caller) };
        });
        services.importSources.launch(run, source);
        await importRunner.settled(run.id);
        const shown = toRun(
          await storage.read((tx) => services.importSources.run(tx, source, run.id)),
          nowUtc(systemClock),
        );
        io.out(
          `Run ${shown.id}: ${shown.state}${shown.fetched === 'not-modified' ? ' (not modified)' : ''}; created ${shown.created}, updated ${shown.updated}, unchanged ${shown.unchanged}, trashed ${shown.trashed}, kept ${shown.kept}, skipped ${shown.skipped}, failed ${shown.failed}; ${shown.duration_ms ?? 0} ms.`,
        );
        for (const line of shown.errors) io.out(`  ${line}`);
        if (shown.reason !== null) throw new Error(shown.reason);
      });
    },
  },
  ...(['pause', 'resume'] as const).map((action): Command => ({
    words: ['import-source', action],
    synopsis: '<id>',
    summary:
      action === 'pause'
        ? 'Pause an import source: it runs only when asked.'
        : 'Resume an import source: it runs at once, then on its schedule.',
    positionals: ['id'],
    options: [],
    run: ({ config, io, args }) => {
      const id = sourceId(args[0]);
      return withSources(config, async ({ services }, storage) => {
        await storage.write(async (tx) =>
          services.importSources.update(tx, await services.importSources.get(tx, id), { paused: action === 'pause' }),
        );
        io.out(`Import source ${id} ${action === 'pause' ? 'paused' : 'resumed'}.`);
      });
    },
  })),
];
