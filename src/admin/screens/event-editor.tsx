import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, fieldErrors, get, request, SETTINGS } from '../api.ts';
import { CustomFields } from '../editor/custom-fields.tsx';
import { checkedOf, Field, invalid, valueOf } from '../editor/fields.tsx';
import { blankForm, changes, differences, formOf, type EventForm } from '../editor/form.ts';
import { ImageField } from '../editor/image.tsx';
import { CategoriesField, OrganizersField, VenueField } from '../editor/links.tsx';
import { RecurrenceFields } from '../editor/recurrence.tsx';
import { RichText } from '../editor/rich-text.tsx';
import { TicketsPanel } from '../editor/tickets.tsx';
import { ScopeDialog, type Scope } from '../editor/scope-dialog.tsx';
import type { EventRecord } from '../events.ts';
import { ADMIN_LANGUAGES, STATUS_LABEL, t } from '../i18n.ts';
import { navigate, setGuard } from '../router.ts';
import type { ScreenProps } from '../screens.ts';

/*
 * The event editor. It reads the event with its ETag and writes only what changed, with `If-Match`:
 * a write over someone else's newer version is refused (412) and the editor shows what they changed.
 * An occurrence of a series asks which dates a change is for (`scope`, decision 0025) in a modal dialog (decision 0104). A language
 * other than the original edits that translation's text (`translation_language`, decision 0011).
 * Field errors come from the API's 400 (`data.params`) and sit next to their fields.
 */

