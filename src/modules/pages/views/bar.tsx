import { queryString, type PageFilters } from '../filters.ts';
import { weekOf } from '../format.ts';
import type { Subscription } from '../subscribe.ts';
import type { PageContext } from './layout.tsx';

/*
 * The bar above every archive view (list, month, week, day), as the original has it: a search form with
 * a "Find events" button, the views as tabs marking the current one, "Today", previous and next
 * arrows, and the dates shown as a heading. All plain links and a GET form: reading needs no
 * script. Below it, "Subscribe to calendar" for the view's filters.
 */

export type ViewName = 'list' | 'month' | 'week' | 'day';
const VIEWS: readonly ViewName[] = ['list', 'month', 'week', 'day'];

export interface Step {
  readonly href: string;
  readonly label: string;
}

export interface BarProps {
  readonly current: ViewName;
  /** Where the search form goes: the view itself. */
  readonly action: string;
  /** Fields the form sends besides the filters (the embed's view and month). */
  readonly hidden?: readonly [string, string][];
  /** The view without filters (default: the action). */
  readonly clear?: string;
  readonly filters: PageFilters;
  /** Each view's address for the same filters and day; none in the embed, which has its own. */
  readonly views?: Readonly<Record<ViewName, string>>;
  readonly today: string;
  /** The words of the `today` link ("This month" on a month, "This week" on a week; "Today" by default). */
  readonly todayLabel?: string;
  readonly previous?: Step;
  readonly next?: Step;
  /** The dates shown ("Now – December 1", "November 2026"). */
  readonly range: string;
  /** The list's "from" field; the month and day views move by their arrows and tabs. */
  readonly dateField?: boolean;
  /** The arrows switch months in place (calendar.js). */
  readonly monthSwitch?: boolean;
}

/**
 * Each view's address for the day a view is at (`anchor`): today's views by their plain URLs
 * (`/events/`, `/events/month/`, `/events/today/`), another day's by its date. The visitor's filters
 * and the page's scope (a category's or tag's) go with them; the list of a term is its own page.
 */
export function viewAddresses(page: PageContext, view: { anchor: string; today: string; filters: PageFilters; listBase?: string; scope?: PageFilters }): Record<ViewName, string> {
  const { date: _date, ...rest } = view.filters;
  const isToday = view.anchor === view.today;
  const thisMonth = view.anchor.slice(0, 7) === view.today.slice(0, 7);
  const scoped = { ...rest, ...view.scope };
  const dated = isToday ? {} : { date: view.anchor };
  return {
    list: `${view.listBase ?? page.urls.page('events')}${queryString({ ...(view.listBase === undefined ? scoped : rest), ...dated })}`,
    month: `${page.urls.page(thisMonth ? 'events/month' : `events/month/${view.anchor.slice(0, 7)}`)}${queryString(scoped)}`,
    week: `${page.urls.page(weekOf(view.anchor)[0] === weekOf(view.today)[0] ? 'events/week' : `events/week/${weekOf(view.anchor)[0] ?? view.anchor}`)}${queryString(scoped)}`,
    day: `${page.urls.page(isToday ? 'events/today' : `events/${view.anchor}`)}${queryString(scoped)}`,
  };
}

function Arrow({ step, rel, glyph, monthSwitch }: { step: Step | undefined; rel: 'prev' | 'next'; glyph: string; monthSwitch: boolean }) {
  // No page that way (the list's first page, the edge of the supported dates): an empty place keeps the other arrow where it was.
  if (step === undefined) return <span class="bar-arrow" aria-hidden="true" />;
  return (
    <a class="bar-arrow" rel={rel} href={step.href} data-month-switch={monthSwitch ? '' : undefined}>
      <span aria-hidden="true">{glyph}</span>
      <span class="visually-hidden">{step.label}</span>
    </a>
  );
}

export function CalendarBar({ page, bar }: { page: PageContext; bar: BarProps }) {
  const { messages } = page;
  const { filters } = bar;
  const kept = (['category', 'tag', 'venue', 'organizer', ...(bar.dateField ? [] : (['date'] as const))] as const).filter((name) => filters[name] !== undefined);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div class="calendar-bar">
      <form class="bar-search" method="get" action={bar.action} role="search" aria-label={messages.filters}>
        <label class="visually-hidden" for="filter-search">
          {messages.search}
        </label>
        <input id="filter-search" name="search" type="search" value={filters.search ?? ''} placeholder={messages.search} maxLength={200} />
        {bar.dateField ? (
          <span class="bar-date">
            <label for="filter-date">{messages.from}</label>
            <input id="filter-date" name="date" type="date" value={filters.date ?? ''} />
          </span>
        ) : null}
        {[...(bar.hidden ?? []), ...kept.map((name) => [name, String(filters[name])] as const)].map(([name, value]) => (
          <input type="hidden" name={name} value={value} />
        ))}
        <button type="submit">{messages.filter}</button>
        {filtered ? (
          <a class="bar-clear" href={bar.clear ?? bar.action}>
            {messages.clearFilters}
          </a>
        ) : null}
      </form>
      {bar.views === undefined ? null : (
        <nav class="bar-views" aria-label={messages.views}>
          <ul>
            {VIEWS.map((name) => (
              <li>
                <a href={bar.views![name]} aria-current={name === bar.current ? 'page' : undefined}>
                  {messages[name]}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <nav class="bar-dates" aria-label={messages.calendarNavigation}>
        <a class="bar-today" href={bar.today}>
          {bar.todayLabel ?? messages.today}
        </a>
        <Arrow step={bar.previous} rel="prev" glyph="‹" monthSwitch={bar.monthSwitch ?? false} />
        <Arrow step={bar.next} rel="next" glyph="›" monthSwitch={bar.monthSwitch ?? false} />
      </nav>
      <h2 class="bar-range">{bar.range}</h2>
    </div>
  );
}

/** "Subscribe to calendar": a disclosure of links, each a calendar service's own page or the feed itself. */
export function Subscribe({ page, links }: { page: PageContext; links: Subscription }) {
  const { messages } = page;
  return (
    <details class="subscribe">
      <summary>{messages.subscribe}</summary>
      <ul>
        <li>
          <a href={links.google} rel="noopener external">
            {messages.googleCalendar}
          </a>
        </li>
        <li>
          <a href={links.webcal}>{messages.iCalendar}</a>
        </li>
        <li>
          <a href={links.outlook365} rel="noopener external">
            {messages.outlook365}
          </a>
        </li>
        <li>
          <a href={links.outlookLive} rel="noopener external">
            {messages.outlookLive}
          </a>
        </li>
        <li>
          <a href={links.download} type="text/calendar" download>
            {messages.exportIcs}
          </a>
        </li>
      </ul>
    </details>
  );
}
