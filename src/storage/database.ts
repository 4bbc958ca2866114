import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { systemClock } from '../clock.ts';
import type { DatabaseConfig } from '../config.ts';
import { openPostgres } from './postgres.ts';
import { openSqlite } from './sqlite.ts';
import type { Storage, StorageOptions } from './types.ts';
import * as initial from './migrations/20261122000000_initial.ts';
import * as postSearch from './migrations/20261122010000_post_search.ts';
import * as eventListing from './migrations/20261122020000_event_listing.ts';
import * as recordVersions from './migrations/20261122030000_record_versions.ts';
import * as contentVersion from './migrations/20261122040000_content_version.ts';
import * as eventOccurrences from './migrations/20261124000000_event_occurrences.ts';
import * as loginThrottle from './migrations/20261124050000_login_throttle.ts';
import * as contentChanged from './migrations/20261124060000_content_changed.ts';
import * as recordChanges from './migrations/20261125000000_record_changes.ts';
import * as webhooks from './migrations/20261125010000_webhooks.ts';
import * as tecImport from './migrations/20261125020000_tec_import.ts';
import * as icalImport from './migrations/20261125030000_ical_import.ts';
import * as seriesExtent from './migrations/20261125040000_series_extent.ts';
import * as contentChanges from './migrations/20261125060000_content_changes.ts';
import * as occurrenceDayCounts from './migrations/20261125070000_occurrence_day_counts.ts';
import * as eventCustomFields from './migrations/20261125080000_event_custom_fields.ts';
import * as occurrencesListingEvent from './migrations/20261125090000_occurrences_listing_event.ts';
import * as tecImportRevision from './migrations/20261125100000_tec_import_revision.ts';
import * as recordChangesBefore from './migrations/20261126000000_record_changes_before.ts';
import * as occurrencesByInstant from './migrations/20261126140000_occurrences_by_instant.ts';
import * as sessions from './migrations/20261126180000_sessions.ts';
import * as media from './migrations/20261126181000_media.ts';
import * as occurrencesBySeries from './migrations/20261126182000_occurrences_by_series.ts';
import * as siteImports from './migrations/20261127020000_site_imports.ts';
import * as importSources from './migrations/20261128232000_import_sources.ts';
import * as ticketBuyLinksAndWaitlists from './migrations/20261129010000_ticket_buy_links_and_waitlists.ts';
import * as ticketsJournal from './migrations/20261129013000_tickets_journal.ts';
import * as eventLinksOrder from './migrations/20261129060000_event_links_order.ts';
import * as contentVersionStamps from './migrations/20261127050000_content_version_stamps.ts';
import * as journalNumberedAtCommit from './migrations/20261127060000_journal_numbered_at_commit.ts';
import * as contentChangesPerUnit from './migrations/20261127061000_content_changes_per_unit.ts';
import * as communitySubmissions from './migrations/20261128180000_community_submissions.ts';
import * as importRunKinds from './migrations/20261128190000_import_run_kinds.ts';
import * as credentialLookups from './migrations/20261128191000_credential_lookups.ts';
import * as setupTokens from './migrations/20261128192000_setup_tokens.ts';
import * as occurrenceDayCountsInOrder from './migrations/20261128200000_occurrence_day_counts_in_order.ts';
import * as journalWrittenOnce from './migrations/20261128210000_journal_written_once.ts';
import * as embeddingEventsAnnounced from './migrations/20261128211000_embedding_events_announced.ts';
import * as tickets from './migrations/20261128220000_tickets.ts';
import * as mailOutbox from './migrations/20261128230000_mail_outbox.ts';

/*
 * Opens the storage on either engine (`sqlite.ts`, `postgres.ts`) and migrates it. The migrations
 * are listed here, in the order they run. The storage's types are in `types.ts`.
 */

