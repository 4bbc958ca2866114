import { throttleKey, type ThrottleEntry } from '../auth/login-throttle.ts';
import { formatTable, UsageError, withServices, type Command } from './command.ts';

/* The login throttle's failed-login counters: list them, lift them. */

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

export const THROTTLE_COMMANDS: readonly Command[] = [
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
    summary:
      'Lift the login throttle: the counters of a login at every address, of an address, of the pair, or without options all of them.',
    positionals: [],
    options: ['login', 'address'],
    run: ({ config, io, options }) => {
      const { login, address } = options;
      if (login !== undefined && throttleKey('', login).login === '')
        throw new UsageError('--login must name a login.');
      if (address !== undefined && throttleKey(address).address === '')
        throw new UsageError('--address must name an address.');
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
