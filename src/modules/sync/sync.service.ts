import { ApiError, invalidParam } from '../../errors.ts';
import type { ReadTx } from '../../storage/types.ts';
import type {
  JournalBounds,
  RecordChange,
  RecordChangesRepository,
} from '../../storage/repositories/record-changes.repository.ts';
import type { SyncListingRepository } from '../../storage/repositories/sync-listing.repository.ts';
import type { ChangedResource } from '../../storage/tables.ts';
import type { ArchiveScope } from '../posts/post-rules.ts';
import {
  appliedThrough,
  encodeListingToken,
  encodeSyncToken,
  readSyncToken,
  type JournalPosition,
  type ListingPosition,
} from './sync-token.ts';

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
  /**
   * Whose records of which statuses the caller's archive lists (posts); none for terms, which
   * everyone's archive lists. A record gone from it is a tombstone only if it was listed before.
   */
  readonly scope?: Pick<ArchiveScope, 'statuses' | 'restrictTo'>;
}

export interface SyncPage<Item> {
  /** Current records and tombstones, in journal order, each record once (its latest place); a first listing's items, in id order. */
  readonly entries: readonly (Item | Tombstone)[];
  /** The token of where the reader stands once it has applied this page. */
  readonly next: string;
  /** Nothing after `next` in this snapshot: `next` is the next sync token. */
  readonly last: boolean;
}

/** The most items a first listing's page looks at for the caller's: one page stays bounded however few of them the caller may see. */
const LISTING_SCAN_LIMIT = 1000;

/** Whether the caller's archive could have listed a record that was as `before` says (decision 0029). */
function listedBefore(scope: SyncSource<unknown>['scope'], before: RecordChange['before'] | undefined): boolean {
  // Unknown (a term's change, a row older than the column): announce it, as before.
  if (before === undefined || before.status === null) return true;
  // Created by the change: nobody had it.
  if (before.status === '') return false;
  if (scope === undefined) return true;
  if (!scope.statuses.includes(before.status)) return false;
  // Others' non-public records are listed only to those who may edit them; an unknown author may have been the caller.
  return (
    scope.restrictTo === undefined ||
    before.status === 'publish' ||
    before.author === null ||
    before.author === scope.restrictTo.authorId
  );
}

/**
 * Incremental sync over the record-change journal (decisions 0027, 0029). A page is read in one
 * snapshot; the next page starts where this one ended, in a later snapshot, so a change committed
 * while a client pages comes after its position and is never skipped.
 */
export class SyncService {
  constructor(
    private readonly journal: RecordChangesRepository,
    private readonly listing: SyncListingRepository,
  ) {}

  /** The token of the snapshot `tx` reads: whoever holds what was read in it holds every change up to it. */
  async snapshotToken(tx: ReadTx): Promise<string> {
    return this.tokenAt(await this.journal.bounds(tx));
  }

  /** The token of a snapshot whose journal bounds another statement read (the archive's page: decision 0085). */
  tokenAt(bounds: JournalBounds): string {
    return encodeSyncToken({ seq: bounds.latest });
  }

  /**
   * The changes of `source` after the token, at most `size` entries, or the next page of a first
   * listing (`start`, then the listing's own tokens); 400 for a malformed token, 410 for one older
   * than the kept history.
   */
  async page<Item>(tx: ReadTx, source: SyncSource<Item>, token: string, size: number): Promise<SyncPage<Item>> {
    const read = readSyncToken(token);
    if (!read)
      throw invalidParam(
        'sync_token',
        'sync_token: not a token this service issued; start from a listing without it, or from sync_token=start.',
      );
    const bounds = await this.journal.bounds(tx);
    return 'listing' in read
      ? this.listingPage(tx, source, read.listing, bounds, size)
      : this.changesPage(tx, source, read.changes, bounds, size);
  }

  private async changesPage<Item>(
    tx: ReadTx,
    source: SyncSource<Item>,
    position: JournalPosition,
    bounds: JournalBounds,
    size: number,
  ): Promise<SyncPage<Item>> {
    const after = appliedThrough(position);
    // Changes after the token were pruned, or the token is from another database's journal.
    if (after < bounds.prunedThrough || position.seq > bounds.latest) throw new ApiError('rest_sync_token_expired');
    // One row more than a page can use tells whether another page follows.
    const rows = await this.journal.after(tx, [source.resource], after, size + 1);
    const affected = await source.affected(tx, [...new Set(rows.map((row) => row.recordId))]);
    const planned: { id: number; deletedAt: string }[] = [];
    // What each item was before its first change here: where the reader's copy stands.
    const before = new Map<number, RecordChange['before']>();
    let reached: JournalPosition = position;
    let full = false;
    for (const row of rows) {
      if (planned.length === size) {
        full = true;
        break;
      }
      const current = affected.get(row.recordId) ?? [];
      const resumed = row.seq === position.seq && position.through !== undefined;
      const ids =
        current.length === 0 ? [row.recordId] : current.filter((id) => !resumed || id > (position.through ?? 0));
      const taken = ids.slice(0, size - planned.length);
      for (const id of taken) {
        planned.push({ id, deletedAt: row.changedAt ?? '' });
        if (!before.has(id)) before.set(id, row.before);
      }
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
    // A record the caller's archive does not list now is a tombstone only if it could have had it:
    // a draft edited and never published is not announced to those who never saw it (issue 36).
    const entries = planned
      .filter((entry, at) => lastPlace.get(entry.id) === at)
      .flatMap(({ id, deletedAt }): (Item | Tombstone)[] => {
        const item = visible.get(id);
        if (item !== undefined) return [item];
        return listedBefore(source.scope, before.get(id)) ? [{ id, deleted: true, deleted_at: deletedAt }] : [];
      });
    return { entries, next: encodeSyncToken(last ? { seq: bounds.latest } : reached), last };
  }

  /**
   * A first listing (decision 0029): the caller's whole archive of the resource, unfiltered, in id
   * order, `size` items a page, each page its own snapshot; the last page's token is a sync token
   * of the journal's place when the listing began. Ids only grow, so nothing there at the start is
   * skipped however much is deleted or added meanwhile, and whatever changed meanwhile comes after
   * that place in the journal, so the first sync re-sends it.
   */
  private async listingPage<Item>(
    tx: ReadTx,
    source: SyncSource<Item>,
    position: Partial<ListingPosition>,
    bounds: JournalBounds,
    size: number,
  ): Promise<SyncPage<Item>> {
    const snapshot = position.snapshot ?? bounds.latest;
    if (snapshot < bounds.prunedThrough || snapshot > bounds.latest) throw new ApiError('rest_sync_token_expired');
    const entries: Item[] = [];
    let afterId = position.afterId ?? 0;
    let exhausted = false;
    for (let scanned = 0; entries.length < size && !exhausted && scanned < LISTING_SCAN_LIMIT;) {
      const ids = await this.listing.idsAfter(tx, source.resource, afterId, size);
      scanned += ids.length;
      const visible = await source.visible(tx, ids);
      let used = 0;
      for (const id of ids) {
        if (entries.length === size) break;
        afterId = id;
        used += 1;
        const item = visible.get(id);
        if (item !== undefined) entries.push(item);
      }
      exhausted = ids.length < size && used === ids.length;
    }
    return exhausted
      ? { entries, next: encodeSyncToken({ seq: snapshot }), last: true }
      : { entries, next: encodeListingToken({ snapshot, afterId }), last: false };
  }
}
