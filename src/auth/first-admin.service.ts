import { createHash, randomBytes } from 'node:crypto';
import { wireUtc, type Clock } from '../clock.ts';
import type { Storage } from '../storage/types.ts';
import type { SetupTokensRepository } from '../storage/repositories/setup-tokens.repository.ts';
import type { UsersRepository } from '../storage/repositories/users.repository.ts';
import type { UserRow } from '../storage/tables.ts';
import type { UsersService } from './users.service.ts';

/** How long a printed setup link works (decision 0097): long enough to read the console and open it. */
export const SETUP_LINK_MS = 60 * 60 * 1000;

/** Why a setup link does not open the form: a user exists already, or the link is unknown, used or expired. */
export type SetupRefusal = 'users-exist' | 'link-dead';

export class SetupRefused extends Error {
  constructor(readonly reason: SetupRefusal) {
    super(
      reason === 'users-exist' ? 'The calendar has users already.' : 'This setup link is unknown, used or expired.',
    );
  }
}

/** What the setup form gives: the administrator's account. */
export interface FirstAdministrator {
  readonly login: string;
  readonly email: string;
  readonly password: string;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The first administrator of an empty calendar, created through a one-time link (issue 44,
 * decision 0097): the link's token is random, stored as its hash in the shared database (any node
 * honours it), ends after SETUP_LINK_MS, is taken by the one setup that uses it, and no link works
 * once any user exists.
 */
export class FirstAdminSetup {
  constructor(
    private readonly storage: Storage,
    private readonly tokens: SetupTokensRepository,
    private readonly users: UsersRepository,
    private readonly accounts: Pick<UsersService, 'create'>,
    private readonly clock: Clock,
  ) {}

  /** A new link's token when the calendar has no user; undefined otherwise. */
  async issue(): Promise<string | undefined> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = wireUtc(new Date(this.clock.now().getTime() + SETUP_LINK_MS));
    const issued = await this.storage.write(async (tx) => {
      if ((await this.users.count(tx)) > 0) return false;
      await this.tokens.add(tx, hashOf(token), expiresAt);
      return true;
    });
    return issued ? token : undefined;
  }

  /** Throws SetupRefused unless `token` opens the setup form now. */
  async check(token: string): Promise<void> {
    const refusal = await this.storage.read(async (tx) => {
      if ((await this.users.count(tx)) > 0) return 'users-exist';
      return (await this.tokens.isLive(tx, hashOf(token), wireUtc(this.clock.now()))) ? undefined : 'link-dead';
    });
    if (refusal !== undefined) throw new SetupRefused(refusal);
  }

  /**
   * Creates the administrator with the link's token, which is used up: two forms sent at once
   * create one administrator. An account the users' rules refuse (UserInputError) gives the link
   * back, so the form can be sent again.
   */
  async complete(token: string, account: FirstAdministrator): Promise<UserRow> {
    const tokenHash = hashOf(token);
    const taken = await this.storage.write(async (tx) => {
      if ((await this.users.count(tx)) > 0) return 'users-exist';
      return (await this.tokens.take(tx, tokenHash, wireUtc(this.clock.now()))) ?? 'link-dead';
    });
    if (taken === 'users-exist' || taken === 'link-dead') throw new SetupRefused(taken);
    try {
      const { user } = await this.accounts.create({
        login: account.login,
        email: account.email,
        password: account.password,
        role: 'administrator',
      });
      await this.storage.write((tx) => this.tokens.removeAll(tx));
      return user;
    } catch (error) {
      await this.storage.write((tx) => this.tokens.add(tx, tokenHash, taken));
      throw error;
    }
  }
}
