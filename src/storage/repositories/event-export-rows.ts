import { sql, type SelectQueryBuilder } from 'kysely';
import type { ReadTx } from '../types.ts';
import type { OccurrenceRow } from './event-occurrences.repository.ts';
import type { EventFields } from './events.repository.ts';
import type { AnyDb, PostRow } from './post-records.repository.ts';

/*
 * The archive's events as the CSV export reads them (decisions 0132, 0136): the columns its cells
 * are made of, no more, and the ids of their relations, in one statement per batch whose rows are
 * arrays (`arrayRows`), read by position.
 */

/** An occurrence of the archive as the CSV export writes it: its event's text, rules' facts and fields, its image's URL, its dates and its relations' ids. */
export interface ExportEventRow {
  readonly post: Pick<
    PostRow,
    'id' | 'title' | 'content' | 'excerpt' | 'slug' | 'language' | 'author_id' | 'status' | 'password' | 'menu_order'
  >;
  readonly fields: Pick<
    EventFields,
    | 'timezone'
    | 'all_day'
    | 'hide_from_listings'
    | 'featured'
    | 'show_map'
    | 'show_map_link'
    | 'cost'
    | 'currency_symbol'
    | 'currency_position'
    | 'website'
  >;
  readonly image: { readonly url: string } | null;
  readonly occurrence: Pick<OccurrenceRow, 'id' | 'start_local' | 'end_local'>;
  /** Its venues' and organizers' ids, each kind in its links' order (a linked post's type is its kind). */
  readonly linkedIds: readonly number[];
  /** Its categories' and tags' ids, in no order: the row's own, which its names sort in place into the JSON's. */
  readonly termIds: number[];
}

/** A row of `exportBatch`: its select list's values, in its order. */
type ExportValues = [
  occurrenceId: OccurrenceRow['id'],
  occurrenceStart: OccurrenceRow['start_local'],
  occurrenceEnd: OccurrenceRow['end_local'],
  id: PostRow['id'],
  title: PostRow['title'],
  content: PostRow['content'],
  excerpt: PostRow['excerpt'],
  slug: PostRow['slug'],
  language: PostRow['language'],
  authorId: PostRow['author_id'],
  status: PostRow['status'],
  password: PostRow['password'],
  menuOrder: PostRow['menu_order'],
  timezone: EventFields['timezone'],
  allDay: EventFields['all_day'],
  hideFromListings: EventFields['hide_from_listings'],
  featured: EventFields['featured'],
  showMap: EventFields['show_map'],
  showMapLink: EventFields['show_map_link'],
  cost: EventFields['cost'],
  currencySymbol: EventFields['currency_symbol'],
  currencyPosition: EventFields['currency_position'],
  website: EventFields['website'],
  imageUrl: string | null,
  linkedIds: string | null,
  termIds: string | null,
];

/**
 * A batch's statement: `page` (occurrences' `id`, `event_id`, `start_local`, `end_local`, ordered
 * and cut) joined to its events, in its order, each with its relations' ids as one text, each
 * list one index range (decision 0136). The same SQL on both engines (`string_agg` with an order:
 * SQLite 3.44 and later, and PostgreSQL).
 */
export function exportBatch(
  db: ReadTx,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  page: SelectQueryBuilder<any, any, object>,
) {
  return (db as unknown as AnyDb)
    .selectFrom(page.as('page'))
    .innerJoin('posts as p', 'p.id', 'page.event_id')
    .innerJoin('events as own', 'own.post_id', 'p.id')
    .leftJoin('images as i', 'i.id', 'p.image_id')
    .select([
      'page.id as occurrence_id',
      'page.start_local as occurrence_start',
      'page.end_local as occurrence_end',
      'p.id',
      'p.title',
      'p.content',
      'p.excerpt',
      'p.slug',
      'p.language',
      'p.author_id',
      'p.status',
      'p.password',
      'p.menu_order',
      'own.timezone',
      'own.all_day',
      'own.hide_from_listings',
      'own.featured',
      'own.show_map',
      'own.show_map_link',
      'own.cost',
      'own.currency_symbol',
      'own.currency_position',
      'own.website',
      'i.url as image_url',
      sql<
        string | null
      >`(select string_agg(cast(l.linked_id as text), ',' order by l.position, l.linked_id) from event_links as l where l.event_id = page.event_id)`.as(
        'linked_ids',
      ),
      sql<
        string | null
      >`(select string_agg(cast(et.term_id as text), ',') from event_terms as et where et.event_id = page.event_id)`.as(
        'term_ids',
      ),
    ])
    .orderBy('page.start_local')
    .orderBy('page.id');
}

const COMMA = 0x2c;
const ZERO = 0x30;

/** The ids of a list `string_agg` wrote (`12,7,40`), read without a string a part. */
function ids(list: string | null): number[] {
  const parsed: number[] = [];
  if (list === null) return parsed;
  let id = 0;
  for (let at = 0; at < list.length; at++) {
    const code = list.charCodeAt(at);
    if (code === COMMA) {
      parsed.push(id);
      id = 0;
    } else id = id * 10 + (code - ZERO);
  }
  parsed.push(id);
  return parsed;
}

/** A row of `exportBatch`, as its values (by position: `ExportValues`), as the export's record. */
export function exportRowOf(values: readonly unknown[]): ExportEventRow {
  const row = values as ExportValues;
  return {
    post: {
      id: row[3],
      title: row[4],
      content: row[5],
      excerpt: row[6],
      slug: row[7],
      language: row[8],
      author_id: row[9],
      status: row[10],
      password: row[11],
      menu_order: row[12],
    },
    fields: {
      timezone: row[13],
      all_day: row[14],
      hide_from_listings: row[15],
      featured: row[16],
      show_map: row[17],
      show_map_link: row[18],
      cost: row[19],
      currency_symbol: row[20],
      currency_position: row[21],
      website: row[22],
    },
    image: row[23] === null ? null : { url: row[23] },
    occurrence: { id: row[0], start_local: row[1], end_local: row[2] },
    linkedIds: ids(row[24]),
    termIds: ids(row[25]),
  };
}
