import { formatTable, validated, withUsers, type Command } from './command.ts';

/* The users: create (a generated password shown once), list, set a password, delete. */

/** A generated password, last and alone on its line, so scripts can take it with `tail -n 1`. */
function showGenerated(io: { out(line: string): void }, password: string | undefined): void {
  if (password === undefined) return;
  io.out('Generated password (shown once):');
  io.out(password);
}

export const USER_COMMANDS: readonly Command[] = [
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
        showGenerated(io, generatedPassword);
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
        const rows = users.map((user) => [
          String(user.id),
          user.login,
          user.role,
          user.email || '-',
          user.display_name,
          user.created_at,
        ]);
        for (const line of formatTable(['ID', 'LOGIN', 'ROLE', 'EMAIL', 'DISPLAY NAME', 'CREATED (UTC)'], rows))
          io.out(line);
      }),
  },
  {
    words: ['user', 'password'],
    synopsis: '<login> [--password <password>]',
    summary: "Set a user's password (without --password one is generated and shown once) and sign them out everywhere.",
    positionals: ['login'],
    options: ['password'],
    run: ({ config, io, args, options }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        const { generatedPassword } = await users.setPassword(login, options.password);
        io.out(`Set the password of ${login}; their sessions have ended.`);
        showGenerated(io, generatedPassword);
      }),
  },
  {
    words: ['user', 'delete'],
    synopsis: '<login>',
    summary: 'Delete a user, their application passwords and their sessions.',
    positionals: ['login'],
    options: [],
    run: ({ config, io, args }) =>
      withUsers(config, async (users) => {
        const login = validated(args[0]);
        await users.remove(login);
        io.out(`Deleted user ${login}.`);
      }),
  },
];
