import type { Caller } from '../../auth/roles.ts';
import { ApiError } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { TecImportKind } from '../../storage/tables.ts';
import type { SourceRecord } from './tec-records.ts';
import type { PageFailure, TecSource } from './tec-source.ts';

/*
 * What a run of `import-tec` (decision 0030) is told, knows while it runs, and reports: shared by
 * the run loop and the parts it hands records to.
 */

export type ImportKind = Exclude<TecImportKind, TicketImportKind>;
/** What Event Tickets' archives hold (decision 0130), read after the events. */
export type TicketImportKind = 'ticket' | 'attendee';
export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';
export const OUTCOMES: readonly Outcome[] = ['created', 'updated', 'unchanged', 'skipped', 'failed'];

/** The kinds in the order they are copied: terms (parents first) and linked records before the events that use them. */
export const IMPORT_KINDS: readonly ImportKind[] = ['category', 'tag', 'venue', 'organizer', 'event'];

export interface ImportProgress {
  /** An archive's size once its first page said it (undefined when that page failed). */
  start(kind: ImportKind, total: number | undefined): void;
  advance(kind: ImportKind, outcome: Outcome): void;
  /** A retry, a fallback, a failed page: one line of text. */
  note(line: string): void;
  /** A record or translation that failed, as the report lists it (for a progress that shows failures as they come). */
  failed?(note: RecordNote): void;
  /** Every archive read: the records copied before that no archive listed are asked for one by one. */
  checkingDeletions?(): void;
  stop(): void;
}

export interface ImportOptions {
  /** Who writes: an administrator, whose rules the records are written under. */
  readonly caller: Caller;
  /**
   * Keep the source's HTML as it is (the administrator trusts the source); otherwise its text is
   * filtered as an author's is: scripts, event handlers and other markup removed (decision 0092).
   */
  readonly keepHtml?: boolean;
  readonly language: LanguageCode;
  /**
   * Languages to read besides `language` through a `/{code}/` segment of the site's address, for
   * sites whose records do not list their languages (a plugin that picks the language from the address).
   */
  readonly languages?: readonly LanguageCode[];
  /** Decide and validate everything, write nothing: every unit of work is rolled back. */
  readonly dryRun?: boolean;
  /** Remove the records whose source record was deleted (otherwise they are only reported). */
  readonly prune?: boolean;
  /** Only source records modified at or after this UTC `YYYY-MM-DD HH:MM:SS` are written. */
  readonly since?: string;
  readonly progress?: ImportProgress;
  /** Stops the run between units of work and its requests (a run cancelled): the run throws the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface RecordNote {
  readonly kind: TecImportKind;
  readonly sourceId: number;
  readonly text: string;
}

export interface ImportReport {
  readonly source: string;
  /** The first run found this database empty: records keep the source's ids where they are free. */
  readonly keepsIds: boolean;
  readonly dryRun: boolean;
  readonly counts: Record<ImportKind, Record<Outcome, number>>;
  /** Translations (a record in one more language): created, updated, unchanged or failed, per kind. */
  readonly translations: Record<ImportKind, Record<Outcome, number>>;
  /** Event Tickets' tickets and attendees (decision 0130); all 0 on a site without Event Tickets. */
  readonly tickets: Record<TicketImportKind, Record<Outcome, number>>;
  readonly skipped: RecordNote[];
  readonly failed: RecordNote[];
  /** What was fixed or changed on the way (end before start, slug taken, image left out...). */
  readonly notes: RecordNote[];
  readonly failedPages: PageFailure[];
  /** Records whose source record is gone; `removed` with --prune. */
  readonly deleted: { kind: ImportKind; sourceId: number; targetId: number; removed: boolean }[];
  /**
   * The source's authors this run met, each once: the user here who writes their records (found by
   * login or e-mail, or created), or why there is none (their records are then the importing user's).
   */
  readonly authors: { sourceId: number; targetId?: number; text: string }[];
  /** Records created by this run under an id other than the source's. */
  readonly idMap: { kind: ImportKind; sourceId: number; targetId: number }[];
  /** Every archive was read whole (no failed page): deletions could be told apart. */
  readonly complete: boolean;
  readonly seconds: number;
}

