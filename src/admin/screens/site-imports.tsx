import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiFailure, fieldErrors, get, request } from '../api.ts';
import type { components } from '../api-types.ts';
import { checkedOf, ErrorSummary, errorId, Field, invalid, valueOf } from '../editor/fields.tsx';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { href, navigate } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
// This screen's words, loaded with it.
import '../site-import-words.ts';
import { RunErrors } from '../run-errors.tsx';
import { RunStatus } from '../run-status.tsx';

/*
 * Site imports (issue 33, decision 0078), administrators only, over the API of decision 0071 and
 * nothing else: `imports/sites` has the form that starts importing a site of the original by its
 * address and the recent runs; `imports/sites/{id}` one run's progress, read again every POLL_MS
 * while it runs, with its Cancel button. A refusal of the address (the address guard, no The Events
 * Calendar there) or of the credentials is shown beside the field it is about.
 */

/** A run, as the API's `SiteImport` schema says it (api-types.ts, generated from it). */
type SiteImport = components['schemas']['SiteImport'];
type State = SiteImport['state'];
type Kind = SiteImport['kinds'][number]['kind'];
type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';

/** How often a running import is read again: its node writes its progress every second, and every other write is enough to watch. */
const POLL_MS = 2000;

const STATE_LABEL: Record<State, MessageKey> = {
  running: 'stateRunning',
  cancelling: 'stateCancelling',
  completed: 'stateCompleted',
  failed: 'stateFailed',
  cancelled: 'stateCancelled',
  interrupted: 'stateInterrupted',
};
const KIND_LABEL: Record<Kind, MessageKey> = {
  category: 'categories',
  tag: 'tagsPlural',
  venue: 'venues',
  organizer: 'organizers',
  event: 'events',
};
/** The run's `phase`: the kind being copied, or the look for records deleted at the source. */
const PHASE_LABEL: Record<Kind | 'deletions', MessageKey> = {
  category: 'phaseCategory',
  tag: 'phaseTag',
  venue: 'phaseVenue',
  organizer: 'phaseOrganizer',
  event: 'phaseEvent',
  deletions: 'phaseDeletions',
};
const OUTCOME_LABEL: Record<Outcome, MessageKey> = {
  created: 'outcomeCreated',
  updated: 'outcomeUpdated',
  unchanged: 'outcomeUnchanged',
  skipped: 'outcomeSkipped',
  failed: 'outcomeFailed',
};

const live = (run: SiteImport) => run.state === 'running' || run.state === 'cancelling';

/** The form's controls by the API's field names. */
const CONTROL = { url: 'site-url', user: 'site-user', app_password: 'site-app-password', prune: 'site-prune' } as const;
type FieldName = keyof typeof CONTROL;
/** The field each refusal naming none is about: the address (the address guard, no The Events Calendar there) or the password. */
const REFUSED_FIELD: Readonly<Record<string, FieldName>> = {
  site_import_url_refused: 'url',
  site_import_source_unusable: 'url',
  site_import_credentials_refused: 'app_password',
};

/** A refused start's errors by control: the fields the API names (a bad value), else the field its refusal is about. */
function errorsOf(error: unknown): Record<string, string> {
  const named = fieldErrors(error);
  const found: Record<string, string> = {};
  for (const [field, control] of Object.entries(CONTROL)) if (named[field] !== undefined) found[control] = named[field];
  const about = error instanceof ApiFailure ? REFUSED_FIELD[error.code] : undefined;
  if (Object.keys(found).length === 0 && about !== undefined) found[CONTROL[about]] = (error as ApiFailure).message;
  return found;
}

