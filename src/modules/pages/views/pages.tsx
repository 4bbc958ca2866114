import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { EventWire } from '../../events/events.schemas.ts';
import { lastDayOf, shiftDay, shiftMonth } from '../../../dates/supported-range.ts';
import { apiArgs, queryString, scopedFilters, type PageFilters } from '../filters.ts';
import {
  addressLine,
  dayTitle,
  halfHourOf,
  monthGrid,
  rangeTitle,
  startDay,
  summaryText,
  textField,
  timeHeading,
  weekOf,
} from '../format.ts';
import type { EventPage, LinkedRecord } from '../pages.service.ts';
import { subscriptionLinks, type Subscription } from '../subscribe.ts';
import { viewPath } from '../view-paths.ts';
import { CalendarGrid, Pager, pageHref } from './archive.tsx';
import { CalendarBar, Subscribe, viewAddresses, type BarProps } from './bar.tsx';
import { Contacts, EventDetails, icsUrl, PasswordForm } from './event.tsx';
import { Layout, type Alternate, type PageContext } from './layout.tsx';
import { EventCards, EventListing } from './list.tsx';
import { RsvpSection } from './rsvp.tsx';
import type { RsvpFormState, TicketOffer } from '../rsvp-form.ts';

/*
 * Whole pages, one function per page type, each rendered to a string of HTML. Every text and
 * attribute goes through Preact's escaping; the two raw insertions are marked where they are made
 * (the stored, sanitized description and the JSON-LD).
 */

export const html = (document: VNode): string => `<!DOCTYPE html>${renderToString(document)}`;

/** The archive's alternates: the same selection as an iCalendar feed and as the API's JSON. */
function archiveAlternates(page: PageContext, filters: PageFilters, api: string): Alternate[] {
  return [
    {
      type: 'text/calendar',
      href: `${page.urls.page('events')}${queryString(filters, [['ical', '1']])}`,
      title: 'iCalendar',
    },
    { type: 'application/json', href: api },
  ];
}

/** An API archive URL (`events/` or `events.ics`) for a view's filters, in the API's own parameter names. */
function apiArchive(
  page: PageContext,
  path: 'events/' | 'events.ics',
  filters: PageFilters,
  extra: [string, string][] = [],
): string {
  const args = [...apiArgs(filters), ...extra];
  return `${page.urls.api}/${path}${args.length > 0 ? `?${new URLSearchParams(args).toString()}` : ''}`;
}

/**
 * "Subscribe to calendar" for a view: the feed of its filters and a term page's term, with no date
 * window so it follows the calendar onward, and the view's own days as the download.
 */
function subscription(page: PageContext, visitor: PageFilters, window: [string, string][]): Subscription {
  const filters = scopedFilters(visitor, page.scope);
  const { date: _date, ...undated } = filters;
  return subscriptionLinks(
    apiArchive(page, 'events.ics', undated),
    apiArchive(page, 'events.ics', filters, window),
    page.siteName ?? page.messages.calendar,
  );
}

/** A view's title, with a term page's term: "December 2026 · Jazz". */
const titleOf = (page: PageContext, title: string): string =>
  page.scope === undefined ? title : `${title} · ${page.scope.name}`;

const filtered = (filters: PageFilters) => Object.values(filters).some((value) => value !== undefined);

export interface ListView {
  readonly title: string;
  readonly base: string;
  readonly filters: PageFilters;
  readonly events: readonly EventWire[];
  readonly current: number;
  readonly pages: number;
  readonly today: string;
}

