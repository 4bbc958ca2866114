import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Flag } from './columns.ts';
import type { PostType, Taxonomy } from './posts.ts';

/* Imports: TEC sources and their id maps, iCalendar UIDs, background runs and scheduled sources. */

/** A source `import-tec` copied from (migration 20261125020000; decision 0030). */
export interface TecImportSourcesTable {
  /** The source's tribe/events/v1 base URL. */
  source: string;
  /** 1: the first run found the database empty and keeps the source's ids where they are free. */
  keeps_ids: Flag;
  started_at: string;
  /** The end of the last run that read every archive whole; null while none did. */
  completed_at: string | null;
}

/** Tickets and attendees of Event Tickets too (decision 0130): ids of their own, not posts. */
export type TecImportKind = PostType | Taxonomy | 'ticket' | 'attendee';

/** Which source record became which record here (migration 20261125020000; decision 0030). */
export interface TecImportMapTable {
  source: string;
  kind: TecImportKind;
  source_id: number;
  target_id: number;
  /** The source's `modified_utc` when last written here; '' for terms, which have none. */
  source_modified: string;
  /** The revision of the importer that last wrote the record (`IMPORT_REVISION`; migration 20261125100000). */
  revision: number;
}

export type SiteImportState = 'running' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

/** What a background import run imports: a site (decision 0071) or an iCalendar document (decision 0091). */
export type ImportRunKind = 'site' | 'calendar' | 'source';

/** A run of a background import: the site import started over the API (migration 20261127020000; decision 0071), or a big iCalendar import (migration 20261128190000; decision 0091). */
export interface SiteImportsTable {
  id: Generated<number>;
  kind: ColumnType<ImportRunKind, ImportRunKind | undefined, never>;
  /** The address as given, and the tribe/events/v1 base found there. */
  url: string;
  source: string;
  /** The source's login the run reads as; '' when anonymous. Never its password. */
  source_user: string;
  prune: Flag;
  started_by: number | null;
  /** As stored: a `running` row whose lease has passed is a run whose node died (shown as interrupted). */
  state: SiteImportState;
  /** The kind being copied, or 'deletions'; null before the first. */
  phase: string | null;
  /** JSON of `SiteImportProgress` (site-imports.service.ts). */
  progress: string;
  reason: string | null;
  cancel_requested: Flag;
  node: string;
  lease_until: string;
  started_at: string;
  finished_at: string | null;
  /** The import source a run of kind 'source' ran (migration 20261128232000; decision 0117); null for the other kinds. */
  source_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type ImportSourceKind = 'ical' | 'tec' | 'instance';

export type ImportSchedule = 'manual' | 'hourly' | 'daily' | 'weekly';

/** A scheduled import source (migration 20261128232000; decisions 0117, 0118). Times are UTC wire date-times. */
export interface ImportSourcesTable {
  id: Generated<number>;
  name: string;
  kind: ImportSourceKind;
  url: string;
  schedule: ImportSchedule;
  /** JSON of `ImportSettings` (import-sources/source-settings.ts). */
  settings: string;
  author_id: number | null;
  paused: Flag;
  /** When the next run is due; null for a manual or paused source. */
  next_run_at: string | null;
  /** The validators of the last document imported whole, sent back as If-None-Match and If-Modified-Since. */
  etag: ColumnType<string, string | undefined, string>;
  last_modified: ColumnType<string, string | undefined, string>;
  /** Runs failed in a row (the back-off's exponent) and why the last failed. */
  failures: ColumnType<number, number | undefined, number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: string;
  modified_at: string;
}

/** Which UIDs a source brought, what they were and what they became (migration 20261128232000; decision 0118). */
export interface ImportSourceItemsTable {
  source_id: number;
  uid: string;
  digest: string;
  /** JSON: [event id, version once written] of each event the UID became. */
  events: string;
}

/** Which event each imported iCalendar UID became (migration 20261125030000; decision 0028). */
export interface IcalImportMapTable {
  uid: string;
  /** '' for a series or single event; an exception's original local start (`YYYY-MM-DD HH:MM:SS`). */
  recurrence_id: string;
  event_id: number;
  sequence: number;
  /** UTC `YYYY-MM-DD HH:MM:SS`; '' when the VEVENT had no LAST-MODIFIED. */
  last_modified: string;
  digest: string;
}

export type SiteImportRow = Selectable<SiteImportsTable>;

export type ImportSourceRow = Selectable<ImportSourcesTable>;
