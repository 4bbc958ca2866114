import type { DialectCapabilities, ReadTx, WriteTx } from '../database.ts';
import type { AppPasswordRow, NewUser, UserRow } from '../tables.ts';
import { unlessTaken } from './unique.ts';

export interface NewAppPassword {
  user_id: number;
  name: string;
  uuid: string;
  password_hash: string;
  created_at: string;
}

/** Users and their application passwords. */
export class UsersRepository {
  constructor(private readonly dialect: DialectCapabilities) {}

  count(db: ReadTx): Promise<number> {
    return db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((row) => Number(row.n));
  }

  list(db: ReadTx): Promise<UserRow[]> {
    return db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  get(db: ReadTx, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** By login, or by e-mail as WordPress also accepts for application passwords. */
  getByLoginOrEmail(db: ReadTx, name: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('login', '=', name), eb.and([eb('email', '=', name), eb('email', '<>', '')])]))
      .orderBy('id')
      .executeTakeFirst();
  }

  /** The new user, or `login-taken` when another user holds the login. */
  create(db: WriteTx, user: NewUser): Promise<UserRow | 'login-taken'> {
    return unlessTaken(this.dialect, () => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(), 'login-taken');
  }

  async remove(db: WriteTx, id: number): Promise<boolean> {
    const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async setPasswordHash(db: WriteTx, id: number, passwordHash: string): Promise<void> {
    await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }

  listAppPasswords(db: ReadTx, userId: number): Promise<AppPasswordRow[]> {
    return db.selectFrom('app_passwords').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  getAppPassword(db: ReadTx, id: number): Promise<AppPasswordRow | undefined> {
    return db.selectFrom('app_passwords').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The new application password, or `name-taken` when the user has one of that name. */
  createAppPassword(db: WriteTx, row: NewAppPassword): Promise<AppPasswordRow | 'name-taken'> {
    return unlessTaken(this.dialect, () => db.insertInto('app_passwords').values(row).returningAll().executeTakeFirstOrThrow(), 'name-taken');
  }

  async removeAppPassword(db: WriteTx, userId: number, name: string): Promise<boolean> {
    const result = await db.deleteFrom('app_passwords').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touchAppPassword(db: WriteTx, id: number, at: string): Promise<void> {
    await db.updateTable('app_passwords').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
