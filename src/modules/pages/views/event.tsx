import type { ComponentChildren } from 'preact';
import type { EventWire } from '../../events/events.schemas.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../../terms/taxonomy.ts';
import {
  addressLine,
  isEmail,
  machineTime,
  mapLinks,
  shortZone,
  summaryText,
  telHref,
  textField,
  webHref,
  whenText,
  zoneName,
} from '../format.ts';
import { eventCalendarLinks } from '../subscribe.ts';
import { CalendarServiceLinks } from './bar.tsx';
import { TermList, venuesOf } from './list.tsx';
import type { Urls } from '../../../urls.ts';
import type { PageContext } from './layout.tsx';

/*
 * A single event (decision 0060): when (in its zone, named), cost, the series notice, image,
 * description, "add to calendar", its details, venue (address and map links, no third-party
 * request: decision 0061) and organizers, and the events before and after it.
 */

/**
 * The `.ics` of what a page shows: an occurrence of a series is that one date, by its own id
 * (ical.routes.ts); another event the original's URL (`{event}/ical/`, which the feed routes answer,
 * site-feeds.ts). The first date's id is the series' own: its `.ics` is the whole series.
 */
export const icsUrl = (urls: Urls, event: EventWire) =>
  isLaterOccurrence(event) ? urls.route(`events/${event.id}.ics`) : `${event.url}ical/`;

/** The whole series of an occurrence's page, by the series' id; undefined for an event of no series. */
const seriesIcsUrl = (urls: Urls, event: EventWire) =>
  event.series_id === undefined || event.series_id === null ? undefined : urls.route(`events/${event.series_id}.ics`);

const isLaterOccurrence = (event: EventWire) =>
  event.series_id !== undefined && event.series_id !== null && event.series_id !== event.id;

/** A venue under the "Venue" heading: its name, full address, phone and website, and its map links (unless the venue turned them off). */
function Venue({ page, venue }: { page: PageContext; venue: Record<string, unknown> }) {
  const { messages } = page;
  const address = addressLine(venue);
  const maps = venue.show_map_link === false ? undefined : mapLinks(venue, address);
  const url = textField(venue, 'url');
  return (
    <div class="venue">
      <p class="venue-name">{url ? <a href={url}>{textField(venue, 'venue')}</a> : textField(venue, 'venue')}</p>
      {address ? <address>{address}</address> : null}
      <Contacts page={page} record={venue} />
      {maps ? (
        <ul class="map-links">
          <li>
            <a href={maps.openStreetMap} rel="noopener external">
              {messages.map}
            </a>
          </li>
          <li>
            <a href={maps.google} rel="noopener external">
              {messages.googleMap}
            </a>
          </li>
        </ul>
      ) : null}
    </div>
  );
}

/** A venue's or organizer's phone, e-mail and website, as links where they can be. */
export function Contacts({ page, record }: { page: PageContext; record: Record<string, unknown> }) {
  const { messages } = page;
  const phone = textField(record, 'phone');
  const email = textField(record, 'email');
  const website = webHref(textField(record, 'website'));
  if (!phone && !isEmail(email) && !website) return null;
  return (
    <ul class="contacts">
      {phone ? (
        <li>
          {messages.phone}: <a href={telHref(phone)}>{phone}</a>
        </li>
      ) : null}
      {isEmail(email) ? (
        <li>
          {messages.email}: <a href={`mailto:${email}`}>{email}</a>
        </li>
      ) : null}
      {website ? (
        <li>
          <a href={website} rel="external">
            {messages.website}
          </a>
        </li>
      ) : null}
    </ul>
  );
}

function Organizer({ page, organizer }: { page: PageContext; organizer: Record<string, unknown> }) {
  const url = textField(organizer, 'url');
  return (
    <li class="organizer">
      {url ? <a href={url}>{textField(organizer, 'organizer')}</a> : textField(organizer, 'organizer')}
      <Contacts page={page} record={organizer} />
    </li>
  );
}

/** Categories or tags linked to their archive pages, under their label. */
function TermLinks({
  page,
  definition,
  label,
  terms,
}: {
  page: PageContext;
  definition: TaxonomyDefinition;
  label: string;
  terms: readonly Record<string, unknown>[];
}) {
  if (terms.length === 0) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <TermList page={page} definition={definition} terms={terms} />
      </dd>
    </>
  );
}

