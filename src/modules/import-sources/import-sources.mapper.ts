import type { Static } from '@sinclair/typebox';
import { shownState } from '../../import-runner.ts';
import type { ImportSourceRow, SiteImportRow } from '../../storage/tables.ts';
import { parseProgress } from '../tec-import/recorded-progress.ts';
import { OUTCOMES } from '../tec-import/import-run.ts';
import { emptySourceProgress, type SourceRunProgress } from './feed-sync.ts';
import type { Run, Source } from './import-sources.schemas.ts';
import { settingsOf } from './source-runs.ts';

export function toSource(row: ImportSourceRow, running: SiteImportRow | undefined): Static<typeof Source> {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    url: row.url,
    schedule: row.schedule,
    author: row.author_id,
    paused: row.paused === 1,
    settings: settingsOf(row),
    next_run_at: row.next_run_at,
    failures: row.failures,
    last_error: row.last_error,
    running: running?.id ?? null,
    created_by: row.created_by,
    created_at: row.created_at,
    modified_at: row.modified_at,
  };
}

/** A site's run (kind tec) as a source run's counts: each outcome summed over the kinds of records. */
function siteCounts(text: string): SourceRunProgress {
  const progress = parseProgress(text);
  const kinds = Object.values(progress.kinds);
  const sum = (pick: (kind: (typeof kinds)[number]) => number) => kinds.reduce((total, kind) => total + pick(kind), 0);
  const counts = Object.fromEntries(OUTCOMES.map((outcome) => [outcome, sum((kind) => kind[outcome])]));
  return {
    ...emptySourceProgress(),
    ...counts,
    fetched: 'changed',
    total: sum((kind) => kind.total ?? 0),
    done: sum((kind) => kind.done),
    errors: progress.errors,
    error_count: progress.error_count,
  };
}

const millisOf = (utc: string) => Date.parse(`${utc.replace(' ', 'T')}Z`);

export function toRun(row: SiteImportRow, now: string): Static<typeof Run> {
  const progress =
    row.source === 'tec'
      ? siteCounts(row.progress)
      : { ...emptySourceProgress(), ...(JSON.parse(row.progress) as Partial<SourceRunProgress>) };
  const { fetched, total, created, updated, unchanged, trashed, kept, skipped, failed, errors, error_count } = progress;
  return {
    id: row.id,
    source: row.source_id,
    state: shownState(row, now),
    fetched,
    total,
    created,
    updated,
    unchanged,
    trashed,
    kept,
    skipped,
    failed,
    errors,
    error_count,
    reason: row.reason,
    started_by: row.started_by,
    started_at: row.started_at,
    finished_at: row.finished_at,
    duration_ms: row.finished_at === null ? null : millisOf(row.finished_at) - millisOf(row.started_at),
  };
}
