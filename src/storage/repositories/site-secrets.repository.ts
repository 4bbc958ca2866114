import type { ReadTx, WriteTx } from '../types.ts';

/** Secrets the service makes for itself (`site_secrets`), shared by every node. */
export class SiteSecretsRepository {
  async get(db: ReadTx, name: string): Promise<string | undefined> {
    return (await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirst())?.value;
  }

  /** Stores `value` under `name` unless a node stored one first; the one kept either way. */
  async keep(db: WriteTx, name: string, value: string): Promise<string> {
    await db
      .insertInto('site_secrets')
      .values({ name, value })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .execute();
    return (await this.get(db, name))!;
  }
}
