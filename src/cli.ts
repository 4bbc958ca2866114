import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { isLanguageCode, LANGUAGE_CODES } from './languages.ts';
import { isRole, permits, ROLE_NAMES } from './auth/roles.ts';
import { LOGIN_THROTTLE, throttleKey, type ThrottleEntry } from './auth/login-throttle.ts';
import type { UsersService } from './auth/users.service.ts';
import { systemClock } from './clock.ts';
import { composeApplication, type Services } from './container.ts';
import { migrate, openStorage, type Storage } from './storage/database.ts';
import { parseEventCount, seed } from './seed/seed.ts';
import { backupDatabase, restoreDatabase } from './storage/backup.ts';
import { describeCounts } from './storage/integrity.ts';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { ApiError } from './errors.ts';
import { readTextBody } from './http/text-body.ts';
import { importInUnit, IMPORT_CAPABILITIES } from './modules/ical/ical-import.service.ts';
import { uidHostOf } from './modules/ical/site-feeds.ts';
import type { Caller } from './auth/roles.ts';
import { instantOf, parseDateInput } from './dates/parse.ts';
import { barProgress, lineProgress } from './modules/tec-import/import-progress.ts';
import { IMPORT_KINDS, OUTCOMES, type ImportReport } from './modules/tec-import/tec-import.service.ts';
import { TecSource } from './modules/tec-import/tec-source.ts';
import { EVENT_TYPE_PATTERNS } from './modules/webhooks/event-types.ts';
import { MAX_GRACE_SECONDS, type WebhooksService } from './modules/webhooks/webhooks.service.ts';
import { MAX_ID } from './storage/tables.ts';

/** Where the CLI writes; tests pass their own to capture output without spawning a process. */
export interface CliIo {
  readonly out: (line: string) => void;
  readonly err: (line: string) => void;
}

const defaultIo: CliIo = {
  out: (line) => void process.stdout.write(`${line}\n`),
  err: (line) => void process.stderr.write(`${line}\n`),
};

/** The command line itself is wrong (missing argument, unknown flag...): exit code 2. */
class UsageError extends Error {}

const PROGRAM = 'calendar-events';

interface CommandInput {
  readonly config: Config;
  readonly io: CliIo;
  readonly args: readonly string[];
  readonly options: Readonly<Record<string, string | undefined>>;
}

interface Command {
  readonly words: readonly string[];
  /** Arguments after the command words, as shown in the usage text. */
  readonly synopsis: string;
  readonly summary: string;
  readonly positionals: readonly string[];
  readonly options: readonly string[];
  readonly requiredOptions?: readonly string[];
  /** Options that take no value (`--force`); given, they read as 'true' in `options`. */
  readonly flags?: readonly string[];
  run(input: CommandInput): Promise<void>;
}

/** Every command but `serve` and `migrate` works on a fresh database, so the schema is brought up first. */
async function withStorage<T>(config: Config, work: (storage: Storage) => Promise<T>): Promise<T> {
  const storage = openStorage(config.database);
  try {
    await migrate(storage);
    return await work(storage);
  } finally {
    await storage.close();
  }
}

/** The services over a migrated database, from the one composition root. */
function withServices<T>(config: Config, work: (services: Services) => Promise<T>): Promise<T> {
  return withStorage(config, async (storage) => work((await composeApplication(storage, config, systemClock, LOGIN_THROTTLE)).services));
}

/** The webhooks service and the storage its units run on. */
function withWebhooks<T>(config: Config, work: (webhooks: WebhooksService, storage: Storage) => Promise<T>): Promise<T> {
  return withStorage(config, async (storage) => work((await composeApplication(storage, config, systemClock, LOGIN_THROTTLE)).services.webhooks, storage));
}

/** The users service over a migrated database. */
function withUsers<T>(config: Config, work: (users: UsersService) => Promise<T>): Promise<T> {
  return withServices(config, (services) => work(services.users));
}

function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)));
  const format = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ').trimEnd();
  return [format(headers), ...rows.map(format)];
}

