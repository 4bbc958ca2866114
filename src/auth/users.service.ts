import { randomUUID } from 'node:crypto';
import { nowUtc, type Clock } from '../clock.ts';
import type { ReadTx, Storage, WriteTx } from '../storage/types.ts';
import type { UserFilter, UsersRepository } from '../storage/repositories/users.repository.ts';
import type { AppPasswordRow, UserRow } from '../storage/tables.ts';
import {
  applicationPasswordPrefix,
  generateAccountPassword,
  generateApplicationPassword,
  hashPassword,
  normalizeApplicationPassword,
} from './passwords.ts';
import { isRole, ROLE_NAMES } from './roles.ts';
import type { CredentialStore } from './authenticator.ts';

/** Why a user-management request was refused; the API turns each into WordPress' code. */
export type UserInputProblem =
  | 'invalid'
  | 'invalid-login'
  | 'invalid-email'
  | 'invalid-role'
  | 'weak-password'
  | 'login-taken'
  | 'email-taken'
  | 'no-user'
  | 'no-reassign'
  | 'name-taken'
  | 'no-app-password';

/** A rule broken by a user-management request (bad login, unknown role...); the CLI prints it. */
export class UserInputError extends Error {
  constructor(
    message: string,
    readonly problem: UserInputProblem = 'invalid',
  ) {
    super(message);
  }
}

/** A user named by login (the CLI) or by id (the API). */
export type UserRef = string | number;

/** What an update may change; absent members stay as they are. */
export interface UserChanges {
  displayName?: string;
  email?: string;
  role?: string;
  password?: string;
}

/** A page of the user list, filtered as WordPress' `GET /wp/v2/users` filters it. */
export type UserQuery = UserFilter & { offset: number; limit: number };

const MIN_PASSWORD = 8;
const checkPassword = (password: string | undefined) => {
  if (password !== undefined && password.length < MIN_PASSWORD)
    throw new UserInputError(`The password must be at least ${MIN_PASSWORD} characters long.`, 'weak-password');
};
const checkEmail = (email: string | undefined) => {
  if (email !== undefined && email !== '' && !EMAIL_PATTERN.test(email))
    throw new UserInputError(`Invalid e-mail address "${email}".`, 'invalid-email');
};
const checkRole = (role: string | undefined) => {
  if (role !== undefined && !isRole(role))
    throw new UserInputError(`Invalid role "${role}": use one of ${ROLE_NAMES.join(', ')}.`, 'invalid-role');
};

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

/** An application password's secret, shown once, and what is kept of it: made outside any unit, as hashing is slow. */
export interface AppPasswordSecret {
  readonly password: string;
  readonly passwordHash: string;
  readonly lookupPrefix: string;
}

/** A new application password's secret (WordPress' chunked format) and its hash. */
export async function newAppPasswordSecret(): Promise<AppPasswordSecret> {
  const password = generateApplicationPassword();
  const normalized = normalizeApplicationPassword(password);
  return {
    password,
    passwordHash: await hashPassword(normalized),
    lookupPrefix: applicationPasswordPrefix(normalized)!,
  };
}

/** An application password's name, trimmed, or the refusal of one empty or over 100 characters. */
export function appPasswordName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '' || trimmed.length > 100)
    throw new UserInputError('The application password name must be 1 to 100 characters long.');
  return trimmed;
}

/**
 * User and application-password management, shared by the CLI, start-up (admin bootstrap) and the
 * API: each write has a form that opens its own unit (the CLI's) and one that runs in the caller's
 * unit (`...In`, the API's write routes), the first calling the second.
 */
export class UsersService implements CredentialStore {
  constructor(
    private readonly storage: Storage,
    private readonly repository: UsersRepository,
    private readonly clock: Clock,
    private readonly sessions: SessionEnder,
  ) {}

  /**
   * Refuses an e-mail address another user holds as their e-mail (WordPress' `existing_user_email`)
   * or as their login: sign-in takes either, and one name must not lead to two users (decision 0093).
   */
  private async emailFree(tx: ReadTx, email: string | undefined, exceptId?: number): Promise<void> {
    if (email === undefined || email === '') return;
    if (await this.repository.nameHolder(tx, email, exceptId))
      throw new UserInputError(`Another user has the login or e-mail address "${email}".`, 'email-taken');
  }

  /** Creates a user; returns the generated password when none was given. */
  async create(input: CreateUserInput): Promise<{ user: UserRow; generatedPassword?: string }> {
    this.checkNewUser(input);
    const password = input.password ?? generateAccountPassword();
    // Hashed outside the unit: scrypt takes tens of milliseconds, and the unit holds the write lock.
    const passwordHash = await hashPassword(password);
    const user = await this.storage.write((tx) => this.createIn(tx, input, passwordHash));
    return input.password === undefined ? { user, generatedPassword: password } : { user };
  }

