import { isRole, type Caller } from '../../auth/roles.ts';
import { nowUtc, wireUtc, type Clock } from '../../clock.ts';
import { stoppedByNode, type ImportRunner } from '../../import-runner.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import type { ImportSourcesRepository } from '../../storage/repositories/import-sources.repository.ts';
import type { SiteImportsRepository } from '../../storage/repositories/site-imports.repository.ts';
import type { ImportSourceRow, SiteImportRow, UserRow } from '../../storage/tables.ts';
import { describe } from '../tec-import/import-run.ts';
import { RecordedProgress } from '../tec-import/recorded-progress.ts';
import type { SiteImportsService } from '../tec-import/site-imports.service.ts';
import type { TecImportService } from '../tec-import/tec-import.service.ts';
import type { Validators } from './feed-fetch.ts';
import { emptySourceProgress, type FeedSync } from './feed-sync.ts';
import { DEFAULT_SETTINGS, type ImportSettings } from './import-sources.schemas.ts';
import { nextDue, retryAt } from './source-rules.ts';

/*
 * Runs of import sources (decision 0117): claimed in a unit that holds the source runs' key (a
 * due source by the scheduler of whichever node gets the key first, or one asked to run now), as
 * rows of `site_imports` of kind 'source' leased to the claiming node; run in that node's
 * background by the import runner (heartbeat, lease, cancel, interrupted when the node dies); a
 * run's end recorded on its source: its validators once the feed was imported whole, or its
 * failure and the back-off.
 */

/** Sources a node claims per look (every CALENDAR_IMPORT_SOURCES_POLL_INTERVAL): the rest wait for the next look, or another node's. */
const CLAIMS_PER_LOOK = 4;

export const settingsOf = (source: ImportSourceRow): ImportSettings => ({
  ...DEFAULT_SETTINGS,
  ...(JSON.parse(source.settings) as Partial<ImportSettings>),
});

/** Where a feed source's document is: the feed given, or another instance's site feed (the original's `/events/?ical=1`). */
export function feedUrlOf(source: Pick<ImportSourceRow, 'kind' | 'url'>): string {
  return source.kind === 'instance'
    ? new URL('events/?ical=1', source.url.endsWith('/') ? source.url : `${source.url}/`).href
    : source.url;
}

export class SourceRuns {
  constructor(
    private readonly storage: Pick<Storage, 'write'>,
    private readonly repository: ImportSourcesRepository,
    private readonly runs: SiteImportsRepository,
    private readonly runner: ImportRunner,
    private readonly feeds: FeedSync,
    private readonly sites: {
      readonly service: Pick<SiteImportsService, 'open'>;
      readonly importer: Pick<TecImportService, 'run'>;
    },
    private readonly users: { get(id: number): Promise<UserRow | undefined> },
    private readonly clock: Clock,
    private readonly language: LanguageCode,
  ) {}

  /** Holds the source runs' key to the unit's end: claims wait for each other, and a run's first heartbeat for its claim's commit. */
  lockRuns(tx: WriteTx): Promise<void> {
    return this.runs.lockRuns(tx, 'source');
  }

  /**
   * Records a run of `source` leased to this node, in a unit holding the runs' key; `nextRunAt`
   * moves its schedule on (a scheduled claim), undefined leaves it (a run asked for).
   */
  async claim(
    tx: WriteTx,
    source: ImportSourceRow,
    startedBy: number | null,
    nextRunAt?: string | null,
  ): Promise<SiteImportRow> {
    if (nextRunAt !== undefined) await this.repository.update(tx, source.id, { next_run_at: nextRunAt });
    return this.runs.create(tx, {
      kind: 'source',
      source_id: source.id,
      url: source.url,
      source: source.kind,
      source_user: '',
      prune: settingsOf(source).on_removed === 'trash' ? 1 : 0,
      started_by: startedBy,
      progress: JSON.stringify(source.kind === 'tec' ? new RecordedProgress().state : emptySourceProgress()),
      ...this.runner.runningRow(nowUtc(this.clock)),
    });
  }