export function listPage(page: PageContext, view: ListView): string {
  const { filters, events, current } = view;
  const canonical = `${view.base}${current > 1 ? `?page=${current}` : ''}`;
  const scoped = scopedFilters(filters, page.scope);
  const { date: _date, ...undated } = filters;
  const from = current > 1 && events[0] !== undefined ? startDay(events[0]) : filters.date;
  const until = events.at(-1) === undefined ? undefined : startDay(events.at(-1)!);
  const bar: BarProps = {
    current: 'list',
    action: view.base,
    filters,
    ...(page.embed
      ? {}
      : { views: viewAddresses(page, { anchor: filters.date ?? view.today, today: view.today, filters }) }),
    today: `${view.base}${queryString(undated)}`,
    previous: {
      label: page.messages.previousPage,
      ...(current > 1 ? { href: pageHref(view.base, filters, current - 1) } : {}),
    },
    next: {
      label: page.messages.nextPage,
      ...(current < view.pages ? { href: pageHref(view.base, filters, current + 1) } : {}),
    },
    range: rangeTitle(from, until, page.locale, page.messages.now),
    // The list's date is its own filter: no redirect on the way.
    picker: { type: 'date', name: 'date', value: filters.date ?? view.today },
  };
  return html(
    <Layout
      page={page}
      head={{
        title: view.title,
        canonical,
        alternates: archiveAlternates(page, scoped, apiArchive(page, 'events/', scoped)),
        noindex: filtered(filters),
      }}
    >
      <h1>{view.title}</h1>
      <CalendarBar page={page} bar={bar} />
      <EventListing page={page} events={events} />
      <Pager page={page} base={view.base} filters={filters} current={current} pages={view.pages} />
      {page.embed ? null : <Subscribe page={page} links={subscription(page, filters, [])} />}
    </Layout>,
  );
}

/**
 * A day's events under half-hour headings ("9:00 AM", "9:30 AM", in the page's language), the
 * all-day ones and those begun on an earlier day first, as the original's day view groups them
 * (decision 0105); each by the events' own wall clock, as their times read.
 */
function byHalfHour(page: PageContext, day: string, events: readonly EventWire[]) {
  const groups: { key: string; heading: string; events: EventWire[] }[] = [];
  const allDay = events.filter((event) => event.all_day || startDay(event) < day);
  if (allDay.length > 0) groups.push({ key: 'all-day', heading: page.messages.allDay, events: allDay });
  const timed = events
    .filter((event) => !allDay.includes(event))
    .sort((a, b) => a.start_date.localeCompare(b.start_date));
  for (const event of timed) {
    const key = halfHourOf(event.start_date);
    if (groups.at(-1)?.key !== key) groups.push({ key, heading: timeHeading(key, page.locale), events: [] });
    groups.at(-1)!.events.push(event);
  }
  return groups;
}

export function dayPage(
  page: PageContext,
  view: { day: string; today: string; filters: PageFilters; events: readonly EventWire[]; nextDay: string | undefined },
): string {
  const { day, filters } = view;
  const scoped = scopedFilters(filters, page.scope);
  const window: [string, string][] = [
    ['start_date', day],
    ['end_date', day],
  ];
  const dayAddress = (other: string) =>
    page.urls.page(viewPath('day', other === view.today ? undefined : other, page.scope));
  const dayHref = (other: string) => `${dayAddress(other)}${queryString(filters)}`;
  // No link past the supported days (decision 0048): that day's page is a 404.
  const [previous, next] = [shiftDay(day, -1), shiftDay(day, 1)];
  const title = dayTitle(day, page.locale);
  const bar: BarProps = {
    current: 'day',
    action: dayAddress(day),
    filters,
    views: viewAddresses(page, { anchor: day, today: view.today, filters }),
    today: dayHref(view.today),
    previous: { label: page.messages.previousDay, ...(previous === undefined ? {} : { href: dayHref(previous) }) },
    next: { label: page.messages.nextDay, ...(next === undefined ? {} : { href: dayHref(next) }) },
    range: title,
    picker: { type: 'date', name: 'tribe-bar-date', value: day },
  };
  return html(
    <Layout
      page={page}
      head={{
        title: titleOf(page, title),
        canonical: page.urls.page(viewPath('day', day, page.scope)),
        alternates: archiveAlternates(page, scoped, apiArchive(page, 'events/', scoped, window)),
        noindex: filtered(filters),
      }}
    >
      <h1>{page.scope?.name ?? page.messages.calendar}</h1>
      <CalendarBar page={page} bar={bar} />
      {view.events.length === 0 ? (
        <div class="empty-day">
          <p class="empty">{page.messages.noEventsThisDay}</p>
          {view.nextDay === undefined ? null : (
            <p>
              <a href={dayHref(view.nextDay)}>{page.messages.jumpToNext}</a>
            </p>
          )}
        </div>
      ) : (
        byHalfHour(page, day, view.events).map((group) => (
          <section class="hour-group" aria-labelledby={`hour-${group.key.replace(':', '')}`}>
            <h2 class="hour-heading" id={`hour-${group.key.replace(':', '')}`}>
              {group.key === 'all-day' ? group.heading : <time datetime={group.key}>{group.heading}</time>}
            </h2>
            {/* The bar's heading names the day: no date badge on each event. */}
            <EventCards page={page} events={group.events} level={3} options={{ badge: false }} />
          </section>
        ))
      )}
      <Subscribe page={page} links={subscription(page, filters, window)} />
    </Layout>,
  );
}

