import type { ComponentType } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiFailure, downloadCsv, fieldErrors, get, getEvery, listTotals, request, type Query } from '../api.ts';
import { checkedOf, ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
import { STATUSES, type Counts } from '../events.ts';
import { STATUS_LABEL, STATUS_TAB_LABEL, t, type MessageKey } from '../i18n.ts';
import {
  formOfRecord,
  nameOf,
  POST_STATUSES,
  RECORD_KINDS,
  recordChanges,
  type RecordForm,
  type RecordKind,
  type WireRecord,
} from '../records.ts';
import { goToList, pageOf, Pager, useListAnswer } from '../listing.tsx';
import { href, navigate, setGuard } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/*
 * The venues, organizers, categories and tags screens: one list and one editor, each given a kind
 * from records.ts. Venues and organizers have status tabs (with their counts when the API answers
 * `{collection}/counts`), a trash and a restore (back to draft, as WordPress restores); terms have
 * no status and are deleted outright. The editor writes only what changed, with `If-Match`: a write
 * over someone else's newer version is refused (412) and the editor shows what they changed.
 */

const TABS = ['all', ...STATUSES] as const;
type Tab = (typeof TABS)[number];
const ALL_BUT_TRASH = STATUSES.filter((status) => status !== 'trash');
const PER_PAGE = 20;
/** Every category, for the parent picker and the list's parent column: unused ones too, on every page. */
const ALL_TERMS: Query = { hide_empty: false, orderby: 'name' };

interface Listing {
  items: WireRecord[];
  pages: number;
}

function RecordsList({ kind, search }: { kind: RecordKind; search: URLSearchParams }) {
  const tab: Tab =
    kind.post && (TABS as readonly string[]).includes(search.get('status') ?? '')
      ? (search.get('status') as Tab)
      : 'all';
  const page = pageOf(search);
  const text = search.get('search') ?? '';
  const [counts, setCounts] = useState<Counts | undefined>();
  const [parents, setParents] = useState<Map<number, string>>(new Map());
  const [message, setMessage] = useState('');
  const [reload, setReload] = useState(0);
  const { collection } = kind;
  const [listing, setListing] = useListAnswer<Listing>(`${collection}?${search.toString()}#${reload}`);

  /** The list's query: a page of it, or (as CSV) every record of its filters. */
  const listQuery = (): Query =>
    kind.post
      ? { status: tab === 'all' ? ALL_BUT_TRASH : [tab], page, per_page: PER_PAGE, search: text }
      : { page, per_page: PER_PAGE, search: text, hide_empty: false, orderby: 'name' };
  useEffect(() => {
    const query = listQuery();
    void get<Record<string, WireRecord[]>>(collection, query).then(
      ({ body, headers }) =>
        setListing({
          items: body[collection] ?? [],
          pages: listTotals(headers, (body[collection] ?? []).length).pages,
        }),
      (error: Error) => setMessage(error.message),
    );
    // Counts per status come from the API when it has them; without them the tabs show no numbers.
    if (kind.post)
      void get<Counts>(`${collection}/counts`).then(
        ({ body }) => setCounts(body),
        () => setCounts(undefined),
      );
    if (collection === 'categories') {
      void getEvery<WireRecord>('categories', ALL_TERMS).then(
        (terms) => setParents(new Map(terms.map((term) => [term.id, nameOf(kind, term)]))),
        () => undefined,
      );
    }
  }, [collection, search.toString(), reload]);

  const go = (changes: Record<string, string>) => goToList(collection, search, changes);
  const act = async (record: WireRecord, action: 'trash' | 'restore' | 'delete') => {
    const name = nameOf(kind, record);
    if (action === 'delete' && !confirm(t('confirmDeleteRecord', { name }))) return;
    try {
      if (action === 'restore') await request('POST', `${collection}/${record.id}`, { body: { status: 'draft' } });
      else
        await request('DELETE', `${collection}/${record.id}`, {
          query: kind.post && action === 'delete' ? { force: true } : {},
        });
      setMessage(
        t(action === 'trash' ? 'trashedRecord' : action === 'restore' ? 'restoredRecord' : 'deletedRecord', { name }),
      );
      setReload((count) => count + 1);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };

  const actionsOf = (record: WireRecord) => {
    const name = nameOf(kind, record);
    const button = (action: 'trash' | 'restore' | 'delete', label: MessageKey, style: string) => (
      <button type="button" class={style} onClick={() => void act(record, action)}>
        {t(label, { name })}
      </button>
    );
    if (!kind.post) return button('delete', 'deleteRecord', 'danger');
    if (record.status !== 'trash') return button('trash', 'trashRecord', 'secondary');
    return (
      <>
        {button('restore', 'restoreRecord', 'secondary')}
        {button('delete', 'deleteRecord', 'danger')}
      </>
    );
  };

  return (
    <>
      <div class="screen-heading">
        <h1>{t(kind.words.plural)}</h1>
        <a class="button" href={href(`${collection}/new`)}>
          {t(kind.words.add)}
        </a>
        {collection === 'venues' || collection === 'organizers' ? (
          <button
            type="button"
            class="secondary"
            onClick={() =>
              void downloadCsv(collection, { ...listQuery(), context: 'edit' }, `${collection}.csv`).catch(
                (error: Error) => setMessage(error.message),
              )
            }
          >
            {t('downloadCsv')}
          </button>
        ) : null}
      </div>
      {kind.post ? (
        <nav aria-label={t('byStatus')}>
          <ul class="tabs">
            {TABS.map((name) => (
              <li key={name}>
                <a
                  href={href(`${collection}${name === 'all' ? '' : `?status=${name}`}`)}
                  aria-current={tab === name ? 'page' : undefined}
                >
                  {t(STATUS_TAB_LABEL[name])}
                  {counts ? ` (${counts[name]})` : ''}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <form
        class="filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('search');
          go({ search: typeof value === 'string' ? value.trim() : '' });
        }}
      >
        <label>
          {t('search')} <input type="search" name="search" defaultValue={text} />
        </label>
        <button type="submit">{t('search')}</button>
      </form>
      <p role="status" class="message">
        {message}
      </p>
      {listing === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : listing.items.length === 0 ? (
        <p>{t(kind.words.none)}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t(kind.words.plural)}</caption>
          <thead>
            <tr>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t(kind.detail.label)}</th>
              {collection === 'categories' ? <th scope="col">{t('parentCategory')}</th> : null}
              <th scope="col">{kind.post ? t('status') : t('eventCount')}</th>
              <th scope="col">{t('actions')}</th>
            </tr>
          </thead>
          <tbody>
            {listing.items.map((record) => (
              <tr key={record.id}>
                <td>
                  <a href={href(`${collection}/${record.id}`)}>{nameOf(kind, record)}</a>
                </td>
                <td>{typeof record[kind.detail.field] === 'string' ? (record[kind.detail.field] as string) : ''}</td>
                {collection === 'categories' ? <td>{parents.get(Number(record.parent)) ?? ''}</td> : null}
                <td>
                  {kind.post
                    ? t(STATUS_LABEL[String(record.status)] ?? 'statusTrash')
                    : String(typeof record.count === 'number' ? record.count : 0)}
                </td>
                <td>
                  <div class="actions">{actionsOf(record)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {listing ? <Pager path={collection} search={search} page={page} pages={listing.pages} /> : null}
    </>
  );
}

interface Conflict {
  changed: { label: string; before: string; after: string }[];
  current: WireRecord;
  etag: string | null;
}

function RecordEditor({ kind, params }: { kind: RecordKind; params: Readonly<Record<string, string>> }) {
  const id = params.id === undefined ? undefined : Number(params.id);
  const { collection } = kind;
  const [read, setRead] = useState<RecordForm | undefined>();
  const [form, setForm] = useState<RecordForm>(() => formOfRecord(kind, undefined));
  const [etag, setEtag] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(id === undefined);
  const [failed, setFailed] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [conflict, setConflict] = useState<Conflict | undefined>();
  const [parents, setParents] = useState<WireRecord[]>([]);
  const latest = useRef({ form, baseline: read ?? formOfRecord(kind, undefined) });
  latest.current = { form, baseline: read ?? latest.current.baseline };

  const adopt = (record: WireRecord, tag: string | null) => {
    const fields = formOfRecord(kind, record);
    setRead(fields);
    setForm(fields);
    setEtag(tag);
    setLoaded(true);
    // At once, not at the next render: a navigation right after a save must not find the form dirty.
    latest.current = { form: fields, baseline: fields };
  };
  useEffect(() => {
    if (id === undefined) return;
    void get<WireRecord>(`${collection}/${id}`, { context: 'edit' }).then(
      ({ body, headers }) => adopt(body, headers.get('etag')),
      (error: Error) => setFailed(error.message),
    );
  }, [collection, id]);
  useEffect(() => {
    if (!kind.fields.some((field) => field.kind === 'parent')) return;
    void getEvery<WireRecord>(collection, ALL_TERMS).then(setParents, () => setParents([]));
  }, [collection]);
  useEffect(() => {
    setGuard({
      dirty: () => JSON.stringify(latest.current.form) !== JSON.stringify(latest.current.baseline),
      question: t('unsavedChanges'),
    });
    return () => setGuard(undefined);
  }, []);

  const control = (name: string) => `record-${name}`;
  const labelOf = (name: string) => {
    const field = kind.fields.find((candidate) => candidate.name === name);
    return field ? t(field.label) : name === 'status' ? t('status') : name;
  };
  const save = async (event: Event) => {
    event.preventDefault();
    const body = recordChanges(kind, form, read);
    if (id !== undefined && Object.keys(body).length === 0) return setMessage(t('nothingChanged'));
    setErrors({});
    setMessage(t('saving'));
    try {
      if (id === undefined) {
        const { body: created, headers } = await request<WireRecord>('POST', collection, { body });
        adopt(created, headers.get('etag'));
        navigate(`${collection}/${created.id}`, { replace: true });
      } else {
        const { body: saved, headers } = await request<WireRecord>('POST', `${collection}/${id}`, {
          body,
          headers: etag ? { 'if-match': etag } : {},
        });
        adopt(saved, headers.get('etag'));
      }
      setMessage(t('saved'));
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 412 && id !== undefined && read !== undefined) {
        const { body: current, headers } = await get<WireRecord>(`${collection}/${id}`, { context: 'edit' });
        const theirs = formOfRecord(kind, current);
        const changed = Object.keys(theirs)
          .filter((name) => theirs[name] !== read[name])
          .map((name) => ({ label: labelOf(name), before: String(read[name]), after: String(theirs[name]) }));
        setConflict({ changed, current, etag: headers.get('etag') });
        setMessage('');
        return;
      }
      setErrors(fieldErrors(error));
      setMessage(`${t('saveFailed')} ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  // Made once per refused save: the summary takes the focus when its errors are new, not at every keystroke.
  const summary = useMemo(
    () =>
      Object.fromEntries(Object.entries(errors).map(([name, text]) => [control(name), `${labelOf(name)}: ${text}`])),
    [errors],
  );

  if (failed !== undefined) return <p role="alert">{failed}</p>;
  if (!loaded) return <p aria-live="polite">{t('loading')}</p>;
  const update = (name: string, value: string | boolean) => setForm((current) => ({ ...current, [name]: value }));

  return (
    <form class="editor" onSubmit={(event) => void save(event)} noValidate>
      <h1>{t(id === undefined ? kind.words.create : kind.words.edit)}</h1>
      <p>
        <a href={href(collection)}>{t('backToList')}</a>
      </p>
      <ErrorSummary errors={summary} title={t('saveFailed')} />
      {conflict ? (
        <div class="dialog" role="alert">
          <p>{t('recordConflict')}</p>
          <ul>
            {conflict.changed.map((change) => (
              <li key={change.label}>
                <strong>{change.label}</strong>: {change.before} → {change.after}
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              adopt(conflict.current, conflict.etag);
              setConflict(undefined);
            }}
          >
            {t('loadTheirs')}
          </button>
        </div>
      ) : null}
      {kind.fields.map((field) => {
        const key = control(field.name);
        const error = errors[field.name];
        const value = form[field.name];
        if (field.kind === 'checkbox') {
          return (
            <div class="field" key={field.name}>
              <label class="check">
                <input
                  id={key}
                  type="checkbox"
                  checked={value === true}
                  onChange={(change) => update(field.name, checkedOf(change))}
                  {...invalid(key, error)}
                />{' '}
                {t(field.label)}
              </label>
              {error ? (
                <p class="field-error" id={`${key}-error`}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        }
        return (
          <Field id={key} key={field.name} label={t(field.label)} error={error}>
            {field.kind === 'textarea' ? (
              <textarea
                id={key}
                rows={4}
                value={String(value)}
                onInput={(input) => update(field.name, valueOf(input))}
                {...invalid(key, error)}
              />
            ) : field.kind === 'parent' ? (
              <select
                id={key}
                value={String(value)}
                onChange={(change) => update(field.name, valueOf(change))}
                {...invalid(key, error)}
              >
                <option value="0">{t('noParent')}</option>
                {parents
                  .filter((term) => term.id !== id)
                  .map((term) => (
                    <option key={term.id} value={String(term.id)}>
                      {nameOf(kind, term)}
                    </option>
                  ))}
              </select>
            ) : (
              <input
                id={key}
                type={field.kind}
                required={field.name === kind.nameField}
                value={String(value)}
                onInput={(input) => update(field.name, valueOf(input))}
                {...invalid(key, error)}
              />
            )}
          </Field>
        );
      })}
      {kind.post ? (
        <Field id={control('status')} label={t('status')} error={errors.status}>
          <select
            id={control('status')}
            value={String(form.status)}
            onChange={(change) => update('status', valueOf(change))}
            {...invalid(control('status'), errors.status)}
          >
            {[...new Set<string>([...POST_STATUSES, String(form.status)])].map((status) => (
              <option key={status} value={status}>
                {t(STATUS_LABEL[status] ?? 'statusTrash')}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div class="save-bar">
        <button type="submit">{t('save')}</button>
        <p role="status" class="message">
          {message}
        </p>
      </div>
    </form>
  );
}

/** The list and the editor of each kind, made once so that the shell keeps one component per screen. */
export const RECORD_SCREENS = Object.fromEntries(
  Object.values(RECORD_KINDS).map((kind) => [
    kind.collection,
    {
      list: ({ search }: ScreenProps) => <RecordsList kind={kind} search={search} />,
      editor: ({ params }: ScreenProps) => <RecordEditor key={params.id ?? 'new'} kind={kind} params={params} />,
    },
  ]),
) as Record<RecordKind['collection'], { list: ComponentType<ScreenProps>; editor: ComponentType<ScreenProps> }>;
