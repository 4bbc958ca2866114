import { useEffect, useState } from 'preact/hooks';
import type { paths } from '../api-types.ts';
import { get } from '../api.ts';
import { formatInstant, t, type MessageKey } from '../i18n.ts';
import { href } from '../router.ts';
import { lastRunOf, runState, type Run } from './import-source-runs.tsx';
// This screen's words, loaded with it.
import '../import-source-words.ts';

/*
 * Import sources (issue 47; decisions 0117, 0118), over `calendar/events/v1/import-sources` and
 * nothing else: `imports/sources` lists them with their state (paused, running, failing with the
 * back-off), schedule, next and last run; `imports/sources/new` and `imports/sources/{id}` are a
 * source's form, the latter with "Run now", pause or resume, delete and its runs; a run's page,
 * `imports/sources/{id}/runs/{run}`, is read again every POLL_MS until the run ends.
 */

export type Source = paths['/import-sources']['get']['responses'][200]['content']['application/json'][number];
export type Settings = Source['settings'];
export type Kind = 'ical' | 'instance' | 'tec';

export const KIND_LABEL: Record<Kind, MessageKey> = { ical: 'kindIcal', instance: 'kindInstance', tec: 'kindTec' };
export const SCHEDULE_LABEL: Record<string, MessageKey> = {
  manual: 'scheduleManual',
  hourly: 'scheduleHourly',
  daily: 'scheduleDaily',
  weekly: 'scheduleWeekly',
};

/** A source's state as its list and page say it: paused, running, failing (with why and the back-off), or active. */
export function sourceState(source: Source): string {
  if (source.paused) return t('statePaused');
  if (source.running !== null) return t('stateRunningNow');
  if (source.last_error !== null)
    return `${t('stateFailing', { error: source.last_error.replace(/[.\s]+$/, '') })}; ${t('backOff', { count: source.failures })}`;
  return t('stateActive');
}

export function SourcesList() {
  const [sources, setSources] = useState<Source[] | undefined>();
  const [lastRuns, setLastRuns] = useState<Record<number, Run | null>>({});
  const [failed, setFailed] = useState('');
  useEffect(() => {
    void get<Source[]>('import-sources').then(
      ({ body }) => {
        setSources(body);
        for (const source of body)
          void lastRunOf(source.id).then(
            (run) => setLastRuns((known) => ({ ...known, [source.id]: run })),
            () => undefined,
          );
      },
      (error: Error) => setFailed(error.message),
    );
  }, []);
  return (
    <>
      <div class="screen-heading">
        <h1>{t('importSources')}</h1>
        <a class="button" href={href('imports/sources/new')}>
          {t('addSource')}
        </a>
      </div>
      <p>{t('importSourcesIntro')}</p>
      <p role="status" class="message">
        {failed}
      </p>
      {sources === undefined ? (
        <p aria-live="polite">{t('loading')}</p>
      ) : sources.length === 0 ? (
        <p>{t('noSources')}</p>
      ) : (
        <table class="records plain">
          <caption class="visually-hidden">{t('importSources')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('sourceName')}</th>
              <th scope="col">{t('sourceState')}</th>
              <th scope="col">{t('schedule')}</th>
              <th scope="col">{t('nextRun')}</th>
              <th scope="col">{t('lastRun')}</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((source) => {
              const run = lastRuns[source.id];
              return (
                <tr key={source.id}>
                  <td>
                    <a href={href(`imports/sources/${source.id}`)}>{source.name}</a>
                    <br />
                    <small>
                      {t(KIND_LABEL[source.kind])}: {source.url}
                    </small>
                  </td>
                  <td>{sourceState(source)}</td>
                  <td>{t(SCHEDULE_LABEL[source.schedule]!)}</td>
                  <td>{source.next_run_at === null ? t('notScheduled') : formatInstant(source.next_run_at)}</td>
                  <td>
                    {run === undefined ? (
                      ''
                    ) : run === null ? (
                      t('neverRun')
                    ) : (
                      <a
                        href={href(`imports/sources/${source.id}/runs/${run.id}`)}
                      >{`${formatInstant(run.started_at)}: ${runState(run)}`}</a>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </>
  );
}
