import type { ReadTx } from '../types.ts';

/** The content's version and when it last changed (migrations 20261122040000, 20261124060000). */
export interface ContentState {
  readonly version: number;
  /** An ISO-8601 UTC instant; null until the first write after the column was added. */
  readonly changedAt: string | null;
}

/** Reads the content version inside a unit of work, so it belongs to the same snapshot as the records read with it. */
export class ContentRepository {
  async state(db: ReadTx): Promise<ContentState> {
    const row = await db
      .selectFrom('content_version')
      .select(['version', 'changed_at'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    return { version: row.version, changedAt: row.changed_at };
  }
}