/** The event's custom fields (decision 0036), each under its label (its key when the label is empty), in their order, as the original's page lists them. */
function CustomFieldFacts({ fields }: { fields: EventWire['custom_fields'] }) {
  if (Array.isArray(fields)) return null;
  return (
    <>
      {Object.entries(fields).map(([key, field]) => (
        <>
          <dt>{textField(field as Record<string, unknown>, 'label') || key}</dt>
          <dd>{textField(field as Record<string, unknown>, 'value')}</dd>
        </>
      ))}
    </>
  );
}

/**
 * The featured image at its own size (width and height given, so the page does not shift as it
 * loads), with the smaller sizes the API lists as a `srcset`. Its text alternative is the event's
 * title: the API stores no description of an image, and the featured image stands for the event.
 */
function FeaturedImage({ image, title }: { image: EventWire['image']; title: string }) {
  if (image === false) return null;
  const url = textField(image, 'url');
  if (!url) return null;
  const width = Number(image.width) || undefined;
  const height = Number(image.height) || undefined;
  const sizes = (
    typeof image.sizes === 'object' && image.sizes !== null ? Object.values(image.sizes as Record<string, unknown>) : []
  )
    .filter((size): size is Record<string, unknown> => typeof size === 'object' && size !== null)
    .map((size) => ({ url: textField(size, 'url'), width: Number(size.width) }))
    .filter(
      (size) =>
        size.url !== '' && Number.isInteger(size.width) && size.width > 0 && /^https?:\/\/[^\s,]+$/.test(size.url),
    );
  const candidates =
    width !== undefined && sizes.length > 0
      ? [...sizes.filter((size) => size.width < width), { url, width }].sort((a, b) => a.width - b.width)
      : [];
  return (
    <img
      class="event-image"
      src={url}
      alt={title}
      width={width}
      height={height}
      srcset={candidates.length > 1 ? candidates.map((size) => `${size.url} ${size.width}w`).join(', ') : undefined}
      sizes={candidates.length > 1 ? `(max-width: ${width}px) 100vw, ${width}px` : undefined}
    />
  );
}

/**
 * An occurrence of a series says so, with the series' next other dates (links to their pages) and
 * a link to all of them (the original's `/event/{slug}/all/`; decision 0060).
 */