/** Login throttle counters as `throttle list` and `throttle reset` show them. */
function throttleTable(entries: readonly ThrottleEntry[]): string[] {
  const rows = entries.map((entry) => [
    entry.login === '' ? '(every login)' : entry.login,
    entry.address,
    `${entry.failures}/${entry.limit}`,
    entry.throttled ? 'throttled' : 'counting',
    String(entry.secondsLeft),
  ]);
  return formatTable(['LOGIN', 'ADDRESS', 'FAILURES', 'STATE', 'SECONDS LEFT'], rows);
}

/** What `import-tec` did: the summary table, then what needs a reader's attention (decision 0030). */
function importReportLines(report: ImportReport): string[] {
  const records = IMPORT_KINDS.reduce((sum, kind) => sum + OUTCOMES.reduce((all, outcome) => all + report.counts[kind][outcome], 0), 0);
  const lines = [
    `${report.dryRun ? 'Dry run (nothing written): would import' : 'Imported'} from ${report.source} in ${report.seconds.toFixed(1)} s, ${records} records (${(records / Math.max(report.seconds, 0.001)).toFixed(1)}/s); ${report.keepsIds ? "ids kept where free" : 'new ids, mapped below'}.`,
    ...formatTable(
      ['KIND', ...OUTCOMES.map((outcome) => outcome.toUpperCase()), 'DELETED ON SOURCE'],
      IMPORT_KINDS.map((kind) => [kind, ...OUTCOMES.map((outcome) => String(report.counts[kind][outcome])), String(report.deleted.filter((entry) => entry.kind === kind).length)]),
    ),
  ];
  const translated = IMPORT_KINDS.flatMap((kind) => {
    const counts = OUTCOMES.filter((outcome) => report.translations[kind][outcome] > 0).map((outcome) => `${report.translations[kind][outcome]} ${outcome}`);
    return counts.length === 0 ? [] : [`${kind} ${counts.join(', ')}`];
  });
  if (translated.length > 0) lines.push(`Translations: ${translated.join('; ')}.`);
  const section = (title: string, items: readonly string[]) => (items.length === 0 ? [] : [title, ...items.map((item) => `  ${item}`)]);
  lines.push(
    ...section('Skipped:', report.skipped.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`)),
    ...section('Failed (run again to retry):', report.failed.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`)),
    ...section('Pages the source did not serve (their records were not read; run again):', report.failedPages.map((page) => `${page.url}: ${page.reason}`)),
    ...section('Fixed on the way:', report.notes.map((entry) => `${entry.kind} ${entry.sourceId}: ${entry.text}`)),
    ...section('Authors (the source\'s user: who writes their records here):', report.authors.map((entry) => `user ${entry.sourceId}: ${entry.text}`)),
    ...section(
      report.deleted.some((entry) => entry.removed) ? 'Deleted on the source, removed here:' : 'Deleted on the source (--prune removes them here):',
      report.deleted.map((entry) => `${entry.kind} ${entry.sourceId} (here ${entry.targetId})${entry.removed ? ' removed' : ''}`),
    ),
    ...section('Id map (source id -> id here; stored for later runs):', report.idMap.map((entry) => `${entry.kind} ${entry.sourceId} -> ${entry.targetId}`)),
  );
  if (!report.complete) lines.push('Some archives were not read whole: records deleted on the source are not reported until a run reads them all.');
  return lines;
}

/**
 * The user an import writes as: the one named with `--as`, else the first administrator; refused
 * unless `allowed` (the import's own rule) accepts them, `who` saying whom it accepts.
 */
async function importingCaller(users: UsersService, login: string | undefined, allowed: (caller: Caller) => boolean, who: string): Promise<Caller> {
  const user = login === undefined ? (await users.list()).find((candidate) => candidate.role === 'administrator') : await users.userByLogin(login);
  if (!user) throw new UsageError(login === undefined ? 'No administrator to import as: create one with "user create <login> --role administrator", or name a user with --as.' : `No user with the login "${login}".`);
  const caller: Caller | undefined = isRole(user.role) ? { id: user.id, login: user.login, role: user.role } : undefined;
  if (!caller || !allowed(caller)) throw new UsageError(`--as must name ${who}; ${user.login} is ${user.role}.`);
  return caller;
}

