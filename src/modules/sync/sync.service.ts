import { ApiError, invalidParam } from '../../errors.ts';
import type { ReadTx } from '../../storage/database.ts';
import type { RecordChangesRepository } from '../../storage/repositories/record-changes.repository.ts';
import type { ChangedResource } from '../../storage/tables.ts';
import { appliedThrough, decodeSyncToken, encodeSyncToken, type JournalPosition } from './sync-token.ts';

/** A record gone, or no longer in this caller's archive (a draft for anonymous readers, a trashed one). */
export interface Tombstone {
  readonly id: number;
  readonly deleted: true;
  /** When the change that took it away committed (ISO-8601 UTC). */
  readonly deleted_at: string;
}

/**
 * What a resource's archive tells the sync reader: which of its records a journal row stands for,
 * and which of those this caller's archive lists, rendered as the archive renders them.
 */
export interface SyncSource<Item> {
  readonly resource: ChangedResource;
  /**
   * The ids of the archive's items each changed record stands for now, ascending: an event's
   * occurrences (decision 0025), else the record itself; none for a record that is gone.
   */
  affected(tx: ReadTx, recordIds: readonly number[]): Promise<Map<number, readonly number[]>>;
  /** The items among `ids` the caller's archive lists, rendered, by id; the others become tombstones. */
  visible(tx: ReadTx, ids: readonly number[]): Promise<Map<number, Item>>;
}

export interface SyncPage<Item> {
  /** Current records and tombstones, in journal order, each record once (its latest place). */
  readonly entries: readonly (Item | Tombstone)[];
  /** Where the reader stands once it has applied this page. */
  readonly position: JournalPosition;
  /** No change after `position` in this snapshot: `position` is the next sync token. */
  readonly last: boolean;
}

/**
 * Incremental sync over the record-change journal (decisions 0027, 0029). A page is read in one
 * snapshot; the next page starts where this one ended, in a later snapshot, so a change committed
 * while a client pages comes after its position and is never skipped.
 */
export class SyncService {
  constructor(private readonly journal: RecordChangesRepository) {}

  /** The token of the snapshot `tx` reads: whoever holds what was read in it holds every change up to it. */
  async snapshotToken(tx: ReadTx): Promise<string> {
    return encodeSyncToken({ seq: (await this.journal.bounds(tx)).latest });
  }

  /** The changes of `source` after the token, at most `size` entries; 400 for a malformed token, 410 for one older than the kept history. */
  async page<Item>(tx: ReadTx, source: SyncSource<Item>, token: string, size: number): Promise<SyncPage<Item>> {
    const position = decodeSyncToken(token);
    if (!position) throw invalidParam('sync_token', 'sync_token: not a token this service issued; start from a listing without it.');
    const bounds = await this.journal.bounds(tx);
    const after = appliedThrough(position);
    // Changes after the token were pruned, or the token is from another database's journal.
    if (after < bounds.prunedThrough || position.seq > bounds.latest) throw new ApiError('rest_sync_token_expired');
    // One row more than a page can use tells whether another page follows.
    const rows = await this.journal.after(tx, [source.resource], after, size + 1);
    const affected = await source.affected(tx, [...new Set(rows.map((row) => row.recordId))]);
    const planned: { id: number; deletedAt: string }[] = [];
    let reached: JournalPosition = position;
    let full = false;
    for (const row of rows) {
      if (planned.length === size) {
        full = true;
        break;
      }
      const current = affected.get(row.recordId) ?? [];
      const resumed = row.seq === position.seq && position.through !== undefined;
      const ids = current.length === 0 ? [row.recordId] : current.filter((id) => !resumed || id > (position.through ?? 0));
      const taken = ids.slice(0, size - planned.length);
      for (const id of taken) planned.push({ id, deletedAt: row.changedAt ?? '' });
      if (taken.length < ids.length) {
        reached = { seq: row.seq, through: taken.at(-1)! };
        full = true;
        break;
      }
      reached = { seq: row.seq };
    }
    const last = !full && rows.length <= size;
    const visible = await source.visible(tx, [...new Set(planned.map((entry) => entry.id))]);
    // A record changed twice within the page shows once, at its later place: both would show it as it is now.
    const lastPlace = new Map(planned.map((entry, at) => [entry.id, at]));
    const entries = planned
      .filter((entry, at) => lastPlace.get(entry.id) === at)
      .map(({ id, deletedAt }): Item | Tombstone => visible.get(id) ?? { id, deleted: true, deleted_at: deletedAt });
    return { entries, position: last ? { seq: bounds.latest } : reached, last };
  }
}
