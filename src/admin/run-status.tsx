import { t } from './i18n.ts';

/*
 * The opening of a run's page, as the site imports' and the import sources' screens show it while
 * they read the run again: the live line saying its state, the failure of the last read, and
 * "Loading" until the run is first read (the run's details follow, from the screen).
 */

export function RunStatus({
  state,
  failure,
}: {
  /** What the live line says of the run, in the screen's words; undefined until the run is first read. */
  state: string | undefined;
  /** The last read's failure, or '' when it succeeded. */
  failure: string;
}) {
  return (
    <>
      {/* Present from the first render, so that each change of the run's state is announced. */}
      <p role="status" aria-live="polite">
        {state ?? ''}
      </p>
      {failure === '' ? null : <p role="alert">{failure}</p>}
      {state === undefined && failure === '' ? <p>{t('loading')}</p> : null}
    </>
  );
}
