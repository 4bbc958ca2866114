import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, getEvery } from '../api.ts';
import {
  downloadEvents,
  eventCounts,
  listEvents,
  ORDER_BY,
  removeEvent,
  setStatus,
  STATUSES,
  type Counts,
  type EventListFilters,
  type EventRecord,
  type OrderBy,
  type Page,
  type Sort,
} from '../events.ts';
import { formatWhen, STATUS_LABEL, STATUS_TAB_LABEL, t, type MessageKey } from '../i18n.ts';
import { goToList, pageOf, Pager, useListAnswer } from '../listing.tsx';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/*
 * The events list: status tabs with their counts, search and filters, pages, and bulk actions. The
 * filters live in the URL's query, so a filtered list is a link to share and survives a reload.
 */

const TABS = ['all', ...STATUSES] as const;
type Tab = (typeof TABS)[number];

type Action = 'publish' | 'trash' | 'restore' | 'delete';
const ACTIONS: readonly { action: Action; label: MessageKey; in: (tab: Tab) => boolean }[] = [
  { action: 'publish', label: 'actionPublish', in: (tab) => tab !== 'trash' && tab !== 'publish' },
  { action: 'trash', label: 'actionTrash', in: (tab) => tab !== 'trash' },
  { action: 'restore', label: 'actionRestore', in: (tab) => tab === 'trash' },
  { action: 'delete', label: 'actionDelete', in: (tab) => tab === 'trash' },
];

interface Term {
  id: number;
  name: string;
}
const FILTERS = [
  {
    key: 'categories',
    label: 'category',
    list: 'categories',
    name: (term: Record<string, unknown>) => String(term.name),
  },
  { key: 'tags', label: 'tag', list: 'tags', name: (term: Record<string, unknown>) => String(term.name) },
  { key: 'venue', label: 'venue', list: 'venues', name: (term: Record<string, unknown>) => String(term.venue) },
  {
    key: 'organizer',
    label: 'organizer',
    list: 'organizers',
    name: (term: Record<string, unknown>) => String(term.organizer),
  },
] as const;

/** The sorts offered, as `orderby:order`; the first is the API's own order, kept out of the URL. */
const SORTS: readonly { value: string; label: MessageKey }[] = [
  { value: 'event_date:asc', label: 'sortDateAsc' },
  { value: 'event_date:desc', label: 'sortDateDesc' },
  { value: 'title:asc', label: 'sortTitleAsc' },
  { value: 'title:desc', label: 'sortTitleDesc' },
  { value: 'modified:desc', label: 'sortModifiedDesc' },
];

/** The list's sort from its URL; anything else is the default. */
function sortOf(search: URLSearchParams): Sort {
  const by = search.get('orderby') ?? '';
  return {
    by: (ORDER_BY as readonly string[]).includes(by) ? (by as OrderBy) : 'event_date',
    direction: search.get('order') === 'desc' ? 'desc' : 'asc',
  };
}

/** `aria-sort` of a column header: set on the column the list is sorted by. */
const ariaSort = (sort: Sort, column: OrderBy) =>
  sort.by === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