  /** The rules a new user's login, role, e-mail and password follow, checked before anything is hashed or read. */
  checkNewUser(input: CreateUserInput): void {
    if (!LOGIN_PATTERN.test(input.login))
      throw new UserInputError(
        `Invalid login "${input.login}": use 1 to 60 letters, digits, ".", "_", "@" or "-".`,
        'invalid-login',
      );
    checkRole(input.role);
    checkEmail(input.email);
    checkPassword(input.password);
  }

  /**
   * Creates a user whose password was hashed outside the unit (`create`, or the API's `prepare`),
   * in the caller's unit: the rules `checkNewUser` checked are not checked again.
   */
  async createIn(tx: WriteTx, input: CreateUserInput, passwordHash: string): Promise<UserRow> {
    // Another user's e-mail address is refused as a login too, and logins differing only in case
    // (as WordPress compares them): sign-in takes either (decision 0093).
    const taken = () =>
      new UserInputError(`A user with the login or e-mail address "${input.login}" already exists.`, 'login-taken');
    if (await this.repository.nameHolder(tx, input.login)) throw taken();
    await this.emailFree(tx, input.email);
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
    if (created === 'login-taken') throw taken();
    // PostgreSQL's sequence does not see an id given: moved past it, so the next user's is free.
    if (id !== undefined) await this.storage.dialect.raiseIdSequences(tx);
    return created;
  }

  list(): Promise<UserRow[]> {
    return this.storage.read((tx) => this.repository.list(tx));
  }

  /** A page of users by id and how many match in all (`GET /wp/v2/users`), in the route's unit. */
  async page(tx: ReadTx, query: UserQuery): Promise<{ rows: UserRow[]; total: number }> {
    return { rows: await this.repository.list(tx, query), total: await this.repository.count(tx, query) };
  }

  /**
   * Deletes a user; their application passwords and sign-in sessions go with them (foreign keys).
   * With `reassignTo`, their posts become that user's in the same unit, as WordPress' `reassign`.
   */
  async remove(ref: UserRef, reassignTo?: number): Promise<UserRow> {
    const user = await this.require(ref);
    await this.storage.write(async (tx) => {
      await this.removeIn(tx, user.id, reassignTo);
      // The posts' author changed: cached answers that show them are retired on every node.
      if (reassignTo !== undefined) await this.storage.touchContent(tx, this.clock.now());
    });
    return user;
  }

  /** `remove` in the caller's unit, which then moves the content version (the API's write pipeline does). */
  async removeIn(tx: WriteTx, userId: number, reassignTo?: number): Promise<void> {
    if (reassignTo !== undefined) {
      if (reassignTo === userId || !(await this.repository.get(tx, reassignTo)))
        throw new UserInputError(`No other user with the id ${reassignTo} to reassign the posts to.`, 'no-reassign');
      await this.repository.reassignPosts(tx, userId, reassignTo);
    }
    await this.repository.remove(tx, userId);
  }

  /**
   * Sets a user's account password (generated and returned when none is given) and ends their
   * sign-in sessions in the same unit: whoever signed in with the old one is signed out everywhere.
   */
  async setPassword(ref: UserRef, password?: string): Promise<{ generatedPassword?: string }> {
    checkPassword(password);
    const chosen = password ?? generateAccountPassword();
    await this.update(ref, { password: chosen });
    return password === undefined ? { generatedPassword: chosen } : {};
  }

  /**
   * Changes a user's name, e-mail, role or password in one unit. A new password ends the user's
   * sign-in sessions in that unit, and the authenticator's memo of the old one no longer matches
   * the stored hash, so the old password fails at once on every node.
   */
  async update(ref: UserRef, changes: UserChanges): Promise<UserRow> {
    this.checkChanges(changes);
    const user = await this.require(ref);
    // Hashed outside the unit, as in create.
    const passwordHash = changes.password === undefined ? undefined : await hashPassword(changes.password);
    return this.storage.write((tx) => this.updateIn(tx, user.id, changes, passwordHash));
  }

  /** The rules an update's role, e-mail and password follow, checked before anything is hashed. */
  checkChanges(changes: UserChanges): void {
    checkRole(changes.role);
    checkEmail(changes.email);
    checkPassword(changes.password);
  }

  /** `update` in the caller's unit, the new password (if any) hashed outside it: `changes.password` is not read. */
  async updateIn(
    tx: WriteTx,
    userId: number,
    changes: UserChanges,
    passwordHash: string | undefined,
  ): Promise<UserRow> {
    await this.emailFree(tx, changes.email, userId);
    const updated = await this.repository.update(tx, userId, {
      ...(changes.displayName === undefined ? {} : { display_name: changes.displayName }),
      ...(changes.email === undefined ? {} : { email: changes.email }),
      ...(changes.role === undefined ? {} : { role: changes.role }),
      ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
    });
    if (passwordHash !== undefined) await this.sessions.removeAll(tx, userId);
    return updated;
  }

