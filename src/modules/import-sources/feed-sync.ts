import type { Caller } from '../../auth/roles.ts';
import type { Clock } from '../../clock.ts';
import { yieldToEventLoop } from '../../event-loop.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import type {
  ImportSourceItem,
  ImportSourcesRepository,
} from '../../storage/repositories/import-sources.repository.ts';
import type { ImportSourceRow } from '../../storage/tables.ts';
import type { EventWriter } from '../events/event-writer.ts';
import type { EventsService } from '../events/events.service.ts';
import type { ReadEvent } from '../ical/calendar-reader.ts';
import {
  emptyCalendarProgress,
  uidGroups,
  type CalendarImportProgress,
  type IcalImportJobs,
} from '../ical/ical-import-jobs.ts';
import type { IcalImportService, ImportReport } from '../ical/ical-import.service.ts';
import type { SourceFetch } from '../tec-import/tec-source.ts';
import { fetchFeed, type FeedLimits, type Validators } from './feed-fetch.ts';
import type { ImportSettings } from './import-sources.schemas.ts';
import { blocksDigest, documentOf, splitFeed } from './feed-blocks.ts';
import { passes, shapeFor } from './source-rules.ts';

/*
 * A run of a feed source (an iCalendar or webcal feed, another instance's feed; decisions 0117,
 * 0118): one conditional request; when the feed changed, its UIDs' text compared with what the
 * source brought before by a digest (`feed-blocks.ts`), so that only the UIDs that changed are
 * parsed and reach the iCalendar import (in its units, `IcalImportJobs.importInUnits`); then the
 * UIDs gone from the feed handled as the source says.
 */

/** A source run's progress, as its row keeps it (JSON): the iCalendar import's counts and the source's own. */
export interface SourceRunProgress extends CalendarImportProgress {
  /** pending until the feed answered; not-modified when it answered 304. */
  fetched: 'pending' | 'changed' | 'not-modified';
  trashed: number;
  kept: number;
}

export const emptySourceProgress = (): SourceRunProgress => ({
  ...emptyCalendarProgress(),
  fetched: 'pending',
  trashed: 0,
  kept: 0,
});

/** Removed UIDs trashed per write unit. */
const REMOVED_PER_UNIT = 25;
/** Errors listed in a run's progress, as a background import's. */
const MAX_ERRORS = 100;

/** An item's events as stored: [event id, its version once written]. */
type ItemEvents = [number, number][];
const eventsOf = (item: ImportSourceItem) => JSON.parse(item.events) as ItemEvents;

export interface FeedRun {
  readonly source: ImportSourceRow;
  readonly settings: ImportSettings;
  readonly caller: Caller;
  readonly authorId: number;
  readonly state: SourceRunProgress;
  readonly signal: AbortSignal;
}

