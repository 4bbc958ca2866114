import { autoParagraph, escapeHtml } from '../../content/html.ts';
import { dateDetails, startOfDay } from '../../dates/parse.ts';
import { toIsoWithOffset, zoneAbbreviation } from '../../dates/zones.ts';
import type { Urls } from '../../urls.ts';
import type { EventRow } from '../../storage/repositories/events.repository.ts';
import type { TermRow } from '../../storage/tables.ts';
import { imageUrl, toImage, toLinkedRecord } from '../linked-records/linked-records.mapper.ts';
import type { LinkedRecordDefinition } from '../linked-records/definition.ts';
import { ORGANIZER } from '../organizers/organizer.definition.ts';
import { VENUE } from '../venues/venue.definition.ts';
import { globalId, globalIdLineage, postUrl, stripProtected } from '../posts/post-rules.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';
import { toEmbeddedTerm } from '../terms/terms.mapper.ts';
import type { Localized } from '../translations/translations.ts';
import { costOfTickets, displayCost, priceText } from './cost.ts';
import { customFieldsWire } from './custom-fields.ts';
import { recurrenceOnWire, type Recurrence } from './recurrence.ts';
import type { EventWire } from './events.schemas.ts';
import type { LoadedRelations } from './events.service.ts';

export interface EventRelations {
  readonly terms: readonly Localized<{ row: TermRow }>[];
  /** Wire records of the linked venues and organizers, already built in the right context. */
  readonly venues: readonly Record<string, unknown>[];
  readonly organizers: readonly Record<string, unknown>[];
  /** The prices of the event's published tickets, in ticket order (decision 0119). */
  readonly ticketPrices: readonly string[];
}

export interface EventContext {
  readonly urls: Urls;
  /** Single-event responses carry `json_ld` (wire-format 10.5). */
  readonly single: boolean;
  /** The caller may see a protected event's details. */
  readonly entitled: boolean;
  /** The reader asked for the edit context and may edit the event: the record carries its password (decision 0079). */
  readonly inEditContext: boolean;
  readonly siteZone: string;
}

const flag = (value: number | null): boolean => value === null || value !== 0;

/** schema.org `Event` (wire-format 10.5); not contractual, kept close to the original's. */
function eventJsonLd(
  row: EventRow,
  url: string,
  relations: EventRelations,
  context: EventContext,
): Record<string, unknown> {
  const { post, image } = row;
  const event = shownFields(row, relations);
  const locations = relations.venues.map((venue) => venue.json_ld).filter(Boolean);
  const organizers = relations.organizers.map((organizer) => organizer.json_ld).filter(Boolean);
  return {
    '@context': 'http://schema.org',
    '@type': 'Event',
    name: post.title,
    description: escapeHtml(autoParagraph(post.excerpt)),
    ...(image ? { image: imageUrl(image.url, context.urls) } : {}),
    url,
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    eventStatus: 'https://schema.org/EventScheduled',
    startDate: toIsoWithOffset(event.start_local, event.timezone),
    endDate: toIsoWithOffset(event.end_local, event.timezone),
    ...(locations.length > 0 ? { location: locations.length === 1 ? locations[0] : locations } : {}),
    ...(organizers.length > 0 ? { organizer: organizers.length === 1 ? organizers[0] : organizers } : {}),
    ...(event.cost !== ''
      ? {
          offers: {
            '@type': 'Offer',
            price: priceText(event.cost),
            priceCurrency: event.currency_code || 'USD',
            url,
            category: 'primary',
            availability: 'inStock',
            validFrom: toIsoWithOffset(startOfDay(post.date_local), context.siteZone),
          },
        }
      : {}),
    performer: 'Organization',
  };
}

/** The dates a record shows: its occurrence's (the archive, an occurrence id), else the event's own. */
function shownDates(row: EventRow): Pick<EventRow['fields'], 'start_local' | 'end_local' | 'start_utc' | 'end_utc'> {
  return row.occurrence ?? row.fields;
}

/**
 * An occurrence of a series is addressed as TEC's recurrence add-on does, by the series' permalink
 * and its local date (`/event/{slug}/{YYYY-MM-DD}/`); unpublished, by its own id (decision 0025).
 */
export function eventUrl(urls: Urls, row: EventRow, id: number): string {
  const { post, occurrence } = row;
  if (!occurrence || occurrence.series_id === null) return postUrl(urls, 'event', 'tribe_events', post);
  return post.status === 'publish' && post.slug !== ''
    ? urls.page(`event/${encodeURIComponent(post.slug)}/${occurrence.start_local.slice(0, 10)}`)
    : postUrl(urls, 'event', 'tribe_events', { ...post, id, slug: '' });
}

/** `series_id` and `recurrence`: on occurrences of a series only (additive; decision 0025). */
function seriesFields(row: EventRow): Pick<EventWire, 'series_id' | 'recurrence'> {
  const seriesId = row.occurrence?.series_id ?? null;
  const stored = row.seriesRecurrence ?? row.fields.recurrence;
  if (seriesId === null || stored === null) return {};
  return { series_id: seriesId, recurrence: recurrenceOnWire(JSON.parse(stored) as Recurrence) };
}

/** The event's fields as shown: an occurrence's own dates, and the cost of its tickets when it has none of its own. */
function shownFields(row: EventRow, relations: EventRelations) {
  const fields = { ...row.fields, ...shownDates(row) };
  return { ...fields, ...costOfTickets(fields, relations.ticketPrices) };
}

/**
 * Event Tickets' `ticketed`: the providers of the event's tickets, each once (`rsvp` for a free
 * ticket, `tickets-commerce` for a priced one, as a ticket's `provider`). Only on an event with
 * published tickets: one without looks as the original's without Event Tickets (decision 0119).
 */
