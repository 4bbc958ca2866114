import type { Caller } from '../../auth/roles.ts';
import { generateAccountPassword } from '../../auth/passwords.ts';
import { UserInputError, type UsersService } from '../../auth/users.service.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, Storage, WriteTx } from '../../storage/database.ts';
import type { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import type { ImportMapRow, TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import type { TecImportKind } from '../../storage/tables.ts';
import type { EventsService } from '../events/events.service.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import { readCustomFields } from '../events/custom-fields.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import type { LinkedRecordCreateInput } from '../linked-records/linked-records.schemas.ts';
import type { ImportedPlacement } from '../posts/post-records.ts';
import { isAbsoluteUrl } from '../posts/post-writer.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { TermsService } from '../terms/terms.service.ts';
import {
  coordinate, decodeEntities, embeddedRecords, embeddedTerms, sourceStartAndEnd, flag, imageFacts, imageUrl, importableStatus, isStripped,
  hasTranslationFields, ORGANIZER_FIELDS, modifiedUtc, sourceAuthor, sourceDate, sourceId, storedCost, text, translationLanguages, translationLinks, userFromSource,
  VENUE_FIELDS, wireDate, type SourceRecord, type TranslationLink,
} from './tec-records.ts';
import { answeredRecord, SourceError, type PageFailure, type SourceAnswer, type TecSource } from './tec-source.ts';

/*
 * `import-tec` (decision 0030): copies a The Events Calendar site through its REST API into this
 * service, through the services' own rules. Each record is written in a unit of work of its own
 * together with its row of the id map, so an interrupted run leaves no half-written record and
 * the next run finds what was done; a re-run writes only what changed on the source since.
 */

export type ImportKind = TecImportKind;
export type Outcome = 'created' | 'updated' | 'unchanged' | 'skipped' | 'failed';
export const OUTCOMES: readonly Outcome[] = ['created', 'updated', 'unchanged', 'skipped', 'failed'];

/** The kinds in the order they are copied: terms (parents first) and linked records before the events that use them. */
export const IMPORT_KINDS: readonly ImportKind[] = ['category', 'tag', 'venue', 'organizer', 'event'];
const COLLECTIONS: Readonly<Record<ImportKind, string>> = { category: 'categories', tag: 'tags', venue: 'venues', organizer: 'organizers', event: 'events' };
/**
 * WordPress' core route of each kind (TEC shows its post types and categories there for the block
 * editor), where multilingual plugins show which posts and terms translate which.
 */
const CORE_ROUTES: Readonly<Record<ImportKind, string>> = { category: '/wp/v2/tribe_events_cat', tag: '/wp/v2/tags', venue: '/wp/v2/tribe_venue', organizer: '/wp/v2/tribe_organizer', event: '/wp/v2/tribe_events' };
/** Removed in this order: events first, so that their links go before the records they link. */
const REMOVAL_ORDER: readonly ImportKind[] = ['event', 'venue', 'organizer', 'tag', 'category'];

/** The widest date window the archive takes, so past and far-future events are listed (the default is from yesterday on). */
export const EVENT_WINDOW = { start_date: '1900-01-01 00:00:00', end_date: '2999-12-31 23:59:59' } as const;
const PER_PAGE = '50';
/**
 * What this importer carries, as a number raised whenever it learns to copy more of a record
 * (2: authors, custom fields, image metadata, protected venues and organizers). A record an older
 * revision copied is written again by the next run, though the source did not change it.
 */
const IMPORT_REVISION = 2;

/** Whether the copy was written from this `modified` of the source record by this revision of the importer. */
const copiedAsIs = (entry: ImportMapRow | undefined, modified: string): boolean =>
  entry !== undefined && modified !== '' && entry.source_modified === modified && entry.revision >= IMPORT_REVISION;
/** Records written per unit of work (a page's worth, at most). */
const BATCH = 25;
/** Every status someone with credentials may list (wire-format 4.1.4). */
const ALL_STATUSES = 'publish,future,draft,pending,private';
const PROTECTED_ON_SOURCE = 'password-protected on the source: imported as a draft; set a password and publish it';
const PROTECTED_LINKED_ON_SOURCE = 'password-protected on the source: protected here with a new password no one is told; set the source\'s (post_password) for visitors who know it';

export interface ImportProgress {
  /** An archive's size once its first page said it (undefined when that page failed). */
  start(kind: ImportKind, total: number | undefined): void;
  advance(kind: ImportKind, outcome: Outcome): void;
  /** A retry, a fallback, a failed page: one line of text. */
  note(line: string): void;
  stop(): void;
}

export interface ImportOptions {
  /** Who writes: an administrator, whose rules (and unfiltered HTML) the records are written under. */
  readonly caller: Caller;
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
}

export interface RecordNote {
  readonly kind: ImportKind;
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

interface RecordResult {
  readonly outcome: Outcome;
  readonly targetId?: number;
  readonly reason?: string;
  readonly notes: readonly string[];
}

/** Thrown at the end of a dry run's unit of work to roll it back, carrying what the unit did. */
class DryRunRollback extends Error {
  constructor(readonly results: RecordResult[]) {
    super('dry run');
  }
}

/** What the run knows while it runs. */
interface Run {
  readonly source: TecSource;
  readonly options: ImportOptions;
  readonly keepsIds: boolean;
  readonly report: ImportReport;
  readonly seen: Record<ImportKind, Set<number>>;
  /** Source author → user here (undefined: the importing user), each looked up once however many pages ask. */
  readonly authors: Map<number, Promise<number | undefined>>;
}

/** A source record to write, and whether the source protects it with a password (read unlocked with `context=edit`). */
interface PendingRecord {
  readonly id: number;
  readonly record: SourceRecord;
  readonly protectedOnSource: boolean;
}

/** The source's publication and modification dates, which the copy keeps (decision 0030). */
function sourceDates(record: SourceRecord): Pick<ImportedPlacement, 'published' | 'modified'> {
  const published = sourceDate(record, 'date');
  const modified = sourceDate(record, 'modified');
  return { ...(published ? { published } : {}), ...(modified ? { modified } : {}) };
}

/** A translation written here leaves the record's modification date the source's. */
const keptModified = (post: { readonly modified_local: string; readonly modified_utc: string }): ImportedPlacement => ({ modified: { local: post.modified_local, utc: post.modified_utc } });

/** `work` on each item, one after the other (the items of one unit of work share its connection). */
async function mapSerially<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const item of items) results.push(await work(item));
  return results;
}

const emptyCounts = (): Record<Outcome, number> => ({ created: 0, updated: 0, unchanged: 0, skipped: 0, failed: 0 });

/**
 * The record a service's `find` gives, or undefined when it answers that there is none (its
 * `rest_invalid_param`); any other error is thrown on.
 */
async function foundOrNone<T>(find: Promise<T>): Promise<T | undefined> {
  try {
    return await find;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rest_invalid_param') return undefined;
    throw error;
  }
}

function describe(error: unknown): string {
  if (error instanceof ApiError) {
    const params = (error.data as { params?: Record<string, unknown> }).params;
    return params ? `${error.message} ${Object.entries(params).map(([name, message]) => `${name}: ${String(message)}`).join('; ')}` : error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

export class TecImportService {
  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write' | 'touchContent' | 'dialect'>,
    private readonly services: {
      readonly events: EventsService;
      readonly venues: LinkedRecordsService;
      readonly organizers: LinkedRecordsService;
      readonly terms: TermsService;
      readonly users: UsersService;
    },
    private readonly repository: TecImportRepository,
    private readonly images: ImagesRepository,
    private readonly clock: Clock,
  ) {}

  async run(source: TecSource, options: ImportOptions): Promise<ImportReport> {
    const started = Date.now();
    const keepsIds = await this.begin(source.base, options.dryRun === true);
    const report: ImportReport = {
      source: source.base, keepsIds, dryRun: options.dryRun === true,
      counts: Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, emptyCounts()])) as ImportReport['counts'],
      translations: Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, emptyCounts()])) as ImportReport['translations'],
      skipped: [], failed: [], notes: [], failedPages: [], deleted: [], authors: [], idMap: [], complete: false, seconds: 0,
    };
    const run: Run = { source, options, keepsIds, report, seen: Object.fromEntries(IMPORT_KINDS.map((kind) => [kind, new Set<number>()])) as Run['seen'], authors: new Map() };
    const listedWhole = new Set<ImportKind>();
    for (const kind of IMPORT_KINDS) if (await this.importArchive(run, kind)) listedWhole.add(kind);
    for (const kind of REMOVAL_ORDER) if (listedWhole.has(kind)) await this.checkMissing(run, kind);
    const complete = listedWhole.size === IMPORT_KINDS.length;
    if (complete && !report.dryRun) await this.storage.write((tx) => this.repository.completeSource(tx, source.base, nowUtc(this.clock)));
    options.progress?.stop();
    return { ...report, complete, seconds: (Date.now() - started) / 1000 };
  }

  /** The source's row: a first run records whether this database is empty, which keeps the source's ids from then on. */
  private async begin(base: string, dryRun: boolean): Promise<boolean> {
    const work = async (tx: WriteTx) => {
      const known = await this.repository.source(tx, base);
      if (known) return known.keeps_ids === 1;
      const keepsIds = await this.repository.isEmpty(tx);
      if (!dryRun) await this.repository.addSource(tx, { source: base, keeps_ids: keepsIds ? 1 : 0, started_at: nowUtc(this.clock), completed_at: null });
      return keepsIds;
    };
    return this.storage.write(work);
  }

  /** Lists and writes one archive, then its translations; answers whether it was read whole. */
  private async importArchive(run: Run, kind: ImportKind): Promise<boolean> {
    const { source, options } = run;
    const collection = COLLECTIONS[kind];
    const terms = kind === 'category' || kind === 'tag';
    let params: Record<string, string> = terms
      ? { per_page: PER_PAGE, hide_empty: '0' }
      : { per_page: PER_PAGE, ...(kind === 'event' ? EVENT_WINDOW : {}), ...(source.authenticated ? { status: ALL_STATUSES } : {}) };
    const linked = await this.readTranslationLinks(run, kind);
    if (linked.failures.length > 0) {
      // Without every link, a translation's post would be copied as a record of its own: the archive waits for a run that reads them.
      this.reportFailedPages(run, linked.failures);
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
      for (const record of records) for (const language of translationLanguages(record, options.language)) listed.add(language);
      if (kind === 'category') held.push(...records);
      else await this.importRecords(run, kind, records);
    };
    let result = await source.archive(collection, params, onPage);
    const refused = result.failures[0];
    if (!terms && source.authenticated && result.total === undefined && refused?.status === 400) {
      // Credentials that may not list every status: the published records, said so.
      options.progress?.note(`${collection}: the credentials may not list drafts and private records (${refused.reason}); importing published ones only.`);
      params = { ...params, status: 'publish' };
      result = await source.archive(collection, params, onPage);
    }
    await this.importRecords(run, kind, parentsFirst(held));
    this.reportFailedPages(run, result.failures);
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
      this.reportFailedPages(run, await this.importTranslations(run, kind, { source: bySegment ? source.inLanguage(language) : source, params: inLanguage, bySegment }, language, links));
    }
    return result.failures.length === 0;
  }

  private reportFailedPages(run: Run, failures: readonly PageFailure[]): void {
    for (const failure of failures) {
      run.report.failedPages.push(failure);
      run.options.progress?.note(`${failure.collection} page ${failure.page} failed: ${failure.reason}; its records were not read.`);
    }
  }

  /**
   * The posts (or terms) of a kind that a multilingual plugin keeps one per language, each linked to
   * the record in the import's language it translates, as WordPress' core API shows them
   * (`/wp/v2/tribe_events`...: Polylang Pro's `lang` and `translations`, the WPML REST API plugin's
   * `wpml_current_locale` and `wpml_translations`). Empty for a site whose first page shows neither,
   * or whose core API does not list the kind (a 4xx); a page failing otherwise is answered.
   */
  private async readTranslationLinks(run: Run, kind: ImportKind): Promise<{ links: Map<number, TranslationLink>; failures: readonly PageFailure[] }> {
    const links = new Map<number, TranslationLink>();
    const post = kind !== 'category' && kind !== 'tag';
    const params = { per_page: '100', _fields: 'id,lang,translations,wpml_current_locale,wpml_translations', ...(post && run.source.authenticated ? { status: 'any' } : {}) };
    const onPage = async (records: SourceRecord[], _total: number | undefined, first: boolean) => {
      if (first && !records.some(hasTranslationFields)) return false;
      for (const record of records) for (const [id, link] of translationLinks(record, run.options.language)) links.set(id, link);
      return true;
    };
    let result = await run.source.coreArchive(CORE_ROUTES[kind], params, onPage);
    const refused = result.failures[0];
    if (result.total === undefined && refused?.status === 400 && post && run.source.authenticated) {
      const { status: _all, ...published } = params;
      result = await run.source.coreArchive(CORE_ROUTES[kind], published, onPage);
    }
    const status = result.total === undefined ? result.failures[0]?.status : undefined;
    const unanswered = status !== undefined && status < 500 && status !== 429;
    if (status === 401 || status === 403) {
      run.options.progress?.note(`${CORE_ROUTES[kind]} answered HTTP ${status}: a multilingual plugin's translation links could not be read; posts kept per language, if any, are copied as records of their own.`);
    }
    return { links, failures: unanswered ? [] : result.failures };
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
    run: Run, kind: ImportKind, { source, params, bySegment }: { source: TecSource; params: Record<string, string>; bySegment: boolean }, language: LanguageCode,
    links: ReadonlyMap<number, TranslationLink>,
  ): Promise<readonly PageFailure[]> {
    const read = new Set<number>();
    const pending: { id: number; record: SourceRecord }[] = [];
    let elsewhere = 0;
    const originalOf = (record: SourceRecord, id: number): number | undefined => {
      const link = links.get(id);
      if (link) return link.language === language ? link.original : undefined;
      const sameRecord = Array.isArray(record.translations) ? translationLanguages(record, run.options.language).includes(language) : bySegment;
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
        const change = await this.storage.read((tx) => this.translationChange(tx, run, kind, original, record, language));
        if (!change) elsewhere++;
        else if (Object.keys(change.text).length === 0) this.countTranslation(run, kind, 'unchanged');
        else pending.push({ id: original, record });
      }
    });
    if (elsewhere > 0) {
      run.options.progress?.note(`${COLLECTIONS[kind]} in ${language}: ${elsewhere} records are no record copied here (posts of their own in that language that no multilingual plugin links to one in ${run.options.language}); their text was not copied.`);
    }
    const write = (tx: WriteTx, { id, record }: { id: number; record: SourceRecord }) => this.writeTranslation(tx, run, kind, id, record, language);
    for (let from = 0; from < pending.length; from += BATCH) {
      const batch = pending.slice(from, from + BATCH);
      const results = batch.length > 1 ? await this.unit(run, (tx) => mapSerially(batch, (item) => write(tx, item)), true) : undefined;
      for (const [index, item] of batch.entries()) {
        const outcome = results?.[index] ?? (await this.unit(run, async (tx) => [await write(tx, item)], false))[0]!;
        for (const note of outcome.notes) run.report.notes.push({ kind, sourceId: item.id, text: `${language}: ${note}` });
        if (outcome.outcome === 'failed') run.report.failed.push({ kind, sourceId: item.id, text: `translation ${language}: ${outcome.reason ?? ''}` });
        this.countTranslation(run, kind, outcome.outcome);
      }
    }
    return result.failures;
  }

  private countTranslation(run: Run, kind: ImportKind, outcome: Outcome): void {
    run.report.translations[kind][outcome]++;
  }

  /**
   * The translated fields whose text here (read in `language`, falling back to the original as the
   * source does) differs from the source's, and whether the record has that translation yet;
   * undefined when the record was not copied here. The fields are those the services translate
   * (decisions.md section 5): an event's title, description, excerpt and slug; a venue's or
   * organizer's name and description (its translated slug follows from the name); a term's name,
   * description and slug.
   */
  private async translationChange(tx: ReadTx, run: Run, kind: ImportKind, id: number, record: SourceRecord, language: LanguageCode): Promise<{ targetId: number; exists: boolean; text: Record<string, string> } | undefined> {
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    if (!entry) return undefined;
    const name = decodeEntities(text(record[kind === 'event' ? 'title' : kind === 'category' || kind === 'tag' ? 'name' : kind])).trim();
    let here: { readonly languages: { readonly translations: readonly string[] }; readonly fields: Record<string, string> } | undefined;
    if (kind === 'event') {
      const row = (await this.services.events.current(tx, entry.target_id, language))?.row;
      if (row) here = { languages: row.languages, fields: { title: row.post.title, description: row.post.content, excerpt: row.post.excerpt, slug: row.post.slug } };
    } else if (kind === 'venue' || kind === 'organizer') {
      const row = (await this.linkedService(kind).localizedMany(tx, [entry.target_id], language))[0];
      if (row) here = { languages: row.languages, fields: { [kind]: row.post.title, description: row.post.content } };
    } else {
      const row = await this.services.terms.lookup(tx, kind === 'category' ? CATEGORY : TAG, entry.target_id);
      const view = row && (await this.services.terms.localize(tx, [{ row }], language))[0];
      if (view) here = { languages: view.languages, fields: { name: view.row.name, description: view.row.description, slug: view.row.slug } };
    }
    if (!here) return undefined;
    const source: Record<string, string> = { [Object.keys(here.fields)[0]!]: name, description: text(record.description), excerpt: text(record.excerpt), slug: text(record.slug) };
    // An empty name or slug is no translation of it: the field is left to fall back.
    const changed = Object.keys(here.fields).filter((field) => source[field] !== here.fields[field] && !(source[field] === '' && (field === 'slug' || field === Object.keys(here.fields)[0])));
    return { targetId: entry.target_id, exists: here.languages.translations.includes(language), text: Object.fromEntries(changed.map((field) => [field, source[field]!])) };
  }

  /** Writes one translation through its service in `language`; a term's slug another term holds there is left out (reported). */
  private async writeTranslation(tx: WriteTx, run: Run, kind: ImportKind, id: number, record: SourceRecord, language: LanguageCode): Promise<RecordResult> {
    const change = await this.translationChange(tx, run, kind, id, record, language);
    if (!change) return { outcome: 'skipped', reason: 'the record was not copied', notes: [] };
    if (Object.keys(change.text).length === 0) return { outcome: 'unchanged', targetId: change.targetId, notes: [] };
    const { caller } = run.options;
    const notes: string[] = [];
    if (kind === 'event') {
      const row = await this.services.events.lookup(tx, { id: change.targetId });
      if (row) await this.services.events.update(tx, row, change.text, caller, language, keptModified(row.post));
    } else if (kind === 'venue' || kind === 'organizer') {
      const service = this.linkedService(kind);
      const row = await service.find(tx, { id: change.targetId });
      await service.update(tx, row, change.text, caller, language, keptModified(row.post));
    } else {
      const definition = kind === 'category' ? CATEGORY : TAG;
      const row = await this.services.terms.find(tx, definition, change.targetId);
      try {
        await this.services.terms.update(tx, definition, row, change.text, language, caller);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'duplicate_term_slug' && change.text.slug !== undefined)) throw error;
        const { slug, ...rest } = change.text;
        if (Object.keys(rest).length > 0) await this.services.terms.update(tx, definition, row, rest, language, caller);
        notes.push(`translated slug "${slug}" is taken here: left out`);
      }
    }
    return { outcome: change.exists ? 'updated' : 'created', targetId: change.targetId, notes };
  }

  /**
   * Source records into this database, counted and reported. Those that need writing go in units
   * of up to BATCH records, each with its map rows (fewer commits and lock round trips); a unit
   * that fails is run again a record per unit, so one bad record fails alone.
   */
  private async importRecords(run: Run, kind: ImportKind, records: readonly SourceRecord[]): Promise<void> {
    const pending: PendingRecord[] = [];
    for (const record of records) {
      const id = sourceId(record);
      if (id === undefined) {
        run.report.skipped.push({ kind, sourceId: 0, text: 'a record without an id' });
        this.count(run, kind, 'skipped');
      } else if (!run.seen[kind].has(id)) {
        run.seen[kind].add(id);
        if (kind === 'event') this.seeEmbedded(run, record);
        // Most records of a re-run are unchanged: told from a snapshot, without taking the write lock.
        const unchanged = await this.unchanged(run, kind, record, id);
        if (unchanged) this.record(run, kind, id, unchanged);
        else pending.push({ id, record, protectedOnSource: false });
      }
    }
    // Read before the write units: no request is made while one holds the write lock.
    const unreadable = new Set<number>();
    if (run.source.authenticated) {
      await Promise.all(pending.map(async (item, index) => {
        if (!isStripped(item.record, kind)) return;
        try {
          const unlocked = await this.readProtected(run, kind, item.id);
          if (unlocked) pending[index] = { id: item.id, record: unlocked, protectedOnSource: true };
        } catch (error) {
          // Not "not given": the source failed, and the next run asks again.
          if (!(error instanceof SourceError)) throw error;
          unreadable.add(item.id);
          this.record(run, kind, item.id, { outcome: 'failed', reason: `password-protected, and reading it with context=edit failed: ${error.message}`, notes: [] });
        }
      }));
    }
    const writable = pending.filter((item) => !unreadable.has(item.id));
    await this.resolveAuthors(run, writable.map((item) => item.record));
    for (let from = 0; from < writable.length; from += BATCH) {
      const batch = writable.slice(from, from + BATCH);
      const results = batch.length > 1 ? await this.unit(run, (tx) => mapSerially(batch, (item) => this.upsert(tx, run, kind, item)), true) : undefined;
      for (const [index, item] of batch.entries()) {
        this.record(run, kind, item.id, results?.[index] ?? (await this.unit(run, async (tx) => [await this.upsert(tx, run, kind, item)], false))[0]!);
      }
    }
  }

  /**
   * A password-protected event, venue or organizer as its editors read it: archives strip its
   * fields for everyone without `context=edit` (wire-format 2.9, 7.4), which the administrator's
   * credentials lift. The record does not tell the password. Undefined when the source answers
   * without giving it unstripped (a 4xx: these credentials may not); a request that failed after
   * its retries throws its SourceError.
   */
  private async readProtected(run: Run, kind: ImportKind, id: number): Promise<SourceRecord | undefined> {
    const answer = await run.source.get(`${COLLECTIONS[kind]}/${id}`, { context: 'edit' });
    const body = answeredRecord(answer, id);
    return body && !isStripped(body, kind) ? body : undefined;
  }

  /**
   * The venues, organizers and terms an event shows exist on the source, whether their archives
   * list them or not (drafts read anonymously): never taken for deleted, even when the event is unchanged.
   */
  private seeEmbedded(run: Run, event: SourceRecord): void {
    for (const kind of ['venue', 'organizer'] as const) for (const record of embeddedRecords(event[kind])) run.seen[kind].add(sourceId(record)!);
    for (const [kind, field] of [['category', 'categories'], ['tag', 'tags']] as const) for (const term of embeddedTerms(event[field])) run.seen[kind].add(sourceId(term)!);
  }

  /**
   * The users here who write the records' authors (and those of the venues and organizers an event
   * embeds), each source author looked up on the source once per run: a user of the same login or
   * e-mail here writes their records, else one is made (decision 0030). An author the source failed
   * to answer for is a rejected lookup: their records fail this run (`authorInput`), and the next
   * run asks again.
   */
  private async resolveAuthors(run: Run, records: readonly SourceRecord[]): Promise<void> {
    const waits: Promise<number | undefined>[] = [];
    for (const record of records) {
      for (const item of [record, ...embeddedRecords(record.venue), ...embeddedRecords(record.organizer)]) {
        const id = sourceAuthor(item);
        if (id === undefined) continue;
        if (!run.authors.has(id)) run.authors.set(id, this.localAuthor(run, id));
        // Awaited even when another page asked first: a unit awaiting it would hold the write lock its creation needs.
        waits.push(run.authors.get(id)!);
      }
    }
    await Promise.allSettled(waits);
  }

  /**
   * The user here for a source author. A new one gets the source's id when this import keeps ids
   * and it is free, and a password no one is told: the person signs in once an administrator makes
   * them an application password. A dry run makes none.
   */
  private async localAuthor(run: Run, id: number): Promise<number | undefined> {
    const { users } = this.services;
    const fallback = `records written by ${run.options.caller.login}`;
    const say = (text: string, targetId?: number) => {
      run.report.authors.push({ sourceId: id, ...(targetId === undefined ? {} : { targetId }), text });
      return targetId;
    };
    let shown: SourceRecord | undefined;
    try {
      shown = await run.source.user(id);
    } catch (error) {
      if (!(error instanceof SourceError)) throw error;
      say(`reading the user failed (${error.message}): their records fail this run`);
      throw new Error(`its author, user ${id} of the source, could not be read: ${error.message}`, { cause: error });
    }
    const wanted = shown && userFromSource(shown);
    if (!shown) return say(`the source does not show this user (/wp/v2/users/${id}): ${fallback}`);
    if (!wanted) return say(`no login this service accepts (${JSON.stringify(text(shown.username) || text(shown.slug))}): ${fallback}`);
    const existing = async () => (await users.userByLogin(wanted.login)) ?? (wanted.email === '' ? undefined : await users.userByLogin(wanted.email));
    const here = await existing();
    if (here) return say(`the user "${here.login}" here`, here.id);
    if (run.options.dryRun) return say(`would create the user "${wanted.login}" (${wanted.role})`);
    try {
      const { user } = await users.create({ ...wanted, ...(run.keepsIds ? { id } : {}) });
      return say(`created the user "${user.login}" (${user.role}) without a password: an administrator gives them an application password to sign in`, user.id);
    } catch (error) {
      // Another node or run made them in between.
      const made = error instanceof UserInputError ? await existing() : undefined;
      return made ? say(`the user "${made.login}" here`, made.id) : say(`creating the user "${wanted.login}" failed (${describe(error)}): ${fallback}`);
    }
  }

  /**
   * The image here for a source record's image, as an id (the services take a known one): the
   * source's metadata kept, and its attachment id when this import keeps ids and no image has it.
   */
  private async importedImage(tx: WriteTx, run: Run, image: unknown, url: string | null): Promise<number | null> {
    if (url === null) return null;
    const { id, ...metadata } = imageFacts(image, url);
    return this.images.putImported(tx, url, run.keepsIds && id !== undefined ? { id, ...metadata } : metadata, nowUtc(this.clock));
  }

  /** The user here who writes a source record: its author's, when they have one; throws when the source failed to answer for them. */
  private async authorInput(run: Run, record: SourceRecord): Promise<{ author?: number }> {
    const id = sourceAuthor(record);
    const author = id === undefined ? undefined : await run.authors.get(id);
    return author === undefined ? {} : { author };
  }

  private record(run: Run, kind: ImportKind, id: number, result: RecordResult): void {
    for (const note of result.notes) run.report.notes.push({ kind, sourceId: id, text: note });
    if (result.outcome === 'skipped') run.report.skipped.push({ kind, sourceId: id, text: result.reason ?? '' });
    if (result.outcome === 'failed') run.report.failed.push({ kind, sourceId: id, text: result.reason ?? '' });
    if (result.outcome === 'created' && result.targetId !== undefined && result.targetId !== id) run.report.idMap.push({ kind, sourceId: id, targetId: result.targetId });
    this.count(run, kind, result.outcome);
  }

  /** Unchanged when a post-like record was copied as it is on the source (`copiedAsIs`) and its copy is still here. */
  private async unchanged(run: Run, kind: ImportKind, record: SourceRecord, id: number): Promise<RecordResult | undefined> {
    if (kind === 'category' || kind === 'tag') return undefined;
    const modified = modifiedUtc(record);
    return this.storage.read(async (tx) => {
      const entry = await this.repository.entry(tx, run.source.base, kind, id);
      if (!entry || !copiedAsIs(entry, modified)) return undefined;
      const present = kind === 'event' ? (await this.services.events.lookup(tx, { id: entry.target_id })) !== undefined : (await this.linkedService(kind).localizedMany(tx, [entry.target_id], run.options.language)).length > 0;
      return present ? { outcome: 'unchanged', targetId: entry.target_id, notes: [] } : undefined;
    });
  }

  private count(run: Run, kind: ImportKind, outcome: Outcome): void {
    run.report.counts[kind][outcome]++;
    run.options.progress?.advance(kind, outcome);
  }

  /**
   * A write unit that commits records with their map rows and the content version, or rolls back
   * on a dry run. A failure fails the one record of a single unit; a batch's answers undefined, to
   * be run again record by record.
   */
  private async unit(run: Run, work: (tx: WriteTx) => Promise<RecordResult[]>, batch: true): Promise<RecordResult[] | undefined>;
  private async unit(run: Run, work: (tx: WriteTx) => Promise<RecordResult[]>, batch: false): Promise<RecordResult[]>;
  private async unit(run: Run, work: (tx: WriteTx) => Promise<RecordResult[]>, batch: boolean): Promise<RecordResult[] | undefined> {
    try {
      return await this.storage.write(async (tx) => {
        // A dry run recorded no source: its map rows need one, rolled back with them.
        if (run.options.dryRun && !(await this.repository.source(tx, run.source.base))) {
          await this.repository.addSource(tx, { source: run.source.base, keeps_ids: run.keepsIds ? 1 : 0, started_at: nowUtc(this.clock), completed_at: null });
        }
        const results = await work(tx);
        if (results.some((result) => result.outcome === 'created' || result.outcome === 'updated')) {
          if (run.keepsIds) await this.storage.dialect.raiseIdSequences(tx);
          await this.storage.touchContent(tx, this.clock.now());
        }
        if (run.options.dryRun) throw new DryRunRollback(results);
        return results;
      });
    } catch (error) {
      if (error instanceof DryRunRollback) return error.results;
      return batch ? undefined : [{ outcome: 'failed', reason: describe(error), notes: [] }];
    }
  }

  private upsert(tx: WriteTx, run: Run, kind: ImportKind, { record, protectedOnSource }: PendingRecord): Promise<RecordResult> {
    switch (kind) {
      case 'category':
        return this.upsertTerm(tx, run, CATEGORY, record);
      case 'tag':
        return this.upsertTerm(tx, run, TAG, record);
      case 'venue':
      case 'organizer':
        return this.upsertLinked(tx, run, kind, record, protectedOnSource);
      case 'event':
        return this.upsertEvent(tx, run, record, protectedOnSource);
    }
  }

  // Terms.

  private async upsertTerm(tx: WriteTx, run: Run, definition: TaxonomyDefinition, record: SourceRecord): Promise<RecordResult> {
    const { terms } = this.services;
    const { caller, language } = run.options;
    const kind = definition.taxonomy;
    const id = sourceId(record)!;
    const name = decodeEntities(text(record.name)).trim();
    if (name === '') return { outcome: 'skipped', reason: 'empty name', notes: [] };
    const notes: string[] = [];
    let parent = 0;
    const sourceParent = Number(record.parent ?? 0);
    if (definition.hierarchical && sourceParent > 0) {
      const mapped = await this.repository.entry(tx, run.source.base, kind, sourceParent);
      if (mapped) parent = mapped.target_id;
      else notes.push(`parent ${sourceParent} not found on the source: made a top-level ${definition.taxonomy}`);
    }
    const slug = text(record.slug) || undefined;
    const description = text(record.description);
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    const current = entry ? await terms.lookup(tx, definition, entry.target_id) : undefined;
    if (current) {
      // A slug another term holds here stays as it was made (reported when it was).
      const slugHolder = slug === undefined || current.slug === slug ? undefined : (await terms.idsOf(tx, definition, [slug]))?.[0];
      const changes = {
        ...(current.name !== name ? { name } : {}),
        ...(slug !== undefined && current.slug !== slug && (slugHolder === undefined || slugHolder === current.id) ? { slug } : {}),
        ...(current.description !== description ? { description } : {}),
        ...(definition.hierarchical && current.parent_id !== parent ? { parent } : {}),
      };
      if (Object.keys(changes).length === 0) return { outcome: 'unchanged', targetId: current.id, notes };
      await terms.update(tx, definition, current, changes, language, caller);
      return { outcome: 'updated', targetId: current.id, notes };
    }
    if (entry) notes.push(`${definition.taxonomy} ${entry.target_id} it was copied to is gone here: copied again`);
    const placement = await this.placement(tx, run, kind, id);
    const input = { name, description, ...(definition.hierarchical ? { parent } : {}) };
    let targetId: number;
    try {
      targetId = (await terms.create(tx, definition, { ...input, ...(slug ? { slug } : {}) }, language, caller, placement)).row.id;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'term_exists') {
        // A term of this name (and parent) is here already: the source's is taken to be it.
        targetId = Number((error.data as { term_id?: unknown }).term_id);
        notes.push(`a ${definition.taxonomy} named "${name}" exists here (id ${targetId}): mapped to it`);
      } else if (error.code === 'duplicate_term_slug') {
        const created = await terms.create(tx, definition, input, language, caller, placement);
        targetId = created.row.id;
        notes.push(`slug "${slug}" is taken here: stored as "${created.row.slug}"`);
      } else throw error;
    }
    await this.mapped(tx, run, kind, id, targetId, '');
    return { outcome: 'created', targetId, notes };
  }

  // Venues and organizers.

  private linkedService(kind: 'venue' | 'organizer'): LinkedRecordsService {
    return kind === 'venue' ? this.services.venues : this.services.organizers;
  }

  /**
   * A password-protected venue or organizer (`protectedOnSource`, read unlocked) stays protected:
   * its copy gets a password of its own, which no one is told, unless it has one here already (its
   * readers see it stripped as on the source; its editors in full). A venue drafted instead would
   * drop out of its events' answers.
   */
  private async upsertLinked(tx: WriteTx, run: Run, kind: 'venue' | 'organizer', record: SourceRecord, protectedOnSource = false): Promise<RecordResult> {
    const service = this.linkedService(kind);
    const { caller, language } = run.options;
    const id = sourceId(record)!;
    const name = decodeEntities(text(record[kind])).trim();
    // A protected record's name reads `[]` to those who may not see it (wire-format 2.9, quirk).
    if (Array.isArray(record[kind])) {
      const hint = run.source.authenticated ? 'the source did not give them with context=edit' : 'give --user and --app-password';
      return { outcome: 'skipped', reason: `password-protected: its fields are hidden from this reader (${hint})`, notes: [] };
    }
    if (name === '') return { outcome: 'skipped', reason: 'empty name', notes: [] };
    const status = importableStatus(record);
    if (!status) return { outcome: 'skipped', reason: `status "${text(record.status)}" cannot be imported`, notes: [] };
    const notes: string[] = [];
    const modified = modifiedUtc(record);
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    const current = entry ? (await service.localizedMany(tx, [entry.target_id], language))[0] : undefined;
    const skip = this.unchangedOrNotSince(run, entry, modified, current !== undefined);
    if (skip) return { ...skip, ...(current ? { targetId: current.post.id } : {}) };
    const image = imageUrl(record.image);
    if (image.problem) notes.push(image.problem);
    const fields: Record<string, unknown> = {};
    for (const field of kind === 'venue' ? VENUE_FIELDS : ORGANIZER_FIELDS) fields[field] = text(record[field]);
    if (fields.website !== '' && !isAbsoluteUrl(String(fields.website))) {
      notes.push(`website ${JSON.stringify(fields.website)} is not an http(s) URL: left out`);
      fields.website = '';
    }
    if (kind === 'venue') {
      Object.assign(fields, { show_map: record.show_map !== false, show_map_link: record.show_map_link !== false, geo_lat: coordinate(record.geo_lat, 90), geo_lng: coordinate(record.geo_lng, 180) });
    }
    const protect = protectedOnSource && (current === undefined || current.post.password === '');
    if (protect) notes.push(PROTECTED_LINKED_ON_SOURCE);
    const input = {
      [kind]: name,
      description: text(record.description),
      status,
      ...(protect ? { post_password: generateAccountPassword() } : {}),
      ...(await this.authorInput(run, record)),
      ...(wireDate(record.date_utc) ? { date_utc: wireDate(record.date_utc) } : {}),
      image: await this.importedImage(tx, run, record.image, image.url),
      ...fields,
    } as LinkedRecordCreateInput;
    await service.validateWrite(tx, input, caller);
    const slug = text(record.slug) || undefined;
    let targetId: number;
    let outcome: Outcome;
    if (current) {
      const movesSlug = slug !== undefined && slug !== current.post.slug && (await this.slugFree(foundOrNone(service.find(tx, { slug })), current.post.id));
      const updated = await service.update(tx, current, input, caller, language, { ...(movesSlug ? { slug } : {}), ...sourceDates(record) });
      targetId = current.post.id;
      outcome = 'updated';
      if (movesSlug && updated.post.slug !== slug) notes.push(`slug "${slug}" is taken here: stored as "${updated.post.slug}"`);
    } else {
      if (entry) notes.push(`${kind} ${entry.target_id} it was copied to is gone here: copied again`);
      const created = await service.create(tx, input, caller, language, { ...(await this.placement(tx, run, kind, id)), ...(slug === undefined ? {} : { slug }), ...sourceDates(record) });
      targetId = created.post.id;
      outcome = 'created';
      if (slug !== undefined && created.post.slug !== slug) notes.push(`slug "${slug}" is taken here: stored as "${created.post.slug}"`);
    }
    await this.mapped(tx, run, kind, id, targetId, modified);
    return { outcome, targetId, notes };
  }

  // Events.

  /**
   * A password-protected event (`protectedOnSource`, read unlocked) is written as a draft: its
   * password is not on the wire, and published here its text would be public. A copy someone gave
   * a password here keeps the source's status.
   */
  private async upsertEvent(tx: WriteTx, run: Run, record: SourceRecord, protectedOnSource = false): Promise<RecordResult> {
    const { events } = this.services;
    const { caller, language } = run.options;
    const id = sourceId(record)!;
    const title = decodeEntities(text(record.title)).trim();
    if (isStripped(record, 'event')) {
      const hint = run.source.authenticated ? 'the source did not give them with context=edit' : 'give --user and --app-password';
      return { outcome: 'skipped', reason: `password-protected: its fields are hidden from this reader (${hint})`, notes: [] };
    }
    if (title === '') return { outcome: 'skipped', reason: 'empty title', notes: [] };
    const sourceStatus = importableStatus(record);
    if (!sourceStatus) return { outcome: 'skipped', reason: `status "${text(record.status)}" cannot be imported`, notes: [] };
    const startAndEnd = sourceStartAndEnd(record);
    if (!startAndEnd) return { outcome: 'skipped', reason: 'no start date', notes: [] };
    const modified = modifiedUtc(record);
    const entry = await this.repository.entry(tx, run.source.base, 'event', id);
    const current = entry ? await events.lookup(tx, { id: entry.target_id }) : undefined;
    const skip = this.unchangedOrNotSince(run, entry, modified, current !== undefined);
    if (skip) return { ...skip, ...(current ? { targetId: current.post.id } : {}) };

    const notes: string[] = startAndEnd.fixed ? [startAndEnd.fixed] : [];
    const drafted = protectedOnSource && (current === undefined || current.post.password === '');
    if (drafted) notes.push(PROTECTED_ON_SOURCE);
    const status = drafted ? 'draft' : sourceStatus;
    const image = imageUrl(record.image);
    if (image.problem) notes.push(image.problem);
    // A website never set shows the event's own permalink (wire-format 2.1): left unset here too.
    const website = text(record.website);
    const websiteInput = website === text(record.url) ? {} : isAbsoluteUrl(website) || website === '' ? { website } : {};
    if (website !== '' && website !== text(record.url) && !isAbsoluteUrl(website)) notes.push(`website ${JSON.stringify(website)} is not an http(s) URL: left out`);
    const linked = async (kind: 'venue' | 'organizer') => {
      const ids: number[] = [];
      for (const embedded of embeddedRecords(record[kind])) {
        const target = await this.linkedTarget(tx, run, kind, embedded, notes);
        if (target !== undefined) ids.push(target);
      }
      return ids;
    };
    const termIds = async (definition: TaxonomyDefinition, value: unknown) => {
      const ids: number[] = [];
      for (const embedded of embeddedTerms(value)) {
        const target = await this.termTarget(tx, run, definition, embedded, notes);
        if (target !== undefined) ids.push(target);
      }
      return ids;
    };
    const customFields = readCustomFields(record.custom_fields ?? null);
    for (const problem of customFields.problems) notes.push(`custom fields: ${problem} Left out.`);
    const slug = text(record.slug) || undefined;
    // On update, a slug another event holds here stays as it was made (reported when it was).
    const sendsSlug = slug !== undefined && (!current || (slug !== current.post.slug && (await this.slugFree(events.lookup(tx, { slug }), current.post.id))));
    const input: EventCreateInput = {
      title,
      description: text(record.description),
      excerpt: text(record.excerpt),
      ...(sendsSlug ? { slug } : {}),
      status,
      ...(await this.authorInput(run, record)),
      ...(wireDate(record.date_utc) ? { date_utc: wireDate(record.date_utc) } : {}),
      ...(text(record.timezone) ? { timezone: text(record.timezone) } : {}),
      all_day: flag(record.all_day),
      start_date: startAndEnd.start_date,
      end_date: startAndEnd.end_date,
      image: await this.importedImage(tx, run, record.image, image.url),
      cost: storedCost(record),
      ...websiteInput,
      show_map: flag(record.show_map),
      show_map_link: flag(record.show_map_link),
      hide_from_listings: flag(record.hide_from_listings),
      sticky: flag(record.sticky),
      featured: flag(record.featured),
      categories: await termIds(CATEGORY, record.categories),
      tags: await termIds(TAG, record.tags),
      venue: await linked('venue'),
      organizer: await linked('organizer'),
      custom_fields: customFields.fields,
    };
    await events.validateWrite(tx, input, caller);
    let written;
    let outcome: Outcome;
    if (current) {
      written = await events.update(tx, current, input, caller, language, sourceDates(record));
      outcome = 'updated';
    } else {
      if (entry) notes.push(`event ${entry.target_id} it was copied to is gone here: copied again`);
      written = await events.create(tx, input, caller, language, { ...(await this.placement(tx, run, 'event', id)), ...sourceDates(record) });
      outcome = 'created';
    }
    if (sendsSlug && written.post.slug !== slug) notes.push(`slug "${slug}" is taken here: stored as "${written.post.slug}"`);
    await this.mapped(tx, run, 'event', id, written.post.id, modified);
    return { outcome, targetId: written.post.id, notes };
  }

  /** The venue or organizer here for one an event embeds; one the archive did not list is copied from the event. */
  private async linkedTarget(tx: WriteTx, run: Run, kind: 'venue' | 'organizer', embedded: SourceRecord, notes: string[]): Promise<number | undefined> {
    const id = sourceId(embedded)!;
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    if (entry && (await this.linkedService(kind).localizedMany(tx, [entry.target_id], run.options.language)).length > 0) return entry.target_id;
    const result = await this.upsertLinked(tx, run, kind, embedded);
    notes.push(...result.notes.map((note) => `${kind} ${id}: ${note}`));
    if (result.targetId === undefined) {
      notes.push(`${kind} ${id} left out: ${result.reason ?? 'not importable'}`);
      return undefined;
    }
    if (result.outcome === 'created') notes.push(`${kind} ${id} was not listed by the source: copied from this event`);
    return result.targetId;
  }

  /** The term here for one an event embeds; one the archive did not list is copied from the event. */
  private async termTarget(tx: WriteTx, run: Run, definition: TaxonomyDefinition, embedded: SourceRecord, notes: string[]): Promise<number | undefined> {
    const id = sourceId(embedded)!;
    const entry = await this.repository.entry(tx, run.source.base, definition.taxonomy, id);
    if (entry) return entry.target_id;
    const result = await this.upsertTerm(tx, run, definition, embedded);
    notes.push(...result.notes.map((note) => `${definition.taxonomy} ${id}: ${note}`));
    if (result.targetId === undefined) {
      notes.push(`${definition.taxonomy} ${id} left out: ${result.reason ?? 'not importable'}`);
      return undefined;
    }
    notes.push(`${definition.taxonomy} ${id} was not listed by the source: copied from this event`);
    return result.targetId;
  }

  /** Where a source record went, at which `modified`, by this revision of the importer: in the record's own unit of work. */
  private async mapped(tx: WriteTx, run: Run, kind: ImportKind, sourceId: number, targetId: number, modified: string): Promise<void> {
    await this.repository.put(tx, { source: run.source.base, kind, source_id: sourceId, target_id: targetId, source_modified: modified, revision: IMPORT_REVISION });
  }

  /**
   * Unchanged when the source's `modified` is the one last written, by this revision of the
   * importer, and the record is still here; with --since, an older record is left as it is
   * (skipped when it was never copied).
   */
  private unchangedOrNotSince(run: Run, entry: ImportMapRow | undefined, modified: string, present: boolean): RecordResult | undefined {
    if (present && copiedAsIs(entry, modified)) return { outcome: 'unchanged', notes: [] };
    const { since } = run.options;
    if (since !== undefined && modified !== '' && modified < since) {
      return present ? { outcome: 'unchanged', notes: [] } : { outcome: 'skipped', reason: `not modified since ${since}`, notes: [] };
    }
    return undefined;
  }

  /** Whether the record a slug names here (looked up by `holder`) is none or the one being written. */
  private async slugFree(holder: Promise<{ post: { id: number } } | undefined>, id: number): Promise<boolean> {
    const found = await holder;
    return found === undefined || found.post.id === id;
  }

  /** The source's id for a new record when this import keeps ids and the id is free here. */
  private async placement(tx: WriteTx, run: Run, kind: ImportKind, id: number): Promise<{ id?: number }> {
    return run.keepsIds && !(await this.repository.idTaken(tx, kind, id)) ? { id } : {};
  }

  // Deletions.

  /**
   * Records copied before whose source record this run did not list: asked for one by one. One
   * still there (hidden from listings, out of the archive's reach) is copied as any other; one the
   * source no longer has is reported, and removed here with --prune.
   */
  private async checkMissing(run: Run, kind: ImportKind): Promise<void> {
    const { source, options, report } = run;
    const entries = await this.storage.read((tx) => this.repository.entries(tx, source.base, kind));
    for (const entry of entries.filter((row) => !run.seen[kind].has(row.source_id))) {
      let answer: SourceAnswer;
      try {
        answer = await source.get(`${COLLECTIONS[kind]}/${entry.source_id}`);
      } catch (error) {
        if (!(error instanceof SourceError)) throw error;
        report.failed.push({ kind, sourceId: entry.source_id, text: `not listed, and reading it failed (${error.message}): left as it is` });
        continue;
      }
      const still = answeredRecord(answer, entry.source_id);
      if (still) {
        await this.importRecords(run, kind, [still]);
        continue;
      }
      // Gone: not found, or in the trash (`event-no-longer-available`, as the original answers a trashed event).
      const code = (answer.body as { code?: unknown } | null)?.code;
      const gone = answer.status === 404 || answer.status === 410 || code === 'event-no-longer-available' || (answer.status === 400 && kind !== 'event');
      if (!gone) {
        report.notes.push({ kind, sourceId: entry.source_id, text: `not listed and not readable (HTTP ${answer.status}): left as it is` });
        continue;
      }
      const removed = options.prune === true && !options.dryRun && (await this.remove(run, kind, entry.target_id, entry.source_id));
      report.deleted.push({ kind, sourceId: entry.source_id, targetId: entry.target_id, removed });
    }
  }

  /** Removes a record whose source record was deleted, with its map row; false when it failed (reported). */
  private async remove(run: Run, kind: ImportKind, targetId: number, id: number): Promise<boolean> {
    const { caller, language } = run.options;
    const request = { caller, force: true, language, explicitLanguage: false };
    try {
      await this.storage.write(async (tx) => {
        if (kind === 'event') {
          const row = await this.services.events.lookup(tx, { id: targetId });
          if (row) await this.services.events.remove(tx, row, request);
        } else if (kind === 'venue' || kind === 'organizer') {
          const row = await foundOrNone(this.linkedService(kind).find(tx, { id: targetId }));
          if (row) await this.linkedService(kind).remove(tx, row, request);
        } else {
          const definition = kind === 'category' ? CATEGORY : TAG;
          const row = await this.services.terms.lookup(tx, definition, targetId);
          if (row) await this.services.terms.remove(tx, row, language, false);
        }
        await this.repository.forget(tx, run.source.base, kind, id);
        await this.storage.touchContent(tx, this.clock.now());
      });
      return true;
    } catch (error) {
      run.report.failed.push({ kind, sourceId: id, text: `removing ${kind} ${targetId}: ${describe(error)}` });
      return false;
    }
  }
}

/** Categories ordered so that every parent comes before its children (a parent not in the list counts as present). */
export function parentsFirst(records: readonly SourceRecord[]): SourceRecord[] {
  const byId = new Map(records.flatMap((record) => (sourceId(record) === undefined ? [] : [[sourceId(record)!, record] as const])));
  const placed = new Set<number>();
  const ordered: SourceRecord[] = [];
  const place = (record: SourceRecord, path: Set<number>) => {
    const id = sourceId(record);
    if (id === undefined || placed.has(id) || path.has(id)) return;
    path.add(id);
    const parent = byId.get(Number(record.parent ?? 0));
    if (parent) place(parent, path);
    placed.add(id);
    ordered.push(record);
  };
  for (const record of records) place(record, new Set());
  return ordered.concat(records.filter((record) => sourceId(record) === undefined));
}