  /** Creates an application password; the secret is returned once and only its hash is kept. */
  async createAppPassword(ref: UserRef, name = 'cli'): Promise<{ row: AppPasswordRow; password: string }> {
    const user = await this.require(ref);
    const trimmed = appPasswordName(name);
    const secret = await newAppPasswordSecret();
    const row = await this.storage.write((tx) => this.createAppPasswordIn(tx, user, trimmed, secret));
    return { row, password: secret.password };
  }

  /** `createAppPassword` in the caller's unit, with a name `appPasswordName` checked and a secret made outside the unit. */
  async createAppPasswordIn(
    tx: WriteTx,
    user: UserRow,
    name: string,
    secret: AppPasswordSecret,
  ): Promise<AppPasswordRow> {
    // Looked for first, in the unit, under the name's lock (decision 0082): on PostgreSQL a refused
    // insert would abort the unit's transaction.
    await this.storage.dialect.lockKey(tx, `app-password:${user.id}:${name}`);
    const taken = () =>
      new UserInputError(`User "${user.login}" already has an application password named "${name}".`, 'name-taken');
    if ((await this.repository.listAppPasswords(tx, user.id)).some((existing) => existing.name === name)) throw taken();
    const row = await this.repository.createAppPassword(tx, {
      user_id: user.id,
      name,
      uuid: randomUUID(),
      password_hash: secret.passwordHash,
      lookup_prefix: secret.lookupPrefix,
      created_at: nowUtc(this.clock),
    });
    if (row === 'name-taken') throw taken();
    return row;
  }

  async listAppPasswords(ref: UserRef): Promise<AppPasswordRow[]> {
    const { id } = await this.require(ref);
    return this.storage.read((tx) => this.appPasswordsOf(tx, id));
  }

  /**
   * Revokes one application password, named (the CLI) or by uuid (the API). The authenticator
   * re-reads a remembered application password's row on every request, so it fails at once.
   */
  async revokeAppPassword(ref: UserRef, which: string | { uuid: string }): Promise<void> {
    const user = await this.require(ref);
    await this.storage.write((tx) => this.revokeAppPasswordIn(tx, user, which));
  }

  /** `revokeAppPassword` in the caller's unit. */
  async revokeAppPasswordIn(tx: WriteTx, user: UserRow, which: string | { uuid: string }): Promise<void> {
    const by = typeof which === 'string' ? { name: which } : which;
    if (!(await this.repository.removeAppPassword(tx, user.id, by))) {
      throw new UserInputError(
        `User "${user.login}" has no application password ${typeof which === 'string' ? `named "${which}"` : `with the uuid ${which.uuid}`}.`,
        'no-app-password',
      );
    }
  }

  /** Revokes every application password of a user at once (WordPress' "Revoke all"); how many there were. */
  async revokeAllAppPasswords(ref: UserRef): Promise<number> {
    const user = await this.require(ref);
    return this.storage.write((tx) => this.revokeAllAppPasswordsIn(tx, user.id));
  }

  /** `revokeAllAppPasswords` in the caller's unit. */
  revokeAllAppPasswordsIn(tx: WriteTx, userId: number): Promise<number> {
    return this.repository.removeAppPasswords(tx, userId);
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
    return this.storage.read((tx) => this.user(tx, id));
  }

  /** The user with this id, in the caller's unit (the `wp/v2/users` reads). */
  user(tx: ReadTx, id: number): Promise<UserRow | undefined> {
    return this.repository.get(tx, id);
  }

  // Credentials, for the authenticator (CredentialStore).

  userByLogin(login: string): Promise<UserRow | undefined> {
    return this.storage.read((tx) => this.loginUser(tx, login));
  }

  loginUser(tx: ReadTx, login: string): Promise<UserRow | undefined> {
    return this.repository.getByLoginOrEmail(tx, login);
  }

  appPassword(tx: ReadTx, id: number): Promise<AppPasswordRow | undefined> {
    return this.repository.getAppPassword(tx, id);
  }

  /** A user's application passwords, in the caller's unit. */
  appPasswordsOf(tx: ReadTx, userId: number): Promise<AppPasswordRow[]> {
    return this.repository.listAppPasswords(tx, userId);
  }

  appPasswordCandidates(userId: number, prefix: string): Promise<AppPasswordRow[]> {
    return this.storage.read((tx) => this.repository.appPasswordCandidates(tx, userId, prefix));
  }

  markAppPasswordUsed(id: number, lookupPrefix: string): Promise<void> {
    return this.storage.write((tx) => this.repository.touchAppPassword(tx, id, nowUtc(this.clock), lookupPrefix));
  }

  private async require(ref: UserRef): Promise<UserRow> {
    if (typeof ref === 'number') {
      const user = await this.get(ref);
      if (!user) throw new UserInputError(`No user with the id ${ref}.`, 'no-user');
      return user;
    }
    const user = await this.userByLogin(ref);
    if (!user || user.login !== ref) throw new UserInputError(`No user with the login "${ref}".`, 'no-user');
    return user;
  }
}