  /**
   * One look of this node's scheduler: runs whose node died are recorded interrupted and their
   * sources made due again (resumed: what they imported comes back unchanged); then up to
   * CLAIMS_PER_LOOK due sources are claimed, their schedules moved to their next due time, and
   * run here. Answers the runs it started.
   */
  async look(): Promise<number[]> {
    const now = this.clock.now();
    const at = wireUtc(now);
    const claimed = await this.storage.write(async (tx) => {
      await this.lockRuns(tx);
      const lapsed = await this.repository.lapsedSources(tx, at);
      if (lapsed.length > 0) {
        await this.runs.markLapsed(tx, at, 'The node running it stopped answering; the source runs again to resume.');
        for (const id of lapsed) await this.repository.update(tx, id, { next_run_at: at });
      }
      const due = await this.repository.due(tx, at, CLAIMS_PER_LOOK);
      const runs: [SiteImportRow, ImportSourceRow][] = [];
      for (const source of due)
        runs.push([await this.claim(tx, source, null, nextDue(source.schedule, now) ?? null), source]);
      return runs;
    });
    for (const [run, source] of claimed) this.launch(run, source);
    return claimed.map(([run]) => run.id);
  }

  /** Runs a claimed run in this node's background. */
  launch(run: SiteImportRow, source: ImportSourceRow): void {
    const controller = new AbortController();
    if (source.kind === 'tec') {
      const progress = new RecordedProgress();
      this.runner.launch({
        id: run.id,
        kind: 'source',
        controller,
        progress,
        work: (signal) => this.outcome(source, signal, () => this.runSite(source, progress, signal)),
      });
      return;
    }
    const state = emptySourceProgress();
    this.runner.launch({
      id: run.id,
      kind: 'source',
      controller,
      progress: { phase: null, state },
      work: (signal) =>
        this.outcome(source, signal, async () => {
          const { caller, authorId } = await this.writerOf(source);
          return this.feeds.run(
            { source, settings: settingsOf(source), caller, authorId, state, signal },
            feedUrlOf(source),
          );
        }),
    });
  }

  /** A site of the original, copied by the site import (decision 0071) as the source's user; events gone from it trashed when the source says so. */
  private async runSite(source: ImportSourceRow, progress: RecordedProgress, signal: AbortSignal): Promise<undefined> {
    const { caller } = await this.writerOf(source);
    const site = await this.sites.service.open({ url: source.url }, signal);
    progress.finish(
      await this.sites.importer.run(site, {
        caller,
        language: this.language,
        prune: settingsOf(source).on_removed === 'trash',
        keepHtml: false,
        progress,
        signal,
      }),
    );
    return undefined;
  }

  /** Records a run's end on its source: success clears its failures (and keeps the feed's validators); a failure counts and backs off. */
  private async outcome(
    source: ImportSourceRow,
    signal: AbortSignal,
    work: () => Promise<Validators | undefined>,
  ): Promise<void> {
    let validators: Validators | undefined;
    try {
      validators = await work();
    } catch (error) {
      // Stopped (cancelled, the node stopping, the lease lost): no failure of the source's. A node
      // stopping makes the source due at once, so another node (or this one, started again) resumes it.
      if (stoppedByNode(signal))
        await this.storage.write((tx) => this.repository.update(tx, source.id, { next_run_at: nowUtc(this.clock) }));
      if (signal.aborted) throw error;
      await this.storage.write(async (tx) => {
        const now = await this.repository.get(tx, source.id);
        if (!now) return;
        const failures = now.failures + 1;
        const retry = now.paused === 1 ? null : (retryAt(now.schedule, failures, this.clock.now()) ?? null);
        await this.repository.update(tx, source.id, { failures, last_error: describe(error), next_run_at: retry });
      });
      throw error;
    }
    await this.storage.write((tx) =>
      this.repository.update(tx, source.id, {
        failures: 0,
        last_error: null,
        ...(validators ? { etag: validators.etag, last_modified: validators.lastModified } : {}),
      }),
    );
  }

  /**
   * Whom a run writes as (decision 0118): the user who added the source, with the source's text
   * filtered as an author's (as site imports, decision 0092); its events' author, the one the source names or that user.
   */
  private async writerOf(source: ImportSourceRow): Promise<{ caller: Caller; authorId: number }> {
    const user = source.created_by === null ? undefined : await this.users.get(source.created_by);
    if (!user || !isRole(user.role))
      throw new Error('The user who added the source no longer exists: add the source again.');
    return {
      caller: { id: user.id, login: user.login, role: user.role, filteredText: true },
      authorId: source.author_id ?? user.id,
    };
  }
}
