import { useEffect, useState } from 'preact/hooks';
import { ApiFailure, fieldErrors, get, getEveryWp, request } from '../api.ts';
import { SITE_IMPORT_CAPABILITY } from '../../auth/roles.ts';
import { checkedOf, ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { href, navigate } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import { RunHistory, type Run } from './import-source-runs.tsx';
import { KIND_LABEL, SCHEDULE_LABEL, sourceState, type Kind, type Settings, type Source } from './import-sources.tsx';
// This screen's words, loaded with it.
import '../import-source-words.ts';

/** A source's form: its settings, "Run now", pause or resume, delete, and its runs. */

const STATUS_OPTIONS: readonly { value: Settings['status']; label: MessageKey }[] = [
  { value: 'publish', label: 'statusOnePublish' },
  { value: 'pending', label: 'statusOnePending' },
  { value: 'draft', label: 'statusOneDraft' },
];

/** The form's values, as typed: lists as comma-separated text, dates as the date fields give them. */
interface SourceForm {
  name: string;
  kind: Kind;
  url: string;
  schedule: string;
  author: string;
  status: Settings['status'];
  categories: string;
  tags: string;
  places: Settings['places'];
  words: string;
  category: string;
  after: string;
  before: string;
  on_removed: Settings['on_removed'];
  overwrite_local_edits: boolean;
}

const formOf = (source: Source | undefined): SourceForm => {
  const settings = source?.settings;
  return {
    name: source?.name ?? '',
    kind: source?.kind ?? 'ical',
    url: source?.url ?? '',
    schedule: source?.schedule ?? 'daily',
    author: source?.author == null ? '' : String(source.author),
    status: settings?.status ?? 'publish',
    categories: settings?.categories.join(', ') ?? '',
    tags: settings?.tags.join(', ') ?? '',
    places: settings?.places ?? 'match',
    words: settings?.filters.words.join(', ') ?? '',
    category: settings?.filters.category ?? '',
    after: settings?.filters.starts_after ?? '',
    before: settings?.filters.starts_before ?? '',
    on_removed: settings?.on_removed ?? 'trash',
    overwrite_local_edits: settings?.overwrite_local_edits ?? false,
  };
};

const list = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The API's body of a form: every field (a partial update with all of them is the same as a full one). */
const bodyOf = (form: SourceForm) => ({
  name: form.name.trim(),
  url: form.url.trim(),
  schedule: form.schedule,
  author: form.author === '' ? null : Number(form.author),
  settings: {
    status: form.status,
    categories: list(form.categories),
    tags: list(form.tags),
    places: form.places,
    filters: {
      words: list(form.words),
      category: orNull(form.category),
      starts_after: orNull(form.after),
      starts_before: orNull(form.before),
    },
    on_removed: form.on_removed,
    overwrite_local_edits: form.overwrite_local_edits,
  },
});

const CONTROL = {
  name: 'source-name',
  kind: 'source-kind',
  url: 'source-url',
  schedule: 'source-schedule',
  author: 'source-author',
} as const;
/** The field each refusal that names none is about. */
const REFUSED_FIELD: Readonly<Record<string, keyof typeof CONTROL>> = {
  import_source_url_refused: 'url',
  import_source_forbidden: 'kind',
};

function errorsOf(error: unknown): Record<string, string> {
  const named = fieldErrors(error);
  const found: Record<string, string> = {};
  for (const [field, text] of Object.entries(named))
    found[CONTROL[field as keyof typeof CONTROL] ?? 'source-settings'] = text;
  const about = error instanceof ApiFailure ? REFUSED_FIELD[error.code] : undefined;
  if (Object.keys(found).length === 0 && about !== undefined) found[CONTROL[about]] = (error as ApiFailure).message;
  return found;
}

/** The users an imported event may be written by: everyone who writes, for those who may list users; else oneself. */
function useAuthors(session: ScreenProps['session']): { id: number; name: string }[] {
  const [authors, setAuthors] = useState<{ id: number; name: string }[]>([]);
  useEffect(() => {
    if (!session.user.capabilities.includes('list_users')) return;
    void getEveryWp<{ id: number; name: string }>('/wp/v2/users', {
      roles: 'administrator,editor,author,contributor',
    }).then(setAuthors, () => undefined);
  }, []);
  return authors;
}

export function SourceEditor({ params, session }: ScreenProps) {
  const id = params.id === undefined ? undefined : Number(params.id);
  const [source, setSource] = useState<Source | undefined>();
  const [form, setForm] = useState<SourceForm>(formOf(undefined));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [failed, setFailed] = useState<string | undefined>();
  const [reload, setReload] = useState(0);
  const authors = useAuthors(session);
  const mayTec = session.user.capabilities.includes(SITE_IMPORT_CAPABILITY);

  const adopt = (body: Source) => {
    setSource(body);
    setForm(formOf(body));
  };
  useEffect(() => {
    if (id === undefined) return;
    void get<Source>(`import-sources/${id}`).then(
      ({ body }) => adopt(body),
      (error: Error) => setFailed(error.message),
    );
  }, [id, reload]);

  const set = <K extends keyof SourceForm>(name: K, value: SourceForm[K]) =>
    setForm((current) => ({ ...current, [name]: value }));
  const save = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setMessage(t('saving'));
    try {
      if (id === undefined) {
        const { body } = await request<Source>('POST', 'import-sources', {
          body: { ...bodyOf(form), kind: form.kind },
        });
        navigate(`imports/sources/${body.id}`, { replace: true });
        return;
      }
      adopt((await request<Source>('POST', `import-sources/${id}`, { body: bodyOf(form) })).body);
      setMessage(t('saved'));
    } catch (error) {
      setErrors(errorsOf(error));
      setMessage(`${t('saveFailed')} ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const act = async (action: () => Promise<string>) => {
    try {
      setMessage(await action());
    } catch (error) {
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const runNow = () =>
    act(async () => {
      const { body } = await request<Run>('POST', `import-sources/${id}/run`);
      navigate(`imports/sources/${id}/runs/${body.id}`);
      return '';
    });
  const pause = (paused: boolean) =>
    act(async () => {
      adopt((await request<Source>('POST', `import-sources/${id}/${paused ? 'pause' : 'resume'}`)).body);
      return t(paused ? 'sourcePaused' : 'sourceResumed');
    });
  const remove = () =>
    act(async () => {
      if (!confirm(t('confirmDeleteSource', { name: source?.name ?? '' }))) return '';
      await request('DELETE', `import-sources/${id}`);
      navigate('imports/sources');
      return '';
    });

  if (failed !== undefined) return <p role="alert">{failed}</p>;
  if (id !== undefined && source === undefined) return <p aria-live="polite">{t('loading')}</p>;
  const text = (name: 'name' | 'url', label: MessageKey, attributes: Record<string, string> = {}) => (
    <Field
      id={CONTROL[name]}
      label={t(label)}
      error={errors[CONTROL[name]]}
      {...(name === 'url' ? { hint: t('sourceUrlHint') } : {})}
    >
      <input
        id={CONTROL[name]}
        required
        value={form[name]}
        onInput={(input) => set(name, valueOf(input))}
        {...attributes}
        {...described(CONTROL[name], errors[CONTROL[name]], name === 'url')}
      />
    </Field>
  );
  const plain = (
    control: string,
    label: MessageKey,
    name: 'categories' | 'tags' | 'words' | 'category' | 'after' | 'before',
    type = 'text',
  ) => (
    <Field id={control} label={t(label)}>
      <input id={control} type={type} value={form[name]} onInput={(input) => set(name, valueOf(input))} />
    </Field>
  );
  const authorKnown =
    form.author === '' ||
    form.author === String(session.user.id) ||
    authors.some((author) => String(author.id) === form.author);
  return (
    <>
      <form class="editor" onSubmit={(event) => void save(event)} noValidate>
        <h1>{id === undefined ? t('newSource') : source!.name}</h1>
        <p>
          <a href={href('imports/sources')}>{t('allSources')}</a>
        </p>
        {source === undefined ? null : (
          <dl class="facts">
            <dt>{t('sourceState')}</dt>
            <dd>
              {sourceState(source)}
              {source.running === null ? null : (
                <>
                  {' '}
                  <a href={href(`imports/sources/${source.id}/runs/${source.running}`)}>
                    {t('runLink', { id: source.running })}
                  </a>
                </>
              )}
            </dd>
            <dt>{t('nextRun')}</dt>
            <dd>{source.next_run_at === null ? t('notScheduled') : formatInstant(source.next_run_at)}</dd>
          </dl>
        )}
        <ErrorSummary errors={errors} title={t('saveFailed')} />
        {text('name', 'sourceName', { autoComplete: 'off' })}
        <Field id={CONTROL.kind} label={t('sourceKind')} error={errors[CONTROL.kind]}>
          {/* The kind is chosen once: a source of another kind is another source. */}
          <select
            id={CONTROL.kind}
            value={form.kind}
            disabled={id !== undefined}
            onChange={(change) => set('kind', valueOf(change) as Kind)}
            {...invalid(CONTROL.kind, errors[CONTROL.kind])}
          >
            {(Object.keys(KIND_LABEL) as Kind[])
              .filter((kind) => kind !== 'tec' || mayTec || form.kind === 'tec')
              .map((kind) => (
                <option key={kind} value={kind}>
                  {t(KIND_LABEL[kind])}
                </option>
              ))}
          </select>
        </Field>
        {text('url', 'sourceUrl', { type: 'url', inputMode: 'url', autoComplete: 'off', spellcheck: 'false' })}
        <Field id={CONTROL.schedule} label={t('schedule')} error={errors[CONTROL.schedule]}>
          <select id={CONTROL.schedule} value={form.schedule} onChange={(change) => set('schedule', valueOf(change))}>
            {Object.entries(SCHEDULE_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </select>
        </Field>
        <fieldset>
          <legend>{t('importedEvents')}</legend>
          <Field id="source-status" label={t('importedStatus')}>
            <select
              id="source-status"
              value={form.status}
              onChange={(change) => set('status', valueOf(change) as Settings['status'])}
            >
              {STATUS_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </Field>
          <div class="row">
            {plain('source-categories', 'addCategories', 'categories')}
            {plain('source-tags', 'addTags', 'tags')}
          </div>
          <Field id={CONTROL.author} label={t('sourceAuthor')} error={errors[CONTROL.author]}>
            <select id={CONTROL.author} value={form.author} onChange={(change) => set('author', valueOf(change))}>
              <option value="">{t('authorDefault')}</option>
              {authors.length === 0 ? (
                <option value={String(session.user.id)}>
                  {t('authorYou', { name: session.user.name || session.user.login })}
                </option>
              ) : null}
              {authors.map((author) => (
                <option key={author.id} value={String(author.id)}>
                  {author.name}
                </option>
              ))}
              {authorKnown ? null : <option value={form.author}>{t('authorNumber', { id: form.author })}</option>}
            </select>
          </Field>
          <Field id="source-places" label={t('places')}>
            <select
              id="source-places"
              value={form.places}
              onChange={(change) => set('places', valueOf(change) as Settings['places'])}
            >
              <option value="match">{t('placesMatch')}</option>
              <option value="none">{t('placesNone')}</option>
            </select>
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('sourceFilters')}</legend>
          {plain('source-words', 'filterWords', 'words')}
          {plain('source-category', 'filterCategory', 'category')}
          <div class="row">
            {plain('source-after', 'filterAfter', 'after', 'date')}
            {plain('source-before', 'filterBefore', 'before', 'date')}
          </div>
        </fieldset>
        <Field id="source-removed" label={t('onRemoved')}>
          <select
            id="source-removed"
            value={form.on_removed}
            onChange={(change) => set('on_removed', valueOf(change) as Settings['on_removed'])}
          >
            <option value="trash">{t('removedTrash')}</option>
            <option value="keep">{t('removedKeep')}</option>
          </select>
        </Field>
        <label class="check">
          <input
            type="checkbox"
            checked={form.overwrite_local_edits}
            onChange={(change) => set('overwrite_local_edits', checkedOf(change))}
          />{' '}
          {t('overwriteEdits')}
        </label>
        {errors['source-settings'] ? (
          <p class="field-error" id="source-settings-error">
            {errors['source-settings']}
          </p>
        ) : null}
        <div class="save-bar">
          <button type="submit">{id === undefined ? t('addTheSource') : t('save')}</button>
          {source === undefined ? null : (
            <>
              <button type="button" class="secondary" onClick={() => void runNow()}>
                {t('runNow')}
              </button>
              <button type="button" class="secondary" onClick={() => void pause(!source.paused)}>
                {t(source.paused ? 'resumeSource' : 'pauseSource')}
              </button>
              <button type="button" class="danger" onClick={() => void remove()}>
                {t('deleteSource')}
              </button>
            </>
          )}
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      {id === undefined ? null : <RunHistory id={id} reload={reload} refresh={() => setReload((count) => count + 1)} />}
    </>
  );
}

/** A control's description: its hint if it has one, and its error. */
const described = (id: string, error: string | undefined, hinted: boolean) => {
  const ids = [hinted ? `${id}-hint` : '', error ? `${id}-error` : ''].filter((part) => part !== '');
  return { ...invalid(id, error), 'aria-describedby': ids.length === 0 ? undefined : ids.join(' ') };
};
