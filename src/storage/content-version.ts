import type { Kysely } from 'kysely';
import { NEXT_VERSION } from './conditions.ts';
import type { Database } from './tables.ts';
import type { Storage } from './types.ts';
import { markContentTouched } from './write-units.ts';

/**
 * How many content versions' change tags are kept: a node further behind than that drops its whole
 * read cache instead of reading what changed (decision 0033). The pruning is the trigger's of
 * migrations 20261127050000 and 20261128210000, which hold the same number.
 */
export const CONTENT_CHANGES_KEPT = 1000;

/** The content version's read and write, the same SQL on both engines. */
export function contentVersionOf(
  root: Kysely<Database>,
): Pick<Storage, 'contentVersion' | 'contentChanges' | 'touchContent'> {
  // Read on every anonymous request: compiled once rather than built anew each time.
  const read = root.selectFrom('content_version').select('version').where('id', '=', 1).compile();
  return {
    contentVersion: async () => (await root.executeQuery(read)).rows[0]!.version,
    contentChanges: async (after, through) =>
      groupByVersion(
        await root
          .selectFrom('content_changes')
          .select(['version', 'tag'])
          .where('version', '>', after)
          .where('version', '<=', through)
          .execute(),
      ),
    touchContent: async (tx, at) => {
      // The trigger of migration 20261127050000 stamps the unit's change tags with the new version,
      // prunes those older than CONTENT_CHANGES_KEPT versions and gives the unit's journal rows
      // (decision 0027) this time, in this one statement (decision 0077); on PostgreSQL it inserts
      // the tags and journal rows the unit held, each once (decision 0106).
      await tx
        .updateTable('content_version')
        .set({ version: NEXT_VERSION, changed_at: at.toISOString() })
        .where('id', '=', 1)
        .execute();
      markContentTouched(tx);
    },
  };
}

/** Change tags by content version. */
export function groupByVersion(rows: readonly { version: number; tag: string }[]): Map<number, string[]> {
  const changes = new Map<number, string[]>();
  for (const row of rows) changes.set(row.version, [...(changes.get(row.version) ?? []), row.tag]);
  return changes;
}
