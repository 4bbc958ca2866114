import { sql, type Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type pg from 'pg';
import type SqliteDatabase from 'better-sqlite3';
import { zoneAbbreviation } from '../dates/zones.ts';
import { parseCost } from '../modules/events/cost.ts';
import { slugify } from '../slugs.ts';
import type { Storage } from './database.ts';
import type { Database, Taxonomy } from './tables.ts';

/*
 * Fills a database with a realistic calendar for benchmarks and demonstrations: venues, organizers,
 * categories (some nested), tags, events spread over five years in several time zones, their
 * links, and some French translations. Deterministic: the same options give the same data.
 *
 * Speed matters (1,000,000 events into SQLite in under a minute), so the rows go through the raw
 * driver in large transactions rather than through the repositories, with explicit post ids, and
 * what makes each insert expensive is set aside during the load and rebuilt once at the end: the
 * full-text triggers on `posts` on SQLite (the FTS5 index is then rebuilt in one pass) and the
 * secondary indexes of the tables being filled, unique ones too when the database held no posts.
 * They are recreated from the exact SQL the database itself recorded (sqlite_master, pg_indexes),
 * so the migrations stay the only place that defines them; the seed test compares them with a
 * freshly migrated database. A seed killed midway leaves them missing: seed a fresh database.
 */

export interface SeedOptions {
  readonly events: number;
  /** Add to a database that already holds calendar data instead of refusing. */
  readonly force: boolean;
  /** The moment the five-year spread of dates is centred on (3 years back, 2 ahead). */
  readonly now?: Date;
  /** Site time zone, for the posts' local publication dates. */
  readonly siteZone?: string;
  readonly log?: (line: string) => void;
}

export interface SeedSummary {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  readonly categories: number;
  readonly tags: number;
  readonly seconds: number;
}

/** A count as people write it: `5000`, `10k`, `1m`, `1.5M`; undefined when it is not one. */
export function parseEventCount(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)([km]?)$/i.exec(text.trim());
  if (!match) return undefined;
  const count = Number(match[1]) * { '': 1, k: 1_000, m: 1_000_000 }[match[2]!.toLowerCase() as '' | 'k' | 'm'];
  return Number.isInteger(count) && count >= 1 ? count : undefined;
}

/** Thrown when the database already holds calendar data and `force` was not given. */
export class SeedRefusedError extends Error {}

// Vocabulary. Each topic appears in the title and text of about 1% of events and nowhere else, so a
// search for one has a known selectivity; no topic is a substring of another word used here.
const TOPICS = [
  'Harpsichord', 'Origami', 'Astronomy', 'Beekeeping', 'Calligraphy', 'Sourdough', 'Flamenco', 'Robotics', 'Watercolour', 'Chess',
  'Pottery', 'Tango', 'Mycology', 'Birdwatching', 'Woodcarving', 'Cheesemaking', 'Bookbinding', 'Glassblowing', 'Kombucha', 'Bonsai',
  'Salsa', 'Poetry', 'Jazz', 'Opera', 'Ballet', 'Photography', 'Gardening', 'Yoga', 'Meditation', 'Cycling',
  'Triathlon', 'Climbing', 'Kayaking', 'Sailing', 'Fencing', 'Archery', 'Juggling', 'Magic', 'Puppetry', 'Improv',
  'Cinema', 'Documentary', 'Architecture', 'Typography', 'Blockchain', 'Python', 'Haskell', 'Kubernetes', 'Cryptography', 'Linguistics',
  'Philosophy', 'Archaeology', 'Geology', 'Botany', 'Entomology', 'Oceanography', 'Volcanology', 'Genealogy', 'Numismatics', 'Philately',
  'Knitting', 'Quilting', 'Embroidery', 'Weaving', 'Dyeing', 'Perfumery', 'Chocolate', 'Espresso', 'Winemaking', 'Brewing',
  'Ramen', 'Tapas', 'Curry', 'Dumplings', 'Barbecue', 'Vegan', 'Foraging', 'Composting', 'Permaculture', 'Solar',
  'Accordion', 'Bagpipes', 'Cello', 'Banjo', 'Ukulele', 'Theremin', 'Didgeridoo', 'Gamelan', 'Choir', 'Gospel',
  'Swing', 'Bluegrass', 'Reggae', 'Techno', 'Klezmer', 'Fado', 'Mariachi', 'Polka', 'Samba', 'Zydeco',
] as const;

/** A word in about 1% of event titles, for a search with a known selectivity. */
export const ONE_PERCENT_TITLE_WORD = 'Harpsichord';

