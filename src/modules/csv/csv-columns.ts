import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { ExportEventRow } from '../../storage/repositories/event-export-rows.ts';
import type { RelationNames } from '../events/export-names.ts';
import type { Localized } from '../translations/translations.ts';
import { dateAndTime, flagCell, joinNames } from './csv-cells.ts';

/*
 * The columns of this service's CSV files (decision 0114): the columns of the original's CSV
 * importer (its `Tribe__Events__Importer__Column_Mapper`), in its order and with its labels, for
 * events, venues and organizers. The export writes them; the import reads them (csv-records.ts).
 */

export type CsvType = 'events' | 'venues' | 'organizers';
export const CSV_TYPES: readonly CsvType[] = ['events', 'venues', 'organizers'];

export interface CsvColumn {
  /** The original importer's key (`event_name`). */
  readonly key: string;
  /** Its label, the header this service writes (`Event Name`). */
  readonly label: string;
  /** Other headers read as this column (an older label of the original). */
  readonly aliases?: readonly string[];
}

const column = (key: string, label: string, aliases?: readonly string[]): CsvColumn => ({
  key,
  label,
  ...(aliases ? { aliases } : {}),
});

export const EVENT_COLUMNS: readonly CsvColumn[] = [
  column('event_name', 'Event Name'),
  column('event_description', 'Event Description'),
  column('event_excerpt', 'Event Excerpt'),
  column('event_start_date', 'Event Start Date'),
  column('event_start_time', 'Event Start Time'),
  column('event_end_date', 'Event End Date'),
  column('event_end_time', 'Event End Time'),
  column('event_timezone', 'Event Time Zone'),
  column('event_all_day', 'All Day Event'),
  column('event_hide', 'Hide Event From Event Listings'),
  column('event_sticky', 'Event Sticky in Month View'),
  column('feature_event', 'Feature Event'),
  column('event_venue_name', 'Event Venue Name'),
  column('event_organizer_name', 'Event Organizer Name(s) or ID(s)', ['Event Organizer Name']),
  column('event_show_map_link', 'Event Show Map Link'),
  column('event_show_map', 'Event Show Map'),
  column('event_cost', 'Event Cost'),
  column('event_currency_symbol', 'Event Currency Symbol'),
  column('event_currency_position', 'Event Currency Position'),
  column('event_category', 'Event Category'),
  column('event_tags', 'Event Tags'),
  column('event_website', 'Event Website'),
  column('featured_image', 'Event Featured Image'),
];

export const VENUE_COLUMNS: readonly CsvColumn[] = [
  column('venue_name', 'Venue Name'),
  column('venue_description', 'Venue Description'),
  column('venue_country', 'Venue Country'),
  column('venue_address', 'Venue Address'),
  column('venue_address2', 'Venue Address 2'),
  column('venue_city', 'Venue City'),
  column('venue_state', 'Venue State/Province'),
  column('venue_zip', 'Venue Zip'),
  column('venue_latitude', 'Venue Latitude'),
  column('venue_longitude', 'Venue Longitude'),
  column('venue_phone', 'Venue Phone'),
  column('venue_url', 'Venue Website'),
  column('featured_image', 'Venue Featured Image'),
];

export const ORGANIZER_COLUMNS: readonly CsvColumn[] = [
  column('organizer_name', 'Organizer Name'),
  column('organizer_description', 'Organizer Description'),
  column('organizer_email', 'Organizer Email'),
  column('organizer_website', 'Organizer Website'),
  column('organizer_phone', 'Organizer Phone'),
  column('featured_image', 'Organizer Featured Image'),
];

export const COLUMNS_OF: Readonly<Record<CsvType, readonly CsvColumn[]>> = {
  events: EVENT_COLUMNS,
  venues: VENUE_COLUMNS,
  organizers: ORGANIZER_COLUMNS,
};

/** A type's columns as the API lists them (`fields`): what a header can be mapped to. */
export const fieldsOf = (type: CsvType): { key: string; label: string }[] =>
  COLUMNS_OF[type].map(({ key, label }) => ({ key, label }));

/** The header row of a type's file. */
export const headerOf = (type: CsvType): string[] => COLUMNS_OF[type].map((entry) => entry.label);

/** An image's absolute URL (the wire's), or empty. */
type ImageUrl = (row: { readonly image: { readonly url: string } | null }) => string;

/** An event as the archive lists it, with what its reader may see of it. */
export interface ExportedEvent {
  readonly row: ExportEventRow;
  readonly names: RelationNames;
  /** The reader may see the protected details (no password, or the right one): otherwise they are empty, as in the JSON. */
  readonly entitled: boolean;
}

const text = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);
const currencyPosition = (stored: string) => (stored === 'postfix' ? 'suffix' : stored);

/** Where an event's cells stop being what anyone may see (its name, dates and zone) and the protected details begin. */
const FIRST_PROTECTED_FIELD = 8;

/**
 * An event's cells, in EVENT_COLUMNS' order. The stored text is written as stored (the description
 * is the HTML written, not the JSON's paragraphs; the cost is the text written, not the display
 * cost), so that the importer writes it back the same. The dates are the occurrence's.
 */
export function eventCells({ row, names, entitled }: ExportedEvent, imageUrl: ImageUrl): string[] {
  const { post, fields } = row;
  const allDay = fields.all_day !== 0;
  const [startDate, startTime] = dateAndTime(row.occurrence.start_local);
  const [endDate, endTime] = dateAndTime(row.occurrence.end_local);
  const cells = [
    post.title,
    post.content,
    post.excerpt,
    startDate,
    allDay ? '' : startTime,
    endDate,
    allDay ? '' : endTime,
    fields.timezone,
    flagCell(allDay),
    flagCell(fields.hide_from_listings !== 0),
    flagCell(post.menu_order === -1),
    flagCell(fields.featured !== 0),
    names.venues.join(', '),
    joinNames(names.organizers),
    flagCell(fields.show_map_link === null ? null : fields.show_map_link !== 0),
    flagCell(fields.show_map === null ? null : fields.show_map !== 0),
    fields.cost,
    fields.currency_symbol,
    currencyPosition(fields.currency_position),
    joinNames(names.categories),
    joinNames(names.tags),
    text(fields.website),
    imageUrl(row),
  ];
  if (!entitled) {
    cells[1] = '';
    cells[2] = '';
    cells.fill('', FIRST_PROTECTED_FIELD);
  }
  return cells;
}

/** A venue's or organizer's cells, in its type's columns' order; protected details empty unless `entitled`. */
export function linkedRecordCells(
  type: 'venues' | 'organizers',
  row: Localized<LinkedRecordRow>,
  entitled: boolean,
  imageUrl: ImageUrl,
): string[] {
  const { post, fields } = row;
  const shown = (value: string | number | null | undefined) => (entitled ? text(value) : '');
  if (type === 'organizers')
    return [
      post.title,
      shown(post.content),
      shown(fields.email),
      shown(fields.website),
      shown(fields.phone),
      shown(imageUrl(row)),
    ];
  const region = text(fields.stateprovince) || text(fields.state) || text(fields.province);
  return [
    post.title,
    shown(post.content),
    shown(fields.country),
    shown(fields.address),
    '',
    shown(fields.city),
    shown(region),
    shown(fields.zip),
    shown(fields.geo_lat),
    shown(fields.geo_lng),
    shown(fields.phone),
    shown(fields.website),
    shown(imageUrl(row)),
  ];
}
