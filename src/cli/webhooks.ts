import type { Config } from '../config.ts';
import { LOGIN_THROTTLE } from '../auth/login-throttle.ts';
import { systemClock } from '../clock.ts';
import { composeApplication } from '../container.ts';
import { EVENT_TYPE_PATTERNS } from '../modules/webhooks/event-types.ts';
import { MAX_GRACE_SECONDS, type WebhooksService } from '../modules/webhooks/webhooks.service.ts';
import type { Storage } from '../storage/types.ts';
import { MAX_ID } from '../storage/tables.ts';
import { countOption, formatTable, UsageError, withStorage, type Command } from './command.ts';

/* Webhook subscriptions: create (the signing secret shown once), list, delete, rotate the secret. */

/** The webhooks service and the storage its units run on. */
function withWebhooks<T>(
  config: Config,
  work: (webhooks: WebhooksService, storage: Storage) => Promise<T>,
): Promise<T> {
  return withStorage(config, async (storage) =>
    work((await composeApplication(storage, config, systemClock, LOGIN_THROTTLE)).services.webhooks, storage),
  );
}

export const WEBHOOK_COMMANDS: readonly Command[] = [
  {
    words: ['webhook', 'create'],
    synopsis: '<url> --events <type,...> [--description <text>]',
    summary:
      'Subscribe a receiver to notifications (event.created, venue.*, *, ...); the signing secret is shown once.',
    positionals: ['url'],
    options: ['events', 'description'],
    requiredOptions: ['events'],
    run: ({ config, io, args, options }) => {
      const events = (options.events ?? '')
        .split(',')
        .map((type) => type.trim())
        .filter((type) => type !== '');
      const unknown = events.find((type) => !EVENT_TYPE_PATTERNS.includes(type));
      if (events.length === 0 || unknown !== undefined)
        throw new UsageError(
          `--events must list types such as event.created, venue.* or *, got "${unknown ?? options.events}".`,
        );
      return withWebhooks(config, async (webhooks, storage) => {
        webhooks.ensureSecretsAvailable();
        const url = await webhooks.checkUrl(args[0]!);
        const { row, secret } = await storage.write((tx) =>
          webhooks.create(tx, { url, events, description: options.description ?? '' }),
        );
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
        const table = rows.map((row) => [
          String(row.id),
          row.active === 1 ? 'active' : row.disabled_reason === null ? 'inactive' : 'disabled',
          (JSON.parse(row.events) as string[]).join(','),
          row.url,
        ]);
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
    summary: "Replace a webhook's signing secret; the old one keeps signing for --grace seconds (default 86400).",
    positionals: ['id'],
    options: ['grace'],
    run: ({ config, io, args, options }) => {
      const id = countOption('id', args[0], 0, 1, MAX_ID);
      const grace = countOption('grace', options.grace, 86_400, 0, MAX_GRACE_SECONDS);
      return withWebhooks(config, async (webhooks, storage) => {
        webhooks.ensureSecretsAvailable();
        const { secret } = await storage.write(async (tx) =>
          webhooks.rotateSecret(tx, await webhooks.findLocked(tx, id), grace),
        );
        io.out(`New signing secret of webhook ${id} (shown once): ${secret}`);
        if (grace > 0) io.out(`The previous secret signs too for ${grace} seconds.`);
      });
    },
  },
];