/** English and French, so that translated titles read naturally. */
const ADJECTIVES: readonly (readonly [string, string])[] = [
  ['Evening', 'Soirée'], ['Morning', 'Matinée'], ['Introductory', 'Initiation'], ['Advanced', 'Perfectionnement'], ['Family', 'Famille'],
  ['Community', 'Communauté'], ['Open', 'Ouvert'], ['Summer', 'Été'], ['Winter', 'Hiver'], ['Spring', 'Printemps'],
  ['Autumn', 'Automne'], ['Weekend', 'Week-end'], ['Midnight', 'Minuit'], ['Outdoor', 'Plein air'], ['Candlelit', 'Aux chandelles'],
  ['Annual', 'Annuel'], ['Monthly', 'Mensuel'], ['Beginners', 'Débutants'], ['Masterclass:', 'Classe de maître :'], ['Late-night', 'Nocturne'],
  ['Riverside', 'Bord de rivière'], ['Rooftop', 'Sur le toit'], ['Pop-up', 'Éphémère'], ['Charity', 'Caritatif'], ['Grand', 'Grand'],
  ['Intimate', 'Intime'], ['Festive', 'Festif'], ['Neighbourhood', 'Quartier'], ['Student', 'Étudiant'], ['International', 'International'],
];
const FORMATS: readonly (readonly [string, string])[] = [
  ['Concert', 'Concert'], ['Workshop', 'Atelier'], ['Meetup', 'Rencontre'], ['Lecture', 'Conférence'], ['Festival', 'Festival'],
  ['Class', 'Cours'], ['Tasting', 'Dégustation'], ['Exhibition', 'Exposition'], ['Screening', 'Projection'], ['Tour', 'Visite'],
  ['Recital', 'Récital'], ['Fair', 'Foire'], ['Showcase', 'Vitrine'], ['Retreat', 'Retraite'], ['Jam', 'Bœuf'],
  ['Night', 'Nuit'], ['Brunch', 'Brunch'], ['Symposium', 'Colloque'], ['Marathon', 'Marathon'], ['Session', 'Séance'],
];
const FILLER_SENTENCES = [
  'Doors open thirty minutes before the start.',
  'Bring a friend and your curiosity.',
  'Step-free access throughout the venue.',
  'Light refreshments served at the interval.',
  'Places are limited: please register early.',
  'Newcomers and old hands alike are welcome.',
  'Proceeds support the youth arts fund.',
  'Relaxed, hands-on and friendly.',
  'Our guest speakers love answering questions.',
  'Under twelves must come with an adult.',
  'Runs rain or shine.',
  'See the website for late changes.',
] as const;
const CITIES = [
  { city: 'Boston', state: 'MA', province: '', country: 'United States', zip: '021', lat: 42.36, lng: -71.06 },
  { city: 'Chicago', state: 'IL', province: '', country: 'United States', zip: '606', lat: 41.88, lng: -87.63 },
  { city: 'Portland', state: 'OR', province: '', country: 'United States', zip: '972', lat: 45.52, lng: -122.68 },
  { city: 'Austin', state: 'TX', province: '', country: 'United States', zip: '787', lat: 30.27, lng: -97.74 },
  { city: 'Toronto', state: '', province: 'Ontario', country: 'Canada', zip: 'M5V', lat: 43.65, lng: -79.38 },
  { city: 'Montréal', state: '', province: 'Québec', country: 'Canada', zip: 'H2X', lat: 45.5, lng: -73.57 },
  { city: 'London', state: '', province: '', country: 'United Kingdom', zip: 'EC1', lat: 51.51, lng: -0.13 },
  { city: 'Paris', state: '', province: 'Île-de-France', country: 'France', zip: '750', lat: 48.86, lng: 2.35 },
  { city: 'Lyon', state: '', province: 'Auvergne-Rhône-Alpes', country: 'France', zip: '690', lat: 45.76, lng: 4.84 },
  { city: 'Berlin', state: '', province: 'Berlin', country: 'Germany', zip: '101', lat: 52.52, lng: 13.4 },
  { city: 'Sydney', state: 'NSW', province: '', country: 'Australia', zip: '200', lat: -33.87, lng: 151.21 },
  { city: 'Tokyo', state: '', province: 'Tokyo', country: 'Japan', zip: '100', lat: 35.68, lng: 139.69 },
] as const;
const STREETS = ['Main Street', 'Harbour Road', 'Market Square', 'Station Avenue', 'Park Lane', 'Mill Road', 'Church Street', 'King Street', 'Elm Grove', 'Quay Side'] as const;
const VENUE_PREFIXES = ['Riverside', 'Old Mill', 'Civic', 'Lantern', 'Northgate', 'Harbour', 'Union', 'Foundry', 'Orchard', 'Granary', 'Beacon', 'Meridian'] as const;
const VENUE_KINDS = ['Hall', 'Theatre', 'Library', 'Community Centre', 'Gallery', 'Pavilion', 'Studio', 'Arts Centre', 'Club', 'Park'] as const;
const FIRST_NAMES = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Esther', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Keiko', 'Luca', 'Maya', 'Nils', 'Olu', 'Priya'] as const;
const ORGANIZER_KINDS = ['Society', 'Collective', 'Foundation', 'Club', 'Guild', 'Association', 'Trust', 'Network'] as const;
/** Top-level categories, each with the sub-categories filed under it (30 in all). */
const CATEGORY_TREE: readonly (readonly [string, string, readonly (readonly [string, string])[]])[] = [
  ['Music', 'Musique', [['Classical', 'Classique'], ['Jazz & Blues', 'Jazz et blues'], ['Folk', 'Folk'], ['Electronic', 'Électronique']]],
  ['Arts', 'Arts', [['Visual Arts', 'Arts visuels'], ['Theatre', 'Théâtre'], ['Dance', 'Danse']]],
  ['Food & Drink', 'Gastronomie', [['Tastings', 'Dégustations'], ['Cooking Classes', 'Cours de cuisine']]],
  ['Learning', 'Apprendre', [['Talks', 'Conférences'], ['Workshops', 'Ateliers'], ['Languages', 'Langues']]],
  ['Outdoors', 'Plein air', [['Walks', 'Promenades'], ['Sports', 'Sports']]],
  ['Technology', 'Technologie', [['Programming', 'Programmation'], ['Science', 'Science']]],
  ['Community', 'Communauté', [['Volunteering', 'Bénévolat']]],
  ['Family', 'Famille', [['Kids', 'Enfants']]],
  ['Markets', 'Marchés', [['Farmers Markets', 'Marchés fermiers']]],
  ['Wellbeing', 'Bien-être', [['Fitness', 'Remise en forme']]],
];
const TAG_WORDS = [
  'free', 'kids', 'accessible', 'outdoor', 'indoor', 'evening', 'weekend', 'beginner', 'expert', 'live', 'online', 'hybrid', 'charity',
  'local', 'vegan', 'seasonal', 'holiday', 'student', 'senior', 'networking',
] as const;
const TAG_QUALIFIERS = ['', 'friendly', 'series', 'special', 'classic', 'new', 'popular', 'late', 'early', 'monthly'] as const;
/** Event costs with what the service would have parsed out of them at save time. */
const COSTS = ['', '', '', '', '', 'Free', '10', '15', '$20', '25-40', '€12', '5 - 15', 'Donation'].map((cost) => {
  const parsed = parseCost(cost);
  return { cost, symbol: parsed.currencySymbol, position: parsed.currencyPosition, values: JSON.stringify(parsed.values) };
});
/** Zones for events, weighted by repetition; every DST change in them happens between 01:00 and 03:00 local. */
const EVENT_ZONES = [
  'America/New_York', 'America/New_York', 'America/Chicago', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Europe/Paris',
  'Europe/Berlin', 'Australia/Sydney', 'Asia/Tokyo', 'UTC',
] as const;

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const BATCH_EVENTS = 10_000;

