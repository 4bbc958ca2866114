import type { EventWire } from '../../events/events.schemas.ts';
import { CATEGORY } from '../../terms/taxonomy.ts';
import type { TaxonomyDefinition } from '../../terms/taxonomy.ts';
import {
  addressLine,
  dayBadge,
  machineTime,
  monthTitle,
  startDay,
  summaryText,
  textField,
  timeRange,
} from '../format.ts';
import type { PageContext } from './layout.tsx';

/*
 * Events as a list, as the original's list view shows them: a date badge (weekday and day) beside
 * each, month headings between them ("November 2026"), and for each its times, venue and address,
 * excerpt, cost, featured image and categories.
 */

/**
 * What a card leaves out where its page already says it (decision 0105): the date badge under a
 * day's own time headings, the venue on that venue's own page.
 */
export interface CardOptions {
  readonly badge?: boolean;
  /** The id of the venue whose page lists the card: that venue is not repeated on it. */
  readonly pageVenue?: number;
}

/** An event's venues as a list (the record has one object, a list, or `[]`). */
export function venuesOf(event: EventWire): Record<string, unknown>[] {
  return Array.isArray(event.venue) ? event.venue : [event.venue];
}

/** Categories or tags as links to their archive pages (embedded terms carry no page URL: it is built as the term records' own). */
export function TermList({
  page,
  definition,
  terms,
}: {
  page: PageContext;
  definition: TaxonomyDefinition;
  terms: readonly Record<string, unknown>[];
}) {
  return (
    <ul class="terms">
      {terms.map((term) => (
        <li>
          <a href={page.urls.page(`${definition.archivePath}/${encodeURIComponent(textField(term, 'slug'))}`)}>
            {textField(term, 'name')}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** One event in a list: badge, title linked to its page, times, venue and address, excerpt, cost, image and categories. */
export function EventCard({
  page,
  event,
  level,
  options = {},
}: {
  page: PageContext;
  event: EventWire;
  level: 2 | 3 | 4;
  options?: CardOptions;
}) {
  const { messages, locale } = page;
  const Heading = `h${level}` as const;
  const badge = options.badge === false ? undefined : dayBadge(startDay(event), locale);
  const when = timeRange(event, locale, page.siteZone);
  const venues = venuesOf(event).filter((venue) => textField(venue, 'venue') !== '' && venue.id !== options.pageVenue);
  const image = event.image === false ? '' : textField(event.image, 'url');
  const excerpt = summaryText(event.excerpt || event.description, 240);
  return (
    <article
      class={['event-card', event.featured ? 'featured' : '', badge ? '' : 'no-badge'].filter(Boolean).join(' ')}
    >
      {badge ? (
        <time class="date-badge" datetime={startDay(event)}>
          <span class="badge-weekday">{badge.weekday}</span> <span class="badge-day">{badge.day}</span>
        </time>
      ) : null}
      <div class="event-body">
        <Heading class="event-title">
          <a href={event.url}>{event.title}</a>
        </Heading>
        <p class="when">
          <time datetime={machineTime(event, 'start')}>{when ?? messages.allDay}</time>
        </p>
        {venues.map((venue) => {
          const address = addressLine(venue);
          return (
            <p class="where">
              <span class="venue-name">{textField(venue, 'venue')}</span>
              {address ? <span class="venue-address">{address}</span> : null}
            </p>
          );
        })}
        {excerpt ? <p class="excerpt">{excerpt}</p> : null}
        {event.cost !== '' ? (
          <p class="cost">
            <span class="visually-hidden">{messages.cost}: </span>
            {event.cost}
          </p>
        ) : null}
        {event.categories.length > 0 ? <TermList page={page} definition={CATEGORY} terms={event.categories} /> : null}
      </div>
      {image ? <img class="event-thumb" src={image} alt="" loading="lazy" decoding="async" /> : null}
    </article>
  );
}

/** Events in one list (a day's half hour, a month's), their titles at heading `level`. */
export function EventCards({
  page,
  events,
  level,
  options,
}: {
  page: PageContext;
  events: readonly EventWire[];
  level: 3 | 4;
  options?: CardOptions;
}) {
  return (
    <ol class="event-list">
      {events.map((event) => (
        <li>
          <EventCard page={page} event={event} level={level} options={options} />
        </li>
      ))}
    </ol>
  );
}

/**
 * Events under month headings (`level`, their titles one below), by the month each starts in (its
 * own zone's date): the archive's order is by start, so each month's events come together. The list
 * view, a series' dates and a venue's or organizer's page show them so, as the original's list does.
 */
export function EventListing({
  page,
  events,
  level = 2,
  options,
}: {
  page: PageContext;
  events: readonly EventWire[];
  level?: 2 | 3;
  options?: CardOptions;
}) {
  if (events.length === 0) return <p class="empty">{page.messages.noEvents}</p>;
  const months: { month: string; events: EventWire[] }[] = [];
  for (const event of events) {
    const month = startDay(event).slice(0, 7);
    if (months.at(-1)?.month !== month) months.push({ month, events: [] });
    months.at(-1)!.events.push(event);
  }
  const Heading = `h${level}` as const;
  return (
    <>
      {months.map((group, index) => (
        <section class="month-group" aria-labelledby={`month-${index}`}>
          <Heading class="month-separator" id={`month-${index}`}>
            {monthTitle(group.month, page.locale)}
          </Heading>
          <EventCards page={page} events={group.events} level={level === 2 ? 3 : 4} options={options} />
        </section>
      ))}
    </>
  );
}