export class FeedSync {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent'>,
    private readonly repository: ImportSourcesRepository,
    private readonly importer: Pick<IcalImportService, 'read'>,
    private readonly jobs: Pick<IcalImportJobs, 'importInUnits'>,
    private readonly events: Pick<EventsService, 'getPost'>,
    private readonly writer: Pick<EventWriter, 'remove'>,
    private readonly fetch: SourceFetch,
    private readonly clock: Clock,
    private readonly settings: FeedLimits & { readonly uidHost: string; readonly language: LanguageCode },
  ) {}

  /** Runs a feed source; answers the validators to keep once it imported the feed whole (undefined when it answered 304). */
  async run(run: FeedRun, url: string): Promise<Validators | undefined> {
    const { source, settings, state, signal } = run;
    const fetched = await fetchFeed(
      this.fetch,
      url,
      { etag: source.etag, lastModified: source.last_modified },
      this.settings,
      signal,
    );
    if (!fetched.modified) {
      state.fetched = 'not-modified';
      return undefined;
    }
    state.fetched = 'changed';
    const feed = splitFeed(fetched.text);
    state.total = feed.count;
    const items = new Map(
      (await this.storage.read((tx) => this.repository.items(tx, source.id))).map((item) => [item.uid, item]),
    );
    const given = JSON.stringify({ settings, author: run.authorId });
    // UIDs whose text is as the source brought it before are unchanged, and not even parsed.
    const wanted = new Set<string>();
    const digests = new Map<string, string>();
    for (const [index, [uid, blocks]] of [...feed.byUid].entries()) {
      if (index % 500 === 499) await yieldToEventLoop();
      const digest = blocksDigest(feed, blocks, given);
      if (uid !== '' && items.get(uid)?.digest === digest) {
        wanted.add(uid);
        state.unchanged += blocks.length;
        state.done += blocks.length;
      } else digests.set(uid, digest);
    }
    const calendar = await this.importer.read(documentOf(feed, digests.keys()));
    for (const unread of calendar.unread)
      this.skip(state, 1, `UID ${JSON.stringify(unread.uid)} skipped: ${unread.reason}`);
    const candidates: { group: ReadEvent[]; item: ImportSourceItem | undefined }[] = [];
    for (const group of uidGroups(calendar)) {
      const uid = group[0]!.uid;
      if (!passes(settings.filters, group)) {
        state.skipped += group.length;
        state.done += group.length;
        continue;
      }
      wanted.add(uid);
      candidates.push({ group, item: items.get(uid) });
    }
    const edited = settings.overwrite_local_edits
      ? new Set<string>()
      : await this.editedHere(candidates.flatMap(({ item }) => (item ? [item] : [])));
    const changed: ReadEvent[][] = [];
    for (const { group } of candidates) {
      if (edited.has(group[0]!.uid)) {
        state.kept += group.length;
        state.done += group.length;
      } else changed.push(group);
    }
    const request = {
      caller: run.caller,
      language: this.settings.language,
      uidHost: this.settings.uidHost,
      shape: shapeFor(settings, run.authorId),
      sourceDecides: true,
    };
    await this.jobs.importInUnits(changed, request, state, signal, (tx, report) =>
      this.recordItems(tx, source.id, report, digests),
    );
    await this.removeGone(
      run,
      [...items.values()].filter((item) => !wanted.has(item.uid)),
    );
    return fetched.validators;
  }

  /** The UIDs of these items whose events were edited here since the source wrote them (their version moved on), or are gone. */
  private async editedHere(items: readonly ImportSourceItem[]): Promise<Set<string>> {
    const versions = await this.storage.read((tx) =>
      this.repository.versions(
        tx,
        items.flatMap((item) => eventsOf(item).map(([id]) => id)),
      ),
    );
    return new Set(
      items
        .filter((item) => eventsOf(item).some(([id, version]) => versions.get(id) !== version))
        .map((item) => item.uid),
    );
  }

  /** In the import's unit: what each UID of it became, and those events' versions now, so a later edit here is seen (decision 0118). */
  private async recordItems(
    tx: WriteTx,
    sourceId: number,
    report: ImportReport,
    digests: ReadonlyMap<string, string>,
  ): Promise<void> {
    const byUid = new Map<string, number[]>();
    for (const item of [...report.created, ...report.updated, ...report.unchanged])
      byUid.set(item.uid, [...(byUid.get(item.uid) ?? []), item.id]);
    const versions = await this.repository.versions(tx, [...byUid.values()].flat());
    const rows = [...byUid].flatMap(([uid, ids]) => {
      const digest = digests.get(uid);
      return digest === undefined
        ? []
        : [{ source_id: sourceId, uid, digest, events: JSON.stringify(ids.map((id) => [id, versions.get(id) ?? 0])) }];
    });
    await this.repository.recordItems(tx, rows);
  }

  /** The UIDs the source no longer lists (or no longer lets through its filters): their events trashed or kept, as the source says; forgotten either way. */
  private async removeGone(run: FeedRun, gone: readonly ImportSourceItem[]): Promise<void> {
    for (let at = 0; at < gone.length; at += REMOVED_PER_UNIT) {
      run.signal.throwIfAborted();
      await this.storage.write(async (tx) => {
        for (const item of gone.slice(at, at + REMOVED_PER_UNIT)) {
          if (run.settings.on_removed === 'trash') run.state.trashed += await this.trash(tx, run, eventsOf(item));
          await this.repository.removeItem(tx, run.source.id, item.uid);
        }
        await this.storage.touchContent(tx, this.clock.now());
      });
    }
  }

  /** Moves an item's events to the trash (its exceptions first); answers how many it moved. */
  private async trash(tx: WriteTx, run: FeedRun, events: ItemEvents): Promise<number> {
    let trashed = 0;
    for (const [id] of [...events].reverse()) {
      const row = await this.events.getPost(tx, id);
      if (!row || row.post.status === 'trash') continue;
      await this.writer.remove(tx, row, {
        caller: run.caller,
        force: false,
        language: this.settings.language,
        explicitLanguage: false,
      });
      trashed++;
    }
    return trashed;
  }

  private skip(state: SourceRunProgress, count: number, line: string): void {
    state.skipped += count;
    state.done += count;
    state.error_count++;
    if (state.errors.length < MAX_ERRORS) state.errors.push(line);
  }
}
