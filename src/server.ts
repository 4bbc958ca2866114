import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { configWarnings, withoutPassword, type Config } from './config.ts';
import { LOGIN_THROTTLE } from './auth/login-throttle.ts';
import { composeApplication } from './container.ts';
import { firstStartMessage } from './first-start.ts';
import { EXTEND_EVERY_MS } from './modules/events/horizon-extender.ts';
import { JournalPruner, PRUNE_EVERY_MS } from './modules/sync/journal-pruner.ts';
import { BackgroundTask } from './background-task.ts';
import { migrate, openStorage } from './storage/database.ts';
import type { Storage } from './storage/types.ts';
import { RecordChangesRepository } from './storage/repositories/record-changes.repository.ts';

/** Opens and migrates the database, then the service that sits on it: what `serve` and the tests share. */
export async function prepareService(config: Config) {
  // The serving pool's statements are bounded (decision 0023); the CLI's other commands are not.
  const storage: Storage = openStorage(config.database, {
    statementTimeoutMs: config.timeouts.statementMs,
    clock: systemClock,
  });
  try {
    await migrate(storage);
    const application = await composeApplication(storage, config, systemClock, LOGIN_THROTTLE);
    await application.services.media.files.checkWritable();
    const adminCreated = await application.services.users.bootstrapAdmin(config.adminPassword);
    return { storage, application, adminCreated };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/**
 * How far V8 lets the heap grow past what its last full collection kept (decision 0034). Its own
 * factor, up to four times the live heap when the process is busy, let a whole-calendar feed (one
 * long stream of short-lived batches) leave about 100 MB of garbage before a full collection; 20%
 * keeps that near 40 MB. V8 reads the flag whenever it sets the next collection's trigger, so set
 * at start-up it holds from the first one; 0 leaves V8's own factor.
 */
function boundHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}

/**
 * Serves until SIGTERM or SIGINT, then shuts down gracefully: stop accepting connections, let
 * in-flight requests finish, close the database. Resolves once all of that is done.
 */
export async function startServer(config: Config): Promise<void> {
  boundHeapGrowth(config.heapGrowthPercent);
  const { storage, application, adminCreated } = await prepareService(config);
  const app = await buildApp({ config, storage, application, clock: systemClock, logger: { level: config.logLevel } });
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (adminCreated) app.log.info('created the administrator "admin" from CALENDAR_ADMIN_PASSWORD');
  const listening = await app.listen({ port: config.port, host: config.host });
  const setupToken = config.adminPassword === undefined ? await application.services.firstAdmin.issue() : undefined;
  if (setupToken !== undefined)
    process.stdout.write(
      `${firstStartMessage(config, config.siteUrl === undefined ? listening : new URL(config.siteUrl).origin, setupToken)}\n`,
    );
  const extender = application.services.seriesExtender;
  extender.start(
    EXTEND_EVERY_MS,
    (error) => app.log.error({ err: error }, 'extending recurring series failed'),
    application.metrics?.taskRuns('extend_series'),
  );
  const pruner = new JournalPruner(storage, new RecordChangesRepository(), systemClock, config.syncRetentionDays);
  pruner.start(
    PRUNE_EVERY_MS,
    (error) => app.log.error({ err: error }, 'pruning the record-change journal failed'),
    application.metrics?.taskRuns('prune_journal'),
  );
  const dispatcher = application.webhookDispatcher;
  dispatcher.start({
    warn: (message) => app.log.warn(message),
    error: (error, message) => app.log.error({ err: error }, message),
  });
  const mailer = application.mailDispatcher;
  if (mailer) {
    mailer.start({ error: (error, message) => app.log.error({ err: error }, message) });
    // An SMTP server out of reach is an outage the outbox waits out (decision 0112), not a reason not to serve: said, not fatal.
    mailer.verify().then(
      () => app.log.info('the SMTP server of CALENDAR_SMTP_URL answers'),
      (error: unknown) =>
        app.log.warn(
          `CALENDAR_SMTP_URL (${withoutPassword(config.mail.smtpUrl!)}): ${error instanceof Error ? error.message : String(error)}; e-mail waits in the outbox until it answers`,
        ),
    );
  } else app.log.info('e-mail is off (CALENDAR_SMTP_URL is not set): messages are kept in the outbox as not sent');
  application.importRunner.useLog({ error: (error, message) => app.log.error({ err: error }, message) });
  // Each node looks for due import sources; the source runs' key lets one node claim each due time (decision 0117).
  const sourceScheduler = new BackgroundTask(() => application.services.sourceRuns.look());
  sourceScheduler.start(
    config.importSourcesPollMs,
    (error) => app.log.error({ err: error }, 'looking for due import sources failed'),
    application.metrics?.taskRuns('import_sources'),
  );
  await new Promise<void>((resolve) => {
    let stopping = false;
    // The handlers stay for the whole shutdown: a second signal (Ctrl-C reaching both npm and the
    // server, a supervisor repeating itself) would otherwise kill the process mid-way.
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      app.log.info({ signal }, 'shutting down');
      resolve();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  await extender.stop();
  await pruner.stop();
  await dispatcher.stop();
  await mailer?.stop();
  await sourceScheduler.stop();
  await application.importRunner.stop();
  await app.close();
  await storage.close();
}
