import type { Caller } from '../../auth/roles.ts';
import { ApiError, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, Storage, WriteTx } from '../../storage/types.ts';
import type { CheckedEventInput, EventBulkWriter } from '../events/event-bulk-writer.ts';
import type { CheckedEventWrite, EventWriter } from '../events/event-writer.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import type { LinkedRecordCreateInput } from '../linked-records/linked-records.schemas.ts';
import type { SETTABLE_STATUSES } from '../posts/post-rules.ts';
import { fieldsOf, type CsvType } from './csv-columns.ts';
import {
  CsvFileError,
  eventInput,
  linkedRecordInput,
  readRows,
  type ColumnMatch,
  type CsvRow,
  type RowInput,
} from './csv-records.ts';

/*
 * The CSV import (issue 47, decision 0115): every row through the services' own checks and create
 * (the validation, text filtering, slugs and links of `POST /events`, `/venues`, `/organizers`), a
 * batch of rows per write unit, a unit's events written together (`EventBulkWriter`, decision 0131:
 * the rows `create` writes for each). A row is all or nothing: its venue, organizers and terms are
 * written in the unit of its event, and a unit in which a row fails after writing is rolled back and
 * written again a row to a unit, so that the failing row leaves nothing and the others are imported.
 */

/** Rows per write unit: fewer commits and statements, against the time a unit holds SQLite's one writer (decision 0131). */
export const CSV_UNIT_ROWS = 1000;
/** Rows of the file shown as they were read, with their problems: the preview of a mapping. */
export const CSV_PREVIEW_ROWS = 10;
/** Rows' problems listed in a report (all are counted). */
export const CSV_LISTED_PROBLEMS = 1000;

export type CsvStatus = (typeof SETTABLE_STATUSES)[number];

export interface CsvImportRequest {
  readonly type: CsvType;
  /** The file's headers to column keys or labels ("" skips a column); the others matched by name. */
  readonly mapping?: Readonly<Record<string, string>>;
  /** Check every row, write nothing. */
  readonly dryRun: boolean;
  /** The status of what is created (default publish, as the original importer's). */
  readonly status?: CsvStatus;
  readonly caller: Caller;
  readonly language: LanguageCode;
  /** Asked before each unit: true stops the import there (a request's time nearly spent); the rest is reported as not done. */
  readonly stopNow?: () => boolean;
}

export interface CsvRowProblems {
  readonly line: number;
  readonly problems: string[];
}

export interface CsvImportReport {
  readonly type: CsvType;
  readonly dry_run: boolean;
  /** Each header of the file and the column it is read as (null: not imported). */
  readonly columns: ColumnMatch;
  /** Rows read (empty rows are not rows). */
  rows: number;
  /** Rows imported (a dry run: rows that would be); a venue or organizer identical to one already here is reused (decision 0019). */
  imported: number;
  /** Rows refused, each listed in `problems` (the first CSV_LISTED_PROBLEMS). */
  failed: number;
  /** Rows left for lack of time (a request's deadline): send the file again from `resume_line`, or use the CLI. */
  not_done: number;
  resume_line: number | null;
  readonly problems: CsvRowProblems[];
  /** The first rows as read, with their problems. */
  readonly preview: { readonly line: number; readonly values: Record<string, string>; problems: string[] }[];
}

type Outcome = { readonly line: number; readonly problems?: string[] };

/** An input's problems as the API names them, by field. */
const problemsOf = (invalid: Record<string, InvalidParam>) =>
  Object.entries(invalid).map(([field, problem]) => `${field}: ${problem.message}`);

/** An error of the services as a row's problems; anything else is not the row's fault and is thrown. */
function rowProblems(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status >= 500) throw error;
  const params = error.data.params;
  if (params && typeof params === 'object' && !Array.isArray(params))
    return Object.entries(params as Record<string, string>).map(([field, message]) => `${field}: ${message}`);
  return [error.message];
}

/** A row's problems, or what its check read of it, handed to the write in the same unit. */
type Checked<C> = { readonly problems: string[] } | { readonly problems?: undefined; readonly checked: C };

/** How one type's rows are read, checked and written. */
interface RowKind<T, C> {
  input(row: CsvRow, status: CsvStatus | undefined): RowInput<T>;
  /** The problems of an input (its body schema, then the services' validators), or what the check read when it may be written. */
  check(tx: ReadTx, input: T, caller: Caller): Promise<Checked<C>>;
  /** Writes a unit's checked rows. */
  write(
    tx: WriteTx,
    rows: readonly { input: T; checked: C }[],
    caller: Caller,
    language: LanguageCode,
    names: LinkedNames,
  ): Promise<void>;
}