const MIGRATIONS: Record<string, Migration> = {
  '20261122000000_initial': initial,
  '20261122010000_post_search': postSearch,
  '20261122020000_event_listing': eventListing,
  '20261122030000_record_versions': recordVersions,
  '20261122040000_content_version': contentVersion,
  '20261124000000_event_occurrences': eventOccurrences,
  '20261124050000_login_throttle': loginThrottle,
  '20261124060000_content_changed': contentChanged,
  '20261125000000_record_changes': recordChanges,
  '20261125010000_webhooks': webhooks,
  '20261125020000_tec_import': tecImport,
  '20261125030000_ical_import': icalImport,
  '20261125040000_series_extent': seriesExtent,
  '20261125060000_content_changes': contentChanges,
  '20261125070000_occurrence_day_counts': occurrenceDayCounts,
  '20261125080000_event_custom_fields': eventCustomFields,
  '20261125090000_occurrences_listing_event': occurrencesListingEvent,
  '20261125100000_tec_import_revision': tecImportRevision,
  '20261126000000_record_changes_before': recordChangesBefore,
  '20261126140000_occurrences_by_instant': occurrencesByInstant,
  '20261126180000_sessions': sessions,
  '20261126181000_media': media,
  '20261126182000_occurrences_by_series': occurrencesBySeries,
  '20261127020000_site_imports': siteImports,
  '20261127050000_content_version_stamps': contentVersionStamps,
  '20261127060000_journal_numbered_at_commit': journalNumberedAtCommit,
  '20261127061000_content_changes_per_unit': contentChangesPerUnit,
  '20261128180000_community_submissions': communitySubmissions,
  '20261128190000_import_run_kinds': importRunKinds,
  '20261128191000_credential_lookups': credentialLookups,
  '20261128192000_setup_tokens': setupTokens,
  '20261128200000_occurrence_day_counts_in_order': occurrenceDayCountsInOrder,
  '20261128210000_journal_written_once': journalWrittenOnce,
  '20261128211000_embedding_events_announced': embeddingEventsAnnounced,
  '20261128220000_tickets': tickets,
  '20261128230000_mail_outbox': mailOutbox,
  '20261128232000_import_sources': importSources,
  '20261129010000_ticket_buy_links_and_waitlists': ticketBuyLinksAndWaitlists,
  '20261129013000_tickets_journal': ticketsJournal,
  '20261129060000_event_links_order': eventLinksOrder,
};

const staticMigrations: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export function openStorage(config: DatabaseConfig, options: StorageOptions = {}): Storage {
  const clock = options.clock ?? systemClock;
  return config.dialect === 'sqlite' ? openSqlite(config.file, clock) : openPostgres(config.url, options, clock);
}

/** Brings the schema up to date; safe to run on every start and from several nodes at once. */
export async function migrate(storage: Storage): Promise<string[]> {
  // One write unit under a lock of its own, taken first: nodes starting together take turns, the
  // next one finding the schema up to date (Kysely's own migration lock does nothing on SQLite, so
  // two processes both saw the migrations pending and one failed on "table already exists").
  // SQLite's write lock does that already; on PostgreSQL, where write units run side by side, the
  // key is migrate()'s own (decision 0082). A failed migration rolls back whole.
  return storage.write(async (tx) => {
    await storage.dialect.lockKey(tx, 'migrations');
    // On PostgreSQL the bookkeeping tables live in the connection's own schema, named explicitly
    // (several schemas share a database: tests, tenants); the introspector looks at that schema only.
    const schema =
      storage.dialect.name === 'postgres'
        ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(tx)).rows[0]?.schema
        : undefined;
    // A migration may rebuild an index over every row: no statement timeout of the serving pool applies.
    if (storage.dialect.name === 'postgres') await sql`set local statement_timeout = 0`.execute(tx);
    const migrator = new Migrator({
      db: tx,
      provider: staticMigrations,
      disableTransactions: true,
      ...(schema ? { migrationTableSchema: schema } : {}),
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error('A migration failed.', { cause: error });
    return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  });
}
