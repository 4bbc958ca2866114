import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Flag, Id } from './columns.ts';

/* Posts (events, venues, organizers) and what belongs to them: occurrences, links, terms, translations, images, community submissions. */

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

export type TermRow = Selectable<TermsTable>;

export type NewTerm = Insertable<TermsTable>;

export type TermUpdate = Updateable<TermsTable>;