/** A whole number option within bounds, or the default when absent. */
function countOption(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined) return fallback;
  const count = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(count >= min && count <= max)) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, got "${value}".`);
  return count;
}

/** An iCalendar document from a file, or from an http(s) or webcal URL (read up to `maxBytes`). */
async function readIcsSource(source: string, maxBytes: number): Promise<string> {
  if (!/^(https?|webcal):\/\//i.test(source)) return readFile(source, 'utf8');
  const url = source.replace(/^webcal:/i, 'https:');
  const response = await fetch(url, { headers: { accept: 'text/calendar' }, signal: AbortSignal.timeout(60_000) });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status} ${response.statusText}.`);
  try {
    return await readTextBody(Readable.fromWeb(response.body as NodeReadableStream), response.headers.get('content-length') ?? undefined, maxBytes);
  } catch (error) {
    if (error instanceof ApiError) throw new Error(`${url} is larger than CALENDAR_ICS_IMPORT_MAX_BYTES (${maxBytes} bytes).`, { cause: error });
    throw error;
  }
}

function formatBytes(bytes: number): string {
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Narrows an argument or option that parseCommandLine has already checked is present. */
function validated(value: string | undefined): string {
  if (value === undefined) throw new Error('A required argument was not checked by parseCommandLine.');
  return value;
}

const COMMANDS: readonly Command[] = [
  {
    words: ['serve'],
    synopsis: '',
    summary: 'Start the HTTP server.',
    positionals: [],
    options: [],
    run: async ({ config }) => {
      // Loaded on demand so that the management commands do not pull in Fastify.
      const { startServer } = await import('./server.ts');
      await startServer(config);
    },
  },
  {
    words: ['migrate'],
    synopsis: '',
    summary: 'Bring the database schema up to date.',
    positionals: [],
    options: [],
    run: async ({ config, io }) => {
      const storage = openStorage(config.database);
      try {
        const applied = await migrate(storage);
        if (applied.length === 0) io.out('Database is up to date.');
        for (const name of applied) io.out(`Applied migration ${name}`);
      } finally {
        await storage.close();
      }
    },
  },
  {
    words: ['user', 'create'],
    synopsis: '<login> --role <role> [--email <email>] [--display-name <name>] [--password <password>]',
    summary: 'Create a user; without --password a password is generated and shown once.',
    positionals: ['login'],
    options: ['role', 'email', 'display-name', 'password'],
    requiredOptions: ['role'],
    run: ({ config, io, args, options }) =>
      withUsers(config, async (users) => {
        const { user, generatedPassword } = await users.create({
          login: validated(args[0]),
          role: validated(options.role),
          email: options.email,
          displayName: options['display-name'],
          password: options.password,
        });
        io.out(`Created user ${user.login} (id ${user.id}, role ${user.role}).`);
        if (generatedPassword !== undefined) {
          // Last line, alone, so scripts can take it with `tail -n 1`.
          io.out('Generated password (shown once):');
          io.out(generatedPassword);
        }
      }),
  },
  {
    words: ['user', 'list'],
    synopsis: '',
    summary: 'List the users.',
    positionals: [],
    options: [],
    run: ({ config, io }) =>
      withUsers(config, async (service) => {
        const users = await service.list();
        if (users.length === 0) {
          io.out('No users.');
          return;
        }
        const rows = users.map((user) => [String(user.id), user.login, user.role, user.email || '-', user.display_name, user.created_at]);
        for (const line of formatTable(['ID', 'LOGIN', 'ROLE', 'EMAIL', 'DISPLAY NAME', 'CREATED (UTC)'], rows)) io.out(line);
      }),
  },
  {
    words: ['user', 'delete'],
    synopsis: '<login>',
    summary: 'Delete a user and their application passwords.',
    positionals: ['login'],
    options: [],
    run: ({ config, io, args }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        await users.remove(login);
        io.out(`Deleted user ${login}.`);
      }),
  },
  {
    words: ['app-password', 'create'],
    synopsis: '<login> [--name <name>]',
    summary: 'Create an application password for HTTP Basic authentication (default name "cli").',
    positionals: ['login'],
    options: ['name'],
    run: ({ config, io, args, options }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        const { row, password } = await users.createAppPassword(login, options.name ?? 'cli');
        io.out(`Application password "${row.name}" created for ${login}. Use it with HTTP Basic authentication as ${login}:<password>. It is shown only once:`);
        io.out(password);
      }),
  },
  {
    words: ['app-password', 'list'],
    synopsis: '<login>',
    summary: "List a user's application passwords.",
    positionals: ['login'],
    options: [],
    run: ({ config, io, args }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        const passwords = await users.listAppPasswords(login);
        if (passwords.length === 0) {
          io.out(`No application passwords for ${login}.`);
          return;
        }
        const rows = passwords.map((entry) => [entry.name, entry.uuid, entry.created_at, entry.last_used_at ?? 'never']);
        for (const line of formatTable(['NAME', 'UUID', 'CREATED (UTC)', 'LAST USED (UTC)'], rows)) io.out(line);
      }),
  },
  {
    words: ['app-password', 'revoke'],
    synopsis: '<login> <name>',
    summary: 'Revoke an application password.',
    positionals: ['login', 'name'],
    options: [],
    run: ({ config, io, args }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        const name = validated(args[1]);
        await users.revokeAppPassword(login, name);
        io.out(`Revoked application password "${name}" of ${login}.`);
      }),
  },
  {
    words: ['seed'],
    synopsis: '--events <count> [--recurring <count>] [--force]',
    summary:
      'Fill the database with a generated calendar of <count> events (5000, 10k, 1m...), --recurring <count> of them weekly series; --force adds to existing data.',
    positionals: [],
    options: ['events', 'recurring'],
    flags: ['force'],
    requiredOptions: ['events'],
    run: ({ config, io, options }) => {
      const events = parseEventCount(validated(options.events));
      if (events === undefined) throw new UsageError(`--events must be a count such as 5000, 10k or 1m, got "${options.events}".`);
      const series = options.recurring === undefined ? 0 : parseEventCount(options.recurring);
      if (series === undefined || series > events) throw new UsageError(`--recurring must be a count such as 500 or 10k, at most --events, got "${options.recurring}".`);
      return withStorage(config, async (storage) => {
        await seed(storage, { events, force: options.force === 'true', siteZone: config.timezone, recurring: { series, settings: config.recurrence }, log: io.out });
      });
    },
  },
  {
    words: ['backup'],
    synopsis: '<file> [--force]',
    summary: 'Write a consistent backup of the database to <file> while servers run (SQLite: a database file; PostgreSQL: a pg_dump archive); --force replaces an existing file.',
    positionals: ['file'],
    options: [],
    flags: ['force'],
    run: async ({ config, io, args, options }) => {
      const file = validated(args[0]);
      const { bytes, counts } = await backupDatabase(config.database, file, { force: options.force === 'true' });
      io.out(`Backed up ${describeCounts(counts)} to ${file} (${formatBytes(bytes)}).`);
    },
  },
  {
    words: ['restore'],
    synopsis: '<file>',
    summary: 'Restore a backup into the empty database of DATABASE_URL (no server running on it), bring its schema up to date and check it.',
    positionals: ['file'],
    options: [],
    run: async ({ config, io, args }) => {
      const file = validated(args[0]);
      const { counts, migrations } = await restoreDatabase(config.database, file);
      io.out(`Restored ${describeCounts(counts)} from ${file}.`);
      for (const name of migrations) io.out(`Applied migration ${name}`);
      io.out('The restored database passed its integrity check.');
    },
  },
  {
    words: ['import-tec'],
    synopsis: '<url> [--user <login> --app-password <password>] [--since <date>] [--languages <codes>] [--dry-run] [--prune] [--concurrency <n>] [--delay <ms>] [--as <login>]',
    summary:
      'Copy a The Events Calendar site (its address, /wp-json or .../tribe/events/v1 URL) into this database: terms, venues, organizers, events; run again to bring over what changed, --prune to remove what was deleted there.',
    positionals: ['url'],
    options: ['user', 'app-password', 'since', 'languages', 'concurrency', 'delay', 'as'],
    flags: ['dry-run', 'prune'],
    run: async ({ config, io, args, options }) => {
      if ((options.user === undefined) !== (options['app-password'] === undefined)) throw new UsageError('--user and --app-password go together.');
      const languages = options.languages?.split(',').map((code) => code.trim());
      const unknown = languages?.find((code) => !isLanguageCode(code));
      if (unknown !== undefined) throw new UsageError(`--languages takes language codes separated by commas (${LANGUAGE_CODES.join(', ')}), got "${unknown}".`);
      const concurrency = countOption('concurrency', options.concurrency, 4, 1, 32);
      const delayMs = countOption('delay', options.delay, 0, 0, 60_000);
      let since: string | undefined;
      try {
        since = options.since === undefined ? undefined : instantOf(parseDateInput(options.since, new Date(), 'UTC'), 'UTC');
      } catch {
        throw new UsageError(`--since must be a date such as 2026-01-31 or "2026-01-31 18:00" (UTC), got "${options.since}".`);
      }
      const progress = io === defaultIo && process.stderr.isTTY ? barProgress(process.stderr) : lineProgress(io.out);
      const source = await TecSource.discover(validated(args[0]), {
        ...(options.user === undefined ? {} : { user: options.user, appPassword: options['app-password'] }),
        concurrency,
        delayMs,
        onRetry: (url, reason, waitMs) => progress.note(`retrying ${url} in ${(waitMs / 1000).toFixed(1)} s: ${reason}`),
      });
      io.out(`Reading ${source.base}${source.authenticated ? ` as ${options.user}` : ' anonymously (published records only)'}.`);
      const report = await withServices(config, async (services) =>
        services.tecImport.run(source, {
          caller: await importingCaller(services.users, options.as, (caller) => caller.role === 'administrator', 'an administrator'),
          language: config.defaultLanguage,
          dryRun: options['dry-run'] === 'true',
          prune: options.prune === 'true',
          ...(since === undefined ? {} : { since }),
          ...(languages === undefined ? {} : { languages: languages.filter(isLanguageCode) }),
          progress,
        }),
      );
      for (const line of importReportLines(report)) io.out(line);
      const failures = report.failed.length + report.failedPages.length;
      if (failures > 0) throw new Error(`${report.failed.length} records and ${report.failedPages.length} pages failed; run the command again to retry them.`);
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
        const caller = await importingCaller(services.users, options.as, (candidate) => permits({ all: IMPORT_CAPABILITIES }, candidate), 'an editor or administrator');
        return importInUnit(storage, systemClock, services.icalImport, text, { caller, language: config.defaultLanguage, uidHost: uidHostOf(config) }, dryRun);
      });
      const total = (list: readonly unknown[]) => String(list.length);
      io.out(
        `${dryRun ? 'Dry run (nothing written): would import' : 'Imported'} ${source}: ${total(report.created)} created, ${total(report.updated)} updated, ${total(report.unchanged)} unchanged, ${total(report.skipped)} skipped.`,
      );
      const rows = (['created', 'updated', 'unchanged'] as const).flatMap((outcome) =>
        report[outcome].map((item) => [outcome, String(item.id), item.title, item.recurrence_id ?? '', item.uid]),
      );
      if (rows.length > 0) for (const line of formatTable(['OUTCOME', 'ID', 'TITLE', 'OCCURRENCE', 'UID'], rows)) io.out(line);
      for (const item of report.skipped) io.out(`Skipped line ${item.line} (UID ${item.uid || 'none'}): ${item.reason}`);
    },
  },
  {
    words: ['throttle', 'list'],
    synopsis: '',
    summary: 'List the failed-login counters of the current windows: per login and address, and per address.',
    positionals: [],
    options: [],
    run: ({ config, io }) =>
      withServices(config, async ({ loginThrottle }) => {
        const entries = await loginThrottle.list();
        if (entries.length === 0) {
          io.out('No failed logins are being counted.');
          return;
        }
        for (const line of throttleTable(entries)) io.out(line);
      }),
  },
  {
    words: ['throttle', 'reset'],
    synopsis: '[--login <login>] [--address <address>]',
    summary: 'Lift the login throttle: the counters of a login at every address, of an address, of the pair, or without options all of them.',
    positionals: [],
    options: ['login', 'address'],
    run: ({ config, io, options }) => {
      const { login, address } = options;
      if (login !== undefined && throttleKey('', login).login === '') throw new UsageError('--login must name a login.');
      if (address !== undefined && throttleKey(address).address === '') throw new UsageError('--address must name an address.');
      return withServices(config, async ({ users, loginThrottle }) => {
        // An e-mail address names its user's counters, as it does when logging in.
        const user = login === undefined ? undefined : await users.userByLogin(login);
        const removed = await loginThrottle.reset({ login: user?.login ?? login, address });
        if (removed.length === 0) {
          io.out('No failed-login counters matched; nothing was removed.');
          return;
        }
        io.out(`Removed ${removed.length} failed-login ${removed.length === 1 ? 'counter' : 'counters'}:`);
        for (const line of throttleTable(removed)) io.out(line);
      });
    },
  },  {
    words: ['webhook', 'create'],
    synopsis: '<url> --events <type,...> [--description <text>]',
    summary: 'Subscribe a receiver to notifications (event.created, venue.*, *, ...); the signing secret is shown once.',
    positionals: ['url'],
    options: ['events', 'description'],
    requiredOptions: ['events'],
    run: ({ config, io, args, options }) => {
      const events = (options.events ?? '').split(',').map((type) => type.trim()).filter((type) => type !== '');
      const unknown = events.find((type) => !EVENT_TYPE_PATTERNS.includes(type));
      if (events.length === 0 || unknown !== undefined) throw new UsageError(`--events must list types such as event.created, venue.* or *, got "${unknown ?? options.events}".`);
      return withWebhooks(config, async (webhooks, storage) => {
        webhooks.ensureSecretsAvailable();
        const url = await webhooks.checkUrl(args[0]!);
        const { row, secret } = await storage.write((tx) => webhooks.create(tx, { url, events, description: options.description ?? '' }));
        io.out(`Created webhook ${row.id} for ${row.url}.`);
        io.out(`Signing secret (shown once): ${secret}`);
      });
    },
  },
  {
    words: ['webhook', 'list'],
    synopsis: '',
    summary: 'List the webhook subscriptions (never their secrets).',
    positionals: [],
    options: [],
    run: ({ config, io }) =>
      withWebhooks(config, async (webhooks, storage) => {
        const rows = await storage.read((tx) => webhooks.list(tx));
        if (rows.length === 0) {
          io.out('No webhooks.');
          return;
        }
        const table = rows.map((row) => [String(row.id), row.active === 1 ? 'active' : row.disabled_reason === null ? 'inactive' : 'disabled', (JSON.parse(row.events) as string[]).join(','), row.url]);
        for (const line of formatTable(['ID', 'STATE', 'EVENTS', 'URL'], table)) io.out(line);
      }),
  },
  {
    words: ['webhook', 'delete'],
    synopsis: '<id>',
    summary: 'Delete a webhook subscription and its deliveries.',
    positionals: ['id'],
    options: [],
    run: ({ config, io, args }) => {
      const id = countOption('id', args[0], 0, 1, MAX_ID);
      return withWebhooks(config, async (webhooks, storage) => {
        await storage.write(async (tx) => webhooks.remove(tx, await webhooks.find(tx, id)));
        io.out(`Deleted webhook ${id}.`);
      });
    },
  },
  {
    words: ['webhook', 'rotate-secret'],
    synopsis: '<id> [--grace <seconds>]',
    summary: 'Replace a webhook\'s signing secret; the old one keeps signing for --grace seconds (default 86400).',
    positionals: ['id'],
    options: ['grace'],
    run: ({ config, io, args, options }) => {
      const id = countOption('id', args[0], 0, 1, MAX_ID);
      const grace = countOption('grace', options.grace, 86_400, 0, MAX_GRACE_SECONDS);
      return withWebhooks(config, async (webhooks, storage) => {
        webhooks.ensureSecretsAvailable();
        const { secret } = await storage.write(async (tx) => webhooks.rotateSecret(tx, await webhooks.find(tx, id), grace));
        io.out(`New signing secret of webhook ${id} (shown once): ${secret}`);
        if (grace > 0) io.out(`The previous secret signs too for ${grace} seconds.`);
      });
    },
  },
];

