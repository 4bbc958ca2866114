import { randomUUID } from 'node:crypto';
import { nowUtc, type Clock } from '../clock.ts';
import type { Storage, WriteTx } from '../storage/database.ts';
import type { UsersRepository } from '../storage/repositories/users.repository.ts';
import type { AppPasswordRow, UserRow } from '../storage/tables.ts';
import { generateAccountPassword, generateApplicationPassword, hashPassword, normalizeApplicationPassword } from './passwords.ts';
import { isRole, ROLE_NAMES } from './roles.ts';
import type { CredentialStore } from './authenticator.ts';

/** A rule broken by a user-management request (bad login, unknown role...); the CLI prints it. */
export class UserInputError extends Error {}

/** The logins and e-mail addresses this service takes. */
export const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{1,60}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;

export interface CreateUserInput {
  login: string;
  role: string;
  email?: string;
  displayName?: string;
  password?: string;
  /** The id to give the user when no user has it (an import keeping a site's ids); else the next one. */
  id?: number;
}

/** Ends a user's sign-in sessions (SessionsService), in the unit that changes their password. */
export interface SessionEnder {
  removeAll(tx: WriteTx, userId: number): Promise<number>;
}

/** User and application-password management, shared by the CLI and start-up (admin bootstrap). */
export class UsersService implements CredentialStore {
  constructor(
    private readonly storage: Storage,
    private readonly repository: UsersRepository,
    private readonly clock: Clock,
    private readonly sessions: SessionEnder,
  ) {}

  /** Creates a user; returns the generated password when none was given. */
  async create(input: CreateUserInput): Promise<{ user: UserRow; generatedPassword?: string }> {
    if (!LOGIN_PATTERN.test(input.login)) throw new UserInputError(`Invalid login "${input.login}": use 1 to 60 letters, digits, ".", "_", "@" or "-".`);
    if (!isRole(input.role)) throw new UserInputError(`Invalid role "${input.role}": use one of ${ROLE_NAMES.join(', ')}.`);
    if (input.email !== undefined && input.email !== '' && !EMAIL_PATTERN.test(input.email)) throw new UserInputError(`Invalid e-mail address "${input.email}".`);
    if (input.password !== undefined && input.password.length < 8) throw new UserInputError('The password must be at least 8 characters long.');
    const taken = () => new UserInputError(`A user with the login "${input.login}" already exists.`);
    if (await this.storage.read((tx) => this.repository.getByLoginOrEmail(tx, input.login))) throw taken();
    const password = input.password ?? generateAccountPassword();
    // Hashed outside the unit: scrypt takes tens of milliseconds, and the unit holds the write lock.
    const passwordHash = await hashPassword(password);
    const user = await this.storage.write(async (tx) => {
      const id = input.id !== undefined && !(await this.repository.get(tx, input.id)) ? input.id : undefined;
      const created = await this.repository.create(tx, {
        ...(id === undefined ? {} : { id }),
        login: input.login,
        email: input.email ?? '',
        display_name: input.displayName ?? input.login,
        role: input.role,
        password_hash: passwordHash,
        created_at: nowUtc(this.clock),
      });
      // PostgreSQL's sequence does not see an id given: moved past it, so the next user's is free.
      if (id !== undefined) await this.storage.dialect.raiseIdSequences(tx);
      return created;
    });
    if (user === 'login-taken') throw taken();
    return input.password === undefined ? { user, generatedPassword: password } : { user };
  }

  list(): Promise<UserRow[]> {
    return this.storage.read((tx) => this.repository.list(tx));
  }

  /** Deletes a user; their application passwords and sign-in sessions go with them (foreign keys). */
  async remove(login: string): Promise<void> {
    const user = await this.require(login);
    await this.storage.write((tx) => this.repository.remove(tx, user.id));
  }

  /**
   * Sets a user's account password (generated and returned when none is given) and ends their
   * sign-in sessions in the same unit: whoever signed in with the old one is signed out everywhere.
   */
  async setPassword(login: string, password?: string): Promise<{ generatedPassword?: string }> {
    if (password !== undefined && password.length < 8) throw new UserInputError('The password must be at least 8 characters long.');
    const user = await this.require(login);
    const chosen = password ?? generateAccountPassword();
    // Hashed outside the unit, as in create.
    const passwordHash = await hashPassword(chosen);
    await this.storage.write(async (tx) => {
      await this.repository.setPasswordHash(tx, user.id, passwordHash);
      await this.sessions.removeAll(tx, user.id);
    });
    return password === undefined ? { generatedPassword: chosen } : {};
  }

  /** Creates an application password; the secret is returned once and only its hash is kept. */
  async createAppPassword(login: string, name = 'cli'): Promise<{ row: AppPasswordRow; password: string }> {
    const user = await this.require(login);
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 100) throw new UserInputError('The application password name must be 1 to 100 characters long.');
    const password = generateApplicationPassword();
    const passwordHash = await hashPassword(normalizeApplicationPassword(password));
    const row = await this.storage.write((tx) =>
      this.repository.createAppPassword(tx, { user_id: user.id, name: trimmed, uuid: randomUUID(), password_hash: passwordHash, created_at: nowUtc(this.clock) }),
    );
    if (row === 'name-taken') throw new UserInputError(`User "${login}" already has an application password named "${trimmed}".`);
    return { row, password };
  }

  async listAppPasswords(login: string): Promise<AppPasswordRow[]> {
    return this.appPasswordsOf((await this.require(login)).id);
  }

  async revokeAppPassword(login: string, name: string): Promise<void> {
    const user = await this.require(login);
    if (!(await this.storage.write((tx) => this.repository.removeAppPassword(tx, user.id, name)))) throw new UserInputError(`User "${login}" has no application password named "${name}".`);
  }

  /** First start with an empty database: `CALENDAR_ADMIN_PASSWORD` creates the `admin` user. */
  async bootstrapAdmin(password: string | undefined): Promise<boolean> {
    if (password === undefined || (await this.storage.read((tx) => this.repository.count(tx))) > 0) return false;
    try {
      await this.create({ login: 'admin', role: 'administrator', password });
      return true;
    } catch (error) {
      // Another node bootstrapped it at the same moment: that is the outcome we wanted.
      if (error instanceof UserInputError) return false;
      throw error;
    }
  }

  /** The user with this id (the authenticated caller's own account, for `wp/v2/users/me`). */
  get(id: number): Promise<UserRow | undefined> {
    return this.storage.read((tx) => this.repository.get(tx, id));
  }

  // Credentials, for the authenticator (CredentialStore).

  userByLogin(login: string): Promise<UserRow | undefined> {
    return this.storage.read((tx) => this.repository.getByLoginOrEmail(tx, login));
  }

  appPassword(id: number): Promise<AppPasswordRow | undefined> {
    return this.storage.read((tx) => this.repository.getAppPassword(tx, id));
  }

  appPasswordsOf(userId: number): Promise<AppPasswordRow[]> {
    return this.storage.read((tx) => this.repository.listAppPasswords(tx, userId));
  }

  markAppPasswordUsed(id: number): Promise<void> {
    return this.storage.write((tx) => this.repository.touchAppPassword(tx, id, nowUtc(this.clock)));
  }

  private async require(login: string): Promise<UserRow> {
    const user = await this.userByLogin(login);
    if (!user || user.login !== login) throw new UserInputError(`No user with the login "${login}".`);
    return user;
  }
}
