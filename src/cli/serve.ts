import { migrate, openStorage } from '../storage/database.ts';
import type { Command } from './command.ts';

/* Running the service: the server itself, and the schema it needs. */

export const SERVE_COMMANDS: readonly Command[] = [
  {
    words: ['serve'],
    synopsis: '',
    summary: 'Start the HTTP server.',
    positionals: [],
    options: [],
    run: async ({ config }) => {
      // Loaded on demand so that the management commands do not pull in Fastify.
      const { startServer } = await import('../server.ts');
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
];