/** mulberry32: fast, seedable, good enough for test data. */
class Random {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** Low indexes far more often than high ones: a few popular items and a long tail. */
  skewedIndex(length: number): number {
    return Math.floor(this.next() ** 2 * length);
  }
}

const datesByDay = new Map<number, string>();
const timesBySecond: string[] = [];

/** `YYYY-MM-DD HH:MM:SS` of a millisecond count read as a wall clock; its parts are cached, as millions are written. */
function wire(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let date = datesByDay.get(day);
  if (date === undefined) {
    date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    datesByDay.set(day, date);
  }
  const second = Math.floor((ms - day * DAY_MS) / 1000);
  const time = (timesBySecond[second] ??= new Date(second * 1000).toISOString().slice(11, 19));
  return `${date} ${time}`;
}

/**
 * Wall clock → UTC for the seed's few zones, through luxon once per zone and local day. These zones
 * change offset between 01:00 and 03:00, so the offset at noon holds from 03:00 to midnight, and
 * midnight has the offset of the previous day's noon. The seed asks only for midnight and times
 * from 08:00 on, so every pair it writes is the one the service's zonedToUtc gives (the seed test
 * checks this).
 */
class ZoneOffsets {
  private readonly noonOffsets = new Map<string, Int16Array>();
  private readonly abbreviations = new Map<string, string>();

  constructor(private readonly firstDay: number, private readonly days: number) {}

  /** Minutes east of UTC at local `day` (days since 1970-01-01), at midnight or during the day. */
  offset(zone: string, day: number, atMidnight: boolean): number {
    let table = this.noonOffsets.get(zone);
    if (!table) {
      // One day more at the start, for the first day's midnight.
      table = new Int16Array(this.days + 1);
      for (let index = 0; index <= this.days; index++) {
        const date = DateTime.fromMillis((this.firstDay - 1 + index) * DAY_MS, { zone: 'utc' });
        table[index] = DateTime.fromObject({ year: date.year, month: date.month, day: date.day, hour: 12 }, { zone }).offset;
      }
      this.noonOffsets.set(zone, table);
    }
    const index = day - this.firstDay + 1;
    if (index < 1 || index > this.days) throw new RangeError(`Day ${day} is outside the seed's date range.`);
    return table[atMidnight ? index - 1 : index]!;
  }

  /** UTC milliseconds of a local wall clock given as milliseconds. */
  toUtc(zone: string, localMs: number): number {
    const day = Math.floor(localMs / DAY_MS);
    return localMs - this.offset(zone, day, localMs === day * DAY_MS) * MINUTE_MS;
  }