/** Where each write field's error is shown. */
const FIELD_OF: Record<string, string> = {
  title: 'title',
  description: 'description',
  excerpt: 'excerpt',
  start_date: 'start-day',
  end_date: 'end-day',
  all_day: 'all-day',
  timezone: 'timezone',
  recurrence: 'repeat',
  venue: 'venue',
  organizer: 'organizers',
  categories: 'new-category',
  tags: 'tags',
  cost: 'cost',
  website: 'website',
  image: 'image',
  custom_fields: 'custom-fields',
  status: 'status',
  date: 'publish-day',
  post_password: 'password',
};
const today = () => new Date().toISOString().slice(0, 10);
const ZONES = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export default function EventEditor({ params, search, session }: ScreenProps) {
  const id = params.id === undefined ? undefined : Number(params.id);
  const language = search.get('language') ?? undefined;
  // The record as read, and for which event and language: after a switch of language the screen
  // renders once with the new address before the effect below runs, and must not show the old
  // language's record (its fallback notice, its fields) as the new one's.
  const shownFor = `${id ?? ''}|${language ?? ''}`;
  const [readRecord, setRecord] = useState<{ for: string; event: EventRecord } | undefined>();
  const record = readRecord?.for === shownFor ? readRecord.event : undefined;
  const [read, setRead] = useState<EventForm | undefined>();
  const [form, setForm] = useState<EventForm>(() => blankForm(today()));
  const [etag, setEtag] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [asking, setAsking] = useState<{ status: string } | undefined>();
  const [conflict, setConflict] = useState<
    { changed: ReturnType<typeof differences>; current: EventRecord; etag: string | null } | undefined
  >();
  const [failed, setFailed] = useState<string | undefined>();
  const summary = useRef<HTMLDivElement>(null);
  const latest = useRef({ form, baseline: read ?? blankForm(today()) });
  latest.current = { form, baseline: read ?? latest.current.baseline };
  const canPublish = session.user.capabilities.includes('publish_tribe_events');

  const adopt = (event: EventRecord, tag: string | null) => {
    const fields = formOf(event);
    setRecord({ for: shownFor, event });
    setRead(fields);
    setForm(fields);
    setEtag(tag);
    // At once, not at the next render: a navigation right after a save (to the new event's URL) must not find it unsaved.
    latest.current = { form: fields, baseline: fields };
  };
  useEffect(() => {
    if (id === undefined) return;
    // Another language or event: nothing is editable until it is read, so a late answer never overwrites typing.
    setRecord(undefined);
    void get<EventRecord>(`events/${id}`, { context: 'edit', translation_language: language }).then(
      ({ body, headers }) => adopt(body, headers.get('etag')),
      (error: Error) => setFailed(error.message),
    );
  }, [id, language]);
  useEffect(() => {
    setGuard({
      dirty: () => JSON.stringify(latest.current.form) !== JSON.stringify(latest.current.baseline),
      question: t('unsavedChanges'),
    });
    return () => setGuard(undefined);
  }, []);
  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);

  const update = (change: Partial<EventForm>) => setForm((current) => ({ ...current, ...change }));
  const isOccurrence = record?.series_id !== undefined && record.series_id !== record.id;

  const save = async (status: string, scope?: Scope) => {
    const next = { ...form, status };
    const body = changes(next, read);
    if (id !== undefined && Object.keys(body).length === 0) return setMessage(t('nothingChanged'));
    if (isOccurrence && scope === undefined) return setAsking({ status });
    setAsking(undefined);
    setErrors({});
    setMessage(t('saving'));
    // The edit context: the answer, which the form is reset from, carries the event's password.
    const query = { translation_language: language, context: 'edit' };
    try {
      if (id === undefined) {
        const { body: created, headers } = await request<EventRecord>('POST', 'events', { body, query });
        adopt(created, headers.get('etag'));
        navigate(`events/${created.id}${language ? `?language=${language}` : ''}`, { replace: true });
      } else {
        const { body: saved, headers } = await request<EventRecord>('POST', `events/${id}`, {
          body: scope ? { ...body, scope } : body,
          query,
          headers: etag ? { 'if-match': etag } : {},
        });
        adopt(saved, headers.get('etag'));
        if (saved.id !== id) navigate(`events/${saved.id}`, { replace: true });
      }
      setMessage(t('saved'));
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 412 && id !== undefined && read !== undefined) {
        const { body: current, headers } = await get<EventRecord>(`events/${id}`, {
          context: 'edit',
          translation_language: language,
        });
        setConflict({ changed: differences(read, formOf(current)), current, etag: headers.get('etag') });
        setMessage('');
        return;
      }
      const found = fieldErrors(error);
      // The API's own text for an empty title is a schema's ("must be at least 1 character(s) long"): the admin says what to do instead.
      if (found.title !== undefined && form.title.trim() === '') found.title = t('titleRequired');
      setErrors(Object.fromEntries(Object.entries(found).map(([field, text]) => [FIELD_OF[field] ?? field, text])));
      setMessage(`${t('saveFailed')} ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void save(form.status);
  };

  if (failed !== undefined) return <p role="alert">{failed}</p>;
  if (id !== undefined && record === undefined) return <p aria-live="polite">{t('loading')}</p>;
  const languages = [...new Set([...(record?.translations ?? []), ...ADMIN_LANGUAGES])];
  const shownLanguage = language ?? record?.translation_language ?? SETTINGS.language;
  const statuses = canPublish ? ['draft', 'pending', 'publish', 'future', 'private'] : ['draft', 'pending'];
  const languageName = (code: string) => new Intl.DisplayNames([t.language], { type: 'language' }).of(code) ?? code;

  return (
    <>
      <form class="editor" onSubmit={onSubmit} noValidate>
        <h1>{id === undefined ? t('newEvent') : t('editEvent')}</h1>
        {Object.keys(errors).length > 0 ? (
          <div class="error-summary" role="alert" tabIndex={-1} ref={summary}>
            <p>{t('saveFailed')}</p>
            <ul>
              {Object.entries(errors).map(([field, text]) => (
                <li key={field}>
                  <a href={`#${field}`}>{text}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {conflict ? (
          <div class="dialog" role="alert">
            <p>{t('conflict')}</p>
            <ul>
              {conflict.changed.map((change) => (
                <li key={change.field}>
                  <strong>{change.field}</strong>: {change.before} → {change.after}
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
              {t('reloadEvent')}
            </button>
          </div>
        ) : null}
        {id !== undefined ? (
          <Field id="language" label={t('translationLanguage')}>
            <select
              id="language"
              value={shownLanguage}
              onChange={(event) => navigate(`events/${id}?language=${valueOf(event)}`)}
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                  {record?.translations?.includes(code) ? '' : ` (${t('noTextYet')})`}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        {record && record.translations && !record.translations.includes(shownLanguage) ? (
          <p class="hint">{t('fallbackShown', { language: languageName(shownLanguage) })}</p>
        ) : null}
        <Field id="title" label={t('title')} error={errors.title}>
          <input
            id="title"
            required
            value={form.title}
            onInput={(event) => update({ title: valueOf(event) })}
            {...invalid('title', errors.title)}
          />
        </Field>
        <div class="field">
          <span id="description-label" class="label">
            {t('description')}
          </span>
          <RichText
            id="description"
            labelledBy="description-label"
            value={form.description}
            onChange={(description) => update({ description })}
            {...(errors.description ? { describedBy: 'description-error' } : {})}
          />
          {errors.description ? (
            <p class="field-error" id="description-error">
              {errors.description}
            </p>
          ) : null}
        </div>
        <Field id="excerpt" label={t('excerpt')} error={errors.excerpt}>
          <textarea
            id="excerpt"
            rows={2}
            value={form.excerpt}
            onInput={(event) => update({ excerpt: valueOf(event) })}
            {...invalid('excerpt', errors.excerpt)}
          />
        </Field>
        <fieldset>
          <legend>{t('when')}</legend>
          <label class="check">
            <input
              id="all-day"
              type="checkbox"
              checked={form.allDay}
              onChange={(event) => update({ allDay: checkedOf(event) })}
            />{' '}
            {t('allDay')}
          </label>
          <div class="row">
            <Field id="start-day" label={t('startDate')} error={errors['start-day']}>
              <input
                id="start-day"
                type="date"
                value={form.startDay}
                onInput={(event) => update({ startDay: valueOf(event) })}
                {...invalid('start-day', errors['start-day'])}
              />
            </Field>
            {form.allDay ? null : (
              <Field id="start-time" label={t('startTime')}>
                <input
                  id="start-time"
                  type="time"
                  value={form.startTime}
                  onInput={(event) => update({ startTime: valueOf(event) })}
                />
              </Field>
            )}
          </div>
          <div class="row">
            <Field id="end-day" label={t('endDate')} error={errors['end-day']}>
              <input
                id="end-day"
                type="date"
                value={form.endDay}
                onInput={(event) => update({ endDay: valueOf(event) })}
                {...invalid('end-day', errors['end-day'])}
              />
            </Field>
            {form.allDay ? null : (
              <Field id="end-time" label={t('endTime')}>
                <input
                  id="end-time"
                  type="time"
                  value={form.endTime}
                  onInput={(event) => update({ endTime: valueOf(event) })}
                />
              </Field>
            )}
          </div>
          <Field id="timezone" label={t('timeZone')} error={errors.timezone}>
            <input
              id="timezone"
              list="zones"
              value={form.timezone}
              onInput={(event) => update({ timezone: valueOf(event) })}
              {...invalid('timezone', errors.timezone)}
            />
            <datalist id="zones">
              {ZONES.map((zone) => (
                <option key={zone} value={zone} />
              ))}
            </datalist>
          </Field>
        </fieldset>
        {isOccurrence ? null : <RecurrenceFields form={form} update={update} error={errors.repeat} />}
        <VenueField form={form} update={update} error={errors.venue} />
        <OrganizersField form={form} update={update} error={errors.organizers} />
        <CategoriesField form={form} update={update} error={errors['new-category']} version={etag} />
        <Field id="tags" label={t('tags')} error={errors.tags}>
          <input
            id="tags"
            value={form.tags}
            onInput={(event) => update({ tags: valueOf(event) })}
            {...invalid('tags', errors.tags)}
          />
        </Field>
        <div class="row">
          <Field id="cost" label={t('cost')} error={errors.cost}>
            <input
              id="cost"
              value={form.cost}
              onInput={(event) => update({ cost: valueOf(event) })}
              {...invalid('cost', errors.cost)}
            />
          </Field>
          <Field id="website" label={t('website')} error={errors.website}>
            <input
              id="website"
              type="url"
              value={form.website}
              onInput={(event) => update({ website: valueOf(event) })}
              {...invalid('website', errors.website)}
            />
          </Field>
        </div>
        <ImageField form={form} update={update} error={errors.image} />
        <CustomFields form={form} update={update} error={errors['custom-fields']} />
        <fieldset>
          <legend>{t('visibility')}</legend>
          <Field id="status" label={t('status')} error={errors.status}>
            <select id="status" value={form.status} onChange={(event) => update({ status: valueOf(event) })}>
              {[...new Set([...statuses, form.status])]
                .filter((status) => status in STATUS_LABEL)
                .map((status) => (
                  <option key={status} value={status}>
                    {t(STATUS_LABEL[status]!)}
                  </option>
                ))}
            </select>
          </Field>
          {form.status === 'future' ? (
            <div class="row">
              <Field id="publish-day" label={t('publishDate')} error={errors['publish-day']}>
                <input
                  id="publish-day"
                  type="date"
                  value={form.publishDay}
                  onInput={(event) => update({ publishDay: valueOf(event) })}
                />
              </Field>
              <Field id="publish-time" label={t('publishTime')}>
                <input
                  id="publish-time"
                  type="time"
                  value={form.publishTime}
                  onInput={(event) => update({ publishTime: valueOf(event) })}
                />
              </Field>
            </div>
          ) : null}
          <Field id="visibility" label={t('visibilityChoice')}>
            <select
              id="visibility"
              value={form.passwordProtected ? 'password' : 'public'}
              onChange={(event) => update({ passwordProtected: valueOf(event) === 'password' })}
            >
              <option value="public">{t('visibilityPublic')}</option>
              <option value="password">{t('visibilityPassword')}</option>
            </select>
          </Field>
          {form.passwordProtected ? (
            <Field id="password" label={t('password')} hint={t('passwordHint')} error={errors.password}>
              <input
                id="password"
                type="text"
                autocomplete="off"
                value={form.password}
                onInput={(event) => update({ password: valueOf(event) })}
                aria-describedby={errors.password ? 'password-hint password-error' : 'password-hint'}
                {...(errors.password ? { 'aria-invalid': true as const } : {})}
              />
            </Field>
          ) : null}
        </fieldset>
        {asking ? (
          <ScopeDialog onChoose={(scope) => void save(asking.status, scope)} onCancel={() => setAsking(undefined)} />
        ) : null}
        <div class="save-bar">
          <button type="submit">{t('save')}</button>
          {form.status !== 'publish' && canPublish ? (
            <button type="button" onClick={() => void save('publish')}>
              {t('actionPublish')}
            </button>
          ) : null}
          {!canPublish && form.status !== 'pending' ? (
            <button type="button" onClick={() => void save('pending')}>
              {t('submitForReview')}
            </button>
          ) : null}
          {record && record.status !== 'trash' ? (
            <a href={record.url}>{t('viewEvent', { title: record.title })}</a>
          ) : null}
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      {/* Its own form, after the event's: a ticket is saved on its own, to a saved event. */}
      <TicketsPanel event={id} />
    </>
  );
}
