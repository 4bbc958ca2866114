import { useState } from 'preact/hooks';
import type { paths } from '../api-types.ts';
import { ApiFailure, request } from '../api.ts';
import { ErrorSummary, Field, invalid, valueOf } from '../editor/fields.tsx';
import { t, type MessageKey } from '../i18n.ts';
import { href } from '../router.ts';
import type { ScreenProps } from '../screens.ts';
// This screen's words, loaded with it.
import '../import-source-words.ts';

/*
 * CSV import (issue 47, decision 0115), over `POST imports/csv` only: the type and the file; "Check
 * the file" is a dry run, whose answer is the API's header matching, shown as one menu per column
 * of the file (a field, or left out); a file none of whose columns is read as the name is refused
 * with that matching (`data.columns`, `data.fields`), so its columns can be mapped all the same.
 * "Preview" checks again with the mapping: the first rows as read, each with its problems, and the
 * counts; "Import" is offered only for the mapping last previewed (a changed menu asks for a preview). "Import" sends the same file and mapping for real and shows the report: the rows refused,
 * by line (nothing of them written; the others imported).
 */

type Report = paths['/imports/csv']['post']['responses'][200]['content']['application/json'];
type CsvType = 'events' | 'venues' | 'organizers';
type Field = Report['fields'][number];

const TYPES: readonly { value: CsvType; label: MessageKey }[] = [
  { value: 'events', label: 'events' },
  { value: 'venues', label: 'venues' },
  { value: 'organizers', label: 'organizers' },
];
const STATUSES: readonly { value: string; label: MessageKey }[] = [
  { value: 'publish', label: 'statusOnePublish' },
  { value: 'pending', label: 'statusOnePending' },
  { value: 'draft', label: 'statusOneDraft' },
];
const FILE = 'csv-file';

/** What the API read of the file's header: each header's column key (null: not imported), and the type's columns. */
interface Matching {
  columns: Record<string, string | null>;
  fields: Field[];
}