  abbreviation(zone: string, localMs: number, utcMs: number): string {
    const key = `${zone} ${localMs - utcMs}`;
    let abbreviation = this.abbreviations.get(key);
    if (abbreviation === undefined) {
      abbreviation = zoneAbbreviation(zone, wire(utcMs));
      this.abbreviations.set(key, abbreviation);
    }
    return abbreviation;
  }
}

// Row layouts of the tables the seed fills in bulk: column names with their PostgreSQL types,
// which the PostgreSQL writer needs to cast its unnest() arrays.
const LAYOUTS = {
  posts: {
    id: 'int4', type: 'text', author_id: 'int4', status: 'text', slug: 'text', title: 'text', content: 'text', excerpt: 'text', password: 'text',
    parent_id: 'int4', menu_order: 'int4', language: 'text', date_local: 'text', date_utc: 'text', modified_local: 'text', modified_utc: 'text',
  },
  events: {
    post_id: 'int4', start_local: 'text', end_local: 'text', start_utc: 'text', end_utc: 'text', timezone: 'text', timezone_abbr: 'text',
    all_day: 'int4', cost: 'text', currency_symbol: 'text', currency_position: 'text', currency_code: 'text', cost_values: 'text', website: 'text',
    show_map: 'int4', show_map_link: 'int4', hide_from_listings: 'int4', featured: 'int4',
  },
  venues: {
    post_id: 'int4', address: 'text', city: 'text', country: 'text', province: 'text', state: 'text', zip: 'text', phone: 'text', stateprovince: 'text',
    website: 'text', show_map: 'int4', show_map_link: 'int4', geo_lat: 'float8', geo_lng: 'float8',
  },
  organizers: { post_id: 'int4', phone: 'text', website: 'text', email: 'text' },
  event_links: { event_id: 'int4', linked_id: 'int4', kind: 'text', position: 'int4' },
  event_terms: { event_id: 'int4', term_id: 'int4' },
  post_translations: { post_id: 'int4', language: 'text', title: 'text', content: 'text', excerpt: 'text', slug: 'text' },
} as const satisfies Record<string, Record<string, string>>;

type BulkTable = keyof typeof LAYOUTS;
/** Rows to insert, per table, each row's values in its layout's column order. */
type RowBatch = Record<BulkTable, unknown[][]>;

const emptyBatch = (): RowBatch => ({ posts: [], events: [], venues: [], organizers: [], event_links: [], event_terms: [], post_translations: [] });
const rowCount = (batch: RowBatch) => Object.values(batch).reduce((sum, rows) => sum + rows.length, 0);

/** What differs between the engines: reserving ids, writing a batch, and the load's set-up and clean-up. */
interface BulkWriter {
  /** The first post id free for the seed; posts are inserted with explicit ids from there. */
  firstFreePostId(): Promise<number>;
  /**
   * Sets aside what slows bulk inserts; `restore` puts it back. Unique indexes only when
   * `withUnique`: when the database held no posts, the seed's slugs are unique by construction
   * (they end in the post id), so recreating those indexes cannot fail.
   */
  prepare(withUnique: boolean): Promise<void>;
  write(batch: RowBatch): Promise<void>;
  /** Recreates what `prepare` removed and brings the post id sequence past `lastPostId`. */
  restore(lastPostId: number, log: (line: string) => void): Promise<void>;
}

const insertColumns = (table: BulkTable) => Object.keys(LAYOUTS[table]).join(', ');

interface CatalogEntry {
  readonly name: string;
  readonly sql: string;
}

/** Rows per multi-row INSERT on SQLite: fewer calls into the driver, within SQLite's 32,766 parameters. */
const SQLITE_ROWS_PER_STATEMENT = 100;

class SqliteBulkWriter implements BulkWriter {
  private readonly insertBatch: (batch: RowBatch) => void;
  private readonly pragmas: Record<string, unknown>;
  private setAside: CatalogEntry[] = [];

  constructor(private readonly client: SqliteDatabase.Database) {
    const prepare = (table: BulkTable, rows: number) => {
      const placeholders = `(${Object.keys(LAYOUTS[table]).map(() => '?').join(', ')})`;
      return client.prepare(`insert into ${table} (${insertColumns(table)}) values ${Array.from({ length: rows }, () => placeholders).join(', ')}`);
    };
    const statements = (Object.keys(LAYOUTS) as BulkTable[]).map((table) => ({ table, many: prepare(table, SQLITE_ROWS_PER_STATEMENT), one: prepare(table, 1) }));
    this.insertBatch = client.transaction((batch: RowBatch) => {
      for (const { table, many, one } of statements) {
        const rows = batch[table];
        let next = 0;
        for (; next + SQLITE_ROWS_PER_STATEMENT <= rows.length; next += SQLITE_ROWS_PER_STATEMENT) many.run(rows.slice(next, next + SQLITE_ROWS_PER_STATEMENT).flat());
        for (; next < rows.length; next++) one.run(rows[next]);
      }
    });
    this.pragmas = Object.fromEntries(['foreign_keys', 'synchronous', 'cache_size'].map((name) => [name, client.pragma(name, { simple: true })]));
  }

