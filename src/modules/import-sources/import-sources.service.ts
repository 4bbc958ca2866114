import { can, SITE_IMPORT_CAPABILITY, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { ImportSourcesRepository } from '../../storage/repositories/import-sources.repository.ts';
import type { ImportSourceRow, SiteImportRow } from '../../storage/tables.ts';
import type { ReceiverPolicy } from '../webhooks/receivers.ts';
import { feedAddress } from './feed-fetch.ts';
import { DEFAULT_SETTINGS, type CreateInput, type UpdateInput } from './import-sources.schemas.ts';
import { settingsOf, type SourceRuns } from './source-runs.ts';

/*
 * Import sources (issue 47; decisions 0117, 0118): added, changed, paused, resumed and removed by
 * editors and administrators (a site of the original by administrators only, as site imports);
 * run by the schedulers of every node (`SourceRuns.look`) or at once when asked.
 */

/** Who manages import sources (roles.ts): editors and administrators. */
export const IMPORT_SOURCES_CAPABILITY = 'manage_import_sources';
/** Runs a source's history shows. */
export const RECENT_RUNS = 50;

export class ImportSourcesService {
  constructor(
    private readonly repository: ImportSourcesRepository,
    private readonly runs: SourceRuns,
    private readonly policy: ReceiverPolicy,
    private readonly users: { get(id: number): Promise<unknown> },
    private readonly clock: Clock,
  ) {}

  /**
   * Checks outside any unit what a write asks of the network and of other records: the address
   * guard on the source's address (its host is the one every kind reads; a webcal address as the
   * https one it is read as), and the author's existence.
   */
  async check(input: Pick<UpdateInput, 'url' | 'author'>): Promise<void> {
    if (input.url !== undefined) await this.policy.check(feedAddress(input.url));
    if (input.author !== undefined && input.author !== null && !(await this.users.get(input.author)))
      throw new ApiError('import_source_invalid_author', { args: [input.author] });
  }

  /** A site of the original is copied as a site import is: administrators only (decision 0071). */
  permitKind(kind: ImportSourceRow['kind'], caller: Caller): void {
    if (kind === 'tec' && !can(caller, SITE_IMPORT_CAPABILITY)) throw new ApiError('import_source_forbidden');
  }

  list(tx: ReadTx): Promise<ImportSourceRow[]> {
    return this.repository.list(tx);
  }

  async get(tx: ReadTx, id: number): Promise<ImportSourceRow> {
    const row = await this.repository.get(tx, id);
    if (!row) throw new ApiError('import_source_not_found', { args: [id] });
    return row;
  }

  /** A new source, due at once unless manual or paused. */
  create(tx: WriteTx, input: CreateInput, caller: Caller): Promise<ImportSourceRow> {
    const now = nowUtc(this.clock);
    const schedule = input.schedule ?? 'daily';
    const paused = input.paused === true;
    return this.repository.create(tx, {
      name: input.name,
      kind: input.kind,
      url: input.url,
      schedule,
      settings: JSON.stringify({ ...DEFAULT_SETTINGS, ...input.settings }),
      author_id: input.author ?? null,
      paused: paused ? 1 : 0,
      next_run_at: paused || schedule === 'manual' ? null : now,
      created_by: caller.id,
      created_at: now,
      modified_at: now,
    });
  }

  /** Changes a source; a new schedule or resuming makes it due at once, pausing takes it off the schedule. */
  update(tx: WriteTx, source: ImportSourceRow, input: UpdateInput): Promise<ImportSourceRow> {
    const now = nowUtc(this.clock);
    const schedule = input.schedule ?? source.schedule;
    const paused = input.paused ?? source.paused === 1;
    const rescheduled = input.schedule !== undefined || input.paused !== undefined;
    return this.repository.update(tx, source.id, {
      ...(input.name === undefined ? {} : { name: input.name }),
      // A new address is another document: its validators and its failures are not the old one's.
      ...(input.url === undefined
        ? {}
        : { url: input.url, etag: '', last_modified: '', failures: 0, last_error: null }),
      ...(input.author === undefined ? {} : { author_id: input.author }),
      ...(input.settings === undefined
        ? {}
        : { settings: JSON.stringify({ ...settingsOf(source), ...input.settings }) }),
      // What events get changed: the next run reads the document whole again, even when the feed did not change.
      ...(input.author === undefined && input.settings === undefined ? {} : { etag: '', last_modified: '' }),
      schedule,
      paused: paused ? 1 : 0,
      ...(rescheduled ? { next_run_at: paused || schedule === 'manual' ? null : now } : {}),
      modified_at: now,
    });
  }

  async remove(tx: WriteTx, source: ImportSourceRow): Promise<void> {
    if (await this.repository.liveRun(tx, source.id, nowUtc(this.clock)))
      throw new ApiError('import_source_running', { args: [source.id] });
    await this.repository.remove(tx, source.id);
  }

  /** Records a run of the source now, to be launched by this node once the unit commits; refused while one is live. */
  async runNow(tx: WriteTx, source: ImportSourceRow, caller: Caller): Promise<SiteImportRow> {
    await this.runs.lockRuns(tx);
    if (await this.repository.liveRun(tx, source.id, nowUtc(this.clock)))
      throw new ApiError('import_source_running', { args: [source.id] });
    return this.runs.claim(tx, source, caller.id);
  }

  launch(run: SiteImportRow, source: ImportSourceRow): void {
    this.runs.launch(run, source);
  }

  /** The source's live run at `now`, if any. */
  liveRun(tx: ReadTx, source: ImportSourceRow): Promise<SiteImportRow | undefined> {
    return this.repository.liveRun(tx, source.id, nowUtc(this.clock));
  }

  history(tx: ReadTx, source: ImportSourceRow): Promise<SiteImportRow[]> {
    return this.repository.runs(tx, source.id, RECENT_RUNS);
  }

  async run(tx: ReadTx, source: ImportSourceRow, runId: number): Promise<SiteImportRow> {
    const row = await this.repository.run(tx, source.id, runId);
    if (!row) throw new ApiError('import_source_run_not_found', { args: [runId, source.id] });
    return row;
  }
}
