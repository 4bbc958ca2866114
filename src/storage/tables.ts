import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/*
 * Table types. Storage conventions that keep one set of queries on both dialects
 * (docs/decisions/0003-storage-conventions.md):
 * - date-times are TEXT 'YYYY-MM-DD HH:MM:SS' (the wire format), compared as strings;
 * - flags are INTEGER 0/1; a nullable flag means "never set" (the original's absent meta);
 * - ids come from one sequence per table; posts (events, venues, organizers) share one id space,
 *   as WordPress posts do, so an id names one record whatever its type.
 */

type Id = Generated<number>;

/** The largest id the schema stores (PostgreSQL `integer`); a larger one names no record. */
export const MAX_ID = 2_147_483_647;

/** An id as clients send it in text (`"12"`), if it is one the database could hold. */
export function storableId(value: unknown): number | undefined {
  const text = String(value).trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return id <= MAX_ID ? id : undefined;
}
type Flag = number;

export interface UsersTable {
  id: Id;
  login: string;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  created_at: string;
}

export interface AppPasswordsTable {
  id: Id;
  user_id: number;
  name: string;
  uuid: string;
  password_hash: string;
  /** The password's first characters (`applicationPasswordPrefix`), to find its row by; null on rows made before issue 43 that have not signed in since. */
  lookup_prefix: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** Secrets the service makes for itself, shared by every node (the event-cookie key: decision 0094). */
export interface SiteSecretsTable {
  name: string;
  value: string;
}

export interface ImagesTable {
  id: Id;
  url: string;
  extension: string;
  width: number | null;
  height: number | null;
  filesize: number | null;
  mime_type: string | null;
  /** JSON object of named sizes, as WordPress attachment metadata; null when unknown. */
  sizes_json: string | null;
  created_at: string;
}

/** An uploaded image (decision 0052): the image row of the same id holds its URL, metadata and sizes. */
export interface MediaTable {
  id: number;
  author_id: number;
  title: string;
  alt_text: string;
  date_local: string;
  date_utc: string;
}

export type PostType = 'event' | 'venue' | 'organizer';

export interface PostsTable {
  id: Id;
  type: PostType;
  author_id: number;
  status: string;
  slug: string;
  title: string;
  content: string;
  excerpt: string;
  password: string;
  parent_id: number;
  /** -1 marks an event "sticky in month view", as WordPress' menu_order. */
  menu_order: number;
  image_id: number | null;
  /** The language the record was written in; translations hold the others. */
  language: string;
  date_local: string;
  date_utc: string;
  modified_local: string;
  modified_utc: string;
  /** JSON array of lineage global ids of imported records; null for native ones. */
  global_id_lineage: string | null;
  /** Counts the record's writes (the `ETag`'s version; migration 20261122030000). */
  version: Generated<number>;
}

export interface EventsTable {
  post_id: number;
  /** A copy of the post's status, so the archive reads from one index (migration 20261122020000). */
  status: ColumnType<string, string | undefined, string>;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  timezone: string;
  timezone_abbr: string;
  all_day: Flag;
  cost: string;
  currency_symbol: string;
  currency_position: string;
  currency_code: string;
  /** JSON array of the numeric cost components as strings (cost_details.values). */
  cost_values: string;
  /** null: never set, so the wire falls back to the permalink. */
  website: string | null;
  show_map: Flag | null;
  show_map_link: Flag | null;
  hide_from_listings: Flag;
  featured: Flag;
  /** JSON of the series' rules, extra and excluded dates (`Recurrence`); null for a single event. */
  recurrence: ColumnType<string | null, string | null | undefined, string | null>;
  /** For an occurrence detached as an exception: the series it came from. */
  series_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** For a detached exception: the local start it had in its series (RFC 5545 RECURRENCE-ID). */
  recurrence_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** For a series: the local date and time up to which its occurrences are materialised. */
  materialized_until: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the custom fields (`CustomFields`, decision 0036), in their order; null when none. */
  custom_fields: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One dated appearance of an event in the archive (migration 20261124000000, decision 0025). */
export interface EventOccurrencesTable {
  /** A single event's post id; for a series' other dates, an id taken from the posts' sequence. */
  id: number;
  /** The event whose fields the occurrence shows: the series, a detached exception, or the single event. */
  event_id: number;
  /** The series it belongs to, kept when detached; null for a single event. */
  series_id: number | null;
  /** The original local date (`YYYY-MM-DD`, `#n` for the n-th of one date): keeps the id across edits. */
  occurrence_key: string;
  start_local: string;
  end_local: string;
  start_utc: string;
  end_utc: string;
  /** Copies of the event's, kept in step by the events repository. */
  status: string;
  hide_from_listings: Flag;
}

/** Listed occurrences per status, local start day and local end day (migration 20261125070000, decision 0035). */
export interface OccurrenceDayCountsTable {
  status: string;
  /** `YYYY-MM-DD` */
  start_day: string;
  end_day: string;
  occurrences: number;
}

export interface VenuesTable {
  post_id: number;
  address: string;
  city: string;
  country: string;
  province: string;
  state: string;
  zip: string;
  phone: string;
  stateprovince: string;
  website: string;
  show_map: Flag | null;
  show_map_link: Flag | null;
  geo_lat: number | null;
  geo_lng: number | null;
}

export interface OrganizersTable {
  post_id: number;
  phone: string;
  website: string;
  email: string;
}

export type LinkKind = 'venue' | 'organizer';

export interface EventLinksTable {
  event_id: number;
  linked_id: number;
  kind: LinkKind;
  /** Order the links were given in; the `organizer` array preserves it. */
  position: number;
}

export type Taxonomy = 'category' | 'tag';

export interface TermsTable {
  id: Id;
  taxonomy: Taxonomy;
  name: string;
  slug: string;
  description: string;
  parent_id: number;
  term_group: number;
  /** Occurrences of the published events filed under the term, kept current by the link writers (WordPress' term count; decision 0025). */
  count: ColumnType<number, number | undefined, number>;
  language: string;
  created_at: string;
  /** Counts writes of the term's own fields, not of its count (the `ETag`'s version). */
  version: Generated<number>;
}

export interface EventTermsTable {
  event_id: number;
  term_id: number;
}

/** Text of a post in a language other than its original one; null fields fall back to the original. */
export interface PostTranslationsTable {
  post_id: number;
  language: string;
  title: string | null;
  content: string | null;
  excerpt: string | null;
  slug: string | null;
}

export interface TermTranslationsTable {
  term_id: number;
  language: string;
  name: string | null;
  description: string | null;
  slug: string | null;
}

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

export type TecImportKind = PostType | Taxonomy;

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

/** Failed logins in the current window of one (address, login); login '' counts every login from the address. */
export interface LoginThrottleTable {
  address: string;
  login: string;
  failures: number;
  window_ends_at: string;
}

/** A one-time link that creates the first administrator (migration 20261128180000; decision 0097). */
export interface SetupTokensTable {
  token_hash: string;
  expires_at: string;
}

/** An admin sign-in (migration 20261126180000; decision 0040): times are UTC wire date-times. */
export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string;
}

/** A webhook subscription (migration 20261125010000; decision 0032); secrets are AES-256-GCM ciphertexts. */
export interface WebhookSubscriptionsTable {
  id: Id;
  url: string;
  /** A JSON array of event types. */
  events: string;
  description: ColumnType<string, string | undefined, string>;
  active: ColumnType<Flag, Flag | undefined, Flag>;
  disabled_reason: ColumnType<string | null, string | null | undefined, string | null>;
  secret: string;
  previous_secret: ColumnType<string | null, string | null | undefined, string | null>;
  previous_secret_until: ColumnType<string | null, string | null | undefined, string | null>;
  failing_since: ColumnType<string | null, string | null | undefined, string | null>;
  /** The journal's last `seq` when the subscription was made: it hears later changes only. */
  after_seq: ColumnType<number, number | undefined, number>;
  /** Who made it (migration 20261129013000): ticket and attendee messages go only to subscriptions whose owner may edit the event (decision 0129). */
  owner_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: string;
  updated_at: string;
}

/** One notification, as sent to every subscription it was fanned out to. */
export interface WebhookMessagesTable {
  id: Id;
  type: string;
  resource: ChangedResource | null;
  record_id: number | null;
  body: string;
  created_at: string;
}

export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'failed';

/** One message to one subscription, with its attempts; ISO-8601 UTC instants. */
export interface WebhookDeliveriesTable {
  id: Id;
  subscription_id: number;
  message_id: number;
  status: WebhookDeliveryStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_response_code: ColumnType<number | null, number | null | undefined, number | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  finished_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The single row (id 1) holding the last journal `seq` fanned out to webhook deliveries. */
export interface WebhookFanoutTable {
  id: number;
  through_seq: number;
}

export type MailStatus = 'pending' | 'sent' | 'failed' | 'off';

/** One e-mail of the outbox (migration 20261128230000; decision 0112); ISO-8601 UTC instants. */
export interface MailOutboxTable {
  id: Id;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** A JSON array of `{filename, content_type, cid, content}`, the content in base64. */
  attachments: string;
  reference: ColumnType<string, string | undefined, string>;
  message_id: string;
  status: MailStatus;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  last_attempt_at: ColumnType<string | null, string | null | undefined, string | null>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  sent_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A record the community form created, and who sent it (decision 0095); seen by editors only. */
export interface CommunitySubmissionsTable {
  post_id: number;
  /** The sender's address, normalized as the rate limits count it. */
  address: string;
  /** The signed-in sender, 0 when anonymous. */
  user_id: number;
  submitted_at: string;
}

/** A proof-of-work solution already accepted, until its challenge expires (decision 0095). */
export interface CommunitySpentChallengesTable {
  signature: string;
  expires_at: string;
}

/** The capacity an event's shared tickets draw on together (decision 0108). */
export interface EventTicketPoolsTable {
  event_id: number;
  capacity: number;
}

export type CapacityMode = 'own' | 'shared' | 'unlimited';

/** A ticket or free RSVP of an event (decision 0108); what is sold is counted from `attendees` when read. */
export interface TicketsTable {
  id: Id;
  event_id: number;
  author_id: number;
  status: string;
  /** The event's status, kept by triggers (migration 20261129013000): the archive's total from one index. */
  event_status: ColumnType<string, never, never>;
  name: string;
  description: string;
  capacity_mode: CapacityMode;
  /** The ticket's places ('own'), its cap within the event's pool ('shared', null: the pool's), null when unlimited. */
  capacity: number | null;
  sale_start_utc: string | null;
  sale_end_utc: string | null;
  /** A decimal amount as text; '0' is a free RSVP. */
  price: string;
  currency: string;
  sku: string;
  /** JSON array of `AttendeeField`. */
  attendee_fields: string;
  created_utc: string;
  modified_utc: string;
}

export type AttendeeStatus = 'going' | 'not-going' | 'cancelled' | 'waitlisted';

/** One seat of a ticket (decision 0108); names, e-mails and answers reach only those who may edit the event (decision 0110). */
export interface AttendeesTable {
  id: Id;
  ticket_id: number;
  event_id: number;
  name: string;
  email: string;
  /** JSON object: attendee field label → answer. */
  answers: string;
  status: AttendeeStatus;
  checked_in: ColumnType<Flag, Flag | undefined, Flag>;
  checked_in_utc: ColumnType<string | null, string | null | undefined, string | null>;
  security_code: string;
  order_ref: string;
  created_utc: string;
  modified_utc: string;
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

export type TicketRow = Selectable<TicketsTable>;
export type AttendeeRow = Selectable<AttendeesTable>;

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AppPasswordRow = Selectable<AppPasswordsTable>;
export type LoginThrottleRow = Selectable<LoginThrottleTable>;
export type SessionRow = Selectable<SessionsTable>;
export type SiteImportRow = Selectable<SiteImportsTable>;
export type ImportSourceRow = Selectable<ImportSourcesTable>;
export type TermRow = Selectable<TermsTable>;
export type NewTerm = Insertable<TermsTable>;
export type TermUpdate = Updateable<TermsTable>;