export default function CsvImport(_props: ScreenProps) {
  const [type, setType] = useState<CsvType>('events');
  const [status, setStatus] = useState('publish');
  const [file, setFile] = useState<File | undefined>();
  const [matching, setMatching] = useState<Matching | undefined>();
  const [mapping, setMapping] = useState<Record<string, string>>({});
  const [checked, setChecked] = useState<Report | undefined>();
  const [done, setDone] = useState<Report | undefined>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  /** Another file or type: what was read of the last one no longer holds. */
  const restart = () => {
    setMatching(undefined);
    setMapping({});
    setChecked(undefined);
    setDone(undefined);
    setMessage('');
  };
  const send = async (dryRun: boolean, map: Record<string, string> | undefined) => {
    const query = { type, dry_run: dryRun, status, ...(map === undefined ? {} : { map: JSON.stringify(map) }) };
    return (
      await request<Report>('POST', 'imports/csv', { body: file, query, headers: { 'content-type': 'text/csv' } })
    ).body;
  };
  const adopt = (found: Matching) => {
    setMatching(found);
    setMapping(Object.fromEntries(Object.entries(found.columns).map(([header, key]) => [header, key ?? ''])));
  };
  const run = async (work: () => Promise<void>) => {
    setErrors({});
    setBusy(true);
    try {
      await work();
    } catch (error) {
      setMessage('');
      const refused = error instanceof ApiFailure ? (error.data as Partial<Matching>) : {};
      // A header read without a name column: its matching comes with the refusal, to be mapped.
      if (refused.columns !== undefined && refused.fields !== undefined) {
        adopt({ columns: refused.columns, fields: refused.fields });
        setMessage(`${(error as ApiFailure).message} ${t('csvNeedsMapping')}`);
      } else setErrors({ [FILE]: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  const check = (event: Event) => {
    event.preventDefault();
    restart();
    if (file === undefined) return setErrors({ [FILE]: t('chooseCsvFile') });
    setMessage(t('checking'));
    void run(async () => {
      const report = await send(true, undefined);
      adopt({ columns: report.columns, fields: report.fields });
      setChecked(report);
      setMessage(t('csvCheckSummary', { rows: report.rows, imported: report.imported, failed: report.failed }));
    });
  };
  const preview = () => {
    setChecked(undefined);
    setDone(undefined);
    setMessage(t('checking'));
    void run(async () => {
      const report = await send(true, mapping);
      setChecked(report);
      setMessage(t('csvCheckSummary', { rows: report.rows, imported: report.imported, failed: report.failed }));
    });
  };
  const importNow = () => {
    setMessage(t('importing'));
    void run(async () => {
      const report = await send(false, mapping);
      setChecked(undefined);
      setDone(report);
      setMessage(t('csvImported', { imported: report.imported, rows: report.rows, failed: report.failed }));
    });
  };

  return (
    <>
      <form class="editor" onSubmit={check} noValidate>
        <h1>{t('csvImport')}</h1>
        <p>{t('csvIntro')}</p>
        <p>
          <a href={href('imports')}>{t('imports')}</a>
        </p>
        <ErrorSummary errors={errors} title={t('importFailed')} />
        <div class="row">
          <Field id="csv-type" label={t('csvType')}>
            <select
              id="csv-type"
              value={type}
              onChange={(change) => {
                setType(valueOf(change) as CsvType);
                restart();
              }}
            >
              {TYPES.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </Field>
          <Field id="csv-status" label={t('csvStatus')}>
            <select id="csv-status" value={status} onChange={(change) => setStatus(valueOf(change))}>
              {STATUSES.map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Field id={FILE} label={t('csvFile')} error={errors[FILE]}>
          <input
            id={FILE}
            type="file"
            accept=".csv,text/csv"
            onChange={(change) => {
              setFile(change.currentTarget.files?.[0]);
              restart();
            }}
            {...invalid(FILE, errors[FILE])}
          />
        </Field>
        <div class="save-bar">
          <button type="submit" disabled={busy}>
            {t('checkFile')}
          </button>
          <p role="status" class="message">
            {message}
          </p>
        </div>
      </form>
      {matching === undefined ? null : (
        <section class="section" aria-labelledby="csv-mapping">
          <h2 id="csv-mapping">{t('csvMapping')}</h2>
          <p>{t('csvMappingHelp')}</p>
          <div class="row">
            {Object.keys(matching.columns).map((header, index) => (
              <Field key={header} id={`csv-column-${index}`} label={t('columnOf', { header })}>
                <select
                  id={`csv-column-${index}`}
                  value={mapping[header] ?? ''}
                  onChange={(change) => {
                    setMapping((known) => ({ ...known, [header]: valueOf(change) }));
                    setChecked(undefined);
                  }}
                >
                  <option value="">{t('notImported')}</option>
                  {matching.fields.map((field) => (
                    <option key={field.key} value={field.key}>
                      {field.label}
                    </option>
                  ))}
                </select>
              </Field>
            ))}
          </div>
          <div class="actions">
            <button type="button" class="secondary" disabled={busy} onClick={preview}>
              {t('previewAgain')}
            </button>
            {checked === undefined || checked.imported === 0 ? null : (
              <button type="button" disabled={busy} onClick={importNow}>
                {t('importRows')}
              </button>
            )}
          </div>
        </section>
      )}
      {checked === undefined ? null : <Preview report={checked} fields={matching?.fields ?? checked.fields} />}
      {done === undefined ? null : <Refused report={done} heading />}
    </>
  );
}

function Preview({ report, fields }: { report: Report; fields: Field[] }) {
  const shown = fields.filter((field) => Object.values(report.columns).includes(field.key));
  return (
    <section class="section" aria-labelledby="csv-preview">
      <h2 id="csv-preview">{t('csvPreview')}</h2>
      <p>{t('csvCheckSummary', { rows: report.rows, imported: report.imported, failed: report.failed })}</p>
      {/* As many columns as the file maps: the table scrolls within its region, which the keyboard can reach. */}
      <div class="table-scroll" role="region" aria-labelledby="csv-preview" tabIndex={0}>
        <table class="counts preview">
          <thead>
            <tr>
              <th scope="col">{t('csvLine')}</th>
              <th scope="col">{t('csvProblems')}</th>
              {shown.map((field) => (
                <th scope="col" key={field.key}>
                  {field.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.preview.map((row) => (
              <tr key={row.line}>
                <th scope="row">{row.line}</th>
                <td>{row.problems.length === 0 ? t('noProblem') : row.problems.join(' ')}</td>
                {shown.map((field) => (
                  <td key={field.key}>{row.values[field.key] ?? ''}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Refused report={report} heading={false} />
    </section>
  );
}

/** The refused rows by line; with `heading`, the import's own report. */
function Refused({ report, heading }: { report: Report; heading: boolean }) {
  if (!heading && report.problems.length === 0) return null;
  return (
    <section class="section" aria-labelledby={heading ? 'csv-report' : 'csv-refused'}>
      {heading ? <h2 id="csv-report">{t('importReport')}</h2> : null}
      {heading ? (
        <p>{t('csvImported', { imported: report.imported, rows: report.rows, failed: report.failed })}</p>
      ) : null}
      {report.not_done > 0 && report.resume_line !== null ? (
        <p>{t('csvNotDone', { count: report.not_done, line: report.resume_line })}</p>
      ) : null}
      {report.problems.length === 0 ? null : (
        <>
          <h3 id="csv-refused">{t('refusedRows')}</h3>
          <ul>
            {report.problems.map((entry) => (
              <li key={entry.line}>{t('refusedAt', { line: entry.line, problems: entry.problems.join(' ') })}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
