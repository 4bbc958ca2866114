import type { ComponentChildren } from 'preact';
import { queryString, VISITOR_FILTERS, type PageFilters } from '../filters.ts';
import { siteZoneName, weekOf } from '../format.ts';
import type { Subscription } from '../subscribe.ts';
import { viewPath } from '../view-paths.ts';
import type { PageContext } from './layout.tsx';

/*
 * The bar above every archive view (list, month, week, day), as the original has it: a search form with
 * a "Find events" button, the views as tabs marking the current one, "Today", previous and next
 * arrows, and the dates shown as a heading with a date picker and the site's zone. All plain links
 * and GET forms: reading needs no script. On a phone the search and the tabs fold into a
 * disclosure (decision 0059). Below the view, "Subscribe to calendar" for the view's filters.
 */

export type ViewName = 'list' | 'month' | 'week' | 'day';
const VIEWS: readonly ViewName[] = ['list', 'month', 'week', 'day'];

/** A step to the previous or next page or dates: its words, and its address when there is one that way. */
export interface Step {
  readonly href?: string;
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
  readonly previous: Step;
  readonly next: Step;
  /** The dates shown ("Now – December 1", "November 2026"). */
  readonly range: string;
  /**
   * The date picker beside the dates shown: a day (`date`) or a month (`month`) input sending
   * `name` to the action, the visitor's filters kept. The views send the original's
   * `tribe-bar-date`, which answers 301 with the view at that date (legacy-links.ts).
   */
  readonly picker: { readonly type: 'date' | 'month'; readonly name: string; readonly value: string };
  /** The arrows switch months in place (calendar.js). */
  readonly monthSwitch?: boolean;
}

/**
 * Each view's address for the day a view is at (`anchor`): today's views by their plain URLs
 * (`/events/`, `/events/month/`, `/events/today/`), another day's by its date (the list's as its
 * `date` filter). The visitor's filters go with them, and a term's views stay the term's
 * (`/events/category/jazz/month/`).
 */
export function viewAddresses(
  page: PageContext,
  view: { anchor: string; today: string; filters: PageFilters },
): Record<ViewName, string> {
  const { date: _date, ...rest } = view.filters;
  // The part of a day each view's path names: a month's month, a week's Monday, a day's day.
  const atOf = (name: ViewName, day: string) =>
    name === 'month' ? day.slice(0, 7) : name === 'week' ? (weekOf(day)[0] ?? day) : day;
  const address = (name: ViewName) => {
    if (name === 'list')
      return `${page.urls.page(viewPath('list', undefined, page.scope))}${queryString({ ...rest, ...(view.anchor === view.today ? {} : { date: view.anchor }) })}`;
    const at = atOf(name, view.anchor);
    return `${page.urls.page(viewPath(name, at === atOf(name, view.today) ? undefined : at, page.scope))}${queryString(rest)}`;
  };
  return Object.fromEntries(VIEWS.map((name) => [name, address(name)])) as Record<ViewName, string>;
}

/** The visitor's filters as a form's hidden fields, but those the form sets itself. */
function Kept({ filters, without }: { filters: PageFilters; without: readonly (keyof PageFilters)[] }) {
  const names = VISITOR_FILTERS.filter((name) => !without.includes(name) && filters[name] !== undefined);
  return (
    <>
      {names.map((name) => (
        <input type="hidden" name={name} value={String(filters[name])} />
      ))}
    </>
  );
}

function Arrow({
  step,
  rel,
  glyph,
  monthSwitch,
}: {
  step: Step;
  rel: 'prev' | 'next';
  glyph: string;
  monthSwitch: boolean;
}) {
  // No page that way (the list's first page, the edge of the supported dates): the arrow stays, dimmed, as the original's disabled one, named and marked unavailable, not focusable.
  if (step.href === undefined) {
    return (
      <a class="bar-arrow" role="link" aria-disabled="true">
        <span aria-hidden="true">{glyph}</span>
        <span class="visually-hidden">{step.label}</span>
      </a>
    );
  }
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
  const filtered = Object.values(filters).some((value) => value !== undefined);
  const picker = bar.picker;
  return (
    <div class="calendar-bar">
      {/* Shown whole where there is room (the stylesheet hides the summary and shows the content, closed or not); on a phone the summary unfolds it. */}
      <details class="bar-fold">
        <summary>{messages.searchAndViews}</summary>
        <form class="bar-search" method="get" action={bar.action} role="search" aria-label={messages.filters}>
          <label class="visually-hidden" for="filter-search">
            {messages.search}
          </label>
          <input
            id="filter-search"
            name="search"
            type="search"
            value={filters.search ?? ''}
            placeholder={messages.search}
            maxLength={200}
          />
          {(bar.hidden ?? []).map(([name, value]) => (
            <input type="hidden" name={name} value={value} />
          ))}
          <Kept filters={filters} without={['search']} />
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
      </details>
      <nav class="bar-dates" aria-label={messages.calendarNavigation}>
        <a class="bar-today" href={bar.today}>
          {bar.todayLabel ?? messages.today}
        </a>
        <Arrow step={bar.previous} rel="prev" glyph="‹" monthSwitch={bar.monthSwitch ?? false} />
        <Arrow step={bar.next} rel="next" glyph="›" monthSwitch={bar.monthSwitch ?? false} />
      </nav>
      <h2 class="bar-range">{bar.range}</h2>
      <details class="bar-picker">
        <summary>{messages.chooseDate}</summary>
        <form method="get" action={bar.action}>
          <label for="bar-date">{messages.chooseDate}</label>
          <input id="bar-date" name={picker.name} type={picker.type} value={picker.value} required />
          {(bar.hidden ?? [])
            .filter(([name]) => name !== picker.name)
            .map(([name, value]) => (
              <input type="hidden" name={name} value={value} />
            ))}
          <Kept filters={filters} without={['date']} />
          <button type="submit">{messages.go}</button>
        </form>
      </details>
      {/* The site's zone, once: a time on the page without a zone of its own is in it (an event in another zone says its own). */}
      <p class="bar-zone">
        {messages.timeZone}:{' '}
        {siteZoneName(page.siteZone, page.locale, new Date(`${picker.value.slice(0, 7)}-15T12:00:00Z`))}
      </p>
    </div>
  );
}

/**
 * The calendar services' links, one item each (Google Calendar, iCalendar, Outlook 365, Outlook Live,
 * the .ics download named `downloadLabel`), and `extra` items after them: the same list for a
 * view's subscription and a single event's "Add to calendar".
 */
export function CalendarServiceLinks({
  page,
  links,
  downloadLabel,
  extra,
}: {
  page: PageContext;
  links: Subscription;
  downloadLabel: string;
  extra?: ComponentChildren;
}) {
  const { messages } = page;
  return (
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
          {downloadLabel}
        </a>
      </li>
      {extra}
    </ul>
  );
}

/** "Subscribe to calendar": a disclosure of links, each a calendar service's own page or the feed itself. */
export function Subscribe({ page, links }: { page: PageContext; links: Subscription }) {
  return (
    <details class="subscribe">
      <summary>{page.messages.subscribe}</summary>
      <CalendarServiceLinks page={page} links={links} downloadLabel={page.messages.exportIcs} />
    </details>
  );
}
