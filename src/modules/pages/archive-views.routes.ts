import type { FastifyRequest } from 'fastify';
import { isSupportedDay, isSupportedMonth } from '../../dates/supported-range.ts';
import { ApiError } from '../../errors.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import type { ReadTx } from '../../storage/types.ts';
import { filterArgs, queryString, scopedFilters, type PageFilters } from './filters.ts';
import { monthGrid, monthTitle, weekOf } from './format.ts';
import type { CurrentView } from './legacy-links.ts';
import {
  filtersOf,
  LIST_PER_PAGE,
  pageNumber,
  type Answer,
  type PageAnswers,
  type PageHandler,
} from './page-answers.routes.ts';
import { MONTH_LIMIT, type PagesService, type Reader } from './pages.service.ts';
import type { ViewName } from './views/bar.tsx';
import { matchTail, viewPath, viewTail, type TermScope } from './view-paths.ts';
import type { PageContext } from './views/layout.tsx';
import { dayPage, listPage, monthPage, weekPage } from './views/pages.tsx';

/*
 * The archive's views (list, month, week, day: decisions 0056–0058) of the whole calendar, of a
 * category or tag, and embedded (the embeddable list and month).
 */

/** An archive view's work: `at` is the day or month its path names (undefined: today's); a term's page has its term in `context.scope`. */
type ViewWork = (
  tx: ReadTx,
  request: FastifyRequest,
  context: PageContext,
  reader: Reader,
  at: string | undefined,
) => Promise<Answer>;

/** An entry of the views' table: its path under `/events/`, which view it is and its work. */
export interface ArchiveView {
  readonly path: string;
  readonly view: ViewName;
  readonly work: ViewWork;
}

export interface ArchiveViewPages {
  /** Each view of the whole calendar, at its path under `/events/`. */
  readonly calendar: readonly (readonly [path: string, handler: PageHandler])[];
  readonly embed: PageHandler;
  readonly term: (taxonomy: TermScope['taxonomy']) => PageHandler;
  /** The term a category's or tag's view is of, by its URL (the discovery headers'), as the view reads it. */
  readonly termOf: (request: FastifyRequest) => { taxonomy: TermScope['taxonomy']; slug: string } | undefined;
}