/**
 * The venues and organizers an import has named, by kind and name (any case), to their ids: a name
 * is looked up once per import, not once per row (a lookup by name reads every record of the kind).
 * `known` holds those of committed units; `fresh` those of the running unit, kept only if it commits.
 */
interface LinkedNames {
  readonly known: Map<string, number>;
  readonly fresh: Map<string, number>;
}

const nameKey = (kind: 'venue' | 'organizer', name: string) => `${kind}\n${name.trim().toLowerCase()}`;

export class CsvImportService {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent' | 'bulkWrites'>,
    private readonly events: Pick<EventWriter, 'validateWrite'>,
    private readonly bulk: Pick<EventBulkWriter, 'createMany'>,
    private readonly checkEventBody: (input: Record<string, unknown>) => Record<string, InvalidParam>,
    private readonly linked: { readonly venues: LinkedRecordsService; readonly organizers: LinkedRecordsService },
    private readonly now: () => Date,
  ) {}

  private kindOf(
    type: CsvType,
  ): RowKind<EventCreateInput, CheckedEventWrite> | RowKind<LinkedRecordCreateInput, undefined> {
    if (type === 'events') {
      return {
        input: (row, status) => eventInput(row, status),
        check: async (tx, input, caller) => {
          const shape = this.checkEventBody(input);
          if (Object.keys(shape).length > 0) return { problems: problemsOf(shape) };
          try {
            // What the check read (the recurrence parsed) is what the write uses: read once (issue 45).
            return { checked: await this.events.validateWrite(tx, input, caller) };
          } catch (error) {
            return { problems: rowProblems(error) };
          }
        },
        write: async (tx, rows, caller, language, names) => {
          // The events' inline venues and organizers by name become ids: made or matched once per import (decision 0019's rule).
          const resolve = async (kind: 'venue' | 'organizer', reference: unknown): Promise<unknown> => {
            if (reference === null || typeof reference !== 'object') return reference;
            const name = String((reference as Record<string, unknown>)[kind]);
            const key = nameKey(kind, name);
            let id = names.fresh.get(key) ?? names.known.get(key);
            if (id === undefined) {
              id = (
                await this.linked[kind === 'venue' ? 'venues' : 'organizers'].create(
                  tx,
                  { [kind]: name },
                  caller,
                  language,
                )
              ).post.id;
              names.fresh.set(key, id);
            }
            return id;
          };
          const resolved: CheckedEventInput[] = [];
          for (const { input, checked } of rows) {
            const venue = input.venue === undefined ? {} : { venue: await resolve('venue', input.venue) };
            const organizer = Array.isArray(input.organizer)
              ? { organizer: await Promise.all(input.organizer.map((entry) => resolve('organizer', entry))) }
              : {};
            resolved.push({ input: { ...input, ...venue, ...organizer }, checked });
          }
          await this.bulk.createMany(tx, resolved, caller, language);
        },
      } satisfies RowKind<EventCreateInput, CheckedEventWrite>;
    }
    const service = this.linked[type];
    return {
      input: (row, status) => linkedRecordInput(type, row, status),
      check: async (tx, input, caller) => {
        const problem = await service.inlineProblem(tx, input, caller);
        return problem ? { problems: [problem.message] } : { checked: undefined };
      },
      write: async (tx, rows, caller, language) => {
        for (const { input } of rows) await service.create(tx, input, caller, language);
      },
    } satisfies RowKind<LinkedRecordCreateInput, undefined>;
  }

  /**
   * Imports (or, dry, checks) a CSV text. A file that cannot be read as the type (no header, a
   * mapping naming unknown columns) is a 400 `csv_invalid`; a bad row is reported by its line and
   * never stops the others.
   */
  async import(text: string, request: CsvImportRequest): Promise<CsvImportReport> {
    // A dry run reads on the readers' connection; writes get the writer's larger cache for their time (decision 0131).
    return request.dryRun
      ? this.importText(text, request)
      : this.storage.bulkWrites(() => this.importText(text, request));
  }

  private async importText(text: string, request: CsvImportRequest): Promise<CsvImportReport> {
    const kind = this.kindOf(request.type) as RowKind<unknown, unknown>;
    const status = request.status ?? 'publish';
    const report: CsvImportReport = {
      type: request.type,
      dry_run: request.dryRun,
      columns: {},
      rows: 0,
      imported: 0,
      failed: 0,
      not_done: 0,
      resume_line: null,
      problems: [],
      preview: [],
    };
    const refuse = (line: number, problems: string[]) => {
      report.failed++;
      if (report.problems.length < CSV_LISTED_PROBLEMS) report.problems.push({ line, problems });
    };
    let pending: { line: number; input: unknown }[] = [];
    const known = new Map<string, number>();
    const flush = async () => {
      const batch = pending;
      pending = [];
      if (batch.length === 0) return;
      if (request.stopNow?.()) {
        report.not_done += batch.length;
        report.resume_line ??= batch[0]!.line;
        return;
      }
      for (const outcome of await this.unit(kind, batch, request, known)) {
        if (outcome.problems) refuse(outcome.line, outcome.problems);
        else report.imported++;
      }
    };
    try {
      for await (const row of readRows(text, request.type, request.mapping, (match) =>
        Object.assign(report.columns, match),
      )) {
        report.rows++;
        if (report.preview.length < CSV_PREVIEW_ROWS)
          report.preview.push({ line: row.line, values: Object.fromEntries(row.values), problems: [] });
        const read = kind.input(row, status);
        if (read.problems) refuse(row.line, read.problems);
        else if (report.not_done > 0) report.not_done++;
        else {
          pending.push({ line: row.line, input: read.input });
          if (pending.length >= CSV_UNIT_ROWS) await flush();
        }
      }
      await flush();
    } catch (error) {
      // A header that needs mapping: how it was read and what it can be mapped to, in the refusal's data (a mapping step shows them).
      if (error instanceof CsvFileError)
        throw new ApiError('csv_invalid', {
          args: [error.message],
          ...(error.columns ? { data: { columns: error.columns, fields: fieldsOf(request.type) } } : {}),
        });
      const parseError = error as { code?: unknown; lines?: unknown; message?: unknown };
      if (typeof parseError.code !== 'string' || !parseError.code.startsWith('CSV_')) throw error;
      // The file cannot be read past here (unbalanced quotes): before the header, nothing is read; after it, the rows before are imported and this is the file's last problem.
      if (Object.keys(report.columns).length === 0)
        throw new ApiError('csv_invalid', { args: [String(parseError.message)] });
      await flush();
      refuse(typeof parseError.lines === 'number' ? parseError.lines : report.rows + 1, [
        `The file cannot be read from here on: ${String(parseError.message)}`,
      ]);
    }
    const byLine = new Map(report.problems.map((entry) => [entry.line, entry.problems]));
    for (const shown of report.preview) shown.problems = byLine.get(shown.line) ?? [];
    return report;
  }

  /**
   * One batch: checked and written in one unit (a dry run: checked in a read unit); when a row
   * fails after it began writing, the unit is rolled back and each row written in a unit of its own.
   */
  private async unit(
    kind: RowKind<unknown, unknown>,
    batch: readonly { line: number; input: unknown }[],
    request: CsvImportRequest,
    known: Map<string, number>,
  ): Promise<Outcome[]> {
    const { caller, language } = request;
    if (request.dryRun) {
      return this.storage.read(async (tx) => {
        const outcomes: Outcome[] = [];
        for (const { line, input } of batch) {
          const { problems } = await kind.check(tx, input, caller);
          outcomes.push(problems ? { line, problems } : { line });
        }
        return outcomes;
      });
    }
    const write = async (rows: readonly { line: number; input: unknown }[]) => {
      const names: LinkedNames = { known, fresh: new Map() };
      const outcomes = await this.storage.write(async (tx) => {
        const outcomes: Outcome[] = [];
        const checked: { input: unknown; checked: unknown }[] = [];
        for (const { line, input } of rows) {
          const read = await kind.check(tx, input, caller);
          if (read.problems) outcomes.push({ line, problems: read.problems });
          else {
            checked.push({ input, checked: read.checked });
            outcomes.push({ line });
          }
        }
        await kind.write(tx, checked, caller, language, names);
        await this.storage.touchContent(tx, this.now());
        return outcomes;
      });
      for (const [key, id] of names.fresh) known.set(key, id);
      return outcomes;
    };
    try {
      return await write(batch);
    } catch (error) {
      if (batch.length === 1) return [{ line: batch[0]!.line, problems: rowProblems(error) }];
    }
    const outcomes: Outcome[] = [];
    for (const row of batch) {
      try {
        outcomes.push(...(await write([row])));
      } catch (error) {
        outcomes.push({ line: row.line, problems: rowProblems(error) });
      }
    }
    return outcomes;
  }
}