function ticketedField(ticketPrices: readonly string[]): Pick<EventWire, 'ticketed'> {
  if (ticketPrices.length === 0) return {};
  return { ticketed: [...new Set(ticketPrices.map((price) => (Number(price) === 0 ? 'rsvp' : 'tickets-commerce')))] };
}

/** An event on the wire (wire-format 2.1), in the original's field order. */
export function toEventRecord(row: Localized<EventRow>, relations: EventRelations, context: EventContext): EventWire {
  const { post, image } = row;
  const event = shownFields(row, relations);
  const id = row.occurrence?.id ?? post.id;
  const { urls } = context;
  const url = eventUrl(urls, row, id);
  const termsOf = (taxonomy: 'category' | 'tag') =>
    relations.terms
      .filter((term) => term.row.taxonomy === taxonomy)
      .map((term) => toEmbeddedTerm(taxonomy === 'category' ? CATEGORY : TAG, term, urls));
  const record: EventWire = {
    id,
    global_id: globalId(urls, id),
    global_id_lineage: globalIdLineage(urls, id, post.global_id_lineage),
    author: String(post.author_id),
    status: post.status,
    date: post.date_local,
    date_utc: post.date_utc,
    modified: post.modified_local,
    modified_utc: post.modified_utc,
    url,
    rest_url: urls.route(`events/${id}`),
    title: post.title,
    description: autoParagraph(post.content),
    excerpt: autoParagraph(post.excerpt),
    slug: post.slug,
    image: image ? toImage(image, urls) : false,
    all_day: event.all_day !== 0,
    start_date: event.start_local,
    start_date_details: dateDetails(event.start_local),
    end_date: event.end_local,
    end_date_details: dateDetails(event.end_local),
    utc_start_date: event.start_utc,
    utc_start_date_details: dateDetails(event.start_utc),
    utc_end_date: event.end_utc,
    utc_end_date_details: dateDetails(event.end_utc),
    timezone: event.timezone,
    // An occurrence's own: a series crosses daylight-saving changes.
    timezone_abbr:
      row.occurrence && row.occurrence.series_id !== null
        ? zoneAbbreviation(event.timezone, event.start_utc)
        : event.timezone_abbr,
    cost: displayCost(event.cost),
    cost_details: {
      currency_symbol: event.currency_symbol,
      currency_code: event.currency_code,
      currency_position: event.currency_position,
      values: JSON.parse(event.cost_values) as string[],
    },
    // A website never set falls back to the permalink; one set, even to "", is shown escaped.
    website: event.website === null ? url : escapeHtml(event.website),
    show_map: flag(event.show_map),
    show_map_link: flag(event.show_map_link),
    hide_from_listings: event.hide_from_listings !== 0,
    sticky: post.menu_order === -1,
    featured: event.featured !== 0,
    categories: termsOf('category'),
    tags: termsOf('tag'),
    // One venue is an object, none `[]`, several a list; organizers are always a list (quirk #3).
    venue: relations.venues.length === 1 ? relations.venues[0]! : [...relations.venues],
    organizer: [...relations.organizers],
    custom_fields: customFieldsWire(event.custom_fields),
    ...ticketedField(relations.ticketPrices),
    ...seriesFields(row),
    ...(context.inEditContext ? { post_password: post.password } : {}),
    ...row.languages,
  };
  const isProtected = post.password !== '';
  if (isProtected) return context.entitled ? record : stripProtected(record);
  // `json_ld` comes before the language fields on the wire (EventRecord's order), whatever the insertion order here.
  return context.single ? { ...record, json_ld: eventJsonLd(row, url, relations, context) } : record;
}

/**
 * Events loaded with their relations, as records: the API's answers and the public pages
 * (modules/pages) render them alike. `entitled` says whether the reader may see a protected
 * event's details, `inEditContext` whether it is shown with its password (never when not given).
 * Embedded venues and organizers stay stripped when protected: the original lifts that only for a
 * browser holding the post-password cookie (wire-format 2.9).
 */
export function toEventRecords(
  rows: readonly Localized<EventRow>[],
  relations: LoadedRelations,
  context: Omit<EventContext, 'entitled' | 'inEditContext'> & {
    readonly entitled: (row: EventRow) => boolean;
    readonly inEditContext?: (row: EventRow) => boolean;
  },
): EventWire[] {
  const { urls, single } = context;
  return rows.map((row) => {
    const embed = (definition: LinkedRecordDefinition, linked: LoadedRelations['venues']) =>
      (linked.get(row.post.id) ?? []).map((record) =>
        toLinkedRecord(definition, record, { urls, single, entitled: record.post.password === '' }),
      );
    return toEventRecord(
      row,
      {
        terms: relations.terms.get(row.post.id) ?? [],
        venues: embed(VENUE, relations.venues),
        organizers: embed(ORGANIZER, relations.organizers),
        ticketPrices: relations.ticketPrices.get(row.post.id) ?? [],
      },
      {
        urls,
        single,
        entitled: context.entitled(row),
        inEditContext: context.inEditContext?.(row) ?? false,
        siteZone: context.siteZone,
      },
    );
  });
}

/**
 * A page of events as a schema.org `ItemList` (the archive's JSON-LD; decision 0029): each item
 * the `json_ld` of the record rendered as a single read. Protected events, which carry none, are
 * left out, as from a single read; `offset` numbers the items after the earlier pages'.
 */
export function toEventItemList(records: readonly EventWire[], offset: number): Record<string, unknown> {
  const events = records.flatMap((record) => (record.json_ld ? [record.json_ld] : []));
  return {
    '@context': 'http://schema.org',
    '@type': 'ItemList',
    numberOfItems: events.length,
    itemListElement: events.map((item, at) => ({ '@type': 'ListItem', position: offset + at + 1, item })),
  };
}