export function monthPage(
  page: PageContext,
  view: {
    title: string;
    month: string;
    today: string;
    monthUrl: (month: string, filters: PageFilters) => string;
    filters: PageFilters;
    events: readonly EventWire[];
    truncated: boolean;
  },
): string {
  const { month, filters } = view;
  const scoped = scopedFilters(filters, page.scope);
  const window: [string, string][] = [
    ['start_date', `${month}-01`],
    ['end_date', lastDayOf(month)],
  ];
  // No link past the supported months (decision 0048): that month's page is a 404.
  const [previous, next] = [shiftMonth(month, -1), shiftMonth(month, 1)];
  const bar: BarProps = {
    current: 'month',
    // The embed's month is a parameter of its own URL, which a GET form's action cannot carry.
    action: page.embed ? page.urls.page('events/embed') : view.monthUrl(month, {}),
    ...(page.embed
      ? {
          hidden: [
            ['view', 'month'],
            ['month', month],
          ] as [string, string][],
        }
      : {}),
    clear: view.monthUrl(month, {}),
    filters,
    ...(page.embed
      ? {}
      : {
          views: viewAddresses(page, {
            anchor: month === view.today.slice(0, 7) ? view.today : `${month}-01`,
            today: view.today,
            filters,
          }),
        }),
    today: view.monthUrl(view.today.slice(0, 7), filters),
    previous: {
      label: page.messages.previousMonth,
      ...(previous === undefined ? {} : { href: view.monthUrl(previous, filters) }),
    },
    next: { label: page.messages.nextMonth, ...(next === undefined ? {} : { href: view.monthUrl(next, filters) }) },
    range: view.title,
    // The embed reads its month from its own `month` parameter.
    picker: { type: 'month', name: page.embed ? 'month' : 'tribe-bar-date', value: month },
    todayLabel: page.messages.thisMonth,
    monthSwitch: true,
  };
  return html(
    <Layout
      page={page}
      head={{
        title: titleOf(page, view.title),
        canonical: view.monthUrl(month, {}),
        alternates: archiveAlternates(page, scoped, apiArchive(page, 'events/', scoped, window)),
        noindex: filtered(filters),
      }}
    >
      <h1>{page.scope?.name ?? page.messages.calendar}</h1>
      {/* calendar.js swaps this part when it switches months in place. */}
      <div class="view-body" data-view-swap>
        <CalendarBar page={page} bar={bar} />
        {view.truncated ? (
          <p>
            <a
              href={`${page.urls.page(viewPath('list', undefined, page.scope))}${queryString({ ...filters, date: `${month}-01` })}`}
            >
              {page.messages.moreEvents}
            </a>
          </p>
        ) : null}
        <CalendarGrid
          page={page}
          mode="month"
          weeks={monthGrid(month)}
          month={month}
          today={view.today}
          events={view.events}
          filters={filters}
          title={view.title}
        />
        {page.embed ? null : <Subscribe page={page} links={subscription(page, filters, window)} />}
      </div>
    </Layout>,
  );
}

