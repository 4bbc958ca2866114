import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { isRole, permits, type Caller } from '../auth/roles.ts';
import type { UsersService } from '../auth/users.service.ts';
import { LOGIN_THROTTLE } from '../auth/login-throttle.ts';
import { systemClock } from '../clock.ts';
import { composeApplication } from '../container.ts';
import { instantOf, parseDateInput } from '../dates/parse.ts';
import { ApiError } from '../errors.ts';
import { readTextBody } from '../http/text-body.ts';
import { isLanguageCode, LANGUAGE_CODES } from '../languages.ts';
import { importInUnit, IMPORT_CAPABILITIES } from '../modules/ical/ical-import.service.ts';
import { uidHostOf } from '../modules/ical/site-feeds.ts';
import { CSV_TYPES, type CsvType } from '../modules/csv/csv-columns.ts';
import type { CsvStatus } from '../modules/csv/csv-import.service.ts';
import { SETTABLE_STATUSES } from '../modules/posts/post-rules.ts';
import { barProgress, lineProgress } from '../modules/tec-import/import-progress.ts';
import { IMPORT_KINDS, OUTCOMES, type ImportReport } from '../modules/tec-import/import-run.ts';
import { TecSource } from '../modules/tec-import/tec-source.ts';
import {
  countOption,
  defaultIo,
  formatTable,
  UsageError,
  validated,
  withServices,
  withStorage,
  type Command,
} from './command.ts';

/* Importing from elsewhere: a The Events Calendar site (decision 0030), an iCalendar file or feed (decision 0028), a CSV file (decision 0115). */

/** What `import-tec` did: the summary table, then what needs a reader's attention (decision 0030). */
function importReportLines(report: ImportReport): string[] {
  const records = IMPORT_KINDS.reduce(
    (sum, kind) => sum + OUTCOMES.reduce((all, outcome) => all + report.counts[kind][outcome], 0),
    0,
  );
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} from ${report.source} in ${report.seconds.toFixed(1)} s, ${records} records (${(records / Math.max(report.seconds, 0.001)).toFixed(1)}/s); ${report.keepsIds ? 'ids kept where free' : 'new ids, mapped below'}.`,
    ...formatTable(
      ['KIND', ...OUTCOMES.map((outcome) => outcome.toUpperCase()), 'DELETED ON SOURCE'],
      IMPORT_KINDS.map((kind) => [
        kind,
        ...OUTCOMES.map((outcome) => String(report.counts[kind][outcome])),
        String(report.deleted.filter((entry) => entry.kind === kind).length),
      ]),
    ),
  ];
  const translated = IMPORT_KINDS.flatMap((kind) => {
    const counts = OUTCOMES.filter((outcome) => report.translations[kind][outcome] > 0).map(
      (outcome) => `${report.translations[kind][outcome]} ${outcome}`,
    );
    return counts.length === 0 ? [] : [`${kind} ${counts.join(', ')}`];
  });
  if (translated.length > 0) lines.push(`Translations: ${translated.join('; ')}.`);
  // Event Tickets' records (decision 0130), when the source had any.
  const ticketed = (['ticket', 'attendee'] as const).flatMap((kind) => {
    const counts = OUTCOMES.filter((outcome) => report.tickets[kind][outcome] > 0).map(
      (outcome) => `${report.tickets[kind][outcome]} ${outcome}`,
    );
    return counts.length === 0 ? [] : [`${kind}s ${counts.join(', ')}`];
  });
  if (ticketed.length > 0) lines.push(`Event Tickets: ${ticketed.join('; ')}.`);
  const section = (title: string, items: readonly string[]) =>
    items.length === 0 ? [] : [title, ...items.map((item) => `  ${item}`)];
  lines.push(
    ...section(
      'Skipped:',
      report.skipped.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`),
    ),
    ...section(
      'Failed (run again to retry):',
      report.failed.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`),
    ),
    ...section(
      'Pages the source did not serve (their records were not read; run again):',
      report.failedPages.map((page) => `${page.url}: ${page.reason}`),
    ),
    ...section(
      'Fixed on the way:',
      report.notes.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`),
    ),
    ...section(
      "Authors (the source's user: who writes their records here):",
      report.authors.map((entry) => `user ${entry.sourceId}: ${entry.text}`),
    ),
    ...section(
      report.deleted.some((entry) => entry.removed)
        ? 'Deleted on the source, removed here:'
        : 'Deleted on the source (--prune removes them here):',
      report.deleted.map(
        (entry) => `${entry.kind} ${entry.sourceId} (here ${entry.targetId})${entry.removed ? ' removed' : ''}`,
      ),
    ),
    ...section(
      'Id map (source id -> id here; stored for later runs):',
      report.idMap.map((entry) => `${entry.kind} ${entry.sourceId} -> ${entry.targetId}`),
    ),
  );
  if (!report.complete)
    lines.push(
      'Some archives were not read whole: records deleted on the source are not reported until a run reads them all.',
    );
  return lines;
}

