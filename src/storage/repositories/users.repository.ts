import { sql, type SqlBool } from 'kysely';
import { containsAny, NEVER } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { AppPasswordRow, NewUser, UserRow } from '../tables.ts';
import { unlessTaken } from './unique.ts';

/** WordPress' `search` (login, e-mail, name, as a substring) and `roles` (any of them). */
export interface UserFilter {
  search?: string;
  roles?: readonly string[];
}

export type UserUpdate = Partial<Pick<UserRow, 'display_name' | 'email' | 'role' | 'password_hash'>>;

function filtered(db: ReadTx, { search, roles }: UserFilter) {
  let query = db.selectFrom('users');
  if (roles !== undefined)
    query = query.where(roles.length === 0 ? NEVER : sql<SqlBool>`role in (${sql.join([...roles])})`);
  if (search !== undefined && search !== '')
    query = query.where(containsAny(['login', 'email', 'display_name'], search));
  return query;
}

export interface NewAppPassword {
  user_id: number;
  name: string;
  uuid: string;
  password_hash: string;
  lookup_prefix: string;
  created_at: string;
}

/** Users and their application passwords. */
export class UsersRepository {
  constructor(private readonly dialect: DialectCapabilities) {}

  count(db: ReadTx, filter: UserFilter = {}): Promise<number> {
    return filtered(db, filter)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  /** Users by id; a page of them with `offset`/`limit`. */
  list(db: ReadTx, filter: UserFilter & { offset?: number; limit?: number } = {}): Promise<UserRow[]> {
    let query = filtered(db, filter).selectAll().orderBy('id');
    if (filter.limit !== undefined) query = query.limit(filter.limit).offset(filter.offset ?? 0);
    return query.execute();
  }

  update(db: WriteTx, id: number, changes: UserUpdate): Promise<UserRow> {
    if (Object.keys(changes).length === 0)
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
  }

  /** Every post of one user becomes another's (a user deleted with WordPress' `reassign`). */
  async reassignPosts(db: WriteTx, from: number, to: number): Promise<void> {
    await db.updateTable('posts').set({ author_id: to }).where('author_id', '=', from).execute();
  }

  get(db: ReadTx, id: number): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * The user a sign-in name names: the one with that login, else the one with that e-mail address
   * (without regard to case, as WordPress compares addresses). The login comes first, so no user
   * can take another's sign-in by giving their account that login as its e-mail (decision 0093).
   */
  getByLoginOrEmail(db: ReadTx, name: string): Promise<UserRow | undefined> {
    return db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([eb('login', '=', name), eb.and([sql<SqlBool>`lower(email) = lower(${name})`, eb('email', '<>', '')])]),
      )
      .orderBy(sql`case when login = ${name} then 0 else 1 end`)
      .orderBy('id')
      .executeTakeFirst();
  }

  /**
   * A user whose login or e-mail address is `name`, without regard to case (a name sign-in could
   * take for theirs), except the user `exceptId`: the check that keeps every sign-in name to one user.
   */
  nameHolder(db: ReadTx, name: string, exceptId?: number): Promise<UserRow | undefined> {
    let query = db
      .selectFrom('users')
      .selectAll()
      .where((eb) =>
        eb.or([
          sql<SqlBool>`lower(login) = lower(${name})`,
          eb.and([sql<SqlBool>`lower(email) = lower(${name})`, eb('email', '<>', '')]),
        ]),
      );
    if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
    return query.orderBy('id').executeTakeFirst();
  }

  /** The new user, or `login-taken` when another user holds the login. */
  create(db: WriteTx, user: NewUser): Promise<UserRow | 'login-taken'> {
    return unlessTaken(
      this.dialect,
      () => db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow(),
      'login-taken',
    );
  }

  async remove(db: WriteTx, id: number): Promise<boolean> {
    const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  listAppPasswords(db: ReadTx, userId: number): Promise<AppPasswordRow[]> {
    return db.selectFrom('app_passwords').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  }

  /**
   * The application passwords of a user that a password with this lookup prefix may be: those with
   * the prefix (one, but for a chance of 1 in 62^4 per pair), then those made before prefixes were kept.
   */
  appPasswordCandidates(db: ReadTx, userId: number, prefix: string): Promise<AppPasswordRow[]> {
    return db
      .selectFrom('app_passwords')
      .selectAll()
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('lookup_prefix', '=', prefix), eb('lookup_prefix', 'is', null)]))
      .orderBy(sql`case when lookup_prefix is null then 1 else 0 end`)
      .orderBy('id')
      .execute();
  }

  getAppPassword(db: ReadTx, id: number): Promise<AppPasswordRow | undefined> {
    return db.selectFrom('app_passwords').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The new application password, or `name-taken` when the user has one of that name. */
  createAppPassword(db: WriteTx, row: NewAppPassword): Promise<AppPasswordRow | 'name-taken'> {
    return unlessTaken(
      this.dialect,
      () => db.insertInto('app_passwords').values(row).returningAll().executeTakeFirstOrThrow(),
      'name-taken',
    );
  }

  async removeAppPassword(db: WriteTx, userId: number, by: { name: string } | { uuid: string }): Promise<boolean> {
    const result = await db
      .deleteFrom('app_passwords')
      .where('user_id', '=', userId)
      .where((eb) => ('name' in by ? eb('name', '=', by.name) : eb('uuid', '=', by.uuid)))
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Every application password of one user; how many there were. */
  async removeAppPasswords(db: WriteTx, userId: number): Promise<number> {
    const result = await db.deleteFrom('app_passwords').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Records a use; gives a row made before lookup prefixes its prefix. */
  async touchAppPassword(db: WriteTx, id: number, at: string, lookupPrefix: string): Promise<void> {
    await db
      .updateTable('app_passwords')
      .set({ last_used_at: at, lookup_prefix: lookupPrefix })
      .where('id', '=', id)
      .execute();
  }
}
