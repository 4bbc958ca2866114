import type { ComponentChildren } from 'preact';
import type { EventWire } from '../../events/events.schemas.ts';
import { dayTitle, endDay, startDay, timeRange, weekdays } from '../format.ts';
import { queryString, type PageFilters } from '../filters.ts';
import { viewPath } from '../view-paths.ts';
import type { PageContext } from './layout.tsx';

/*
 * The archive's paging and the calendar grid (month and week), whose links carry the view's filters on.
 */

/** A page of a list, the filters kept. */
export const pageHref = (base: string, filters: PageFilters, number: number): string =>
  `${base}${queryString(filters, number > 1 ? [['page', String(number)]] : [])}`;

/** Previous and next pages of a list, the filters kept. */
export function Pager({
  page,
  base,
  filters,
  current,
  pages,
}: {
  page: PageContext;
  base: string;
  filters: PageFilters;
  current: number;
  pages: number;
}) {
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

/** An event as a grid places it: its first and last local days, whether it is a bar (all day, or more than one day), and when it is in words (worked out once: Intl's ranges are the grid's dearest part). */
interface Placed {
  readonly event: EventWire;
  readonly first: string;
  readonly last: string;
  readonly bar: boolean;
  readonly when: string;
}

/** A bar's part in one week row: its columns and its lane (the bars' rows at the top of each day). */
interface Segment {
  readonly placed: Placed;
  readonly from: number;
  readonly to: number;
  readonly lane: number;
}

/**
 * The bars of one week row, each in the first lane free on all its days (the archive's order is by
 * start, so earlier bars take the upper lanes, longer first on the same day), as calendars draw them.
 */
function rowSegments(week: readonly (string | null)[], bars: readonly Placed[]): Segment[] {
  const days = week.filter((day) => day !== null);
  const [rowFirst, rowLast] = [days[0]!, days.at(-1)!];
  const column = (day: string) => week.indexOf(day);
  const taken: boolean[][] = [];
  const segments: Segment[] = [];
  const inRow = bars
    .filter((bar) => bar.first <= rowLast && bar.last >= rowFirst)
    .map((bar) => ({
      placed: bar,
      from: column(bar.first < rowFirst ? rowFirst : bar.first),
      to: column(bar.last > rowLast ? rowLast : bar.last),
    }))
    .sort((a, b) => a.from - b.from || b.to - a.to);
  for (const item of inRow) {
    let lane = 0;
    while (taken[lane]?.slice(item.from, item.to + 1).some(Boolean)) lane++;
    taken[lane] ??= [];
    for (let index = item.from; index <= item.to; index++) taken[lane]![index] = true;
    segments.push({ ...item, lane });
  }
  return segments;
}

export interface GridProps {
  readonly page: PageContext;
  /** `month`: a month's weeks, its neighbours' days dimmed, a phone's grid of dots; `week`: one row, a phone's list of days. */
  readonly mode: 'month' | 'week';
  readonly weeks: readonly (readonly (string | null)[])[];
  /** The month shown, whose days a month's grid does not dim. */
  readonly month: string;
  readonly today: string;
  readonly events: readonly EventWire[];
  readonly filters: PageFilters;
  readonly title: string;
}

/**
 * Weeks as a table from Monday (decision 0056): each day links to its day view; all-day and
 * multi-day events come first as bars across their days (continued in the next row), each a link
 * naming the event and its dates; then the day's timed events with their start and end times. On a
 * phone the month is a grid of days with dots, the chosen day's events under it: a day's dot links
 * to its day's link by fragment (`:target`), which then heads the day's events under the grid; today
 * (or the first day with events) chosen by default; the week is a list of its days. A month's day
 * shows at most MONTH_EVENTS_PER_DAY events, bars' lanes first, and links the rest to its day view.
 * A busy month must stay under 30 KB of HTML (decision 0075): the grid writes its links by path,
 * names each day once, and leaves the preview on hover or focus to calendar.js.
 */
/**
 * Events a month's day shows before "+ N more" (the original's "Month view events per day", 3 by
 * default): a busy month's page stays readable and light; the day view shows them all.
 */
export const MONTH_EVENTS_PER_DAY = 3;

export function CalendarGrid(props: GridProps) {
  const { page, mode, weeks, month, today, events, filters } = props;
  const placed: Placed[] = events.map((event) => ({
    event,
    first: startDay(event),
    last: endDay(event),
    bar: event.all_day || startDay(event) !== endDay(event),
    when: timeRange(event, page.locale, page.siteZone) ?? page.messages.allDay,
  }));
  const bars = placed.filter((item) => item.bar);
  const days = weeks.flat().filter((day) => day !== null);
  const hasEvents = (day: string) => placed.some((item) => item.first <= day && item.last >= day);
  // The day a phone shows under its grid until the visitor picks another.
  const chosen =
    (days.includes(today) && hasEvents(today) ? today : undefined) ??
    days.find((day) => day.startsWith(month) && day >= today && hasEvents(day)) ??
    days.find((day) => day.startsWith(month) && hasEvents(day));
  const names = weekdays(page.locale);
  // The grid's links by their path on the site: a busy month has a couple of hundred, and the origin would be a fifth of their bytes.
  // The scheme and host as the site's URLs spell them (`new URL` would drop a default port they may carry).
  const origin = /^[a-z][\w+.-]*:\/\/[^/]+/i.exec(page.urls.siteOrigin)?.[0] ?? page.urls.siteOrigin;
  const onSite = (url: string) => (url.startsWith(`${origin}/`) ? url.slice(origin.length) : url);
  const item = (entry: Placed, content: ComponentChildren, className?: string) => (
    <li class={className}>
      <a href={onSite(entry.event.url)}>{content}</a>
    </li>
  );
  return (
    <section class={`calendar-grid ${mode}`} data-month={month} aria-labelledby="month-title">
      <table class="month-grid">
        {/* The bar's heading above shows the dates; the caption names the table for assistive technology only, not a second heading (decision 0105). */}
        <caption id="month-title" class="visually-hidden">
          {props.title}
        </caption>
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
          {weeks.map((week) => {
            const segments = rowSegments(week, bars);
            return (
              <tr>
                {week.map((day, column) => {
                  if (day === null) return <td class="outside" />;
                  const here = segments.filter((segment) => segment.from <= column && segment.to >= column);
                  const allLanes = Math.max(0, ...here.map((segment) => segment.lane + 1));
                  const allTimed = placed.filter((entry) => !entry.bar && entry.first === day);
                  const busy = allLanes > 0 || allTimed.length > 0;
                  const limit = mode === 'month' ? MONTH_EVENTS_PER_DAY : Infinity;
                  const lanes = Math.min(allLanes, limit);
                  const timed = allTimed.slice(0, Math.max(0, limit - lanes));
                  const more = here.filter((segment) => segment.lane >= lanes).length + allTimed.length - timed.length;
                  const dayUrl = onSite(`${page.urls.page(viewPath('day', day, page.scope))}${queryString(filters)}`);
                  const classes = [
                    mode === 'month' && !day.startsWith(month) ? 'outside' : '',
                    day === today ? 'today' : '',
                    mode === 'month' && day === chosen ? 'chosen' : '',
                  ]
                    .filter(Boolean)
                    .join(' ');
                  const name = dayTitle(day, page.locale);
                  // The day's link's id, the target of its dot on a phone: unique within a grid's six weeks.
                  const anchor = `d${day.slice(5)}`;
                  return (
                    <td class={classes || undefined}>
                      {/* A week's list of days on a phone shows each day's whole date; the grid shows its number, the date being its name (and, on a phone, the heading of its events under the grid). */}
                      <a
                        class="day-number"
                        id={mode === 'month' && busy ? anchor : undefined}
                        href={dayUrl}
                        aria-label={mode === 'month' ? name : undefined}
                        aria-current={day === today ? 'date' : undefined}
                      >
                        {mode === 'week' ? (
                          <>
                            <span class="cell-date">{name}</span>
                            <span class="cell-day" aria-hidden="true">
                              {Number(day.slice(8))}
                            </span>
                          </>
                        ) : (
                          Number(day.slice(8))
                        )}
                      </a>
                      {mode === 'month' && busy ? (
                        <a class="pick" href={`#${anchor}`} aria-labelledby={anchor}>
                          {Number(day.slice(8))}
                        </a>
                      ) : null}
                      {busy ? (
                        <ul>
                          {Array.from({ length: lanes }, (_, lane) => {
                            const segment = here.find((entry) => entry.lane === lane);
                            // A lane another bar crosses here, or an empty one between bars: kept so the bars line up across the row.
                            if (segment === undefined || segment.from !== column) return <li aria-hidden="true" />;
                            const { placed: entry } = segment;
                            const classes = [
                              'bar',
                              `span-${segment.to - segment.from + 1}`,
                              entry.first < day ? 'from-before' : '',
                              entry.last > (week[segment.to] ?? day) ? 'to-after' : '',
                            ];
                            return item(
                              entry,
                              <>
                                {entry.event.title}
                                <span class="visually-hidden">, {entry.when}</span>
                              </>,
                              classes.filter(Boolean).join(' '),
                            );
                          })}
                          {timed.map((entry) =>
                            item(
                              entry,
                              <>
                                <small>{entry.when}</small> {entry.event.title}
                              </>,
                            ),
                          )}
                          {more > 0 ? (
                            <li class="more">
                              <a href={dayUrl} aria-describedby={anchor}>
                                {page.messages.moreOnDay.replace('%d', String(more))}
                              </a>
                            </li>
                          ) : null}
                        </ul>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
