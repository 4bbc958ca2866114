import {
  IMPORT_KINDS,
  OUTCOMES,
  type ImportKind,
  type ImportProgress,
  type ImportReport,
  type Outcome,
  type RecordNote,
} from './import-run.ts';

/*
 * The progress of a site import started over the API (decision 0071), kept as data: the node
 * running it writes it to the run's row (`site_imports.progress`, JSON) every heartbeat, and every
 * node answers for the run from there.
 */

/** Errors and notes kept of a run: enough to act on, bounded however badly a source behaves. */
export const MAX_LISTED = 100;

export type KindProgress = { total: number | null; done: number } & Record<Outcome, number>;

export interface SiteImportProgress {
  readonly kinds: Record<ImportKind, KindProgress>;
  /** The first MAX_LISTED failures (records, translations, pages), as lines of text. */
  readonly errors: string[];
  /** Every failure's count, listed or not. */
  error_count: number;
  /** The importer's last MAX_LISTED notes: retries, fallbacks. */
  readonly notes: string[];
  /** Every archive was read whole (known at the end of a run that did not stop early). */
  complete: boolean | null;
}

export const emptyProgress = (): SiteImportProgress => ({
  kinds: Object.fromEntries(
    IMPORT_KINDS.map((kind) => [
      kind,
      { total: null, done: 0, ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) },
    ]),
  ) as Record<ImportKind, KindProgress>,
  errors: [],
  error_count: 0,
  notes: [],
  complete: null,
});

/** A stored progress, or an empty one for a run that wrote none yet. */
export function parseProgress(text: string): SiteImportProgress {
  const parsed = JSON.parse(text) as Partial<SiteImportProgress>;
  return parsed.kinds === undefined ? emptyProgress() : (parsed as SiteImportProgress);
}

/** An ImportProgress that keeps what it is told, for the run's row. */
export class RecordedProgress implements ImportProgress {
  readonly state = emptyProgress();
  /** The kind being copied, 'deletions' while gone records are checked; null before the first. */
  phase: string | null = null;

  start(kind: ImportKind, total: number | undefined): void {
    this.phase = kind;
    this.state.kinds[kind].total = total ?? null;
  }

  advance(kind: ImportKind, outcome: Outcome): void {
    const counts = this.state.kinds[kind];
    counts.done++;
    counts[outcome]++;
    // Records found beyond the announced total (a hidden event asked for by id) grow it.
    if (counts.total !== null && counts.done > counts.total) counts.total = counts.done;
  }

  note(line: string): void {
    this.state.notes.push(line);
    if (this.state.notes.length > MAX_LISTED) this.state.notes.shift();
  }

  failed(note: RecordNote): void {
    this.error(`${note.kind} ${note.sourceId}: ${note.text}`);
  }

  checkingDeletions(): void {
    this.phase = 'deletions';
  }

  stop(): void {}

  /** What the finished run's report adds: the pages the source did not serve, and whether every archive was read whole. */
  finish(report: ImportReport): void {
    for (const page of report.failedPages) this.error(`${page.url}: ${page.reason}`);
    this.state.complete = report.complete;
  }

  private error(line: string): void {
    this.state.error_count++;
    if (this.state.errors.length < MAX_LISTED) this.state.errors.push(line);
  }
}
