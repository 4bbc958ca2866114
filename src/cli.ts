import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { ROLE_NAMES } from './auth/roles.ts';
import { LOGIN_THROTTLE, throttleKey, type ThrottleEntry } from './auth/login-throttle.ts';
import type { UsersService } from './auth/users.service.ts';
import { systemClock } from './clock.ts';
import { composeApplication, type Services } from './container.ts';
import { migrate, openStorage, type Storage } from './storage/database.ts';
import { parseEventCount, seed } from './seed/seed.ts';
import { backupDatabase, restoreDatabase } from './storage/backup.ts';
import { describeCounts } from './storage/integrity.ts';

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