/** What writing one record (or one translation) came to. */
export interface RecordResult {
  readonly outcome: Outcome;
  readonly targetId?: number;
  readonly reason?: string;
  readonly notes: readonly string[];
}

/** What the run knows while it runs. */
export interface Run {
  readonly source: TecSource;
  readonly options: ImportOptions;
  readonly keepsIds: boolean;
  readonly report: ImportReport;
  readonly seen: Record<ImportKind, Set<number>>;
  /**
   * Source author → user here (undefined: the importing user), each looked up once however many
   * pages ask; rejected when the source failed to answer for the author.
   */
  readonly authors: Map<number, Promise<number | undefined>>;
}

/** A source record to write, and whether the source protects it with a password (read unlocked with `context=edit`). */
export interface PendingRecord {
  readonly id: number;
  readonly record: SourceRecord;
  readonly protectedOnSource: boolean;
}

const emptyCounts = (): Record<Outcome, number> => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

/** A run's state before it reads anything. */
export function newRun(source: TecSource, options: ImportOptions, keepsIds: boolean): Run {
  const perKind = <T>(make: () => T) =>
    Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, make()])) as Record<ImportKind, T>;
  const report: ImportReport = {
    source: source.base,
    keepsIds,
    dryRun: options.dryRun === true,
    counts: perKind(emptyCounts),
    translations: perKind(emptyCounts),
    tickets: { ticket: emptyCounts(), attendee: emptyCounts() },
    skipped: [],
    failed: [],
    notes: [],
    failedPages: [],
    deleted: [],
    authors: [],
    idMap: [],
    complete: false,
    seconds: 0,
  };
  return { source, options, keepsIds, report, seen: perKind(() => new Set<number>()), authors: new Map() };
}

/** An error as one line of a report: a service's message with its invalid parameters, else the error's message. */
export function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const params = (error.data as { params?: Record<string, unknown> }).params;
    return params
      ? `${error.message} ${Object.entries(params)
          .map(([name, message]) => `${name}: ${String(message)}`)
          .join('; ')}`
      : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export function countRecord(run: Run, kind: ImportKind, outcome: Outcome): void {
  run.report.counts[kind][outcome]++;
  run.options.progress?.advance(kind, outcome);
}

/** A record's result into the report: its notes, why it was skipped or failed, its new id, its count. */
export function reportRecord(run: Run, kind: ImportKind, id: number, result: RecordResult): void {
  for (const note of result.notes) run.report.notes.push({ kind, sourceId: id, text: note });
  if (result.outcome === 'skipped') run.report.skipped.push({ kind, sourceId: id, text: result.reason ?? '' });
  if (result.outcome === 'failed') reportFailure(run, { kind, sourceId: id, text: result.reason ?? '' });
  if (result.outcome === 'created' && result.targetId !== undefined && result.targetId !== id)
    run.report.idMap.push({ kind, sourceId: id, targetId: result.targetId });
  countRecord(run, kind, result.outcome);
}

/** A translation's result into the report (its count apart from records'). */
export function reportTranslation(
  run: Run,
  kind: ImportKind,
  id: number,
  language: LanguageCode,
  result: RecordResult,
): void {
  for (const note of result.notes) run.report.notes.push({ kind, sourceId: id, text: `${language}: ${note}` });
  if (result.outcome === 'failed')
    reportFailure(run, { kind, sourceId: id, text: `translation ${language}: ${result.reason ?? ''}` });
  countTranslation(run, kind, result.outcome);
}

/** A failure into the report, and told to the progress. */
export function reportFailure(run: Run, note: RecordNote): void {
  run.report.failed.push(note);
  run.options.progress?.failed?.(note);
}

export function countTranslation(run: Run, kind: ImportKind, outcome: Outcome): void {
  run.report.translations[kind][outcome]++;
}

export function reportFailedPages(run: Run, failures: readonly PageFailure[]): void {
  for (const failure of failures) {
    run.report.failedPages.push(failure);
    run.options.progress?.note(
      `${failure.collection} page ${failure.page} failed: ${failure.reason}; its records were not read.`,
    );
  }
}