/**
 * The user an import writes as: the one named with `--as`, else the first administrator; refused
 * unless `allowed` (the import's own rule) accepts them, `who` saying whom it accepts.
 */
export async function importingCaller(
  users: UsersService,
  login: string | undefined,
  allowed: (caller: Caller) => boolean,
  who: string,
): Promise<Caller> {
  const user =
    login === undefined
      ? (await users.list()).find((candidate) => candidate.role === 'administrator')
      : await users.userByLogin(login);
  if (!user)
    throw new UsageError(
      login === undefined
        ? 'No administrator to import as: create one with "user create <login> --role administrator", or name a user with --as.'
        : `No user with the login "${login}".`,
    );
  const caller: Caller | undefined = isRole(user.role)
    ? { id: user.id, login: user.login, role: user.role }
    : undefined;
  if (!caller || !allowed(caller)) throw new UsageError(`--as must name ${who}; ${user.login} is ${user.role}.`);
  return caller;
}

/** An iCalendar document from a file, or from an http(s) or webcal URL (read up to `maxBytes`). */
async function readIcsSource(source: string, maxBytes: number): Promise<string> {
  if (!/^(https?|webcal):\/\//i.test(source)) return readFile(source, 'utf8');
  const url = source.replace(/^webcal:/i, 'https:');
  const response = await fetch(url, { headers: { accept: 'text/calendar' }, signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status} ${response.statusText}.`);
  try {
    return await readTextBody(
      Readable.fromWeb(response.body as NodeReadableStream),
      response.headers.get('content-length') ?? undefined,
      maxBytes,
    );
  } catch (error) {
    if (error instanceof ApiError)
      throw new Error(`${url} is larger than CALENDAR_ICS_IMPORT_MAX_BYTES (${maxBytes} bytes).`, { cause: error });
    throw error;
  }
}

export const IMPORT_COMMANDS: readonly Command[] = [
  {
    words: ['import-tec'],
    synopsis:
      '<url> [--user <login> --app-password <password>] [--since <date>] [--languages <codes>] [--dry-run] [--prune] [--keep-html] [--concurrency <n>] [--delay <ms>] [--as <login>]',
    summary:
      "Copy a The Events Calendar site (its address, /wp-json or .../tribe/events/v1 URL) into this database: terms, venues, organizers, events; run again to bring over what changed, --prune to remove what was deleted there. Its text is filtered as an author's is; --keep-html keeps its HTML as it is (decision 0092).",
    positionals: ['url'],
    options: ['user', 'app-password', 'since', 'languages', 'concurrency', 'delay', 'as'],
    flags: ['dry-run', 'prune', 'keep-html'],
    run: async ({ config, io, args, options }) => {
      if ((options.user === undefined) !== (options['app-password'] === undefined))
        throw new UsageError('--user and --app-password go together.');
      const languages = options.languages?.split(',').map((code) => code.trim());
      const unknown = languages?.find((code) => !isLanguageCode(code));
      if (unknown !== undefined)
        throw new UsageError(
          `--languages takes language codes separated by commas (${LANGUAGE_CODES.join(', ')}), got "${unknown}".`,
        );
      const concurrency = countOption('concurrency', options.concurrency, 4, 1, 32);
      const delayMs = countOption('delay', options.delay, 0, 0, 60_000);
      let since: string | undefined;
      try {
        since =
          options.since === undefined ? undefined : instantOf(parseDateInput(options.since, new Date(), 'UTC'), 'UTC');
      } catch {
        throw new UsageError(
          `--since must be a date such as 2026-01-31 or "2026-01-31 18:00" (UTC), got "${options.since}".`,
        );
      }
      const progress = io === defaultIo && process.stderr.isTTY ? barProgress(process.stderr) : lineProgress(io.out);
      const source = await TecSource.discover(validated(args[0]), {
        ...(options.user === undefined ? {} : { user: options.user, appPassword: options['app-password'] }),
        concurrency,
        delayMs,
        onRetry: (url, reason, waitMs) =>
          progress.note(`retrying ${url} in ${(waitMs / 1000).toFixed(1)} s: ${reason}`),
      });
      io.out(
        `Reading ${source.base}${source.authenticated ? ` as ${options.user}` : ' anonymously (published records only)'}.`,
      );
      const report = await withServices(config, async (services) =>
        services.tecImport.run(source, {
          caller: await importingCaller(
            services.users,
            options.as,
            (caller) => caller.role === 'administrator',
            'an administrator',
          ),
          language: config.defaultLanguage,
          dryRun: options['dry-run'] === 'true',
          prune: options.prune === 'true',
          keepHtml: options['keep-html'] === 'true',
          ...(since === undefined ? {} : { since }),
          ...(languages === undefined ? {} : { languages: languages.filter(isLanguageCode) }),
          progress,
        }),
      );
      for (const line of importReportLines(report)) io.out(line);
      const failures = report.failed.length + report.failedPages.length;
      if (failures > 0)
        throw new Error(
          `${report.failed.length} records and ${report.failedPages.length} pages failed; run the command again to retry them.`,
        );
    },
  },
  {
    words: ['import-ics'],
    synopsis: '<file-or-url> [--as <login>] [--dry-run]',
    summary:
      'Import the events of an iCalendar file or http(s)/webcal URL, matched by UID: new ones created, newer versions updated, the rest left as they are (decision 0028); --as an editor or administrator (default: the first administrator); --dry-run reports without writing.',
    positionals: ['source'],
    options: ['as'],
    flags: ['dry-run'],
    run: async ({ config, io, args, options }) => {
      const source = validated(args[0]);
      const text = await readIcsSource(source, config.icsImportMaxBytes);
      const dryRun = options['dry-run'] === 'true';
      const report = await withStorage(config, async (storage) => {
        const { services } = await composeApplication(storage, config, systemClock, LOGIN_THROTTLE);
        const caller = await importingCaller(
          services.users,
          options.as,
          (candidate) => permits({ all: IMPORT_CAPABILITIES }, candidate),
          'an editor or administrator',
        );
        return importInUnit(
          storage,
          systemClock,
          services.icalImport,
          await services.icalImport.read(text),
          { caller, language: config.defaultLanguage, uidHost: uidHostOf(config) },
          { dryRun },
        );
      });
      const total = (list: readonly unknown[]) => String(list.length);
      io.out(
        `${dryRun ? 'Dry run (nothing written): would import' : 'Imported'} ${source}: ${total(report.created)} created, ${total(report.updated)} updated, ${total(report.unchanged)} unchanged, ${total(report.skipped)} skipped.`,
      );
      const rows = (['created', 'updated', 'unchanged'] as const).flatMap((outcome) =>
        report[outcome].map((item) => [outcome, String(item.id), item.title, item.recurrence_id ?? '', item.uid]),
      );
      if (rows.length > 0)
        for (const line of formatTable(['OUTCOME', 'ID', 'TITLE', 'OCCURRENCE', 'UID'], rows)) io.out(line);
      for (const item of report.skipped)
        io.out(`Skipped line ${item.line} (UID ${item.uid || 'none'}): ${item.reason}`);
    },
  },
  {
    words: ['import-csv'],
    synopsis:
      '<file.csv> --type <events|venues|organizers> [--map <json>] [--status <status>] [--as <login>] [--dry-run]',
    summary:
      'Import events, venues or organizers from a CSV file with the columns of the original\'s CSV importer (this service\'s CSV export); --map \'{"Title":"Event Name"}\' reads other headers as those columns ("" leaves one out); each row all or nothing, bad rows reported by line (decision 0115); --as an editor or administrator; --dry-run checks every row and writes nothing.',
    positionals: ['file'],
    options: ['type', 'map', 'status', 'as'],
    requiredOptions: ['type'],
    flags: ['dry-run'],
    run: async ({ config, io, args, options }) => {
      const type = validated(options.type);
      if (!(CSV_TYPES as readonly string[]).includes(type))
        throw new UsageError(`--type must be one of ${CSV_TYPES.join(', ')}, got "${type}".`);
      if (options.status !== undefined && !(SETTABLE_STATUSES as readonly string[]).includes(options.status))
        throw new UsageError(`--status must be one of ${SETTABLE_STATUSES.join(', ')}, got "${options.status}".`);
      let mapping: Record<string, string> | undefined;
      try {
        mapping = options.map === undefined ? undefined : (JSON.parse(options.map) as Record<string, string>);
      } catch {
        throw new UsageError(
          `--map must be a JSON object of headers to columns, such as '{"Title":"Event Name"}', got "${options.map}".`,
        );
      }
      const file = validated(args[0]);
      const text = await readFile(file, 'utf8');
      const dryRun = options['dry-run'] === 'true';
      const report = await withServices(config, async (services) =>
        services.csvImport.import(text, {
          type: type as CsvType,
          ...(mapping ? { mapping } : {}),
          dryRun,
          ...(options.status === undefined ? {} : { status: options.status as CsvStatus }),
          caller: await importingCaller(
            services.users,
            options.as,
            (candidate) => permits({ all: IMPORT_CAPABILITIES }, candidate),
            'an editor or administrator',
          ),
          language: config.defaultLanguage,
        }),
      );
      io.out(
        `${dryRun ? 'Dry run (nothing written): would import' : 'Imported'} ${report.imported} of ${report.rows} ${type} rows from ${file}; ${report.failed} refused.`,
      );
      for (const entry of report.problems) io.out(`Line ${entry.line}: ${entry.problems.join(' ')}`);
      if (report.failed > report.problems.length)
        io.out(`... and ${report.failed - report.problems.length} more refused rows.`);
      if (report.failed > 0)
        throw new Error(`${report.failed} rows were refused; the others are ${dryRun ? 'fine' : 'imported'}.`);
    },
  },
];
