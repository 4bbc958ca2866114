import { parseArgs } from 'node:util';
import { parseEventCount } from '../src/seed/seed.ts';

/** What one bench run measures, from its command line. */
export interface BenchOptions {
  /** Events of each size, in order: a fresh seeded database each. */
  readonly sizes: readonly number[];
  readonly dialect: 'sqlite' | 'postgres';
  /** Seconds measured per scenario. */
  readonly duration: number;
  readonly connections: number;
  /** Seconds of warm-up before each measurement; 0 for none. */
  readonly warmup: number;
  /** The scenarios to run by name; undefined runs them all. */
  readonly scenarios: readonly string[] | undefined;
  /** How many of each size's events are weekly series (decision 0025); 0 without --recurring. */
  readonly seriesCount: number;
  /** `--computed` (or CALENDAR_READ_CACHE_MB=0 in the environment): the service runs without its read cache, every answer computed. */
  readonly computed: boolean;
  /**
   * `--without-record-cache`: each computed scenario run is followed by its twin against a service
   * without the record cache either (`CALENDAR_RECORD_CACHE_MB=0`), the answers computed from the
   * rows as before decision 0080: the before and after in one run.
   */
  readonly withoutRecordCache: boolean;
}

export const USAGE = `Usage: npm run bench -- [--events 100k[,1m...]] [--db sqlite|postgres] [--duration 10] [--connections 10]
       [--warmup 2] [--scenarios list-10,event-by-id,...] [--recurring <count>] [--computed]
       [--without-record-cache]

For each size, a fresh seeded database, the service and a bare-Fastify baseline as separate
processes pinned to CPU 0, autocannon in this process pinned to CPU 1, one table of results
printed and written to bench/results/. See bench/README.md.`;

/** Why a command line is refused; only inside parseBenchArgs, which returns it as a value. */
class OptionError extends Error {}

function refuse(message: string): never {
  throw new OptionError(message);
}

const positive = (name: string, text: string) =>
  /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : refuse(`--${name} must be a positive integer, got "${text}"`);

/** The bench's options from its arguments (after `node bench/run.ts`), `help` for --help, or what is wrong with them. */
export function parseBenchArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { options: BenchOptions } | { help: true } | { error: string } {
  try {
    const { values: flags } = parseArgs({
      args: [...argv],
      options: {
        events: { type: 'string', default: '100k' },
        db: { type: 'string', default: 'sqlite' },
        duration: { type: 'string', default: '10' },
        connections: { type: 'string', default: '10' },
        warmup: { type: 'string', default: '2' },
        scenarios: { type: 'string' },
        recurring: { type: 'string' },
        computed: { type: 'boolean', default: false },
        'without-record-cache': { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
    });
    if (flags.help) return { help: true };
    const sizes = flags.events
      .split(',')
      .map((text) => parseEventCount(text) ?? refuse(`--events: not a count: "${text}" (use 10k, 100k, 1m...)`));
    const dialect =
      flags.db === 'sqlite' || flags.db === 'postgres'
        ? flags.db
        : refuse(`--db must be sqlite or postgres, got "${flags.db}"`);
    const duration = positive('duration', flags.duration);
    const connections = positive('connections', flags.connections);
    const warmup = flags.warmup === '0' ? 0 : positive('warmup', flags.warmup);
    const seriesCount =
      flags.recurring === undefined
        ? 0
        : (parseEventCount(flags.recurring) ??
          refuse(`--recurring: not a count: "${flags.recurring}" (use 1k, 10k...)`));
    if (sizes.some((events) => events < seriesCount))
      refuse(`--recurring ${flags.recurring} is more than the events of a size`);
    return {
      options: {
        sizes,
        dialect,
        duration,
        connections,
        warmup,
        scenarios: flags.scenarios?.split(','),
        seriesCount,
        computed: flags.computed || env.CALENDAR_READ_CACHE_MB === '0',
        withoutRecordCache: flags['without-record-cache'],
      },
    };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    // parseArgs' own refusals (an unknown option, a missing value) read as ours do.
    if (error instanceof OptionError || (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')))
      return { error: (error as Error).message };
    throw error;
  }
}
