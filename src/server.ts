import { buildApp } from './app.ts';
import { Authenticator } from './auth/authenticator.ts';
import { UsersService } from './auth/users.service.ts';
import type { Config } from './config.ts';
import { migrate, openStorage, type Storage } from './storage/database.ts';

/** Failed logins allowed per client address within the window, before 429 (decisions.md section 4). */
export const LOGIN_THROTTLE = { maxFailures: 10, windowSeconds: 600 } as const;

/** Opens and migrates the database, then the service that sits on it: what `serve` and the tests share. */
export async function prepareService(config: Config) {
  const storage: Storage = openStorage(config.database);
  try {
    await migrate(storage);
    const admin = await new UsersService(storage).bootstrapAdmin(config.adminPassword);
    const authenticator = await Authenticator.create(storage, LOGIN_THROTTLE);
    return { storage, authenticator, adminCreated: admin };
  } catch (error) {
    await storage.close();
    throw error;
  }
}

/**
 * Serves until SIGTERM or SIGINT, then shuts down gracefully: stop accepting connections, let
 * in-flight requests finish, close the database. Resolves once all of that is done.
 */
export async function startServer(config: Config): Promise<void> {
  const { storage, authenticator, adminCreated } = await prepareService(config);
  const app = await buildApp({ config, storage, authenticator, logger: { level: config.logLevel } });
  if (adminCreated) app.log.info('created the administrator "admin" from CALENDAR_ADMIN_PASSWORD');
  await app.listen({ port: config.port, host: config.host });
  await new Promise<void>((resolve) => {
    const stop = (signal: NodeJS.Signals) => {
      app.log.info({ signal }, 'shutting down');
      process.off('SIGTERM', stop);
      process.off('SIGINT', stop);
      resolve();
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
  await app.close();
  await storage.close();
}
