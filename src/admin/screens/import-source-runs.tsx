import { useEffect, useRef, useState } from 'preact/hooks';
import type { paths } from '../api-types.ts';
import { ApiFailure, get } from '../api.ts';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
import type { Source } from './import-sources.tsx';
// This screen's words, loaded with it.
import '../import-source-words.ts';
import { RunErrors } from '../run-errors.tsx';
import { RunStatus } from '../run-status.tsx';

/** A source's runs: its history, and a run's page, read again every POLL_MS until the run ends. */

export type Run = paths['/import-sources/{id}/runs']['get']['responses'][200]['content']['application/json'][number];
type RunState = 'running' | 'cancelling' | 'completed' | 'failed' | 'cancelled' | 'interrupted';

/** How often a live run is read again. */
const POLL_MS = 1000;

const RUN_STATE_LABEL: Record<RunState, MessageKey> = {
  running: 'runRunning',
  cancelling: 'runCancelling',
  completed: 'runCompleted',
  failed: 'runFailed',
  cancelled: 'runCancelled',
  interrupted: 'runInterrupted',
};

/** The counts the issue asks each run to show, in its order. */
export const COUNTS: readonly { key: 'created' | 'updated' | 'unchanged' | 'trashed' | 'failed'; label: MessageKey }[] =
  [
    { key: 'created', label: 'countCreated' },
    { key: 'updated', label: 'countUpdated' },
    { key: 'unchanged', label: 'countUnchanged' },
    { key: 'trashed', label: 'countTrashed' },
    { key: 'failed', label: 'countFailed' },
  ];

export const live = (run: Run) => run.state === 'running' || run.state === 'cancelling';
export const runState = (run: Run) => {
  const state = t(RUN_STATE_LABEL[run.state]);
  return run.reason === null ? state : t('runStateReason', { state, reason: run.reason });
};
const duration = (run: Run) =>
  run.duration_ms === null ? '' : t('seconds', { count: (run.duration_ms / 1000).toFixed(1) });

/** A source's newest run, or null (none yet). */
export const lastRunOf = async (id: number): Promise<Run | null> =>
  (await get<Run[]>(`import-sources/${id}/runs`)).body[0] ?? null;

export function RunHistory({ id, reload, refresh }: { id: number; reload: number; refresh: () => void }) {
  const [runs, setRuns] = useState<Run[] | undefined>();
  const [message, setMessage] = useState('');
  useEffect(() => {
    void get<Run[]>(`import-sources/${id}/runs`).then(
      ({ body }) => setRuns(body),
      (error: Error) => setMessage(error.message),
    );
  }, [id, reload]);
  return (
    <section class="section" aria-labelledby="source-runs">
      <div class="screen-heading">
        <h2 id="source-runs">{t('runHistory')}</h2>
        <button type="button" class="secondary" onClick={refresh}>
          {t('refresh')}
        </button>
      </div>
      <p role="status" class="message">
        {message}
      </p>
      {runs === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : runs.length === 0 ? (
        <p>{t('noRuns')}</p>
      ) : (
        <div class="table-scroll" role="region" aria-labelledby="source-runs" tabIndex={0}>
          <table class="counts">
            <thead>
              <tr>
                <th scope="col">{t('runStarted')}</th>
                <th scope="col">{t('runState')}</th>
                {COUNTS.map((count) => (
                  <th scope="col" key={count.key}>
                    {t(count.label)}
                  </th>
                ))}
                <th scope="col">{t('runDuration')}</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <th scope="row">
                    <a href={href(`imports/sources/${id}/runs/${run.id}`)}>{formatInstant(run.started_at)}</a>
                  </th>
                  <td>
                    {runState(run)}
                    {run.error_count > 0 ? ` (${t('runErrors', { count: run.error_count })})` : ''}
                  </td>
                  {COUNTS.map((count) => (
                    <td key={count.key}>{run[count.key]}</td>
                  ))}
                  <td>{duration(run)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** A run, read again until it ends (one request at a time; leaving the screen stops it). */
export function SourceRun({ params }: ScreenProps) {
  const id = Number(params.id);
  const runId = Number(params.run);
  const [source, setSource] = useState<Source | undefined>();
  const [run, setRun] = useState<Run | undefined>();
  const [failure, setFailure] = useState('');
  const current = useRef(true);
  useEffect(() => {
    current.current = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void get<Source>(`import-sources/${id}`).then(
      ({ body }) => current.current && setSource(body),
      () => undefined,
    );
    const read = async () => {
      try {
        const { body } = await get<Run>(`import-sources/${id}/runs/${runId}`);
        if (!current.current) return;
        setRun(body);
        setFailure('');
        if (live(body)) timer = setTimeout(() => void read(), POLL_MS);
      } catch (error) {
        if (!current.current) return;
        setFailure(error instanceof Error ? error.message : String(error));
        // The API's refusal (no such run) stays; a lost connection or a server's failure is tried again.
        if (!(error instanceof ApiFailure) || error.status >= 500) timer = setTimeout(() => void read(), POLL_MS);
      }
    };
    void read();
    return () => {
      current.current = false;
      clearTimeout(timer);
    };
  }, [id, runId]);

  return (
    <>
      <h1>{t('runTitle', { id: runId, name: source?.name ?? '' })}</h1>
      <RunStatus state={run === undefined ? undefined : runState(run)} failure={failure} />
      {run === undefined ? null : (
        <div class="section">
          <dl class="facts">
            <dt>{t('runStarted')}</dt>
            <dd>{formatInstant(run.started_at)}</dd>
            {run.duration_ms === null ? null : (
              <>
                <dt>{t('runDuration')}</dt>
                <dd>{duration(run)}</dd>
              </>
            )}
          </dl>
          {run.fetched === 'not-modified' ? <p>{t('runUnchangedFeed')}</p> : null}
          <table class="counts">
            <caption>{t('runCounts')}</caption>
            <tbody>
              {COUNTS.map((count) => (
                <tr key={count.key}>
                  <th scope="row">{t(count.label)}</th>
                  <td>{run[count.key]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <RunErrors
            id="run-errors"
            heading={t('runErrors', { count: run.error_count })}
            errors={run.errors}
            total={run.error_count}
            unlisted={(count) => t('moreRunErrors', { count })}
          />
        </div>
      )}
      <p>
        <a href={href(`imports/sources/${id}`)}>{source?.name ?? t('importSources')}</a>
      </p>
    </>
  );
}
