import { randomUUID } from 'node:crypto';
import { nowUtc } from '../clock.ts';
import type { Storage } from '../storage/database.ts';
import { UsersRepository } from '../storage/repositories/users.repository.ts';
import type { AppPasswordRow, UserRow } from '../storage/tables.ts';
import { generateAccountPassword, generateApplicationPassword, hashPassword, normalizeApplicationPassword } from './passwords.ts';
import { isRole, ROLE_NAMES } from './roles.ts';

/** A rule broken by a user-management request (bad login, unknown role...); the CLI prints it. */
export class UserInputError extends Error {}

const LOGIN_PATTERN = /^[A-Za-z0-9._@-]{1,60}$/;

export interface CreateUserInput {
  login: string;
  role: string;
  email?: string;
  displayName?: string;
  password?: string;
}

/** User and application-password management, shared by the CLI and start-up (admin bootstrap). */
export class UsersService {
  readonly repository: UsersRepository;

  constructor(private readonly storage: Storage) {
    this.repository = new UsersRepository(storage.db);
  }

  /** Creates a user; returns the generated password when none was given. */
  async create(input: CreateUserInput): Promise<{ user: UserRow; generatedPassword?: string }> {
    if (!LOGIN_PATTERN.test(input.login)) throw new UserInputError(`Invalid login "${input.login}": use 1 to 60 letters, digits, ".", "_", "@" or "-".`);
    if (!isRole(input.role)) throw new UserInputError(`Invalid role "${input.role}": use one of ${ROLE_NAMES.join(', ')}.`);
    if (input.email !== undefined && input.email !== '' && !/^[^\s@]+@[^\s@]+$/.test(input.email)) throw new UserInputError(`Invalid e-mail address "${input.email}".`);
    if (input.password !== undefined && input.password.length < 8) throw new UserInputError('The password must be at least 8 characters long.');
    if (await this.repository.getByLoginOrEmail(input.login)) throw new UserInputError(`A user with the login "${input.login}" already exists.`);
    const password = input.password ?? generateAccountPassword();
    try {
      const user = await this.repository.create({
        login: input.login,
        email: input.email ?? '',
        display_name: input.displayName ?? input.login,
        role: input.role,
        password_hash: await hashPassword(password),
        created_at: nowUtc(),
      });
      return input.password === undefined ? { user, generatedPassword: password } : { user };
    } catch (error) {
      if (this.storage.dialect.isUniqueViolation(error)) throw new UserInputError(`A user with the login "${input.login}" already exists.`);
      throw error;
    }
  }

  list(): Promise<UserRow[]> {
    return this.repository.list();
  }

  async remove(login: string): Promise<void> {
    const user = await this.require(login);
    await this.repository.remove(user.id);
  }

  /** Creates an application password; the secret is returned once and only its hash is kept. */
  async createAppPassword(login: string, name = 'cli'): Promise<{ row: AppPasswordRow; password: string }> {
    const user = await this.require(login);
    const trimmed = name.trim();
    if (trimmed === '' || trimmed.length > 100) throw new UserInputError('The application password name must be 1 to 100 characters long.');
    const password = generateApplicationPassword();
    try {
      const row = await this.repository.createAppPassword({
        user_id: user.id,
        name: trimmed,
        uuid: randomUUID(),
        password_hash: await hashPassword(normalizeApplicationPassword(password)),
        created_at: nowUtc(),
      });
      return { row, password };
    } catch (error) {
      if (this.storage.dialect.isUniqueViolation(error)) throw new UserInputError(`User "${login}" already has an application password named "${trimmed}".`);
      throw error;
    }
  }

  async listAppPasswords(login: string): Promise<AppPasswordRow[]> {
    return this.repository.listAppPasswords((await this.require(login)).id);
  }

  async revokeAppPassword(login: string, name: string): Promise<void> {
    const user = await this.require(login);
    if (!(await this.repository.removeAppPassword(user.id, name))) throw new UserInputError(`User "${login}" has no application password named "${name}".`);
  }

  /** First start with an empty database: `CALENDAR_ADMIN_PASSWORD` creates the `admin` user. */
  async bootstrapAdmin(password: string | undefined): Promise<boolean> {
    if (password === undefined || (await this.repository.count()) > 0) return false;
    try {
      await this.create({ login: 'admin', role: 'administrator', password });
      return true;
    } catch (error) {
      // Another node bootstrapped it at the same moment: that is the outcome we wanted.
      if (error instanceof UserInputError) return false;
      throw error;
    }
  }

  private async require(login: string): Promise<UserRow> {
    const user = await this.repository.getByLoginOrEmail(login);
    if (!user || user.login !== login) throw new UserInputError(`No user with the login "${login}".`);
    return user;
  }
}