/**
 * A week from Monday (decision 0056) at `/events/week/{day}/`: its seven days as the calendar grid's
 * one row (bars for the all-day and multi-day events, then the timed ones), a list of days on a phone.
 */
export function weekPage(
  page: PageContext,
  view: { day: string; today: string; filters: PageFilters; events: readonly EventWire[]; truncated: boolean },
): string {
  const { filters } = view;
  const scoped = scopedFilters(filters, page.scope);
  const week = weekOf(view.day);
  const days = week.filter((day) => day !== null);
  const [first, last] = [days[0]!, days.at(-1)!];
  const window: [string, string][] = [
    ['start_date', first],
    ['end_date', last],
  ];
  const thisWeek = weekOf(view.today)[0];
  const weekAddress = (start: string) =>
    page.urls.page(viewPath('week', start === thisWeek ? undefined : start, page.scope));
  const weekHref = (start: string) => `${weekAddress(start)}${queryString(filters)}`;
  // No link past the supported days (decision 0048): that week's page is a 404.
  const [previous, next] = [shiftDay(first, -7), days.length === 7 ? shiftDay(first, 7) : undefined];
  const title = rangeTitle(first, last, page.locale, page.messages.now);
  const bar: BarProps = {
    current: 'week',
    action: weekAddress(first),
    filters,
    views: viewAddresses(page, { anchor: view.day, today: view.today, filters }),
    today: weekHref(thisWeek ?? view.today),
    todayLabel: page.messages.thisWeek,
    previous: { label: page.messages.previousWeek, ...(previous === undefined ? {} : { href: weekHref(previous) }) },
    next: { label: page.messages.nextWeek, ...(next === undefined ? {} : { href: weekHref(next) }) },
    range: title,
    picker: { type: 'date', name: 'tribe-bar-date', value: view.day },
  };
  return html(
    <Layout
      page={page}
      head={{
        title: titleOf(page, title),
        canonical: page.urls.page(viewPath('week', first, page.scope)),
        alternates: archiveAlternates(page, scoped, apiArchive(page, 'events/', scoped, window)),
        noindex: filtered(filters),
      }}
    >
      <h1>{page.scope?.name ?? page.messages.calendar}</h1>
      <CalendarBar page={page} bar={bar} />
      {view.truncated ? (
        <p>
          <a
            href={`${page.urls.page(viewPath('list', undefined, page.scope))}${queryString({ ...filters, date: first })}`}
          >
            {page.messages.moreEventsWeek}
          </a>
        </p>
      ) : null}
      <CalendarGrid
        page={page}
        mode="week"
        weeks={[week]}
        month={first.slice(0, 7)}
        today={view.today}
        events={view.events}
        filters={filters}
        title={title}
      />
      <Subscribe page={page} links={subscription(page, filters, window)} />
    </Layout>,
  );
}

/** An event's page; `rsvp` its tickets' forms (none without published tickets), `state` the form just sent. */
export function eventPage(
  page: PageContext,
  view: EventPage,
  rsvp?: { offers: readonly TicketOffer[]; action: string; day?: string | undefined; state?: RsvpFormState },
): string {
  const { event } = view;
  const description = summaryText(event.excerpt || event.description);
  const image = event.image === false ? undefined : (event.image.url as string | undefined);
  return html(
    <Layout
      page={page}
      head={{
        title: event.title,
        canonical: event.url,
        description,
        ...(image ? { image } : {}),
        ogType: 'article',
        alternates: [
          { type: 'text/calendar', href: icsUrl(page.urls, event), title: 'iCalendar' },
          { type: 'application/json', href: event.rest_url },
        ],
        jsonLd: event.json_ld,
      }}
    >
      <EventDetails
        page={page}
        event={event}
        previous={view.previous}
        next={view.next}
        otherDates={view.otherDates}
        rsvp={
          rsvp && rsvp.offers.length > 0 ? (
            <RsvpSection page={page} offers={rsvp.offers} action={rsvp.action} day={rsvp.day} state={rsvp.state} />
          ) : null
        }
      />
    </Layout>,
  );
}

