import type { Kysely } from 'kysely';
import type { AppPasswordRow, Database, NewUser, UserRow } from '../tables.ts';

export interface NewAppPassword {
  user_id: number;
  name: string;
  uuid: string;
  password_hash: string;
  created_at: string;
}

/** Users and their application passwords. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  count(): Promise<number> {
    return this.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow().then((row) => Number(row.n));
  }

  list(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().orderBy('id').execute();
  }

  get(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** By login, or by e-mail as WordPress also accepts for application passwords. */
  getByLoginOrEmail(name: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('login', '=', name), eb.and([eb('email', '=', name), eb('email', '<>', '')])]))
      .orderBy('id')
      .executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    return this.db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
  }

  async remove(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  listAppPasswords(userId: number): Promise<AppPasswordRow[]> {
    return this.db.selectFrom('app_passwords').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  getAppPassword(id: number): Promise<AppPasswordRow | undefined> {
    return this.db.selectFrom('app_passwords').selectAll().where('id', '=', id).executeTakeFirst();
  }

  createAppPassword(row: NewAppPassword): Promise<AppPasswordRow> {
    return this.db.insertInto('app_passwords').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async removeAppPassword(userId: number, name: string): Promise<boolean> {
    const result = await this.db.deleteFrom('app_passwords').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  async touchAppPassword(id: number, at: string): Promise<void> {
    await this.db.updateTable('app_passwords').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
