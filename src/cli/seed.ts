import { parseEventCount, seed } from '../seed/seed.ts';
import { UsageError, validated, withStorage, type Command } from './command.ts';

/* A generated calendar for trying the service out and for the benchmark. */

export const SEED_COMMANDS: readonly Command[] = [
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
      if (events === undefined)
        throw new UsageError(`--events must be a count such as 5000, 10k or 1m, got "${options.events}".`);
      const series = options.recurring === undefined ? 0 : parseEventCount(options.recurring);
      if (series === undefined || series > events)
        throw new UsageError(
          `--recurring must be a count such as 500 or 10k, at most --events, got "${options.recurring}".`,
        );
      return withStorage(config, async (storage) => {
        await seed(storage, {
          events,
          force: options.force === 'true',
          siteZone: config.timezone,
          recurring: { series, settings: config.recurrence },
          log: io.out,
        });
      });
    },
  },
];
