import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.ts';
import { ROLE_NAMES } from './auth/roles.ts';
import { APP_PASSWORD_COMMANDS } from './cli/app-passwords.ts';
import { BACKUP_COMMANDS } from './cli/backup.ts';
import { defaultIo, UsageError, type CliIo, type Command } from './cli/command.ts';
import { COPY_COMMANDS } from './cli/copy.ts';
import { IMPORT_COMMANDS } from './cli/imports.ts';
import { IMPORT_SOURCE_COMMANDS } from './cli/import-sources.ts';
import { SEED_COMMANDS } from './cli/seed.ts';
import { SERVE_COMMANDS } from './cli/serve.ts';
import { THROTTLE_COMMANDS } from './cli/throttle.ts';
import { USER_COMMANDS } from './cli/users.ts';
import { WEBHOOK_COMMANDS } from './cli/webhooks.ts';

/*
 * The command-line tool's entry: finds the command of a command line, checks its arguments
 * against the command's declaration, runs it and turns the outcome into an exit code. The
 * commands themselves are declared by group in src/cli/.
 */

const PROGRAM = 'calendar-events';

/** In the order the usage text lists them. */
const COMMANDS: readonly Command[] = [
  ...SERVE_COMMANDS,
  ...USER_COMMANDS,
  ...APP_PASSWORD_COMMANDS,
  ...SEED_COMMANDS,
  ...BACKUP_COMMANDS,
  ...COPY_COMMANDS,
  ...IMPORT_COMMANDS,
  ...IMPORT_SOURCE_COMMANDS,
  ...THROTTLE_COMMANDS,
  ...WEBHOOK_COMMANDS,
];

function commandUsage(command: Command): string {
  return [PROGRAM, ...command.words, command.synopsis].filter((part) => part !== '').join(' ');
}

const USAGE = [
  `Usage: ${PROGRAM} <command> [options]`,
  '',
  'Commands:',
  ...COMMANDS.flatMap((command) => [
    `  ${commandUsage(command).slice(PROGRAM.length + 1)}`,
    `      ${command.summary}`,
  ]),
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
  const subcommands = COMMANDS.filter((command) => command.words.length > 1 && command.words[0] === first).map(
    (command) => command.words[1],
  );
  if (subcommands.length === 0) return `Unknown command "${first}".`;
  const choice = `use one of: ${subcommands.join(', ')}.`;
  return second === undefined
    ? `Missing the ${first} subcommand; ${choice}`
    : `Unknown ${first} subcommand "${second}"; ${choice}`;
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
  const stringOptions = Object.fromEntries(
    Object.entries(options).map(([name, value]) => [
      name,
      typeof value === 'string' ? value : value === true ? 'true' : undefined,
    ]),
  );
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
