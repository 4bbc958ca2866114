import type {
  AppPasswordsTable,
  LoginThrottleTable,
  SessionsTable,
  SetupTokensTable,
  SiteSecretsTable,
  UsersTable,
} from './tables/users.ts';
import type {
  CommunitySpentChallengesTable,
  CommunitySubmissionsTable,
  EventLinksTable,
  EventOccurrencesTable,
  EventTermsTable,
  EventsTable,
  ImagesTable,
  MediaTable,
  OccurrenceDayCountsTable,
  OrganizersTable,
  PostTranslationsTable,
  PostsTable,
  TermTranslationsTable,
  TermsTable,
  VenuesTable,
} from './tables/posts.ts';
import type { ContentChangesTable, ContentVersionTable, RecordChangesTable } from './tables/journal.ts';
import type {
  IcalImportMapTable,
  ImportSourceItemsTable,
  ImportSourcesTable,
  SiteImportsTable,
  TecImportMapTable,
  TecImportSourcesTable,
} from './tables/imports.ts';
import type {
  MailOutboxTable,
  WebhookDeliveriesTable,
  WebhookFanoutTable,
  WebhookMessagesTable,
  WebhookSubscriptionsTable,
} from './tables/outboxes.ts';
import type { AttendeesTable, EventTicketPoolsTable, TicketsTable } from './tables/tickets.ts';

/*
 * Table types. Storage conventions that keep one set of queries on both dialects
 * (docs/decisions/0003-storage-conventions.md):
 * - date-times are TEXT 'YYYY-MM-DD HH:MM:SS' (the wire format), compared as strings;
 * - flags are INTEGER 0/1; a nullable flag means "never set" (the original's absent meta);
 * - ids come from one sequence per table; posts (events, venues, organizers) share one id space,
 *   as WordPress posts do, so an id names one record whatever its type.
 *
 * The table types are grouped by module in `tables/`; `Database` puts them together (Kysely's schema,
 * and the table list `copy.ts` checks at compile time).
 */

export type * from './tables/users.ts';
export type * from './tables/posts.ts';
export type * from './tables/journal.ts';
export type * from './tables/imports.ts';
export type * from './tables/outboxes.ts';
export type * from './tables/tickets.ts';

/** The largest id the schema stores (PostgreSQL `integer`); a larger one names no record. */
export const MAX_ID = 2_147_483_647;

/** An id as clients send it in text (`"12"`), if it is one the database could hold. */
export function storableId(value: unknown): number | undefined {
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}

export interface Database {
  users: UsersTable;
  app_passwords: AppPasswordsTable;
  site_secrets: SiteSecretsTable;
  images: ImagesTable;
  media: MediaTable;
  posts: PostsTable;
  events: EventsTable;
  event_occurrences: EventOccurrencesTable;
  occurrence_day_counts: OccurrenceDayCountsTable;
  venues: VenuesTable;
  organizers: OrganizersTable;
  event_links: EventLinksTable;
  terms: TermsTable;
  event_terms: EventTermsTable;
  post_translations: PostTranslationsTable;
  term_translations: TermTranslationsTable;
  content_version: ContentVersionTable;
  content_changes: ContentChangesTable;
  login_throttle: LoginThrottleTable;
  sessions: SessionsTable;
  setup_tokens: SetupTokensTable;
  record_changes: RecordChangesTable;
  webhook_subscriptions: WebhookSubscriptionsTable;
  webhook_messages: WebhookMessagesTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_fanout: WebhookFanoutTable;
  mail_outbox: MailOutboxTable;
  tec_import_sources: TecImportSourcesTable;
  tec_import_map: TecImportMapTable;
  ical_import_map: IcalImportMapTable;
  site_imports: SiteImportsTable;
  import_sources: ImportSourcesTable;
  import_source_items: ImportSourceItemsTable;
  community_submissions: CommunitySubmissionsTable;
  community_spent_challenges: CommunitySpentChallengesTable;
  event_ticket_pools: EventTicketPoolsTable;
  tickets: TicketsTable;
  attendees: AttendeesTable;
}