/** All dates of a series from today on (`/event/{slug}/all/`, the original's URL; decision 0060), a page at a time. */
export function seriesPage(
  page: PageContext,
  view: { event: EventWire; events: readonly EventWire[]; base: string; current: number; pages: number },
): string {
  const { event, current } = view;
  const title = `${page.messages.allDatesOf} ${event.title}`;
  return html(
    <Layout
      page={page}
      head={{
        title,
        canonical: `${view.base}${current > 1 ? `?page=${current}` : ''}`,
        alternates: [
          {
            type: 'text/calendar',
            href: page.urls.route(`events/${event.series_id ?? event.id}.ics`),
            title: 'iCalendar',
          },
        ],
      }}
    >
      <p class="back-link">
        <a href={event.url}>« {event.title}</a>
      </p>
      <h1>{title}</h1>
      <EventListing page={page} events={view.events} />
      <Pager page={page} base={view.base} filters={{}} current={current} pages={view.pages} />
    </Layout>,
  );
}

export function passwordPage(page: PageContext, view: { action: string; wrong: boolean }): string {
  return html(
    <Layout page={page} head={{ title: page.messages.protectedTitle, canonical: view.action, noindex: true }}>
      <PasswordForm page={page} action={view.action} wrong={view.wrong} />
    </Layout>,
  );
}

/** A venue's or an organizer's page: its details and its upcoming events. */
export function linkedRecordPage(
  page: PageContext,
  view: {
    kind: 'venue' | 'organizer';
    record: LinkedRecord;
    events: readonly EventWire[];
    current: number;
    pages: number;
    base: string;
  },
): string {
  const { record, kind } = view;
  const name = textField(record, kind);
  const { messages } = page;
  return html(
    <Layout
      page={page}
      head={{
        title: name,
        canonical: textField(record, 'url') || view.base,
        description: summaryText(textField(record, 'description')),
        alternates: [
          {
            type: 'application/json',
            href: page.urls
              .collection(`${kind}s`)
              .replace(/\/$/, `/by-slug/${encodeURIComponent(textField(record, 'slug'))}`),
          },
        ],
        ...(record.json_ld ? { jsonLd: { '@context': 'http://schema.org', ...record.json_ld } } : {}),
      }}
    >
      <h1>{name}</h1>
      {kind === 'venue' ? <address>{addressLine(record)}</address> : null}
      <Contacts page={page} record={record} />
      {/* Sanitized on write, as an event's description (content/html.ts). */}
      <div class="description" dangerouslySetInnerHTML={{ __html: textField(record, 'description') }} />
      <h2>{kind === 'venue' ? messages.eventsAt : messages.eventsBy}</h2>
      {/* Under month headings as the list's; a venue's own page does not repeat it on each event (decision 0105). */}
      <EventListing
        page={page}
        events={view.events}
        level={3}
        options={kind === 'venue' ? { pageVenue: Number(record.id) } : {}}
      />
      <Pager page={page} base={view.base} filters={{}} current={view.current} pages={view.pages} />
    </Layout>,
  );
}

export function errorPage(
  page: PageContext,
  view: { status: number; detail?: string; message?: string; canonical: string },
): string {
  const { messages } = page;
  const known: Partial<Record<number, string>> = {
    400: `${messages.badRequest} ${view.detail ?? ''}`,
    404: messages.notFound,
    410: messages.gone,
    413: messages.tooLarge,
    429: view.detail ?? messages.tooManyRequests,
  };
  const text = view.message ?? known[view.status] ?? messages.somethingWrong;
  return html(
    <Layout page={page} head={{ title: text, canonical: view.canonical, noindex: true }}>
      <h1>{text}</h1>
      <p>
        <a href={page.urls.page('events')}>{messages.upcoming}</a>
      </p>
    </Layout>,
  );
}
