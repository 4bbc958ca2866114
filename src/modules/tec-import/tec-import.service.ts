import type { UsersService } from '../../auth/users.service.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import type { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import type { TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import { ImportAuthors } from './import-authors.ts';
import { ImportPruner } from './import-pruner.ts';
import { ImportTickets, type TicketImportServices } from './import-tickets.ts';
import {
  countRecord,
  countTranslation,
  IMPORT_KINDS,
  newRun,
  reportFailedPages,
  reportRecord,
  reportTranslation,
  type ImportKind,
  type ImportOptions,
  type ImportReport,
  type PendingRecord,
  type Run,
} from './import-run.ts';
import { ImportUnits } from './import-units.ts';
import { parentsFirst } from './record-mapping.ts';
import { RecordWriter, type ImportServices } from './record-writer.ts';
import { archiveParams, COLLECTIONS, readProtected, readTranslationLinks } from './source-reader.ts';
import {
  embeddedRecords,
  embeddedTerms,
  isStripped,
  sourceId,
  translationLanguages,
  type SourceRecord,
  type TranslationLink,
} from './tec-records.ts';
import { SourceError, type PageFailure, type TecSource } from './tec-source.ts';
import { TranslationWriter } from './translation-writer.ts';

/*
 * `import-tec` (decision 0030): copies a The Events Calendar site through its REST API into this
 * service, through the services' own rules. The run loop: each archive in turn (terms, venues and
 * organizers before the events that use them), then its translations, then the records no archive
 * listed any more. Around it: what is asked of the source (`source-reader.ts`), a source record as
 * the services' input (`record-mapping.ts`), the writes of one record (`record-writer.ts`,
 * `translation-writer.ts`) in units of work of up to 25 records with their rows of the id map
 * (`import-units.ts`), the authors (`import-authors.ts`), and the records gone from the source
 * (`import-pruner.ts`). An interrupted run leaves no half-written record and the next run finds
 * what was done; a re-run writes only what changed on the source since.
 */

/** Removed in this order: events first, so that their links go before the records they link. */
const REMOVAL_ORDER: readonly ImportKind[] = ['event', 'venue', 'organizer', 'tag', 'category'];

