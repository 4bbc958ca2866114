import { useState } from 'preact/hooks';
import type { paths } from '../api-types.ts';
import { SITE_IMPORT_CAPABILITY } from '../../auth/roles.ts';
import { ApiFailure, request } from '../api.ts';
import { ErrorSummary, Field, invalid } from '../editor/fields.tsx';
import { t, type MessageKey } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
// The words of its links to the import sources and the CSV import.
import '../import-source-words.ts';

/*
 * Imports (issue 33): an iCalendar file sent to `POST {api}/events/import` as its text/calendar body
 * (decision 0028: one unit of work, all or nothing), then the API's report: what was created,
 * updated, left unchanged and skipped, each event a link to its editor. A refused file (not
 * iCalendar, too large, a broken line) has the API's message beside the file field; nothing of it
 * was written. Administrators also find here the way to the site imports (decision 0078); editors and
 * administrators the way to the import sources and the CSV import (issue 47).
 */

/** The answer of `POST events/import` done at once (api-types.ts, generated from the API's schema). */
type Report = paths['/events/import']['post']['responses'][200]['content']['application/json'];
type Item = Report['created'][number];

const FILE = 'import-file';
const GROUPS: readonly { key: 'created' | 'updated' | 'unchanged'; label: MessageKey }[] = [
  { key: 'created', label: 'importCreated' },
  { key: 'updated', label: 'importUpdated' },
  { key: 'unchanged', label: 'importUnchanged' },
];

/** An event of the report: its title, and for an exception of a series the start it replaces. */
const itemName = (item: Item) => (item.recurrence_id === null ? item.title : `${item.title} (${item.recurrence_id})`);

export default function Imports({ session }: ScreenProps) {
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [report, setReport] = useState<Report | undefined>();
  const [busy, setBusy] = useState(false);

  const send = async (event: Event) => {
    event.preventDefault();
    setReport(undefined);
    if (file === undefined) {
      setMessage('');
      return setErrors({ [FILE]: t('chooseIcsFile') });
    }
    setErrors({});
    setBusy(true);
    setMessage(t('importing'));
    try {
      // The file as it is: the API reads the document whole, its type named here (a browser may give an .ics none).
      const { body } = await request<Report | { id: number; total: number }>('POST', 'events/import', {
        body: file,
        headers: { 'content-type': 'text/calendar' },
      });
      // A big file is imported in the background (202, decision 0091): its run is said, not a report.
      if ('created' in body) {
        setReport(body);
        setMessage(t('importDone', { file: file.name }));
      } else {
        setReport(undefined);
        setMessage(t('importInBackground', { file: file.name, count: body.total, id: body.id }));
      }
    } catch (error) {
      setMessage('');
      setErrors({ [FILE]: error instanceof ApiFailure ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form class="editor" onSubmit={(event) => void send(event)} noValidate>
        <h1>{t('imports')}</h1>
        <h2>{t('icsImportHeading')}</h2>
        <p>{t('icsImportHelp')}</p>
        <ErrorSummary errors={errors} title={t('importFailed')} />
        <Field id={FILE} label={t('icsFile')} error={errors[FILE]}>
          <input
            id={FILE}
            type="file"
            accept=".ics,text/calendar"
            onChange={(change) => setFile(change.currentTarget.files?.[0])}
            {...invalid(FILE, errors[FILE])}
          />
        </Field>
        <div class="save-bar">
          <button type="submit" disabled={busy}>
            {t('import')}
          </button>
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      {report === undefined ? null : <ImportReport report={report} />}
      {session.user.capabilities.includes('manage_import_sources') ? (
        <section class="section" aria-labelledby="import-sources-heading">
          <h2 id="import-sources-heading">{t('importSources')}</h2>
          <p>{t('importSourcesIntro')}</p>
          <p>
            <a href={href('imports/sources')}>{t('importSources')}</a>
          </p>
        </section>
      ) : null}
      <section class="section" aria-labelledby="csv-import-heading">
        <h2 id="csv-import-heading">{t('csvImport')}</h2>
        <p>
          <a href={href('imports/csv')}>{t('csvImport')}</a>
        </p>
      </section>
      {session.user.capabilities.includes(SITE_IMPORT_CAPABILITY) ? (
        <section class="section" aria-labelledby="site-import-heading">
          <h2 id="site-import-heading">{t('siteImportHeading')}</h2>
          <p>
            <a href={href('imports/sites')}>{t('siteImports')}</a>
          </p>
        </section>
      ) : null}
    </>
  );
}

function ImportReport({ report }: { report: Report }) {
  return (
    <section aria-labelledby="import-report-heading">
      <h2 id="import-report-heading">{t('importReport')}</h2>
      <ul>
        {GROUPS.map(({ key, label }) => (
          <li key={key}>{t(label, { count: report[key].length })}</li>
        ))}
        <li>{t('importSkipped', { count: report.skipped.length })}</li>
      </ul>
      {GROUPS.filter(({ key }) => report[key].length > 0).map(({ key, label }) => (
        <section key={key}>
          <h3>{t(label, { count: report[key].length })}</h3>
          <ul>
            {report[key].map((item) => (
              <li key={`${item.uid} ${item.recurrence_id ?? ''}`}>
                <a href={href(`events/${item.id}`)}>{itemName(item)}</a>
              </li>
            ))}
          </ul>
        </section>
      ))}
      {report.skipped.length === 0 ? null : (
        <section>
          <h3>{t('importSkipped', { count: report.skipped.length })}</h3>
          <ul>
            {report.skipped.map((item) => (
              <li key={`${item.uid} ${item.recurrence_id ?? ''} ${item.line}`}>
                {t('skippedAt', { line: item.line, uid: item.uid, reason: item.reason })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
