import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, get } from '../api.ts';
import { eventCounts, listEvents, removeEvent, setStatus, STATUSES, type Counts, type EventRecord, type Page } from '../events.ts';
import { formatWhen, t, type MessageKey } from '../i18n.ts';
import { goToList, pageOf, Pager } from '../listing.tsx';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/*
 * The events list: status tabs with their counts, search and filters, pages, and bulk actions. The
 * filters live in the URL's query, so a filtered list is a link to share and survives a reload.
 */

const TABS = ['all', ...STATUSES] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, MessageKey> = { all: 'statusAll', publish: 'statusPublish', future: 'statusFuture', draft: 'statusDraft', pending: 'statusPending', private: 'statusPrivate', trash: 'statusTrash' };
export const STATUS_LABEL: Record<string, MessageKey> = TAB_LABEL;

type Action = 'publish' | 'trash' | 'restore' | 'delete';
const ACTIONS: readonly { action: Action; label: MessageKey; in: (tab: Tab) => boolean }[] = [
  { action: 'publish', label: 'actionPublish', in: (tab) => tab !== 'trash' && tab !== 'publish' },
  { action: 'trash', label: 'actionTrash', in: (tab) => tab !== 'trash' },
  { action: 'restore', label: 'actionRestore', in: (tab) => tab === 'trash' },
  { action: 'delete', label: 'actionDelete', in: (tab) => tab === 'trash' },
];

interface Term { id: number; name: string }
const FILTERS = [
  { key: 'categories', label: 'category', path: 'categories', list: 'categories', name: (term: Record<string, unknown>) => String(term.name) },
  { key: 'tags', label: 'tag', path: 'tags', list: 'tags', name: (term: Record<string, unknown>) => String(term.name) },
  { key: 'venue', label: 'venue', path: 'venues', list: 'venues', name: (term: Record<string, unknown>) => String(term.venue) },
  { key: 'organizer', label: 'organizer', path: 'organizers', list: 'organizers', name: (term: Record<string, unknown>) => String(term.organizer) },
] as const;

export default function EventsList({ search }: ScreenProps) {
  const tab = (TABS as readonly string[]).includes(search.get('status') ?? '') ? (search.get('status') as Tab) : 'all';
  const page = pageOf(search);
  const [result, setResult] = useState<Page<EventRecord> | undefined>();
  const [counts, setCounts] = useState<Counts | undefined>();
  const [options, setOptions] = useState<Record<string, Term[]>>({});
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [message, setMessage] = useState<string>('');
  const [reload, setReload] = useState(0);

  useEffect(() => {
    for (const filter of FILTERS) {
      void get<Record<string, Record<string, unknown>[]>>(filter.path, { per_page: 100 }).then(({ body }) =>
        setOptions((known) => ({ ...known, [filter.key]: (body[filter.list] ?? []).map((item) => ({ id: Number(item.id), name: filter.name(item) })) })),
      );
    }
  }, []);
  // A bulk action's report belongs to the list it was made on: another tab or filter clears it.
  useEffect(() => setMessage(''), [search.toString()]);
  useEffect(() => {
    setResult(undefined);
    setSelected(new Set());
    void listEvents({
      status: tab, page, search: search.get('search') ?? undefined,
      categories: search.get('categories') ?? undefined, tags: search.get('tags') ?? undefined,
      venue: search.get('venue') ?? undefined, organizer: search.get('organizer') ?? undefined,
      from: search.get('from') ?? undefined, to: search.get('to') ?? undefined,
    }).then(setResult, (error: Error) => setMessage(error.message));
    void eventCounts().then(setCounts, () => setCounts(undefined));
  }, [search.toString(), reload]);

  const go = (changes: Record<string, string | undefined>) => goToList('events', search, changes);
  const onFilter = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    go(Object.fromEntries(['search', 'categories', 'tags', 'venue', 'organizer', 'from', 'to'].map((key) => [key, typeof form.get(key) === 'string' ? (form.get(key) as string) : ''])));
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
    setMessage(failures.length === 0 ? t('bulkDone', { count: selected.size }) : `${t('bulkFailed')} ${failures.join('; ')}`);
    setReload((count) => count + 1);
  };
  const toggle = (id: number, on: boolean) => setSelected((current) => {
    const next = new Set(current);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });

  return (
    <>
      <div class="screen-heading">
        <h1>{t('events')}</h1>
        <a class="button" href={href('events/new')}>{t('addEvent')}</a>
      </div>
      <nav aria-label={t('statusTabs')}>
        <ul class="tabs">
          {TABS.map((name) => (
            <li key={name}>
              <a href={href(`events${name === 'all' ? '' : `?status=${name}`}`)} aria-current={tab === name ? 'page' : undefined}>
                {t(TAB_LABEL[name])}{counts ? ` (${counts[name]})` : ''}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <form class="filters" role="search" onSubmit={onFilter}>
        <label>{t('search')} <input type="search" name="search" defaultValue={search.get('search') ?? ''} /></label>
        {FILTERS.map((filter) => (
          <label key={filter.key}>
            {t(filter.label)}{' '}
            <select name={filter.key} value={search.get(filter.key) ?? ''}>
              <option value="">{t('any')}</option>
              {(options[filter.key] ?? []).map((option) => <option key={option.id} value={String(option.id)}>{option.name}</option>)}
            </select>
          </label>
        ))}
        <label>{t('from')} <input type="date" name="from" defaultValue={search.get('from') ?? ''} /></label>
        <label>{t('to')} <input type="date" name="to" defaultValue={search.get('to') ?? ''} /></label>
        <button type="submit">{t('filter')}</button>
      </form>
      <form class="bulk" onSubmit={(event) => void onBulk(event)}>
        <label>{t('bulkActions')}{' '}
          <select name="action">
            <option value="">{t('chooseAction')}</option>
            {ACTIONS.filter((action) => action.in(tab)).map((action) => <option key={action.action} value={action.action}>{t(action.label)}</option>)}
          </select>
        </label>
        <button type="submit" class="secondary">{t('apply')}</button>
        <p role="status" class="message">{message}</p>
      </form>
      {result === undefined ? <p aria-live="polite">{t('loading')}</p> : result.items.length === 0 ? <p>{t('noEvents')}</p> : (
        <table class="records">
          <caption class="visually-hidden">{t('events')}</caption>
          <thead>
            <tr>
              <th scope="col"><span class="visually-hidden">{t('select')}</span></th>
              <th scope="col">{t('title')}</th>
              <th scope="col">{t('when')}</th>
              <th scope="col">{t('status')}</th>
              <th scope="col"><span class="visually-hidden">{t('publicPage')}</span></th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((event) => (
              <tr key={event.id}>
                <td><input type="checkbox" aria-label={t('selectEvent', { title: event.title })} checked={selected.has(event.id)} onChange={(change) => toggle(event.id, (change.currentTarget).checked)} /></td>
                <td><a href={href(`events/${event.id}`)}>{event.title}</a></td>
                <td>{formatWhen(event.start_date, event.all_day === true)}</td>
                <td>{t(STATUS_LABEL[event.status] ?? 'statusAll')}</td>
                <td>{event.status === 'trash' ? null : <a href={event.url} aria-label={t('viewEvent', { title: event.title })}>{t('view')}</a>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {result ? <Pager path="events" search={search} page={page} pages={result.pages} /> : null}
    </>
  );
}
