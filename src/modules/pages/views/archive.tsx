import type { EventWire } from '../../events/events.schemas.ts';
import { shiftDay } from '../../../dates/supported-range.ts';
import { dayTitle, endDay, machineTime, monthGrid, startDay, startTime, weekdays } from '../format.ts';
import { queryString, type PageFilters } from '../filters.ts';
import type { PageContext } from './layout.tsx';

/*
 * The archive's paging and the month grid, whose links carry the view's filters on.
 */

/** A page of a list, the filters kept. */
export const pageHref = (base: string, filters: PageFilters, number: number): string => `${base}${queryString(filters, number > 1 ? [['page', String(number)]] : [])}`;

/** Previous and next pages of a list, the filters kept. */
export function Pager({ page, base, filters, current, pages }: { page: PageContext; base: string; filters: PageFilters; current: number; pages: number }) {
  if (pages <= 1) return null;
  const href = (number: number) => pageHref(base, filters, number);
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
 * placed by their local dates in their own zones.
 */
export function MonthGrid(props: { page: PageContext; month: string; today: string; events: readonly EventWire[]; filters: PageFilters; title: string }) {
  const { page, month, today, events, filters } = props;
  const weeks = monthGrid(month);
  const days = weeks.flat().filter((day) => day !== null);
  const byDay = eventsByDay(events, days[0]!, days.at(-1)!);
  const names = weekdays(page.locale);
  return (
    <section class="month" data-month={month} aria-labelledby="month-title">
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