function commandUsage(command: Command): string {
  return [PROGRAM, ...command.words, command.synopsis].filter((part) => part !== '').join(' ');
}

const USAGE = [
  `Usage: ${PROGRAM} <command> [options]`,
  '',
  'Commands:',
  ...COMMANDS.flatMap((command) => [`  ${commandUsage(command).slice(PROGRAM.length + 1)}`, `      ${command.summary}`]),
  '  help',
  '      Show this text; "<command> --help" shows one command.',
  '',
  `Roles: ${ROLE_NAMES.join(', ')}`,
  'Environment: DATABASE_URL = postgres://..., sqlite:<path> or a file path (default data/calendar.sqlite);',
  '  serve also reads PORT, HOST, CALENDAR_* and LOG_LEVEL.',
].join('\n');

function findCommand(argv: readonly string[]): Command | undefined {
  return COMMANDS.find((command) => command.words.every((word, index) => argv[index] === word));
}

function unknownCommandMessage(argv: readonly string[]): string {
  const [first, second] = argv;
  const subcommands = COMMANDS.filter((command) => command.words.length > 1 && command.words[0] === first).map((command) => command.words[1]);
  if (subcommands.length === 0) return `Unknown command "${first}".`;
  const choice = `use one of: ${subcommands.join(', ')}.`;
  return second === undefined ? `Missing the ${first} subcommand; ${choice}` : `Unknown ${first} subcommand "${second}"; ${choice}`;
}