function SeriesNotice({
  page,
  event,
  otherDates,
}: {
  page: PageContext;
  event: EventWire;
  otherDates: readonly EventWire[];
}) {
  const { messages, locale } = page;
  if (event.series_id === undefined || event.series_id === null) return null;
  return (
    <aside class="series-notice" aria-labelledby="series-notice">
      <h2 id="series-notice">{messages.seriesNotice}</h2>
      {otherDates.length > 0 ? (
        <ul>
          {otherDates.map((other) => (
            <li>
              <a href={other.url}>
                <time datetime={machineTime(other, 'start')}>{whenText(other, locale)}</time>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        <a href={page.urls.page(`event/${encodeURIComponent(event.slug)}/all`)}>{messages.allDates}</a>
      </p>
    </aside>
  );
}

/** "Add to calendar": Google Calendar, iCalendar (webcal://), Outlook 365, Outlook Live and the .ics, and for an occurrence the whole series' .ics. */
function AddToCalendar({ page, event, location }: { page: PageContext; event: EventWire; location: string }) {
  const { messages } = page;
  const links = eventCalendarLinks(event, icsUrl(page.urls, event), {
    text: summaryText(event.description, 1000),
    location,
  });
  const seriesIcs = seriesIcsUrl(page.urls, event);
  return (
    <section class="add-to-calendar" aria-labelledby="add-to-calendar">
      <h2 id="add-to-calendar">{messages.addToCalendar}</h2>
      <CalendarServiceLinks
        page={page}
        links={links}
        downloadLabel={event.series_id === event.id ? messages.downloadSeriesIcs : messages.downloadIcs}
        extra={
          seriesIcs === undefined || event.series_id === event.id ? null : (
            <li>
              <a href={seriesIcs} type="text/calendar" download>
                {messages.downloadSeriesIcs}
              </a>
            </li>
          )
        }
      />
    </section>
  );
}

/**
 * A single event as the original lays it out: the way back to the list, the title, when (its zone
 * named) and the cost, the series notice, the image, the description, "add to calendar", then its
 * details, venue and organizers (beside the description on a wide screen, under it on a phone), and
 * the events before and after it.
 */
export function EventDetails({
  page,
  event,
  previous,
  next,
  otherDates,
  rsvp,
}: {
  page: PageContext;
  event: EventWire;
  previous: EventWire | undefined;
  next: EventWire | undefined;
  otherDates: readonly EventWire[];
  rsvp?: ComponentChildren;
}) {
  const { messages, locale } = page;
  const venues = venuesOf(event).filter((venue) => textField(venue, 'venue') !== '');
  const location = venues
    .map((venue) => [textField(venue, 'venue'), addressLine(venue)].filter(Boolean).join(', '))
    .join('; ');
  const website = webHref(event.website);
  const when = <time datetime={machineTime(event, 'start')}>{whenText(event, locale)}</time>;
  const zone = zoneName(event, locale);
  return (
    <article class="event" aria-labelledby="event-title">
      <p class="back-link">
        <a href={page.urls.page('events')}>« {messages.allEvents}</a>
      </p>
      <h1 id="event-title">{event.title}</h1>
      <p class="event-when">
        {when}
        {/* The event's own zone, as the original's date line names it when the site shows zones ("EST"; decision 0105); its long name is under Details. */}
        {event.all_day ? null : <span class="when-zone"> {shortZone(event, locale)}</span>}
        {event.cost !== '' ? <span class="cost"> {event.cost}</span> : null}
      </p>
      <SeriesNotice page={page} event={event} otherDates={otherDates} />
      {/* At 1280 px the details, venue and organizers stand beside the description, not under it with the right half empty (decision 0105). */}
      <div class="event-columns">
        <div class="event-main">
          <FeaturedImage image={event.image} title={event.title} />
          {/* The stored description is sanitized HTML (content/html.ts filters it on write): the only field inserted raw. */}
          <div class="description" dangerouslySetInnerHTML={{ __html: event.description }} />
          {/* The tickets and their RSVP forms (issue 46), after what the event is and before "add to calendar". */}
          {rsvp}
          <AddToCalendar page={page} event={event} location={location} />
        </div>
        <div class="event-meta">
          <section class="meta-group" aria-labelledby="event-details">
            <h2 id="event-details">{messages.details}</h2>
            <dl class="event-facts">
              <dt>{messages.when}</dt>
              <dd>
                {when}
                <br />
                <span class="zone">{event.all_day ? messages.allDay : `${messages.timeZone}: ${zone}`}</span>
              </dd>
              {event.cost !== '' ? (
                <>
                  <dt>{messages.cost}</dt>
                  <dd>{event.cost}</dd>
                </>
              ) : null}
              <TermLinks page={page} definition={CATEGORY} label={messages.categories} terms={event.categories} />
              <TermLinks page={page} definition={TAG} label={messages.tags} terms={event.tags} />
              {website && website !== event.url ? (
                <>
                  <dt>{messages.website}</dt>
                  <dd>
                    <a href={website} rel="external">
                      {website}
                    </a>
                  </dd>
                </>
              ) : null}
              <CustomFieldFacts fields={event.custom_fields} />
            </dl>
          </section>
          {venues.length > 0 ? (
            <section class="meta-group" aria-labelledby="event-venue">
              <h2 id="event-venue">{venues.length > 1 ? messages.venues : messages.venue}</h2>
              {venues.map((venue) => (
                <Venue page={page} venue={venue} />
              ))}
            </section>
          ) : null}
          {event.organizer.length > 0 ? (
            <section class="meta-group" aria-labelledby="event-organizers">
              <h2 id="event-organizers">{event.organizer.length > 1 ? messages.organizers : messages.organizer}</h2>
              <ul class="organizers">
                {event.organizer.map((organizer) => (
                  <Organizer page={page} organizer={organizer} />
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </div>
      {previous || next ? (
        <nav class="pager event-navigation" aria-label={messages.eventNavigation}>
          {previous ? (
            <a rel="prev" href={previous.url}>
              {messages.previousEvent}: {previous.title}
            </a>
          ) : null}
          {next ? (
            <a rel="next" href={next.url}>
              {messages.nextEvent}: {next.title}
            </a>
          ) : null}
        </nav>
      ) : null}
    </article>
  );
}

/** A protected event before its password: the form posts the password to the event's own URL (decision 0031). */
export function PasswordForm({ page, action, wrong }: { page: PageContext; action: string; wrong: boolean }) {
  const { messages } = page;
  return (
    <section class="password" aria-labelledby="password-title">
      <h1 id="password-title">{messages.protectedTitle}</h1>
      <p>{messages.protectedText}</p>
      {wrong ? (
        <p class="error" role="alert">
          {messages.wrongPassword}
        </p>
      ) : null}
      <form method="post" action={action}>
        <p>
          <label for="post-password">{messages.password}</label>
          <input id="post-password" name="post_password" type="password" autocomplete="current-password" required />
        </p>
        <p>
          <button type="submit">{messages.enter}</button>
        </p>
      </form>
    </section>
  );
}
