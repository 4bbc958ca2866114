import type { EventWire } from '../../events/events.schemas.ts';
import { shiftDay, shiftMonth } from '../../../dates/supported-range.ts';
import { dayTitle, endDay, machineTime, monthGrid, startDay, startTime, textField, weekdays, whenText, zoneName } from '../format.ts';
import { queryString, type PageFilters } from '../filters.ts';
import type { PageContext } from './layout.tsx';

/*
 * The archive's views: the list (paged), a day and the month grid, with the filter form whose
 * values every link of the view carries on.
 */

/** An event's venues as a list (the record has one object, a list, or `[]`). */
export function venuesOf(event: EventWire): Record<string, unknown>[] {
  return Array.isArray(event.venue) ? event.venue : [event.venue];
}

/** One event in a list: its title linked to its page, when (zone named) and where. */
export function EventSummary({ page, event, level = 2 }: { page: PageContext; event: EventWire; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const venues = venuesOf(event).map((venue) => textField(venue, 'venue')).filter(Boolean);
  return (
    <article class={event.featured ? 'event-summary featured' : 'event-summary'}>
      <Heading class="event-title">
        <a href={event.url}>{event.title}</a>
      </Heading>
      <p class="when">
        <time datetime={machineTime(event, 'start')}>{whenText(event, page.locale)}</time>
        <span class="zone"> ({event.all_day ? page.messages.allDay : zoneName(event, page.locale)})</span>
      </p>
      {venues.length > 0 ? <p class="where">{venues.join(', ')}</p> : null}
    </article>
  );
}

export function EventList({ page, events, level = 2 }: { page: PageContext; events: readonly EventWire[]; level?: 2 | 3 }) {
  if (events.length === 0) return <p class="empty">{page.messages.noEvents}</p>;
  return (
    <ol class="event-list">
      {events.map((event) => (
        <li>
          <EventSummary page={page} event={event} level={level} />
        </li>
      ))}
    </ol>
  );
}

/** The visitor's filters as a GET form to the view itself: works without JavaScript, and the view's links keep them. */
export function FilterForm({ page, action, filters }: { page: PageContext; action: string; filters: PageFilters }) {
  const { messages } = page;
  const kept = (['category', 'tag', 'venue', 'organizer'] as const).filter((name) => filters[name] !== undefined);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <form class="filters" method="get" action={action} role="search" aria-label={messages.filters}>
      <p>
        <label for="filter-search">{messages.search}</label>
        <input id="filter-search" name="search" type="search" value={filters.search ?? ''} maxLength={200} />
      </p>
      <p>
        <label for="filter-date">{messages.from}</label>
        <input id="filter-date" name="date" type="date" value={filters.date ?? ''} />
      </p>
      {kept.map((name) => (
        <input type="hidden" name={name} value={String(filters[name])} />
      ))}
      <p class="actions">
        <button type="submit">{messages.filter}</button>
        {filtered ? <a href={action}>{messages.clearFilters}</a> : null}
      </p>
    </form>
  );
}

/** Previous and next pages of a list, the filters kept. */
export function Pager({ page, base, filters, current, pages }: { page: PageContext; base: string; filters: PageFilters; current: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (number: number) => `${base}${queryString(filters, number > 1 ? [['page', String(number)]] : [])}`;
  return (
    <nav class="pager" aria-label={page.messages.pagination}>
      {current > 1 ? (
        <a rel="prev" href={href(current - 1)}>
          {page.messages.previousPage}
        </a>
      ) : null}
      {current < pages ? (
        <a rel="next" href={href(current + 1)}>
          {page.messages.nextPage}
        </a>
      ) : null}
    </nav>
  );
}

/** The day view's links to the days before and after. */
export function DayNavigation({ page, day, filters }: { page: PageContext; day: string; filters: PageFilters }) {
  const href = (other: string) => `${page.urls.page(`events/${other}`)}${queryString(filters)}`;
  // No link past the supported days (decision 0048): that day's page is a 404.
  const [previous, next] = [shiftDay(day, -1), shiftDay(day, 1)];
  return (
    <nav class="pager" aria-label={dayTitle(day, page.locale)}>
      {previous === undefined ? null : (
        <a rel="prev" href={href(previous)}>
          {page.messages.previousDay}
        </a>
      )}
      {next === undefined ? null : (
        <a rel="next" href={href(next)}>
          {page.messages.nextDay}
        </a>
      )}
    </nav>
  );
}

/** The days each event covers within the grid (multi-day events on each of their days). */
function eventsByDay(events: readonly EventWire[], first: string, last: string): Map<string, EventWire[]> {
  const byDay = new Map<string, EventWire[]>();
  for (const event of events) {
    const from = startDay(event) < first ? first : startDay(event);
    const until = endDay(event) > last ? last : endDay(event);
    for (let day: string | undefined = from; day !== undefined && day <= until; day = shiftDay(day, 1)) byDay.set(day, [...(byDay.get(day) ?? []), event]);
  }
  return byDay;
}

/**
 * A month as a table of weeks from Monday: each day links to its day view and lists its events,
 * placed by their local dates in their own zones. The month links switch months (calendar.js
 * enhances them into in-page switching).
 */
export function MonthGrid(props: { page: PageContext; month: string; today: string; events: readonly EventWire[]; filters: PageFilters; monthUrl: (month: string, filters: PageFilters) => string; title: string }) {
  const { page, month, today, events, filters } = props;
  const weeks = monthGrid(month);
  const days = weeks.flat().filter((day) => day !== null);
  const byDay = eventsByDay(events, days[0]!, days.at(-1)!);
  const names = weekdays(page.locale);
  const monthHref = (other: string) => props.monthUrl(other, filters);
  // No link past the supported months (decision 0048): that month's page is a 404.
  const [previous, next] = [shiftMonth(month, -1), shiftMonth(month, 1)];
  return (
    <section class="month" data-month={month} aria-labelledby="month-title">
      <nav class="pager month-switch" aria-label={page.messages.month}>
        {previous === undefined ? null : (
          <a rel="prev" data-month-switch href={monthHref(previous)}>
            {page.messages.previousMonth}
          </a>
        )}
        {next === undefined ? null : (
          <a rel="next" data-month-switch href={monthHref(next)}>
            {page.messages.nextMonth}
          </a>
        )}
      </nav>
      <table class="month-grid">
        <caption id="month-title">{props.title}</caption>
        <thead>
          <tr>
            {names.map((name) => (
              <th scope="col" abbr={name.long}>
                {name.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr>
              {week.map((day) => {
                if (day === null) return <td class="outside" />;
                const dayEvents = byDay.get(day) ?? [];
                const outside = !day.startsWith(month);
                return (
                  <td class={[outside ? 'outside' : '', day === today ? 'today' : '', dayEvents.length > 0 ? 'has-events' : ''].filter(Boolean).join(' ') || undefined} data-day={day}>
                    <a class="day-number" href={`${page.urls.page(`events/${day}`)}${queryString(filters)}`} aria-label={dayTitle(day, page.locale)} aria-current={day === today ? 'date' : undefined}>
                      {Number(day.slice(8))}
                    </a>
                    {dayEvents.length > 0 ? (
                      <ul class="day-events">
                        {dayEvents.map((event) => {
                          const time = startDay(event) === day ? startTime(event, page.locale) : undefined;
                          return (
                            <li>
                              <a href={event.url}>
                                {time ? <time datetime={machineTime(event, 'start')}>{time} </time> : null}
                                {event.title}
                              </a>
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
