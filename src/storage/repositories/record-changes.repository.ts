import type { CompiledQuery } from 'kysely';
import type { ReadTx, WriteTx } from '../types.ts';
import type { ChangeAction, ChangedResource } from '../tables.ts';

/** One row of the record-change journal (decision 0027). */
export interface RecordChange {
  /** Its place in commit order. */
  readonly seq: number;
  readonly resource: ChangedResource;
  readonly recordId: number;
  readonly action: ChangeAction;
  /** When the unit that wrote it committed (its clock); null only while that unit runs. */
  readonly changedAt: string | null;
  /** What the record was before the unit changed it (migration 20261126000000): '' created by it, null unknown. */
  readonly before: { readonly status: string | null; readonly author: number | null };
}

/** Where the journal stands in a snapshot: the last change written and the last one pruned. */
export interface JournalBounds {
  /** The largest `seq` in the snapshot, or `prunedThrough` when pruning left none. */
  readonly latest: number;
  /** Changes up to this `seq` are gone: a reader that last saw an older one has missed some. */
  readonly prunedThrough: number;
}

/** The journal's bounds as two columns of a statement (`journalColumns`), as the driver returns them. */
export interface JournalColumns {
  readonly journal_pruned_through: number | string | null;
  readonly journal_latest: number | string | null;
}

/**
 * The journal's bounds as two scalar sub-selects, for the select list of another statement, which
 * then reads them in its own snapshot: the archive's page carries them for its sync token, one
 * statement instead of two (decision 0085).
 */
export function journalColumns(db: ReadTx) {
  return [
    db.selectFrom('content_version').select('changes_pruned_through').where('id', '=', 1).as('journal_pruned_through'),
    db
      .selectFrom('record_changes')
      .select((eb) => eb.fn.max('seq').as('m'))
      .as('journal_latest'),
  ] as const;
}

/** The bounds read through `journalColumns`. */
export function journalBoundsOf(row: JournalColumns): JournalBounds {
  const prunedThrough = Number(row.journal_pruned_through ?? 0);
  return {
    latest: row.journal_latest === null ? prunedThrough : Math.max(Number(row.journal_latest), prunedThrough),
    prunedThrough,
  };
}

/**
 * Reads and prunes the record-change journal that triggers write (migration 20261125000000). Rows
 * appear in commit order, so a reader that remembers the last `seq` it saw and later asks for the
 * rows after it misses none, whatever node wrote them.
 */
export class RecordChangesRepository {
  /** `bounds`' statement, compiled on first use (the same text on every connection of the engine). */
  private boundsQuery: CompiledQuery<JournalColumns> | undefined;

  async bounds(db: ReadTx): Promise<JournalBounds> {
    // Every archive answer but the record cache's reads it for its sync token: built once, not per answer.
    this.boundsQuery ??= db.selectNoFrom(journalColumns(db)).compile();
    return journalBoundsOf((await db.executeQuery(this.boundsQuery)).rows[0]!);
  }

  /** The journal rows after `afterSeq` of the given resources, in commit order, at most `limit`. */
  async after(
    db: ReadTx,
    resources: readonly ChangedResource[],
    afterSeq: number,
    limit: number,
  ): Promise<RecordChange[]> {
    const rows = await db
      .selectFrom('record_changes')
      .selectAll()
      .where('resource', 'in', resources)
      .where('seq', '>', afterSeq)
      .orderBy('seq')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      seq: Number(row.seq),
      resource: row.resource,
      recordId: row.record_id,
      action: row.action,
      changedAt: row.changed_at,
      before: { status: row.status_before, author: row.author_before === null ? null : Number(row.author_before) },
    }));
  }

  /**
   * Removes the rows stamped before `before` (an ISO-8601 instant), or the oldest `limit` of them,
   * and records how far the journal is now cut; returns how many went. Rows stay in commit order: the cut is a `seq`, and every row
   * up to it goes, so no reader sees a journal with a hole.
   */
  async prune(db: WriteTx, before: string, limit?: number): Promise<number> {
    // With `limit`, the oldest `limit` of them only: a pruner keeps its write units short.
    const stale = db.selectFrom('record_changes').select('seq').where('changed_at', '<', before);
    const cut = await db
      .selectFrom((limit === undefined ? stale : stale.orderBy('seq').limit(limit)).as('stale'))
      .select((eb) => eb.fn.max('stale.seq').as('seq'))
      .executeTakeFirstOrThrow();
    if (cut.seq === null) return 0;
    const through = Number(cut.seq);
    const removed = await db.deleteFrom('record_changes').where('seq', '<=', through).executeTakeFirst();
    await db
      .updateTable('content_version')
      .set({ changes_pruned_through: through })
      .where('id', '=', 1)
      .where('changes_pruned_through', '<', through)
      .execute();
    return Number(removed.numDeletedRows);
  }
}
