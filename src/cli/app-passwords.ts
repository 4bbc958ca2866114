import { formatTable, validated, withUsers, type Command } from './command.ts';

/* A user's application passwords for HTTP Basic authentication: create (shown once), list, revoke. */

export const APP_PASSWORD_COMMANDS: readonly Command[] = [
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
        io.out(
          `Application password "${row.name}" created for ${login}. Use it with HTTP Basic authentication as ${login}:<password>. It is shown only once:`,
        );
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
        const rows = passwords.map((entry) => [
          entry.name,
          entry.uuid,
          entry.created_at,
          entry.last_used_at ?? 'never',
        ]);
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
];