  async firstFreePostId(): Promise<number> {
    // AUTOINCREMENT never reuses an id, even a deleted one: start past sqlite_sequence too.
    const row = this.client
      .prepare(`select max(coalesce((select max(id) from posts), 0), coalesce((select seq from sqlite_sequence where name = 'posts'), 0)) as last`)
      .get() as { last: number };
    return row.last + 1;
  }

  async prepare(withUnique: boolean): Promise<void> {
    // The generated rows are consistent by construction; checking each foreign key would double the load time.
    this.client.pragma('foreign_keys = OFF');
    // A seed interrupted by a power cut is simply run again on a fresh database.
    this.client.pragma('synchronous = OFF');
    this.client.pragma('cache_size = -262144');
    this.setAside = this.client
      .prepare(
        `select type, name, sql from sqlite_master
          where sql is not null and tbl_name in (${Object.keys(LAYOUTS).map((table) => `'${table}'`).join(', ')})
            and (type = 'trigger' or (type = 'index' and (${withUnique ? 1 : 0} or sql not like 'create unique%')))`,
      )
      .all() as (CatalogEntry & { type: string })[];
    for (const entry of this.setAside as (CatalogEntry & { type: string })[]) this.client.exec(`drop ${entry.type} ${entry.name}`);
  }

  async write(batch: RowBatch): Promise<void> {
    this.insertBatch(batch);
  }

  async restore(_lastPostId: number, log: (line: string) => void): Promise<void> {
    log(`recreating ${this.setAside.map((entry) => entry.name).join(', ')}`);
    for (const entry of this.setAside) this.client.exec(entry.sql);
    this.setAside = [];
    log('rebuilding the search index');
    this.client.exec(`insert into post_search(post_search) values ('rebuild')`);
    for (const [name, value] of Object.entries(this.pragmas)) this.client.pragma(`${name} = ${String(value)}`);
  }
}

class PostgresBulkWriter implements BulkWriter {
  private setAside: CatalogEntry[] = [];

  constructor(private readonly pool: pg.Pool) {}

  private async sequence(): Promise<string> {
    const result = await this.pool.query<{ name: string }>(`select pg_get_serial_sequence('posts', 'id') as name`);
    return result.rows[0]!.name;
  }

  async firstFreePostId(): Promise<number> {
    const sequence = await this.sequence();
    const result = await this.pool.query<{ last: string }>(
      `select greatest(coalesce((select max(id) from posts), 0), (select case when is_called then last_value else last_value - 1 end from ${sequence})) as last`,
    );
    return Number(result.rows[0]!.last) + 1;
  }

  async prepare(withUnique: boolean): Promise<void> {
    // Indexes that back a constraint (primary keys, unique) stay: they cannot be dropped alone.
    const result = await this.pool.query<CatalogEntry>(
      `select i.indexname as name, i.indexdef as sql from pg_indexes i
        where i.schemaname = current_schema() and i.tablename = any($1)
          and not exists (select 1 from pg_constraint c where c.conname = i.indexname and c.connamespace = (select oid from pg_namespace where nspname = current_schema()))
          and ($2 or i.indexdef not like 'CREATE UNIQUE%')`,
      [Object.keys(LAYOUTS), withUnique],
    );
    this.setAside = result.rows;
    for (const index of this.setAside) await this.pool.query(`drop index ${index.name}`);
  }

  async write(batch: RowBatch): Promise<void> {
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      // Durability of each batch does not matter: an interrupted seed is run again.
      await client.query('set local synchronous_commit = off');
      for (const table of Object.keys(LAYOUTS) as BulkTable[]) {
        const rows = batch[table];
        if (rows.length === 0) continue;
        const types = Object.values(LAYOUTS[table]);
        const columns = types.map((_, column) => rows.map((row) => row[column]));
        await client.query(`insert into ${table} (${insertColumns(table)}) select * from unnest(${types.map((type, index) => `$${index + 1}::${type}[]`).join(', ')})`, columns);
      }
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
  }

  async restore(lastPostId: number, log: (line: string) => void): Promise<void> {
    log(`recreating ${this.setAside.map((index) => index.name).join(', ')}`);
    for (const index of this.setAside) await this.pool.query(index.sql);
    this.setAside = [];
    // Never backwards: ids the sequence already handed out stay spent.
    await this.pool.query(`select setval($1::regclass, greatest($2::bigint, (select last_value from ${await this.sequence()})))`, [await this.sequence(), lastPostId]);
    // What autovacuum would do soon after on a live server; without it the planner guesses blind.
    await this.pool.query(`analyze ${Object.keys(LAYOUTS).join(', ')}, terms`);
  }
}

function bulkWriter(storage: Storage): BulkWriter {
  return storage.driver.kind === 'sqlite' ? new SqliteBulkWriter(storage.driver.client) : new PostgresBulkWriter(storage.driver.client);
}