export function SiteImports({ search }: ScreenProps) {
  // "Start it again" on a run's page comes back here with its address.
  const [form, setForm] = useState({ url: search.get('url') ?? '', user: '', app_password: '', prune: false });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [running, setRunning] = useState<number | undefined>();
  const [busy, setBusy] = useState(false);
  const [runs, setRuns] = useState<SiteImport[] | undefined>();
  useEffect(() => {
    void get<SiteImport[]>('imports/sites').then(
      ({ body }) => setRuns(body),
      (error: Error) => setMessage(error.message),
    );
  }, []);

  const set = (name: keyof typeof form, value: string | boolean) =>
    setForm((current) => ({ ...current, [name]: value }));
  const start = async (event: Event) => {
    event.preventDefault();
    setErrors({});
    setRunning(undefined);
    setMessage(t('checkingSite'));
    setBusy(true);
    // The address always (an empty one is the API's to refuse, beside the field); the credentials only when given.
    const body = {
      url: form.url.trim(),
      prune: form.prune,
      ...(form.user === '' ? {} : { user: form.user }),
      ...(form.app_password === '' ? {} : { app_password: form.app_password }),
    };
    try {
      const { body: run } = await request<SiteImport>('POST', 'imports/sites', { body });
      navigate(`imports/sites/${run.id}`);
    } catch (error) {
      setBusy(false);
      const found = errorsOf(error);
      setErrors(found);
      // A field's error is beside it and in the summary; any other refusal is said here.
      setMessage(Object.keys(found).length > 0 ? '' : error instanceof Error ? error.message : String(error));
      // Another run is live (409): its id is in the refusal, to follow it.
      if (error instanceof ApiFailure && error.code === 'site_import_running') setRunning(Number(error.data.id));
    }
  };
  const text = (name: 'url' | 'user' | 'app_password', label: MessageKey, attributes: Record<string, string>) => (
    <Field
      id={CONTROL[name]}
      label={t(label)}
      error={errors[CONTROL[name]]}
      {...(name === 'url' ? { hint: t('siteUrlHint') } : {})}
    >
      <input
        id={CONTROL[name]}
        value={form[name]}
        onInput={(input) => set(name, valueOf(input))}
        {...attributes}
        {...described(CONTROL[name], errors[CONTROL[name]], name === 'url')}
      />
    </Field>
  );

  return (
    <>
      <form class="editor" onSubmit={(event) => void start(event)} noValidate>
        <h1>{t('siteImports')}</h1>
        <h2>{t('siteImportHeading')}</h2>
        <p>{t('siteImportIntro')}</p>
        <ErrorSummary errors={errors} title={t('siteImportRefused')} />
        {text('url', 'siteUrl', { type: 'url', inputMode: 'url', autoComplete: 'off', spellcheck: 'false' })}
        <fieldset aria-describedby="source-sign-in-help">
          <legend>{t('sourceSignIn')}</legend>
          <p id="source-sign-in-help">{t('sourceSignInHelp')}</p>
          <div class="row">
            {text('user', 'sourceUser', { autoComplete: 'off', spellcheck: 'false' })}
            {text('app_password', 'sourceAppPassword', { type: 'password', autoComplete: 'new-password' })}
          </div>
        </fieldset>
        <div class="check">
          <input
            id={CONTROL.prune}
            type="checkbox"
            checked={form.prune}
            onChange={(change) => set('prune', checkedOf(change))}
          />
          <label for={CONTROL.prune}>{t('pruneOption')}</label>
        </div>
        <div class="save-bar">
          <button type="submit" disabled={busy}>
            {t('startSiteImport')}
          </button>
          <p role="status" class="message">
            {message}
            {running === undefined ? null : (
              <>
                {' '}
                <a href={href(`imports/sites/${running}`)}>{t('goToRunning', { id: running })}</a>
              </>
            )}
          </p>
        </div>
      </form>
      <section class="section" aria-labelledby="recent-site-imports">
        <h2 id="recent-site-imports">{t('recentSiteImports')}</h2>
        {runs === undefined ? (
          <p aria-live="polite">{t('loading')}</p>
        ) : runs.length === 0 ? (
          <p>{t('noSiteImports')}</p>
        ) : (
          <table class="records plain">
            <thead>
              <tr>
                <th scope="col">{t('siteImports')}</th>
                <th scope="col">{t('siteAddress')}</th>
                <th scope="col">{t('status')}</th>
                <th scope="col">{t('startedAt')}</th>
                <th scope="col">{t('finishedAt')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td>
                    <a href={href(`imports/sites/${run.id}`)}>{t('siteImportTitle', { id: run.id })}</a>
                  </td>
                  <td>{run.url}</td>
                  <td>{t(STATE_LABEL[run.state])}</td>
                  <td>{formatInstant(run.started_at)}</td>
                  <td>{run.finished_at === null ? '' : formatInstant(run.finished_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** A control's description: its hint if it has one, and its error (invalid()'s attributes). */
const described = (id: string, error: string | undefined, hinted: boolean) => {
  const ids = [hinted ? `${id}-hint` : '', error ? errorId(id) : ''].filter((part) => part !== '');
  return { ...invalid(id, error), 'aria-describedby': ids.length === 0 ? undefined : ids.join(' ') };
};

/** What the live region says of a run: its state, and what it is doing or why it stopped. */
function summary(run: SiteImport): string {
  const state = t(STATE_LABEL[run.state]);
  const phase = PHASE_LABEL[run.phase as Kind | 'deletions'] as MessageKey | undefined;
  if (live(run) && phase !== undefined) return t('stateAndPhase', { state, phase: t(phase) });
  if (run.reason !== null) return t('stateAndReason', { state, reason: run.reason });
  return state;
}

export function SiteImportProgress({ params }: ScreenProps) {
  const id = Number(params.id);
  const [run, setRun] = useState<SiteImport | undefined>();
  const [failure, setFailure] = useState('');
  // Reads and the cancel are numbered as they are sent: an answer older than the one shown is dropped,
  // so a read sent before "Cancel" and answered after it cannot show the run as running again.
  const sent = useRef(0);
  const shown = useRef(0);
  const show = (asked: number, body: SiteImport) => {
    if (asked < shown.current) return;
    shown.current = asked;
    setRun(body);
  };
  useEffect(() => {
    // Read until the run ends, one request at a time; leaving the screen stops it.
    let current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      try {
        const asked = ++sent.current;
        const { body } = await get<SiteImport>(`imports/sites/${id}`);
        if (!current) return;
        show(asked, body);
        setFailure('');
        if (live(body)) timer = setTimeout(() => void read(), POLL_MS);
      } catch (error) {
        if (!current) return;
        setFailure(error instanceof Error ? error.message : String(error));
        // The API's refusal (no such run) stays; a lost connection or a server's failure is tried again.
        if (!(error instanceof ApiFailure) || error.status >= 500) timer = setTimeout(() => void read(), POLL_MS);
      }
    };
    void read();
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [id]);

  const cancel = async () => {
    try {
      const asked = ++sent.current;
      show(asked, (await request<SiteImport>('POST', `imports/sites/${id}/cancel`)).body);
    } catch (error) {
      // 409: it ended meanwhile, which the next read shows.
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <>
      <h1>{t('siteImportTitle', { id })}</h1>
      <RunStatus state={run === undefined ? undefined : summary(run)} failure={failure} />
      {run === undefined ? null : <RunDetails run={run} cancel={() => void cancel()} />}
      <p>
        <a href={href('imports/sites')}>{t('allSiteImports')}</a>
      </p>
    </>
  );
}

function RunDetails({ run, cancel }: { run: SiteImport; cancel: () => void }) {
  return (
    <div class="section">
      <dl class="facts">
        <dt>{t('siteAddress')}</dt>
        <dd>{run.url}</dd>
        <dt>{t('readsAs')}</dt>
        <dd>{run.user ?? t('anonymousSource')}</dd>
        <dt>{t('deletedOnSite')}</dt>
        <dd>{t(run.prune ? 'pruned' : 'reportedOnly')}</dd>
        <dt>{t('startedAt')}</dt>
        <dd>{formatInstant(run.started_at)}</dd>
        {run.finished_at === null ? null : (
          <>
            <dt>{t('finishedAt')}</dt>
            <dd>{formatInstant(run.finished_at)}</dd>
          </>
        )}
      </dl>
      <div class="actions">
        {/* Kept while the run is live (cancelling too: asking again is harmless), so the focus is not lost under the user. */}
        {live(run) ? (
          <button type="button" class="danger" onClick={cancel}>
            {t('cancelSiteImport')}
          </button>
        ) : null}
        {live(run) || run.state === 'completed' ? null : (
          <a class="button" href={href(`imports/sites?url=${encodeURIComponent(run.url)}`)}>
            {t('startAgain')}
          </a>
        )}
      </div>
      {/* Seven columns do not fit a phone: the table scrolls within its region, which the keyboard can reach. */}
      <div class="table-scroll" role="region" aria-labelledby="site-import-counts" tabIndex={0}>
        <table class="counts">
          <caption id="site-import-counts">{t('countsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('kind')}</th>
              <th scope="col">{t('handled')}</th>
              {Object.values(OUTCOME_LABEL).map((label) => (
                <th scope="col" key={label}>
                  {t(label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {run.kinds.map((kind) => (
              <tr key={kind.kind}>
                <th scope="row">{t(KIND_LABEL[kind.kind])}</th>
                <td>{kind.total === null ? kind.done : t('handledOf', { done: kind.done, total: kind.total })}</td>
                {(Object.keys(OUTCOME_LABEL) as Outcome[]).map((outcome) => (
                  <td key={outcome}>{kind[outcome]}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {run.complete === false ? <p>{t('incompleteRead')}</p> : null}
      <RunErrors
        id="site-import-errors"
        heading={t('siteImportErrors', { count: run.error_count })}
        errors={run.errors}
        total={run.error_count}
        unlisted={(count) => t('moreErrors', { count })}
      />
      {run.notes.length === 0 ? null : (
        <details>
          <summary>{t('importerNotes', { count: run.notes.length })}</summary>
          <ul>
            {run.notes.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
