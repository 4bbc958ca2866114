import type { Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { SiteImportsRepository } from '../../storage/repositories/site-imports.repository.ts';
import type { SiteImportRow } from '../../storage/tables.ts';
import type { ReceiverPolicy } from '../webhooks/receivers.ts';
import { guardedFetch } from './guarded-fetch.ts';
import { emptyProgress } from './recorded-progress.ts';
import type { ImportRunner } from '../../import-runner.ts';
import type { LanguageCode } from '../../languages.ts';
import { RecordedProgress } from './recorded-progress.ts';
import type { TecImportService } from './tec-import.service.ts';
import { SourceError, TecSource } from './tec-source.ts';

/*
 * Site imports over the API (issue 33, decision 0071): `import-tec` (decision 0030) started by an
 * administrator, run in the background of the node that accepted it (`src/import-runner.ts`),
 * its state and progress in the database for every node to answer. One run per database at a time.
 */

/** Requests of a run to its source: as the CLI's default, polite to a shared host. */
const SOURCE_CONCURRENCY = 4;
/** Runs the list shows. */
export const RECENT_RUNS = 20;

export interface StartInput {
  readonly url: string;
  readonly user?: string;
  readonly app_password?: string;
  readonly prune?: boolean;
}

export class SiteImportsService {
  constructor(
    private readonly repository: SiteImportsRepository,
    private readonly policy: ReceiverPolicy,
    private readonly runner: ImportRunner,
    private readonly importer: TecImportService,
    private readonly clock: Clock,
    private readonly language: LanguageCode,
  ) {}

  /**
   * The source at `url`, checked before anything is recorded: the address guard (decision 0071),
   * then the site's REST index, read through the guarded fetch with the credentials. `signal` will
   * stop the run's requests. Refusals are the API's errors, never a failed run.
   */
  async open(input: StartInput, signal: AbortSignal): Promise<TecSource> {
    await this.policy.check(input.url);
    try {
      return await TecSource.discover(input.url, {
        ...(input.user === undefined ? {} : { user: input.user, appPassword: input.app_password }),
        concurrency: SOURCE_CONCURRENCY,
        delayMs: 0,
        // Up front, the request waits: a source that does not answer soon is said so, not retried for minutes.
        discovery: { retries: 0, timeoutMs: 8000 },
        signal,
        fetch: guardedFetch(this.policy),
      });
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      if (error.code === 'credentials-refused')
        throw new ApiError('site_import_credentials_refused', { args: [error.status ?? 401] });
      throw new ApiError('site_import_source_unusable', { args: [error.message] });
    }
  }

  /** Records a run of `source` to be started by this node; refused while another run of the database is live. */
  async start(tx: WriteTx, source: TecSource, input: StartInput, caller: Caller): Promise<SiteImportRow> {
    const now = nowUtc(this.clock);
    await this.repository.lockRuns(tx, 'site');
    await this.repository.markLapsed(
      tx,
      now,
      'The node running the import stopped answering; start it again to resume.',
    );
    const live = await this.repository.live(tx, now, 'site');
    if (live) throw new ApiError('site_import_running', { args: [live.id], data: { id: live.id } });
    return this.repository.create(tx, {
      url: input.url,
      source: source.base,
      source_user: input.user ?? '',
      prune: input.prune === true ? 1 : 0,
      started_by: caller.id,
      progress: JSON.stringify(emptyProgress()),
      ...this.runner.runningRow(now),
    });
  }

  /** Runs the import of the run `id` (recorded by `start` in the request's unit) in this node's background. */
  launch(
    id: number,
    source: TecSource,
    controller: AbortController,
    caller: Caller,
    { prune, keepHtml }: { prune: boolean; keepHtml: boolean },
  ): void {
    const progress = new RecordedProgress();
    this.runner.launch({
      id,
      kind: 'site',
      controller,
      progress,
      work: async (signal) =>
        progress.finish(
          await this.importer.run(source, { caller, language: this.language, prune, keepHtml, progress, signal }),
        ),
    });
  }

  async find(tx: ReadTx, id: number): Promise<SiteImportRow> {
    const row = await this.repository.find(tx, id, 'site');
    if (!row) throw new ApiError('site_import_not_found', { args: [id] });
    return row;
  }

  recent(tx: ReadTx): Promise<SiteImportRow[]> {
    return this.repository.recent(tx, RECENT_RUNS, 'site');
  }

  /** Asks a live run to stop: its node hears it at its next heartbeat, stops between units, and records it cancelled. */
  async cancel(tx: WriteTx, id: number): Promise<SiteImportRow> {
    const marked = await this.repository.requestCancel(tx, id, nowUtc(this.clock), 'site');
    if (marked) return marked;
    throw new ApiError('site_import_not_running', { args: [(await this.find(tx, id)).id] });
  }
}