export default function EventsList({ search }: ScreenProps) {
  const tab = (TABS as readonly string[]).includes(search.get('status') ?? '') ? (search.get('status') as Tab) : 'all';
  const page = pageOf(search);
  const sort = sortOf(search);
  const [counts, setCounts] = useState<Counts | undefined>();
  const [options, setOptions] = useState<Record<string, Term[]>>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<string>('');
  const [reload, setReload] = useState(0);
  const [result, setResult] = useListAnswer<Page<EventRecord>>(`${search.toString()}#${reload}`);
  const filters: EventListFilters = {
    status: tab,
    page,
    search: search.get('search') ?? undefined,
    categories: search.get('categories') ?? undefined,
    tags: search.get('tags') ?? undefined,
    venue: search.get('venue') ?? undefined,
    organizer: search.get('organizer') ?? undefined,
    from: search.get('from') ?? undefined,
    to: search.get('to') ?? undefined,
    sort,
  };
  const onDownload = () => void downloadEvents(filters).catch((error: Error) => setMessage(error.message));

  useEffect(() => {
    // Every option, unused terms too (the terms archive hides them by default): a filter that
    // lacked the 51st venue, or a category only drafts use, would hide events without saying so.
    for (const filter of FILTERS) {
      void getEvery<Record<string, unknown>>(
        filter.list,
        filter.list === 'categories' || filter.list === 'tags' ? { hide_empty: false } : {},
      ).then((items) =>
        setOptions((known) => ({
          ...known,
          [filter.key]: items.map((item) => ({ id: Number(item.id), name: filter.name(item) })),
        })),
      );
    }
  }, []);
  // A bulk action's report belongs to the list it was made on: another tab or filter clears it.
  useEffect(() => setMessage(''), [search.toString()]);
  useEffect(() => {
    setSelected(new Set());
    void listEvents(filters).then(setResult, (error: Error) => setMessage(error.message));
    void eventCounts().then(setCounts, () => setCounts(undefined));
  }, [search.toString(), reload]);

  const go = (changes: Record<string, string | undefined>) => goToList('events', search, changes);
  const onFilter = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    go(
      Object.fromEntries(
        ['search', 'categories', 'tags', 'venue', 'organizer', 'from', 'to'].map((key) => [
          key,
          typeof form.get(key) === 'string' ? (form.get(key) as string) : '',
        ]),
      ),
    );
  };
  // A new order applies at once (the list re-sorts in place; focus stays on the select).
  const onSort = (event: Event) => {
    const [by, direction] = (event.currentTarget as HTMLSelectElement).value.split(':');
    go(
      by === 'event_date' && direction === 'asc'
        ? { orderby: undefined, order: undefined }
        : { orderby: by, order: direction },
    );
  };
  const onBulk = async (event: Event) => {
    event.preventDefault();
    const action = new FormData(event.currentTarget as HTMLFormElement).get('action') as Action | '';
    if (action === '' || selected.size === 0) return;
    if (action === 'delete' && !confirm(t('confirmDelete', { count: selected.size }))) return;
    const failures: string[] = [];
    for (const id of selected) {
      try {
        if (action === 'publish') await setStatus(id, 'publish');
        else if (action === 'restore') await setStatus(id, 'draft');
        else await removeEvent(id, action === 'delete');
      } catch (error) {
        failures.push(`${id}: ${error instanceof ApiFailure ? error.message : String(error)}`);
      }
    }
    setMessage(
      failures.length === 0 ? t('bulkDone', { count: selected.size }) : `${t('bulkFailed')} ${failures.join('; ')}`,
    );
    setReload((count) => count + 1);
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <div class="screen-heading">
        <h1>{t('events')}</h1>
        <a class="button" href={href('events/new')}>
          {t('addEvent')}
        </a>
        <button type="button" class="secondary" onClick={onDownload}>
          {t('downloadCsv')}
        </button>
      </div>
      <nav aria-label={t('statusTabs')}>
        <ul class="tabs">
          {TABS.map((name) => (
            <li key={name}>
              <a
                href={href(`events${name === 'all' ? '' : `?status=${name}`}`)}
                aria-current={tab === name ? 'page' : undefined}
              >
                {t(STATUS_TAB_LABEL[name])}
                {counts ? ` (${counts[name]})` : ''}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form class="filters" role="search" onSubmit={onFilter}>
        <label>
          {t('search')} <input type="search" name="search" defaultValue={search.get('search') ?? ''} />
        </label>
        {FILTERS.map((filter) => (
          <label key={filter.key}>
            {t(filter.label)}{' '}
            {/* Chosen by `selected` on the options, not a controlled `value`: the choice made before
                "Filter" must survive the re-renders of options, counts and rows arriving late. */}
            <select name={filter.key}>
              <option value="" selected={!search.get(filter.key)}>
                {t('any')}
              </option>
              {(options[filter.key] ?? []).map((option) => (
                <option
                  key={option.id}
                  value={String(option.id)}
                  selected={search.get(filter.key) === String(option.id)}
                >
                  {option.name}
                </option>
              ))}
            </select>
          </label>
        ))}
        <label>
          {t('from')} <input type="date" name="from" defaultValue={search.get('from') ?? ''} />
        </label>
        <label>
          {t('to')} <input type="date" name="to" defaultValue={search.get('to') ?? ''} />
        </label>
        <button type="submit">{t('filter')}</button>
        <label>
          {t('sortBy')}{' '}
          <select name="sort" value={`${sort.by}:${sort.direction}`} onChange={onSort}>
            {SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
      </form>
      <form class="bulk" onSubmit={(event) => void onBulk(event)}>
        <label>
          {t('bulkActions')}{' '}
          <select name="action">
            <option value="">{t('chooseAction')}</option>
            {ACTIONS.filter((action) => action.in(tab)).map((action) => (
              <option key={action.action} value={action.action}>
                {t(action.label)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="secondary">
          {t('apply')}
        </button>
        <p role="status" class="message">
          {message}
        </p>
      </form>
      {result === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : result.items.length === 0 ? (
        <p>{t('noEvents')}</p>
      ) : (
        <table class="records">
          <caption class="visually-hidden">{t('events')}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span class="visually-hidden">{t('select')}</span>
              </th>
              <th scope="col" aria-sort={ariaSort(sort, 'title')}>
                {t('title')}
              </th>
              <th scope="col" aria-sort={ariaSort(sort, 'event_date')}>
                {t('when')}
              </th>
              <th scope="col">{t('status')}</th>
              <th scope="col">
                <span class="visually-hidden">{t('publicPage')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((event) => (
              <tr key={event.id}>
                <td>
                  <input
                    type="checkbox"
                    aria-label={t('selectEvent', { title: event.title })}
                    checked={selected.has(event.id)}
                    onChange={(change) => toggle(event.id, change.currentTarget.checked)}
                  />
                </td>
                <td>
                  <a href={href(`events/${event.id}`)}>{event.title}</a>
                </td>
                <td>
                  {formatWhen(event.start_date, event.all_day === true)}
                  {/* A date of a series (decision 0103), as TEC Pro marks recurring events: each date is a row, and says so. */}
                  {event.series_id === undefined ? null : (
                    <>
                      {' '}
                      <span class="series-mark">
                        <span aria-hidden="true">↻ </span>
                        {t('recurring')}
                      </span>
                    </>
                  )}
                </td>
                <td>{t(STATUS_LABEL[event.status] ?? 'statusTrash')}</td>
                <td>
                  {event.status === 'trash' ? null : (
                    <a href={event.url} aria-label={t('viewEvent', { title: event.title })}>
                      {t('view')}
                    </a>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result ? <Pager path="events" search={search} page={page} pages={result.pages} /> : null}
    </>
  );
}
