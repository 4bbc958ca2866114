import type { VNode } from 'preact';
import { renderToString } from 'preact-render-to-string';
import type { EventWire } from '../../events/events.schemas.ts';
import { queryString, type PageFilters } from '../filters.ts';
import { addressLine, summaryText, textField } from '../format.ts';
import type { LinkedRecord } from '../pages.service.ts';
import { DayNavigation, EventList, FilterForm, MonthGrid, Pager } from './archive.tsx';
import { Contacts, EventDetails, icsUrl, PasswordForm } from './event.tsx';
import { Layout, type Alternate, type PageContext } from './layout.tsx';

/*
 * Whole pages, one function per page type, each rendered to a string of HTML. Every text and
 * attribute goes through Preact's escaping; the two raw insertions are marked where they are made
 * (the stored, sanitized description and the JSON-LD).
 */

export const html = (document: VNode): string => `<!DOCTYPE html>${renderToString(document)}`;

/** The archive's alternates: the same selection as an iCalendar feed and as the API's JSON. */
function archiveAlternates(page: PageContext, filters: PageFilters, api: string): Alternate[] {
  return [
    { type: 'text/calendar', href: `${page.urls.page('events')}${queryString(filters, [['ical', '1']])}`, title: 'iCalendar' },
    { type: 'application/json', href: api },
  ];
}

/** The API's archive URL for a view's filters (its own parameter names). */
function apiArchive(page: PageContext, filters: PageFilters, extra: [string, string][] = []): string {
  const args: [string, string][] = [
    ...(filters.search ? [['search', filters.search] as [string, string]] : []),
    ...(filters.category ? [['categories', filters.category] as [string, string]] : []),
    ...(filters.tag ? [['tags', filters.tag] as [string, string]] : []),
    ...(filters.venue ? [['venue', String(filters.venue)] as [string, string]] : []),
    ...(filters.organizer ? [['organizer', String(filters.organizer)] as [string, string]] : []),
    ...(filters.date ? [['start_date', filters.date] as [string, string]] : []),
    ...extra,
  ];
  return `${page.urls.collection('events')}${args.length > 0 ? `?${new URLSearchParams(args).toString()}` : ''}`;
}

const filtered = (filters: PageFilters) => Object.values(filters).some((value) => value !== undefined);

export function listPage(page: PageContext, view: { title: string; base: string; filters: PageFilters; events: readonly EventWire[]; current: number; pages: number; intro?: VNode }): string {
  const canonical = `${view.base}${view.current > 1 ? `?page=${view.current}` : ''}`;
  return html(
    <Layout page={page} head={{ title: view.title, canonical, alternates: archiveAlternates(page, view.filters, apiArchive(page, view.filters)), noindex: filtered(view.filters) }}>
      <h1>{view.title}</h1>
      {view.intro ?? null}
      <FilterForm page={page} action={view.base} filters={view.filters} />
      <EventList page={page} events={view.events} />
      <Pager page={page} base={view.base} filters={view.filters} current={view.current} pages={view.pages} />
    </Layout>,
  );
}

export function dayPage(page: PageContext, view: { title: string; day: string; base: string; filters: PageFilters; events: readonly EventWire[] }): string {
  const api = apiArchive(page, view.filters, [['start_date', view.day], ['end_date', view.day]]);
  return html(
    <Layout page={page} head={{ title: view.title, canonical: page.urls.page(`events/${view.day}`), alternates: archiveAlternates(page, view.filters, api), noindex: filtered(view.filters) }}>
      <h1>{view.title}</h1>
      <FilterForm page={page} action={view.base} filters={view.filters} />
      <DayNavigation page={page} day={view.day} filters={view.filters} />
      <EventList page={page} events={view.events} />
    </Layout>,
  );
}

export function monthPage(
  page: PageContext,
  view: { title: string; month: string; today: string; monthUrl: (month: string, filters: PageFilters) => string; filters: PageFilters; events: readonly EventWire[]; truncated: boolean },
): string {
  const last = new Date(Date.UTC(Number(view.month.slice(0, 4)), Number(view.month.slice(5, 7)), 0)).toISOString().slice(0, 10);
  const api = apiArchive(page, view.filters, [['start_date', `${view.month}-01`], ['end_date', last]]);
  return html(
    <Layout page={page} head={{ title: view.title, canonical: view.monthUrl(view.month, {}), alternates: archiveAlternates(page, view.filters, api), noindex: filtered(view.filters) }}>
      <h1>{page.messages.calendar}</h1>
      {page.embed ? null : <FilterForm page={page} action={view.monthUrl(view.month, {})} filters={view.filters} />}
      {view.truncated ? (
        <p>
          <a href={`${page.urls.page('events')}${queryString({ ...view.filters, date: `${view.month}-01` })}`}>{page.messages.moreEvents}</a>
        </p>
      ) : null}
      <MonthGrid page={page} month={view.month} today={view.today} events={view.events} filters={view.filters} monthUrl={view.monthUrl} title={view.title} />
    </Layout>,
  );
}

export function eventPage(page: PageContext, view: { event: EventWire; previous: EventWire | undefined; next: EventWire | undefined }): string {
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
      <EventDetails page={page} event={event} previous={view.previous} next={view.next} />
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
export function linkedRecordPage(page: PageContext, view: { kind: 'venue' | 'organizer'; record: LinkedRecord; events: readonly EventWire[]; current: number; pages: number; base: string }): string {
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
        alternates: [{ type: 'application/json', href: page.urls.collection(`${kind}s`).replace(/\/$/, `/by-slug/${encodeURIComponent(textField(record, 'slug'))}`) }],
        ...(record.json_ld ? { jsonLd: { '@context': 'http://schema.org', ...(record.json_ld) } } : {}),
      }}
    >
      <h1>{name}</h1>
      {kind === 'venue' ? (
        <address>{addressLine(record)}</address>
      ) : null}
      <Contacts page={page} record={record} />
      {/* Sanitized on write, as an event's description (content/html.ts). */}
      <div class="description" dangerouslySetInnerHTML={{ __html: textField(record, 'description') }} />
      <h2>{kind === 'venue' ? messages.eventsAt : messages.eventsBy}</h2>
      <EventList page={page} events={view.events} level={3} />
      <Pager page={page} base={view.base} filters={{}} current={view.current} pages={view.pages} />
    </Layout>,
  );
}

export function errorPage(page: PageContext, view: { status: number; detail?: string; canonical: string }): string {
  const { messages } = page;
  const text = view.status === 410 ? messages.gone : view.status === 404 ? messages.notFound : view.status === 400 ? `${messages.badRequest} ${view.detail ?? ''}` : messages.somethingWrong;
  return html(
    <Layout page={page} head={{ title: text, canonical: view.canonical, noindex: true }}>
      <h1>{view.status === 400 || view.status === 404 || view.status === 410 ? text : messages.somethingWrong}</h1>
      <p>
        <a href={page.urls.page('events')}>{messages.upcoming}</a>
      </p>
    </Layout>,
  );
}