interface ParsedCommandLine {
  readonly help: boolean;
  readonly args: string[];
  readonly options: Record<string, string | undefined>;
}

function parseCommandLine(command: Command, rest: string[]): ParsedCommandLine {
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      options: {
        help: { type: 'boolean', short: 'h' },
        ...Object.fromEntries(command.options.map((name) => [name, { type: 'string' as const }])),
        ...Object.fromEntries((command.flags ?? []).map((name) => [name, { type: 'boolean' as const }])),
      },
      strict: true,
      allowPositionals: true,
    });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) throw error;
    // Node's advice about "--" after an unknown option only confuses here; keep the first sentence.
    throw new UsageError((error as Error).message.replace(/^(Unknown option '[^']*')\..*$/s, '$1.'));
  }
  const { help, ...options } = parsed.values as Record<string, string | boolean | undefined>;
  const stringOptions = Object.fromEntries(Object.entries(options).map(([name, value]) => [name, typeof value === 'string' ? value : value === true ? 'true' : undefined]));
  // --help wins over whatever else is wrong on the line, as it does in most tools.
  if (help === true) return { help: true, args: parsed.positionals, options: stringOptions };
  const missing = command.positionals[parsed.positionals.length];
  if (missing !== undefined) throw new UsageError(`Missing <${missing}>.`);
  const extra = parsed.positionals[command.positionals.length];
  if (extra !== undefined) throw new UsageError(`Unexpected argument "${extra}".`);
  const missingOption = command.requiredOptions?.find((name) => stringOptions[name] === undefined);
  if (missingOption !== undefined) throw new UsageError(`Missing the required option --${missingOption}.`);
  return { help: false, args: parsed.positionals, options: stringOptions };
}

