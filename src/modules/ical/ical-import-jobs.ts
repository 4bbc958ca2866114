import type { Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { Deadline } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';
import { yieldToEventLoop } from '../../event-loop.ts';
import type { ImportRunner } from '../../import-runner.ts';
import type { ReadTx, Storage, WriteTx } from '../../storage/types.ts';
import type { SiteImportsRepository } from '../../storage/repositories/site-imports.repository.ts';
import type { SiteImportRow } from '../../storage/tables.ts';
import type { ReadCalendar, ReadEvent } from './calendar-reader.ts';
import {
  importInUnit,
  type AfterImport,
  type IcalImportService,
  type ImportReport,
  type ImportRequest,
} from './ical-import.service.ts';

/*
 * Big iCalendar imports as background runs (decision 0091): a document of more VEVENTs than
 * CALENDAR_ICS_IMPORT_SYNC_MAX_EVENTS (or any, asked with `?background=true`) is imported by the
 * node that accepted it, in write units of UIDS_PER_UNIT UIDs each, each holding the write lock
 * briefly; its progress, errors, cancel and lease are the site imports' (`import-runner.ts`, the
 * `site_imports` rows of kind `calendar`). A node that dies leaves its run interrupted; the same
 * document sent again resumes it, since what was imported comes back unchanged.
 */

/** UIDs (a series with its exceptions is one) imported per write unit: a few hundred milliseconds of the write lock. */
export const UIDS_PER_UNIT = 25;
/** Errors listed in a run's progress: enough to act on, bounded however bad the document. */
const MAX_ERRORS = 100;

/** A calendar import run's progress, as its row keeps it (JSON) and its route shows it. */
export interface CalendarImportProgress {
  /** VEVENTs in the document, read or not. */
  total: number;
  /** VEVENTs handled so far, whatever their outcome. */
  done: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  failed: number;
  /** The first MAX_ERRORS failures and skipped VEVENTs, as lines of text. */
  readonly errors: string[];
  error_count: number;
}

export const emptyCalendarProgress = (total = 0): CalendarImportProgress => ({
  total,
  done: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  failed: 0,
  errors: [],
  error_count: 0,
});

/** The VEVENTs of `calendar` by UID, in the document's order: a series and its exceptions go to one unit. */
export function uidGroups(calendar: ReadCalendar): ReadEvent[][] {
  const groups = new Map<string, ReadEvent[]>();
  for (const event of calendar.events) groups.set(event.uid, [...(groups.get(event.uid) ?? []), event]);
  return [...groups.values()];
}

export class IcalImportJobs {
  constructor(
    private readonly storage: Pick<Storage, 'write' | 'touchContent'>,
    private readonly importer: IcalImportService,
    private readonly repository: SiteImportsRepository,
    private readonly runner: ImportRunner,
    private readonly clock: Clock,
    private readonly settings: { readonly syncMaxEvents: number; readonly unitMs: number },
  ) {}

  /** Whether a document is imported in the background: asked for, or more VEVENTs than a request imports. */
  inBackground(calendar: ReadCalendar, asked: boolean): boolean {
    return asked || calendar.events.length + calendar.unread.length > this.settings.syncMaxEvents;
  }

  /** Records a run of `calendar`, to be launched by this node once the request's unit commits. */
  async start(tx: WriteTx, calendar: ReadCalendar, caller: Caller): Promise<SiteImportRow> {
    const now = nowUtc(this.clock);
    // Held to the request's commit: the run's first heartbeat waits for it (import-runner.ts).
    await this.repository.lockRuns(tx, 'calendar');
    await this.repository.markLapsed(
      tx,
      now,
      'The node running the import stopped answering; send the document again to resume.',
    );
    return this.repository.create(tx, {
      kind: 'calendar',
      url: '',
      source: '',
      source_user: '',
      prune: 0,
      started_by: caller.id,
      progress: JSON.stringify(emptyCalendarProgress(calendar.events.length + calendar.unread.length)),
      ...this.runner.runningRow(now),
    });
  }

  /** Runs the import of the run `id` in this node's background, UIDS_PER_UNIT UIDs to a unit. */
  launch(id: number, calendar: ReadCalendar, request: ImportRequest): void {
    const state = emptyCalendarProgress(calendar.events.length + calendar.unread.length);
    this.count(state, {
      created: [],
      updated: [],
      unchanged: [],
      skipped: calendar.unread.map((event) => ({
        uid: event.uid,
        recurrence_id: null,
        line: event.line,
        reason: event.reason,
      })),
    });
    const progress = { phase: 'events', state };
    this.runner.launch({
      id,
      kind: 'calendar',
      controller: new AbortController(),
      progress,
      work: (signal) => this.importInUnits(uidGroups(calendar), request, state, signal),
    });
  }

  /**
   * Imports `groups` (a UID's VEVENTs each), UIDS_PER_UNIT to a write unit, counting into `state`
   * (a background import's run, an import source's: decision 0117); `after` runs in each unit once
   * it imported. Stops between units once `signal` aborts.
   */
  async importInUnits(
    groups: readonly ReadEvent[][],
    request: ImportRequest,
    state: CalendarImportProgress,
    signal: AbortSignal,
    after?: AfterImport,
  ): Promise<void> {
    for (let from = 0; from < groups.length; from += UIDS_PER_UNIT) {
      signal.throwIfAborted();
      await yieldToEventLoop();
      await this.importGroups(groups.slice(from, from + UIDS_PER_UNIT), request, state, after);
    }
  }

  /**
   * One unit for `groups`; when a VEVENT of it is refused (400), each UID again in a unit of its
   * own, so that one bad VEVENT fails alone and is listed with its reason.
   */
  private async importGroups(
    groups: readonly ReadEvent[][],
    request: ImportRequest,
    state: CalendarImportProgress,
    after?: AfterImport,
  ): Promise<void> {
    try {
      this.count(state, await this.unit(groups, request, after));
      return;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400 || groups.length === 1)
        return this.refused(state, groups, error);
    }
    for (const group of groups) {
      try {
        this.count(state, await this.unit([group], request, after));
      } catch (error) {
        this.refused(state, [group], error);
      }
    }
  }

  /** Groups refused (400): counted failed with the reason; any other error ends the run (failed, its reason said). */
  private refused(state: CalendarImportProgress, groups: readonly ReadEvent[][], error: unknown): void {
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const events = groups.flat().length;
    state.failed += events;
    state.done += events;
    this.listError(state, error.message);
  }

  /** A write unit of the import, bounded as a request's (decision 0091): it holds the write lock no longer than one. */
  private unit(groups: readonly ReadEvent[][], request: ImportRequest, after?: AfterImport): Promise<ImportReport> {
    return importInUnit(this.storage, this.clock, this.importer, { events: groups.flat(), unread: [] }, request, {
      deadline: new Deadline(this.settings.unitMs),
      after,
    });
  }

  private count(state: CalendarImportProgress, report: ImportReport): void {
    state.created += report.created.length;
    state.updated += report.updated.length;
    state.unchanged += report.unchanged.length;
    state.skipped += report.skipped.length;
    state.done += report.created.length + report.updated.length + report.unchanged.length + report.skipped.length;
    for (const skipped of report.skipped)
      this.listError(state, `UID ${JSON.stringify(skipped.uid)} (line ${skipped.line}) skipped: ${skipped.reason}`);
  }

  private listError(state: CalendarImportProgress, line: string): void {
    state.error_count++;
    if (state.errors.length < MAX_ERRORS) state.errors.push(line);
  }

  async find(tx: ReadTx, id: number): Promise<SiteImportRow> {
    const row = await this.repository.find(tx, id, 'calendar');
    if (!row) throw new ApiError('calendar_import_not_found', { args: [id] });
    return row;
  }

  /** Asks a live run to stop: its node hears it at its next heartbeat and stops between units; what it wrote stays. */
  async cancel(tx: WriteTx, id: number): Promise<SiteImportRow> {
    const marked = await this.repository.requestCancel(tx, id, nowUtc(this.clock), 'calendar');
    if (marked) return marked;
    throw new ApiError('calendar_import_not_running', { args: [(await this.find(tx, id)).id] });
  }
}