export class TecImportService {
  private readonly authors: ImportAuthors;
  private readonly units: ImportUnits;
  private readonly records: RecordWriter;
  private readonly translations: TranslationWriter;
  private readonly pruner: ImportPruner;
  private readonly tickets: ImportTickets | undefined;

  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent' | 'dialect'>,
    services: ImportServices & { readonly users: UsersService; readonly tickets?: TicketImportServices },
    private readonly repository: TecImportRepository,
    images: ImagesRepository,
    private readonly clock: Clock,
  ) {
    this.authors = new ImportAuthors(services.users);
    this.units = new ImportUnits(storage, repository, clock);
    this.records = new RecordWriter(storage, services, repository, images, this.authors, clock);
    this.translations = new TranslationWriter(services, repository);
    this.pruner = new ImportPruner(storage, services, repository, clock);
    this.tickets = services.tickets ? new ImportTickets(storage, services.tickets, repository, clock) : undefined;
  }

  async run(source: TecSource, given: ImportOptions): Promise<ImportReport> {
    const started = Date.now();
    // The source's text is no administrator's own: filtered as an author's unless kept (decision 0092).
    const options = given.keepHtml === true ? given : { ...given, caller: { ...given.caller, filteredText: true } };
    const run = newRun(source, options, await this.begin(source.base, options.dryRun === true));
    const listedWhole = new Set<ImportKind>();
    for (const kind of IMPORT_KINDS) if (await this.importArchive(run, kind)) listedWhole.add(kind);
    options.progress?.checkingDeletions?.();
    for (const kind of REMOVAL_ORDER)
      if (listedWhole.has(kind))
        await this.pruner.checkMissing(run, kind, (records) => this.importRecords(run, kind, records));
    // Event Tickets' tickets and attendees, once their events are here (decision 0130).
    await this.tickets?.run(run);
    const complete = listedWhole.size === IMPORT_KINDS.length;
    if (complete && !run.report.dryRun)
      await this.storage.write((tx) => this.repository.completeSource(tx, source.base, nowUtc(this.clock)));
    options.progress?.stop();
    return { ...run.report, complete, seconds: (Date.now() - started) / 1000 };
  }

  /** The source's row: a first run records whether this database is empty, which keeps the source's ids from then on. */
  private async begin(base: string, dryRun: boolean): Promise<boolean> {
    const work = async (tx: WriteTx) => {
      // Two first runs side by side would both find no row and both add one.
      await this.repository.lockSource(tx, base);
      const known = await this.repository.source(tx, base);
      if (known) return known.keeps_ids === 1;
      const keepsIds = await this.repository.isEmpty(tx);
      if (!dryRun)
        await this.repository.addSource(tx, {
          source: base,
          keeps_ids: keepsIds ? 1 : 0,
          started_at: nowUtc(this.clock),
          completed_at: null,
        });
      return keepsIds;
    };
    return this.storage.write(work);
  }

  /** Lists and writes one archive, then its translations; answers whether it was read whole. */
  private async importArchive(run: Run, kind: ImportKind): Promise<boolean> {
    const { source, options } = run;
    const collection = COLLECTIONS[kind];
    const terms = kind === 'category' || kind === 'tag';
    let params = archiveParams(run, kind);
    const linked = await readTranslationLinks(run, kind);
    if (linked.failures.length > 0) {
      // Without every link, a translation's post would be copied as a record of its own: the archive waits for a run that reads them.
      reportFailedPages(run, linked.failures);
      return false;
    }
    const { links } = linked;
    // A multilingual plugin's post in another language is a translation, read with its language below:
    // seen already, so the archive does not write it as a record (a run writes each id once), and a
    // copy an earlier run made of it as a record is left as it is, not taken for deleted.
    for (const id of links.keys()) run.seen[kind].add(id);
    // Categories wait for the whole list: parents are written before their children.
    const held: SourceRecord[] = [];
    const listed = new Set<LanguageCode>();
    const onPage = async (records: SourceRecord[], total: number | undefined, first: boolean) => {
      if (first) options.progress?.start(kind, total);
      for (const record of records)
        for (const language of translationLanguages(record, options.language)) listed.add(language);
      if (kind === 'category') held.push(...records);
      else await this.importRecords(run, kind, records);
    };
    let result = await source.archive(collection, params, onPage);
    const refused = result.failures[0];
    if (!terms && source.authenticated && result.total === undefined && refused?.status === 400) {
      // Credentials that may not list every status: the published records, said so.
      options.progress?.note(
        `${collection}: the credentials may not list drafts and private records (${refused.reason}); importing published ones only.`,
      );
      params = { ...params, status: 'publish' };
      result = await source.archive(collection, params, onPage);
    }
    await this.importRecords(run, kind, parentsFirst(held));
    reportFailedPages(run, result.failures);
    const linkedCodes = new Map([...links.values()].map((link) => [link.language, link.sourceCode]));
    const languages = new Set([...listed, ...linkedCodes.keys(), ...(options.languages ?? [])]);
    languages.delete(options.language);
    for (const language of languages) {
      const inLanguage = {
        ...params,
        ...(listed.has(language) ? { translation_language: language } : {}),
        ...(linkedCodes.has(language) ? { lang: linkedCodes.get(language)! } : {}),
      };
      const bySegment = options.languages?.includes(language) === true;
      reportFailedPages(
        run,
        await this.importTranslations(
          run,
          kind,
          { source: bySegment ? source.inLanguage(language) : source, params: inLanguage, bySegment },
          language,
          links,
        ),
      );
    }
    return result.failures.length === 0;
  }

  /**
   * The archive read again in one language, each record's text there copied as the translation of
   * its record here through the services' own write path, as a client's write in that language
   * would. Which record a translation belongs to: the one a multilingual plugin links it to
   * (`links`); else the same record, when it lists the language in `translations` (this service's
   * alias) or, listing none, is read through a `/{lang}/` segment (`bySegment`). The text is compared with what
   * is here (on a snapshot, without the write lock), so a re-run writes only translations that
   * changed. Answers the pages that failed.
   */
  private async importTranslations(
    run: Run,
    kind: ImportKind,
    { source, params, bySegment }: { source: TecSource; params: Record<string, string>; bySegment: boolean },
    language: LanguageCode,
    links: ReadonlyMap<number, TranslationLink>,
  ): Promise<readonly PageFailure[]> {
    const read = new Set<number>();
    const pending: { id: number; record: SourceRecord }[] = [];
    let elsewhere = 0;
    const originalOf = (record: SourceRecord, id: number): number | undefined => {
      const link = links.get(id);
      if (link) return link.language === language ? link.original : undefined;
      const sameRecord = Array.isArray(record.translations)
        ? translationLanguages(record, run.options.language).includes(language)
        : bySegment;
      return sameRecord ? id : undefined;
    };
    const result = await source.archive(COLLECTIONS[kind], params, async (records) => {
      for (const record of records) {
        const id = sourceId(record);
        const original = id === undefined ? undefined : originalOf(record, id);
        // An archive of events lists a series once per occurrence: its translation is written once.
        if (original === undefined || read.has(original)) continue;
        // A protected record's text is stripped here (wire-format 2.9): an empty text is no translation.
        if (isStripped(record, kind)) continue;
        read.add(original);
        const change = await this.storage.read((tx) =>
          this.translations.change(tx, run, kind, original, record, language),
        );
        if (!change) elsewhere++;
        else if (Object.keys(change.text).length === 0) countTranslation(run, kind, 'unchanged');
        else pending.push({ id: original, record });
      }
    });
    if (elsewhere > 0) {
      run.options.progress?.note(
        `${COLLECTIONS[kind]} in ${language}: ${elsewhere} records are no record copied here (posts of their own in that language that no multilingual plugin links to one in ${run.options.language}); their text was not copied.`,
      );
    }
    await this.units.writeAll(
      run,
      pending,
      (tx, { id, record }) => this.translations.write(tx, run, kind, id, record, language),
      (item, result) => reportTranslation(run, kind, item.id, language, result),
    );
    return result.failures;
  }

  /**
   * Source records into this database, counted and reported: those unchanged told on a snapshot,
   * the protected ones read unlocked and the authors looked up, all before the write units, which
   * take the rest up to 25 to a unit (`import-units.ts`).
   */
  private async importRecords(run: Run, kind: ImportKind, records: readonly SourceRecord[]): Promise<void> {
    const pending: PendingRecord[] = [];
    for (const record of records) {
      const id = sourceId(record);
      if (id === undefined) {
        run.report.skipped.push({ kind, sourceId: 0, text: 'a record without an id' });
        countRecord(run, kind, 'skipped');
      } else if (!run.seen[kind].has(id)) {
        run.seen[kind].add(id);
        if (kind === 'event') this.seeEmbedded(run, record);
        // Most records of a re-run are unchanged: told from a snapshot, without taking the write lock.
        const unchanged = await this.records.unchanged(run, kind, record, id);
        if (unchanged) reportRecord(run, kind, id, unchanged);
        else pending.push({ id, record, protectedOnSource: false });
      }
    }
    // Read before the write units: no request is made while one holds the write lock.
    const unreadable = new Set<number>();
    if (run.source.authenticated) {
      await Promise.all(
        pending.map(async (item, index) => {
          if (!isStripped(item.record, kind)) return;
          try {
            const unlocked = await readProtected(run, kind, item.id);
            if (unlocked) pending[index] = { id: item.id, record: unlocked, protectedOnSource: true };
          } catch (error) {
            // Not "not given": the source failed, and the next run asks again.
            if (!(error instanceof SourceError)) throw error;
            unreadable.add(item.id);
            reportRecord(run, kind, item.id, {
              outcome: 'failed',
              reason: `password-protected, and reading it with context=edit failed: ${error.message}`,
              notes: [],
            });
          }
        }),
      );
    }
    const writable = pending.filter((item) => !unreadable.has(item.id));
    await this.authors.resolve(
      run,
      writable.map((item) => item.record),
    );
    await this.units.writeAll(
      run,
      writable,
      (tx, item) => this.records.write(tx, run, kind, item),
      (item, result) => reportRecord(run, kind, item.id, result),
    );
  }

  /**
   * The venues, organizers and terms an event shows exist on the source, whether their archives
   * list them or not (drafts read anonymously): never taken for deleted, even when the event is unchanged.
   */
  private seeEmbedded(run: Run, event: SourceRecord): void {
    for (const kind of ['venue', 'organizer'] as const)
      for (const record of embeddedRecords(event[kind])) run.seen[kind].add(sourceId(record)!);
    for (const [kind, field] of [
      ['category', 'categories'],
      ['tag', 'tags'],
    ] as const)
      for (const term of embeddedTerms(event[field])) run.seen[kind].add(sourceId(term)!);
  }
}
