import type { ColumnType, Generated } from 'kysely';
import type { PostType, Taxonomy } from './posts.ts';

/* The content version, its change tags and the record-change journal (decisions 0027, 0033). */

/** One row (id 1): the count of content writes, keying cached answers (migration 20261122040000). */
export interface ContentVersionTable {
  id: number;
  version: number;
  /** When the version was last raised: an ISO-8601 UTC instant (migration 20261124060000; decision 0003); null before. */
  changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last `record_changes.seq` pruning removed (migration 20261125000000); 0 before any. */
  changes_pruned_through: ColumnType<number, number | undefined, number>;
}

/** A tag of what a content write changed, for the read cache (migration 20261125060000; decision 0033). */
export interface ContentChangesTable {
  /** The content version of the unit that made the change; 0 while the unit runs. */
  version: number;
  tag: string;
}

/** What a journal row names: a post's type, a term's taxonomy, a ticket or an attendee (decision 0129). */
export type ChangedResource = PostType | Taxonomy | 'ticket' | 'attendee';

export type ChangeAction = 'created' | 'updated' | 'trashed' | 'deleted';

/** The record-change journal (migration 20261125000000; decision 0027), written by triggers. */
export interface RecordChangesTable {
  seq: Generated<number>;
  resource: ChangedResource;
  record_id: number;
  action: ChangeAction;
  /** An ISO-8601 UTC instant (decision 0003), stamped by the unit's touchContent or at its commit, from the injected clock; null until then. */
  changed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The record's status before its unit changed it; '' when the unit created it, null when unknown (migration 20261126000000). */
  status_before: ColumnType<string | null, string | null | undefined, string | null>;
  /** The record's author before its unit changed it; null when unknown or none. */
  author_before: ColumnType<number | null, number | null | undefined, number | null>;
}