export function archiveViewPages(answers: PageAnswers, pages: PagesService): ArchiveViewPages {
  const today = () => answers.today();

  /** A list of events from the visitor's filters and a page's term, paged at `base`. */
  const listAnswer = async (
    tx: ReadTx,
    request: FastifyRequest,
    context: PageContext,
    reader: Reader,
    base: string,
  ): Promise<Answer> => {
    const filters = filtersOf(request);
    const window = pageWindow(pageNumber(request), LIST_PER_PAGE);
    const { events, total } = await pages.list(tx, reader, scopedFilters(filters, context.scope), window);
    return {
      body: listPage(context, {
        title: context.scope?.name ?? context.messages.upcoming,
        base,
        filters,
        events,
        current: window.page,
        pages: totalPages(total, window.perPage),
        today: today(),
      }),
    };
  };

  const listView: ViewWork = (tx, request, context, reader) =>
    listAnswer(tx, request, context, reader, context.urls.page(viewPath('list', undefined, context.scope)));

  const dayView: ViewWork = async (tx, request, context, reader, at) => {
    const chosen = at ?? today();
    if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    const scoped = scopedFilters(filters, context.scope);
    const { events } = await pages.span(tx, reader, scoped, chosen, chosen);
    // An empty day offers the next day that has events (a read only for an empty day).
    const nextDay = events.length === 0 ? await pages.nextDayWithEvents(tx, reader, scoped, chosen) : undefined;
    return { body: dayPage(context, { day: chosen, today: today(), filters, events, nextDay }) };
  };

  /** The week holding a day, from Monday (decision 0056). */
  const weekView: ViewWork = async (tx, request, context, reader, at) => {
    const chosen = at ?? today();
    if (!isSupportedDay(chosen)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    const days = weekOf(chosen).filter((day) => day !== null);
    const { events, total } = await pages.span(
      tx,
      reader,
      scopedFilters(filters, context.scope),
      days[0]!,
      days.at(-1)!,
      MONTH_LIMIT,
    );
    return {
      body: weekPage(context, { day: chosen, today: today(), filters, events, truncated: total > events.length }),
    };
  };

  const monthView = async (
    tx: ReadTx,
    request: FastifyRequest,
    context: PageContext,
    reader: Reader,
    month: string,
  ): Promise<Answer> => {
    // A month outside the supported years (decision 0048) is no page: its grid would have no bounds.
    if (!isSupportedMonth(month)) throw new ApiError('rest_no_route');
    const filters = filtersOf(request);
    // The grid's whole weeks: the neighbouring months' events show in its leading and trailing days.
    const days = monthGrid(month)
      .flat()
      .filter((day) => day !== null);
    const { events, total } = await pages.span(
      tx,
      reader,
      scopedFilters(filters, context.scope),
      days[0]!,
      days.at(-1)!,
      MONTH_LIMIT,
    );
    // The embeddable month keeps to the embed's URL, its view and month as parameters.
    const monthUrl = (other: string, kept: PageFilters) =>
      context.embed
        ? `${context.urls.page('events/embed')}?${new URLSearchParams([['view', 'month'], ['month', other], ...filterArgs(kept)]).toString()}`
        : `${context.urls.page(viewPath('month', other, context.scope))}${queryString(kept)}`;
    return {
      body: monthPage(context, {
        title: monthTitle(month, context.locale),
        month,
        today: today(),
        monthUrl,
        filters,
        events,
        truncated: total > events.length,
      }),
    };
  };

  /**
   * The archive views by their paths under `/events/` (view-paths.ts): each is a route of the whole
   * calendar, and the same path at the end of a category's or tag's URL is that view of the term.
   * A view added here is both. The original's other paths for a view (`list/`, `day/{day}/`) answer
   * 301 with its canonical one (legacy-links.ts).
   */
  const archiveViews: readonly ArchiveView[] = [
    { path: '', view: 'list', work: listView },
    { path: 'list/', view: 'list', work: listView },
    {
      path: 'month/',
      view: 'month',
      work: (tx, request, context, reader, at) => monthView(tx, request, context, reader, at ?? today().slice(0, 7)),
    },
    {
      path: 'month/:at/',
      view: 'month',
      work: (tx, request, context, reader, at) => monthView(tx, request, context, reader, at ?? today().slice(0, 7)),
    },
    { path: 'week/', view: 'week', work: weekView },
    { path: 'week/:at/', view: 'week', work: weekView },
    { path: 'today/', view: 'day', work: dayView },
    { path: ':at/', view: 'day', work: dayView },
    { path: 'day/:at/', view: 'day', work: dayView },
  ];

  /** The view a request shows, for the original's parameters: its canonical path when it came by another (`/events/list/` → `/events/`). */
  const currentView = (
    request: FastifyRequest,
    view: ViewName,
    at: string | undefined,
    tail: string,
    scope?: CurrentView['scope'],
  ): CurrentView => {
    const path = request.url.split('?')[0]!;
    const canonical = viewTail(view, at, scope !== undefined);
    if (canonical === tail) return { view, path, scope, at };
    // The request's path without the view's segments, counted rather than measured: the path may spell them percent-encoded.
    const segments = path.replace(/\/+$/, '').split('/');
    const base = segments.slice(0, segments.length - (tail === '' ? 0 : tail.split('/').length)).join('/');
    return { view, path, scope, at, canonical: `${base}/${canonical === '' ? '' : `${canonical}/`}` };
  };

  /** A view of the whole calendar at its route (`/events/month/:at/`). */
  const calendarView = (entry: ArchiveView) => {
    const atOf = (request: FastifyRequest) => (request.params as { at?: string }).at;
    return answers.page(
      (tx, request, { page: context, reader }) => entry.work(tx, request, context, reader, atOf(request)),
      {
        view: (request) =>
          currentView(
            request,
            entry.view,
            atOf(request),
            entry.path.replace(':at', atOf(request) ?? '').replace(/\/$/, ''),
          ),
      },
    );
  };

  const located = (request: FastifyRequest) =>
    matchTail(((request.params as { '*'?: string })['*'] ?? '').split('/').filter(Boolean), archiveViews);
  /**
   * A category's or tag's views: the URL's end is a view of the table (`…/jazz/month/2026-12/`), the
   * slugs before it name the term (a category's ancestors first: the last one names it). An unknown
   * term is a 404 page.
   */
  const termViews = (taxonomy: TermScope['taxonomy']) =>
    answers.page(
      async (tx, request, { page: context, reader }) => {
        const match = located(request);
        if (match === undefined) throw new ApiError('rest_no_route');
        const found = await pages.term(tx, reader, taxonomy, match.terms.at(-1)!);
        return match.entry.work(
          tx,
          request,
          { ...context, scope: { taxonomy, slug: found.slug, name: found.name, ancestors: found.ancestors } },
          reader,
          match.at,
        );
      },
      {
        view: (request) => {
          const match = located(request);
          return match === undefined
            ? undefined
            : currentView(request, match.entry.view, match.at, match.tail, { taxonomy, slug: match.terms.at(-1)! });
        },
      },
    );
  const termOf = (request: FastifyRequest): { taxonomy: TermScope['taxonomy']; slug: string } | undefined => {
    const route = request.routeOptions.url ?? '';
    const taxonomy = route.endsWith('/events/category/*') ? 'category' : route.endsWith('/tag/*') ? 'tag' : undefined;
    const slug = taxonomy === undefined ? undefined : located(request)?.terms.at(-1);
    return taxonomy === undefined || slug === undefined ? undefined : { taxonomy, slug };
  };

  const embed = answers.page(
    async (tx, request, { page: context, reader }) => {
      const query = request.query as { view?: unknown; month?: unknown };
      if (query.view === 'month')
        return monthView(
          tx,
          request,
          context,
          reader,
          typeof query.month === 'string' ? query.month : today().slice(0, 7),
        );
      return listAnswer(tx, request, context, reader, context.urls.page('events/embed'));
    },
    { embed: true },
  );

  return {
    calendar: archiveViews.map((entry) => [`/events/${entry.path}`, calendarView(entry)] as const),
    embed,
    term: termViews,
    termOf,
  };
}
