import type { EventWire } from '../../events/events.schemas.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../../terms/taxonomy.ts';
import { addressLine, googleCalendarLink, isEmail, machineTime, mapLink, summaryText, telHref, textField, webHref, whenText, zoneName } from '../format.ts';
import { TermList, venuesOf } from './list.tsx';
import type { Urls } from '../../../urls.ts';
import type { PageContext } from './layout.tsx';

/*
 * A single event: when (in its zone, named), where (address and an OpenStreetMap link, no
 * third-party script), cost, description, organizers, categories and tags, custom fields, "add to
 * calendar" and the events before and after it.
 */

/**
 * The `.ics` of what a page shows: an occurrence of a series is that one date, by its own id
 * (ical.routes.ts); another event the original's URL (`{event}/ical/`, which the feed routes answer,
 * site-feeds.ts). The first date's id is the series' own: its `.ics` is the whole series.
 */
export const icsUrl = (urls: Urls, event: EventWire) => (isLaterOccurrence(event) ? urls.route(`events/${event.id}.ics`) : `${event.url}ical/`);

/** The whole series of an occurrence's page, by the series' id; undefined for an event of no series. */
const seriesIcsUrl = (urls: Urls, event: EventWire) => (event.series_id === undefined || event.series_id === null ? undefined : urls.route(`events/${event.series_id}.ics`));

const isLaterOccurrence = (event: EventWire) => event.series_id !== undefined && event.series_id !== null && event.series_id !== event.id;

function Venue({ page, venue }: { page: PageContext; venue: Record<string, unknown> }) {
  const address = addressLine(venue);
  const map = venue.show_map_link === false ? undefined : mapLink(venue, address);
  const url = textField(venue, 'url');
  return (
    <div class="venue">
      <p class="venue-name">{url ? <a href={url}>{textField(venue, 'venue')}</a> : textField(venue, 'venue')}</p>
      {address ? <address>{address}</address> : null}
      <Contacts page={page} record={venue} />
      {map ? (
        <p>
          <a href={map} rel="noopener external">
            {page.messages.map}
          </a>
        </p>
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
function TermLinks({ page, definition, label, terms }: { page: PageContext; definition: TaxonomyDefinition; label: string; terms: readonly Record<string, unknown>[] }) {
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

export function EventDetails({ page, event, previous, next }: { page: PageContext; event: EventWire; previous: EventWire | undefined; next: EventWire | undefined }) {
  const { messages, locale } = page;
  const venues = venuesOf(event);
  const image = event.image === false ? undefined : textField(event.image, 'url');
  const location = venues.map((venue) => [textField(venue, 'venue'), addressLine(venue)].filter(Boolean).join(', ')).join('; ');
  const website = webHref(event.website);
  const seriesIcs = seriesIcsUrl(page.urls, event);
  return (
    <article class="event" aria-labelledby="event-title">
      <h1 id="event-title">{event.title}</h1>
      {image ? <img class="event-image" src={image} alt="" /> : null}
      <dl class="event-facts">
        <dt>{messages.when}</dt>
        <dd>
          <time datetime={machineTime(event, 'start')}>{whenText(event, locale)}</time>
          <br />
          <span class="zone">{event.all_day ? messages.allDay : `${messages.timeZone}: ${zoneName(event, locale)}`}</span>
        </dd>
        {venues.length > 0 ? (
          <>
            <dt>{messages.where}</dt>
            <dd>
              {venues.map((venue) => (
                <Venue page={page} venue={venue} />
              ))}
            </dd>
          </>
        ) : null}
        {event.cost !== '' ? (
          <>
            <dt>{messages.cost}</dt>
            <dd>{event.cost}</dd>
          </>
        ) : null}
        {event.organizer.length > 0 ? (
          <>
            <dt>{messages.organizers}</dt>
            <dd>
              <ul class="organizers">
                {event.organizer.map((organizer) => (
                  <Organizer page={page} organizer={organizer} />
                ))}
              </ul>
            </dd>
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
      {/* The stored description is sanitized HTML (content/html.ts filters it on write): the only field inserted raw. */}
      <div class="description" dangerouslySetInnerHTML={{ __html: event.description }} />
      <section class="add-to-calendar" aria-labelledby="add-to-calendar">
        <h2 id="add-to-calendar">{messages.addToCalendar}</h2>
        <ul>
          {event.series_id === event.id ? null : (
            <li>
              <a href={icsUrl(page.urls, event)} type="text/calendar" download>
                {messages.downloadIcs}
              </a>
            </li>
          )}
          {seriesIcs === undefined ? null : (
            <li>
              <a href={seriesIcs} type="text/calendar" download>
                {messages.downloadSeriesIcs}
              </a>
            </li>
          )}
          <li>
            <a href={googleCalendarLink(event, { text: summaryText(event.description, 1000), location })} rel="noopener external">
              {messages.googleCalendar}
            </a>
          </li>
        </ul>
      </section>
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
