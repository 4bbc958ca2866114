import type { SelectQueryBuilder } from 'kysely';
import type { ReadTx } from '../types.ts';
import type { OccurrenceRow } from './event-occurrences.repository.ts';
import type { EventFields } from './events.repository.ts';
import type { AnyDb, PostRow } from './post-records.repository.ts';

/*
 * The archive's events as the CSV export reads them (decision 0132): the columns its cells are
 * made of, no more, in one statement per batch.
 */

const POST_COLUMNS = [
  'id',
  'title',
  'content',
  'excerpt',
  'slug',
  'language',
  'author_id',
  'status',
  'password',
  'menu_order',
] as const satisfies readonly (keyof PostRow)[];
const EVENT_COLUMNS = [
  'timezone',
  'all_day',
  'hide_from_listings',
  'featured',
  'show_map',
  'show_map_link',
  'cost',
  'currency_symbol',
  'currency_position',
  'website',
] as const satisfies readonly (keyof EventFields)[];

/** An occurrence of the archive as the CSV export writes it: its event's text, rules' facts and fields, its image's URL, its dates. */
export interface ExportEventRow {
  readonly post: Pick<PostRow, (typeof POST_COLUMNS)[number]>;
  readonly fields: Pick<EventFields, (typeof EVENT_COLUMNS)[number]>;
  readonly image: { readonly url: string } | null;
  readonly occurrence: Pick<OccurrenceRow, 'id' | 'start_local' | 'end_local'>;
}

type ExportColumns = ExportEventRow['post'] &
  ExportEventRow['fields'] & {
    readonly occurrence_id: number;
    readonly occurrence_start: string;
    readonly occurrence_end: string;
    readonly image_url: string | null;
  };

/** A batch's statement: `page` (occurrences' `id`, `event_id`, `start_local`, `end_local`, ordered and cut) joined to its events, in its order. */
export function exportBatch(
  db: ReadTx,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  page: SelectQueryBuilder<any, any, object>,
): { execute(): Promise<ExportColumns[]> } {
  return (db as unknown as AnyDb)
    .selectFrom(page.as('page'))
    .innerJoin('posts as p', 'p.id', 'page.event_id')
    .innerJoin('events as own', 'own.post_id', 'p.id')
    .leftJoin('images as i', 'i.id', 'p.image_id')
    .select([...POST_COLUMNS.map((column) => `p.${column}`), ...EVENT_COLUMNS.map((column) => `own.${column}`)])
    .select([
      'page.id as occurrence_id',
      'page.start_local as occurrence_start',
      'page.end_local as occurrence_end',
      'i.url as image_url',
    ])
    .orderBy('page.start_local')
    .orderBy('page.id') as never;
}

/** A row of `exportBatch` as the export's record. */
export function exportRowOf(row: ExportColumns): ExportEventRow {
  return {
    post: {
      id: row.id,
      title: row.title,
      content: row.content,
      excerpt: row.excerpt,
      slug: row.slug,
      language: row.language,
      author_id: row.author_id,
      status: row.status,
      password: row.password,
      menu_order: row.menu_order,
    },
    fields: {
      timezone: row.timezone,
      all_day: row.all_day,
      hide_from_listings: row.hide_from_listings,
      featured: row.featured,
      show_map: row.show_map,
      show_map_link: row.show_map_link,
      cost: row.cost,
      currency_symbol: row.currency_symbol,
      currency_position: row.currency_position,
      website: row.website,
    },
    image: row.image_url === null ? null : { url: row.image_url },
    occurrence: { id: row.occurrence_id, start_local: row.occurrence_start, end_local: row.occurrence_end },
  };
}
