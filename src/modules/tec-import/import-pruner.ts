import type { Clock } from '../../clock.ts';
import type { Storage } from '../../storage/types.ts';
import type { TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';
import { describe, reportFailure, type ImportKind, type Run } from './import-run.ts';
import { foundOrNone, linkedService, type ImportServices } from './record-writer.ts';
import { readLeftOut } from './source-reader.ts';
import type { SourceRecord } from './tec-records.ts';

/*
 * The records copied before whose source record a run whose archive was read whole did not list
 * (decision 0030): still there (copied as any other), gone (reported, and removed here with
 * --prune), or not told (left as they are).
 */

export class ImportPruner {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent'>,
    private readonly services: ImportServices,
    private readonly repository: TecImportRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * Records copied before whose source record this run did not list: asked for one by one. One
   * still there (hidden from listings, out of the archive's reach) is given to `copy`; one the
   * source no longer has is reported, and removed here with --prune; one the source failed to
   * answer for after its retries is a failure of this run.
   */
  async checkMissing(run: Run, kind: ImportKind, copy: (records: SourceRecord[]) => Promise<void>): Promise<void> {
    const { source, options, report } = run;
    const entries = await this.storage.read((tx) => this.repository.entries(tx, source.base, kind));
    for (const entry of entries.filter((row) => !run.seen[kind].has(row.source_id))) {
      options.signal?.throwIfAborted();
      const found = await readLeftOut(run, kind, entry.source_id);
      if (found.state === 'there') await copy([found.record]);
      else if (found.state === 'failed')
        reportFailure(run, {
          kind,
          sourceId: entry.source_id,
          text: `not listed, and reading it failed (${found.reason}): left as it is`,
        });
      else if (found.state === 'unreadable')
        report.notes.push({
          kind,
          sourceId: entry.source_id,
          text: `not listed and not readable (HTTP ${found.status}): left as it is`,
        });
      else {
        const removed =
          options.prune === true && !options.dryRun && (await this.remove(run, kind, entry.target_id, entry.source_id));
        report.deleted.push({ kind, sourceId: entry.source_id, targetId: entry.target_id, removed });
      }
    }
  }

  /** Removes a record whose source record was deleted, with its map row; false when it failed (reported). */
  private async remove(run: Run, kind: ImportKind, targetId: number, id: number): Promise<boolean> {
    const { caller, language } = run.options;
    const request = { caller, force: true, language, explicitLanguage: false };
    try {
      await this.storage.write(async (tx) => {
        await this.repository.lockSource(tx, run.source.base);
        if (kind === 'event') {
          const row = await this.services.events.getRowIfExists(tx, { id: targetId });
          if (row) await this.services.eventWriter.remove(tx, row, request);
        } else if (kind === 'venue' || kind === 'organizer') {
          const service = linkedService(this.services, kind);
          const row = await foundOrNone(service.find(tx, { id: targetId }));
          if (row) await service.remove(tx, row, request);
        } else {
          const row = await this.services.terms.lookup(tx, kind === 'category' ? CATEGORY : TAG, targetId);
          if (row) await this.services.terms.remove(tx, row, language, false);
        }
        await this.repository.forget(tx, run.source.base, kind, id);
        await this.storage.touchContent(tx, this.clock.now());
      });
      return true;
    } catch (error) {
      reportFailure(run, { kind, sourceId: id, text: `removing ${kind} ${targetId}: ${describe(error)}` });
      return false;
    }
  }
}