function errorMessage(error: unknown): string {
  // Node reports a refused connection to a host with several addresses (localhost: ::1 and 127.0.0.1)
  // as an AggregateError whose own message is empty.
  if (error instanceof AggregateError && error.message === '') return error.errors.map(errorMessage).join('; ');
  return error instanceof Error ? error.message : String(error);
}

/** Runs one command line (without `node` and the script); returns the process exit code. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  const [first] = argv;
  if (first === 'help' || first === '--help' || first === '-h') {
    io.out(USAGE);
    return 0;
  }
  const command = findCommand(argv);
  if (command === undefined) {
    io.err(first === undefined ? 'Missing command.' : unknownCommandMessage(argv));
    io.err(USAGE);
    return 2;
  }
  try {
    const { help, args, options } = parseCommandLine(command, argv.slice(command.words.length));
    if (help) {
      io.out(`Usage: ${commandUsage(command)}`);
      io.out(command.summary);
      return 0;
    }
    await command.run({ config: loadConfig(), io, args, options });
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(error.message);
      io.err(`Usage: ${commandUsage(command)}`);
      return 2;
    }
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    // The service's UserInputError and unexpected failures alike: the message alone, exit code 1.
    io.err(errorMessage(error));
    return 1;
  }
}

/**
 * Whether Node was started on this file (`node dist/cli.js serve`, `node --import tsx src/cli.ts
 * serve`) rather than importing it (bin/calendar-events.js, the tests). Node runs the realpath of
 * its main script, so a symlinked release directory (`/srv/calendar/current`) still matches.
 */
function isMainScript(): boolean {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === fileURLToPath(import.meta.url);
  } catch {
    return false; // `node --eval ... <argument>`: argv[1] is not a file.
  }
}

if (isMainScript()) process.exitCode = await main(process.argv.slice(2));