async function existingCounts(storage: Storage): Promise<{ events: number; venues: number; organizers: number; terms: number }> {
  const posts = await storage.db.selectFrom('posts').select(['type', (eb) => eb.fn.countAll<number>().as('n')]).where('type', 'in', ['event', 'venue', 'organizer']).groupBy('type').execute();
  const terms = await storage.db.selectFrom('terms').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const count = (type: string) => Number(posts.find((row) => row.type === type)?.n ?? 0);
  return { events: count('event'), venues: count('venue'), organizers: count('organizer'), terms: Number(terms.n) };
}

interface SeededTerm {
  readonly id: number;
  /** Index of the top-level category it belongs to, for the category picker; -1 for tags. */
  readonly family: number;
}

/**
 * Categories and tags through Kysely (a few hundred rows, one transaction), with slugs made unique
 * against existing terms.
 */
async function insertTerms(db: Kysely<Database>, random: Random, createdAt: string): Promise<{ categories: SeededTerm[]; tags: SeededTerm[] }> {
  const taken = new Set((await db.selectFrom('terms').select(['taxonomy', 'slug']).execute()).map((row) => `${row.taxonomy} ${row.slug}`));
  const uniqueSlug = (taxonomy: Taxonomy, name: string) => {
    const base = slugify(name);
    let slug = base;
    for (let attempt = 2; taken.has(`${taxonomy} ${slug}`); attempt++) slug = `${base}-${attempt}`;
    taken.add(`${taxonomy} ${slug}`);
    return slug;
  };
  const insert = async (taxonomy: Taxonomy, name: string, french: string | null, parentId: number) => {
    const slug = uniqueSlug(taxonomy, name);
    const row = await db
      .insertInto('terms')
      .values({ taxonomy, name, slug, description: `${name} events across the city.`, parent_id: parentId, term_group: 0, language: 'en', created_at: createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (french !== null) {
      await db
        .insertInto('term_translations')
        .values({ term_id: row.id, language: 'fr', name: french, description: `Événements : ${french.toLowerCase()}.`, slug: `${slugify(french)}-${row.id}` })
        .execute();
    }
    return row.id;
  };
  const categories: SeededTerm[] = [];
  for (const [family, [name, french, children]] of CATEGORY_TREE.entries()) {
    const parentId = await insert('category', name, french, 0);
    categories.push({ id: parentId, family });
    for (const [childName, childFrench] of children) categories.push({ id: await insert('category', childName, childFrench, parentId), family });
  }
  const tags: SeededTerm[] = [];
  for (const qualifier of TAG_QUALIFIERS) {
    for (const word of TAG_WORDS) {
      const name = qualifier === '' ? word : `${word} ${qualifier}`;
      // A quarter of the tags are translated, as sites translate only their most visible terms.
      tags.push({ id: await insert('tag', name, random.chance(0.25) ? `${name} (fr)` : null, 0), family: -1 });
    }
  }
  return { categories, tags };
}

/** Fills the database; see the module comment. The schema must be migrated already. */
export async function seed(storage: Storage, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.events) || options.events < 1) throw new RangeError(`The number of events must be a positive integer, got ${options.events}.`);
  const started = performance.now();
  const log = options.log ?? (() => undefined);
  const existing = await existingCounts(storage);
  if (!options.force && Object.values(existing).some((count) => count > 0)) {
    throw new SeedRefusedError(
      `The database already holds calendar data (${existing.events} events, ${existing.venues} venues, ${existing.organizers} organizers, ${existing.terms} terms); ` +
        'seeding adds to existing data only when forced (--force).',
    );
  }

  const random = new Random(options.events);
  const nowMs = (options.now ?? new Date()).getTime();
  const today = Math.floor(nowMs / DAY_MS);
  const firstDay = today - 3 * 366;
  const lastDay = today + 2 * 366;
  // Room past the last day for multi-day events and before the first for publication dates.
  const zones = new ZoneOffsets(firstDay - 400, lastDay - firstDay + 420);
  const siteZone = options.siteZone ?? 'UTC';
  const nowWire = wire(nowMs - (nowMs % 1000));

  const { categories, tags } = await storage.db.transaction().execute((trx) => insertTerms(trx, random, nowWire));
  const venueCount = Math.max(5, Math.round(options.events / 50));
  const organizerCount = Math.max(5, Math.round(options.events / 50));
  const writer = bulkWriter(storage);
  const firstPostId = await writer.firstFreePostId();
  const firstVenueId = firstPostId;
  const firstOrganizerId = firstVenueId + venueCount;
  const firstEventId = firstOrganizerId + organizerCount;
  const lastPostId = firstEventId + options.events - 1;

  /** A daytime local publication moment in the site zone, on `day`. */
  const published = (day: number) => {
    const localMs = day * DAY_MS + random.between(9 * 60, 18 * 60) * MINUTE_MS + random.int(60) * 1000;
    const utcMs = zones.toUtc(siteZone, localMs);
    return { local: wire(localMs), utc: wire(utcMs) };
  };
  const postRow = (id: number, type: string, status: string, slug: string, title: string, content: string, excerpt: string, day: number) => {
    const date = published(day);
    return [id, type, 0, status, slug, title, content, excerpt, '', 0, 0, 'en', date.local, date.utc, date.local, date.utc];
  };

  await writer.prepare(existing.events + existing.venues + existing.organizers === 0);
  let restored = false;
  try {
    let batch = emptyBatch();
    let written = 0;
    const loadStarted = performance.now();
    let lastLog = loadStarted;
    const flush = async (label: string, done: number, total: number) => {
      written += rowCount(batch);
      await writer.write(batch);
      batch = emptyBatch();
      const now = performance.now();
      if (now - lastLog > 2000 || done === total) {
        lastLog = now;
        log(`${label}: ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} (${Math.round(written / ((now - loadStarted) / 1000)).toLocaleString('en-US')} rows/s)`);
      }
    };

    for (let index = 0; index < venueCount; index++) {
      const id = firstVenueId + index;
      const place = random.pick(CITIES);
      const name = `${random.pick(VENUE_PREFIXES)} ${random.pick(VENUE_KINDS)}`;
      const title = venueCount > VENUE_PREFIXES.length * VENUE_KINDS.length ? `${name} ${place.city}` : name;
      const content = `${title} hosts concerts, talks and classes in the heart of ${place.city}. ${random.pick(FILLER_SENTENCES)}`;
      batch.posts.push(postRow(id, 'venue', 'publish', `${slugify(title)}-${id}`, title, content, '', today - random.int(1000)));
      const located = random.chance(0.6);
      batch.venues.push([
        id, `${random.between(1, 240)} ${random.pick(STREETS)}`, place.city, place.country, place.province, place.state,
        `${place.zip}${random.between(10, 99)}`, `+1 555 ${String(random.int(10_000)).padStart(4, '0')}`, place.state || place.province,
        random.chance(0.5) ? `https://venues.example.org/${id}` : '', 1, 1,
        located ? Math.round((place.lat + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
        located ? Math.round((place.lng + (random.next() - 0.5) / 10) * 1e6) / 1e6 : null,
      ]);
      if (batch.posts.length >= BATCH_EVENTS) await flush('venues', index + 1, venueCount);
    }
    if (batch.posts.length > 0) await flush('venues', venueCount, venueCount);

    for (let index = 0; index < organizerCount; index++) {
      const id = firstOrganizerId + index;
      const title = `${random.pick(FIRST_NAMES)}'s ${random.pick(TOPICS)} ${random.pick(ORGANIZER_KINDS)}`;
      batch.posts.push(postRow(id, 'organizer', 'publish', `${slugify(title)}-${id}`, title, `${title} organises events for everyone. ${random.pick(FILLER_SENTENCES)}`, '', today - random.int(1000)));
      batch.organizers.push([id, `+1 555 ${String(random.int(10_000)).padStart(4, '0')}`, random.chance(0.6) ? `https://org.example.org/${id}` : '', `contact${id}@example.org`]);
      if (batch.posts.length >= BATCH_EVENTS) await flush('organizers', index + 1, organizerCount);
    }
    if (batch.posts.length > 0) await flush('organizers', organizerCount, organizerCount);

    const adjectiveSlugs = ADJECTIVES.map(([english, french]) => [slugify(english), slugify(french)] as const);
    const formatSlugs = FORMATS.map(([english, french]) => [slugify(english), slugify(french)] as const);
    const topicSlugs = TOPICS.map((topic) => slugify(topic));
    const familyMembers = CATEGORY_TREE.map((_, family) => categories.filter((category) => category.family === family));
    /** Published events per seeded term: WordPress' term count, set once at the end. */
    const publishedLinks = new Map<number, number>();

    for (let index = 0; index < options.events; index++) {
      const id = firstEventId + index;
      const adjective = random.int(ADJECTIVES.length);
      const topic = random.int(TOPICS.length);
      const format = random.int(FORMATS.length);
      const [adjectiveText, adjectiveFrench] = ADJECTIVES[adjective]!;
      const [formatText, formatFrench] = FORMATS[format]!;
      const topicText = TOPICS[topic]!;
      const title = `${adjectiveText} ${topicText} ${formatText}`;
      const roll = random.next();
      const status = roll < 0.9 ? 'publish' : roll < 0.94 ? 'draft' : roll < 0.97 ? 'pending' : 'private';
      // Drafts and pending events have no slug until published, as the service itself does.
      const slug = status === 'draft' || status === 'pending' ? '' : `${adjectiveSlugs[adjective]![0]}-${topicSlugs[topic]}-${formatSlugs[format]![0]}-${id}`;
      // Short texts: the trigram search index costs time in proportion to the text it covers.
      const content = `${/^[AEIOU]/.test(formatText) ? 'An' : 'A'} ${formatText.toLowerCase()} for anyone curious about ${topicText.toLowerCase()}. ${random.pick(FILLER_SENTENCES)}`;
      const excerpt = random.chance(0.2) ? `${formatText} about ${topicText.toLowerCase()}.` : '';

      const zone = random.pick(EVENT_ZONES);
      const day = random.between(firstDay, lastDay);
      const allDay = random.chance(0.08);
      let startLocal: number;
      let endLocal: number;
      if (allDay) {
        startLocal = day * DAY_MS;
        endLocal = (day + (random.chance(0.2) ? random.between(1, 2) : 0)) * DAY_MS + DAY_MS - 1000;
      } else {
        // From 08:00, ending by 23:45: never in the small hours where offsets change.
        startLocal = day * DAY_MS + (random.between(8, 19) * 60 + random.int(4) * 15) * MINUTE_MS;
        endLocal = random.chance(0.05) ? (day + random.between(1, 3)) * DAY_MS + random.between(10, 18) * 60 * MINUTE_MS : startLocal + random.between(2, 8) * 30 * MINUTE_MS;
      }
      const startUtc = zones.toUtc(zone, startLocal);
      const cost = random.pick(COSTS);
      const featured = random.chance(0.05);
      batch.posts.push(postRow(id, 'event', status, slug, title, content, excerpt, Math.min(today - random.int(30), day - random.between(1, 120))));
      batch.events.push([
        id, wire(startLocal), wire(endLocal), wire(startUtc), wire(zones.toUtc(zone, endLocal)), zone, zones.abbreviation(zone, startLocal, startUtc),
        allDay ? 1 : 0, cost.cost, cost.symbol, cost.position, '', cost.values, random.chance(0.2) ? `https://tickets.example.org/e/${id}` : null,
        1, 1, random.chance(0.02) ? 1 : 0, featured ? 1 : 0,
      ]);

      if (random.chance(0.85)) batch.event_links.push([id, firstVenueId + random.skewedIndex(venueCount), 'venue', 0]);
      if (random.chance(0.8)) {
        const first = firstOrganizerId + random.skewedIndex(organizerCount);
        batch.event_links.push([id, first, 'organizer', 0]);
        const second = firstOrganizerId + random.int(organizerCount);
        if (random.chance(0.3) && second !== first) batch.event_links.push([id, second, 'organizer', 1]);
      }
      // Categories follow the title's format loosely; a second one comes from anywhere.
      const members = familyMembers[format % familyMembers.length]!;
      const category = random.pick(members).id;
      batch.event_terms.push([id, category]);
      const secondCategory = random.pick(categories).id;
      if (random.chance(0.4) && secondCategory !== category) batch.event_terms.push([id, secondCategory]);
      const tagCount = random.int(4);
      const chosenTags = new Set<number>();
      for (let tag = 0; tag < tagCount; tag++) chosenTags.add(tags[random.skewedIndex(tags.length)]!.id);
      for (const tagId of chosenTags) batch.event_terms.push([id, tagId]);
      if (status === 'publish') {
        for (let link = batch.event_terms.length - 1; link >= 0 && batch.event_terms[link]![0] === id; link--) {
          const termId = batch.event_terms[link]![1] as number;
          publishedLinks.set(termId, (publishedLinks.get(termId) ?? 0) + 1);
        }
      }

      if (random.chance(0.05)) {
        const frenchTitle = `${formatFrench} ${adjectiveFrench.toLowerCase()} : ${topicText}`;
        batch.post_translations.push([
          id, 'fr', frenchTitle, `Un rendez-vous ${adjectiveFrench.toLowerCase()} autour de ${topicText.toLowerCase()}, ouvert à toutes et à tous.`, null,
          slug === '' ? null : `${formatSlugs[format]![1]}-${adjectiveSlugs[adjective]![1]}-${topicSlugs[topic]}-${id}`,
        ]);
      }
      if (batch.posts.length >= BATCH_EVENTS) await flush('events', index + 1, options.events);
    }
    if (batch.posts.length > 0) await flush('events', options.events, options.events);

    // Seeded events link only to seeded terms, so the counts kept while generating are complete.
    if (publishedLinks.size > 0) {
      const counts = [...publishedLinks].map(([termId, count]) => sql`(${sql.lit(termId)}, ${sql.lit(count)})`);
      await sql`update terms set count = seeded.column2 from (values ${sql.join(counts)}) as seeded where seeded.column1 = terms.id`.execute(storage.db);
    }
    restored = true;
    await writer.restore(lastPostId, log);
  } finally {
    if (!restored) await writer.restore(lastPostId, log);
  }
  // Running nodes must not keep serving answers cached before the seed.
  await storage.touchContent();

  const seconds = (performance.now() - started) / 1000;
  log(`seeded ${options.events.toLocaleString('en-US')} events, ${venueCount} venues, ${organizerCount} organizers, ${categories.length} categories, ${tags.length} tags in ${seconds.toFixed(1)} s`);
  return { events: options.events, venues: venueCount, organizers: organizerCount, categories: categories.length, tags: tags.length, seconds };
}
