import { createHash } from 'node:crypto';
import type { Caller } from '../../auth/roles.ts';
import { filterHtml } from '../../content/html.ts';
import { ApiError } from '../../errors.ts';
import { yieldToEventLoop } from '../../event-loop.ts';
import { cutToLength, TEXT_LENGTHS } from '../../content/text-lengths.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import { throwIfUnitExpired } from '../../storage/write-units.ts';
import type { Clock } from '../../clock.ts';
import type { Deadline } from '../../deadline.ts';
import type { EventRow } from '../../storage/repositories/events.repository.ts';
import type { IcalImportEntry, IcalImportRepository } from '../../storage/repositories/ical-import.repository.ts';
import { storableId } from '../../storage/tables.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { EventSeries } from '../events/event-series.ts';
import type { EventWriter } from '../events/event-writer.ts';
import type { EventsService } from '../events/events.service.ts';
import {
  inZone,
  invalidCalendar,
  readCalendar,
  type ReadCalendar,
  type ReadEvent,
  type ReadTime,
} from './calendar-reader.ts';

/** An event the import wrote or found as it was; `recurrence_id` names an exception's original local start. */
export interface ImportedItem {
  readonly uid: string;
  readonly recurrence_id: string | null;
  readonly id: number;
  readonly title: string;
}

export interface SkippedItem {
  readonly uid: string;
  readonly recurrence_id: string | null;
  readonly line: number;
  readonly reason: string;
}

export interface ImportReport {
  readonly created: ImportedItem[];
  readonly updated: ImportedItem[];
  readonly unchanged: ImportedItem[];
  readonly skipped: SkippedItem[];
}

export interface ImportRequest {
  readonly caller: Caller;
  readonly language: LanguageCode;
  /** This service's UID host (site-feeds.ts `uidHostOf`): `event-{id}@{host}` names our own event `id`. */
  readonly uidHost: string;
  /** What an import source gives every event it brings (status, terms, author: decision 0118), applied to each VEVENT's input. */
  readonly shape?: (input: EventCreateInput) => EventCreateInput;
  /**
   * The document is a source's current state (an import source's feed, decision 0118): an event whose
   * content changed is newer whatever its SEQUENCE and LAST-MODIFIED say.
   */
  readonly sourceDecides?: boolean;
}

/** What a UID already is here: the event, and how it was imported (none for our own UIDs). */
interface Target {
  readonly row: EventRow;
  readonly entry?: IcalImportEntry;
}

interface UidGroup {
  master?: ReadEvent;
  readonly exceptions: ReadEvent[];
}

/**
 * Who may import: editors and up. An import updates the events its UIDs name whoever wrote them,
 * and publishes what it creates, venues and organizers included.
 */
export const IMPORT_CAPABILITIES = [
  'edit_others_tribe_events',
  'publish_tribe_events',
  'edit_others_tribe_venues',
  'edit_others_tribe_organizers',
];

/** How a VEVENT compares with the event it was imported as: the same, newer, or left out for the reason given. */
type Verdict = 'unchanged' | 'newer' | { readonly skip: string };

const OWN_UID = /^event-(\d{1,10})@(.+)$/;
/** Google's and Outlook's placeholder for an event without a title. */
const UNTITLED = '(No title)';

/**
 * Plain text (SUMMARY, DESCRIPTION, LOCATION, CN) as the HTML text events store: only what would
 * read as markup is escaped. Unlike escapeHtml, entities are escaped too (plain text has none) and
 * quotes are left alone (they are no markup in text), so a title reads back as it was written.
 */
const asHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/**
 * Plain text as HTML text of at most `maxLength` characters: a file's longer text is cut to the
 * bound the API enforces rather than failing the import (decision 0100), never inside an entity.
 */
const asBoundedHtmlText = (text: string, maxLength: number) =>
  cutToLength(asHtmlText(text), maxLength).replace(/&[a-z]{0,3}$/, '');

const entryKey = (uid: string, recurrenceId: string) => `${uid}\n${recurrenceId}`;
const digestOf = (input: EventCreateInput) => createHash('sha1').update(JSON.stringify(input)).digest('base64url');

/** A RECURRENCE-ID as the series' occurrences hold their original start: a local wall clock in the series' zone. */
function originalStart(recurrenceId: ReadTime, series: EventRow): string {
  return recurrenceId.date
    ? `${recurrenceId.local.slice(0, 10)} 00:00:00`
    : inZone(recurrenceId, series.fields.timezone).local;
}

/**
 * The iCalendar import (issue 15, decision 0028): VEVENTs become events, series and exceptions
 * through the events service's own create and update (so every rule, text filter, slug, count and
 * permission holds), venues, organizers and categories through the same inline references a
 * `POST /events` takes (reused by name). A UID is matched through the import map, or as one of our
 * own `event-{id}@{host}`; the same version of an event imported again changes nothing.
 */
export class IcalImportService {
  constructor(
    private readonly events: Pick<EventsService, 'getPost'>,
    private readonly series: Pick<EventSeries, 'occurrenceAt'>,
    private readonly writer: Pick<EventWriter, 'create' | 'update'>,
    private readonly imported: IcalImportRepository,
    private readonly siteZone: string,
  ) {}

  /**
   * Reads a document; a 400 `ical_invalid` naming the line when it cannot be read. Needs no unit of
   * work, and runs outside one (a route's `prepare`): a big document's parse holds no write lock.
   */
  read(text: string, deadline?: Deadline): Promise<ReadCalendar> {
    return readCalendar(text, this.siteZone, deadline);
  }

  /**
   * Imports a document read by `read` in the caller's unit of work: one unit for the whole import,
   * so a refused event (a 400 naming its VEVENT) leaves nothing of the import written.
   */
  async import(tx: WriteTx, calendar: ReadCalendar, request: ImportRequest): Promise<ImportReport> {
    const report: ImportReport = {
      created: [],
      updated: [],
      unchanged: [],
      skipped: calendar.unread.map((event) => ({
        uid: event.uid,
        recurrence_id: null,
        line: event.line,
        reason: event.reason,
      })),
    };
    const groups = new Map<string, UidGroup>();
    for (const event of calendar.events) {
      const group = groups.get(event.uid) ?? { exceptions: [] };
      groups.set(event.uid, group);
      if (event.recurrenceId) group.exceptions.push(event);
      else if (group.master)
        throw invalidCalendar(
          `UID ${JSON.stringify(event.uid)} is also the UID of the VEVENT at line ${group.master.line}; only exceptions (RECURRENCE-ID) may share it`,
          event.line,
          'VEVENT',
        );
      else group.master = event;
    }
    await this.imported.lockImports(tx);
    const entries = new Map(
      (await this.imported.entries(tx, [...groups.keys()])).map((entry) => [
        entryKey(entry.uid, entry.recurrence_id),
        entry,
      ]),
    );
    // Every UID is matched before anything is written: an event this import creates must never
    // match a later UID of our own form (`event-{id}@…`) from another calendar.
    const targets = new Map<string, Target | undefined>();
    // Each UID takes a turn of the event loop of its own (decision 0047): on SQLite every query
    // settles at once, and an import of thousands of events ran to its end in one turn (30 s).
    // Each checks the unit's deadline (decision 0091): an import whose request was answered 503
    // stops there and lets go of the write lock, rather than hold it for minutes to roll back.
    for (const uid of groups.keys()) {
      await yieldToEventLoop();
      throwIfUnitExpired(tx);
      targets.set(uid, await this.target(tx, uid, entries.get(entryKey(uid, '')), request.uidHost));
    }
    for (const [uid, group] of groups) {
      await yieldToEventLoop();
      throwIfUnitExpired(tx);
      await this.importGroup(tx, uid, group, targets.get(uid), entries, request, report);
    }
    return report;
  }

  private async target(
    tx: WriteTx,
    uid: string,
    entry: IcalImportEntry | undefined,
    uidHost: string,
  ): Promise<Target | undefined> {
    const mapped = entry && (await this.lockedPost(tx, entry.event_id));
    if (mapped) return { row: mapped, entry };
    const own = OWN_UID.exec(uid);
    const id = own && own[2] === uidHost ? storableId(own[1]) : undefined;
    const row = id === undefined ? undefined : await this.lockedPost(tx, id);
    // Our own UIDs name series and single events, never a detached exception.
    return row && row.fields.series_id === null ? { row } : undefined;
  }

  /** An event this import may update, its row locked first. */
  private async lockedPost(tx: WriteTx, id: number): Promise<EventRow | undefined> {
    await this.imported.lockTarget(tx, id);
    return this.events.getPost(tx, id);
  }

  private async importGroup(
    tx: WriteTx,
    uid: string,
    group: UidGroup,
    target: Target | undefined,
    entries: Map<string, IcalImportEntry>,
    request: ImportRequest,
    report: ImportReport,
  ): Promise<void> {
    const { master } = group;
    const cancelled = group.exceptions.filter((event) => event.status === 'cancelled');
    const skipAll = (events: readonly ReadEvent[], reason: string) => {
      for (const event of events) report.skipped.push({ uid, recurrence_id: null, line: event.line, reason });
    };
    let series = target?.row;
    if (master?.status === 'cancelled') {
      report.skipped.push({
        uid,
        recurrence_id: null,
        line: master.line,
        reason: 'The event is cancelled (STATUS:CANCELLED).',
      });
      skipAll(group.exceptions, 'The series it belongs to is cancelled.');
      return;
    }
    if (master) {
      // Cancelled occurrences are excluded dates of the series (RFC 5545 allows either form).
      const excluded = cancelled.map((event) =>
        master.start.date
          ? event.recurrenceId!.local.slice(0, 10)
          : inZone(event.recurrenceId!, master.start.zone).local,
      );
      // Cancelling an occurrence may leave the master's own SEQUENCE as it was: the series' version is the newest of the two.
      const versioned = cancelled.reduce(
        (newest, event) => ({
          ...newest,
          sequence: Math.max(newest.sequence, event.sequence),
          lastModified: event.lastModified > newest.lastModified ? event.lastModified : newest.lastModified,
        }),
        master,
      );
      series = await this.writeEvent(
        tx,
        versioned,
        '',
        this.inputOf(master, request, excluded),
        target,
        request,
        report,
      );
    } else if (cancelled.length > 0)
      skipAll(
        cancelled,
        'A cancelled occurrence of a series that is not in the file: exclude it in the series (EXDATE) instead.',
      );
    const exceptions = group.exceptions.filter((event) => event.status !== 'cancelled');
    if (exceptions.length === 0) return;
    if (!series)
      return skipAll(
        exceptions,
        'The series it belongs to (the VEVENT of this UID without RECURRENCE-ID) is neither in the file nor imported before.',
      );
    if (series.fields.recurrence === null)
      return skipAll(exceptions, 'The event of this UID is not a series (it has no RRULE or RDATE).');
    for (const exception of exceptions) {
      throwIfUnitExpired(tx);
      const original = originalStart(exception.recurrenceId!, series);
      const entry = entries.get(entryKey(uid, original));
      const mapped = entry && (await this.lockedPost(tx, entry.event_id));
      if (mapped) {
        await this.writeEvent(
          tx,
          exception,
          original,
          this.inputOf(exception, request),
          { row: mapped, entry },
          request,
          report,
        );
        continue;
      }
      const occurrence = await this.series.occurrenceAt(tx, series.post.id, original);
      if (!occurrence) {
        report.skipped.push({
          uid,
          recurrence_id: original,
          line: exception.line,
          reason: `The series has no occurrence starting at ${original} (RECURRENCE-ID).`,
        });
      } else if (occurrence.post.id !== series.post.id) {
        // Already an exception here (ours, exported and imported back): compared as our own event.
        await this.writeEvent(
          tx,
          exception,
          original,
          this.inputOf(exception, request),
          { row: (await this.lockedPost(tx, occurrence.post.id))! },
          request,
          report,
        );
      } else {
        // The occurrence is detached as an exception by the events service's own update of one occurrence.
        const input = this.inputOf(exception, request);
        const detached = await this.refusedAs(exception, () =>
          this.writer.update(tx, occurrence, { ...input, scope: 'this' }, request.caller, request.language),
        );
        await this.record(tx, exception, original, detached.post.id, input);
        report.created.push({ uid, recurrence_id: original, id: detached.post.id, title: exception.title || UNTITLED });
      }
    }
  }

  /**
   * Creates the event of a VEVENT, or updates the one it was imported as when the file holds a
   * newer version; answers the event as it now is (undefined when it is left out).
   */
  private async writeEvent(
    tx: WriteTx,
    event: ReadEvent,
    recurrenceId: string,
    input: EventCreateInput,
    target: Target | undefined,
    request: ImportRequest,
    report: ImportReport,
  ): Promise<EventRow | undefined> {
    const item = (id: number): ImportedItem => ({
      uid: event.uid,
      recurrence_id: recurrenceId === '' ? null : recurrenceId,
      id,
      title: event.title || UNTITLED,
    });
    if (!target) {
      const created = await this.refusedAs(event, () =>
        this.writer.create(tx, input, request.caller, request.language),
      );
      await this.record(tx, event, recurrenceId, created.post.id, input);
      report.created.push(item(created.post.id));
      return this.events.getPost(tx, created.post.id);
    }
    const { row, entry } = target;
    if (row.post.status === 'trash') {
      report.skipped.push({
        ...item(row.post.id),
        line: event.line,
        reason: 'The event it was imported as is in the trash.',
      });
      return undefined;
    }
    const verdict = entry
      ? this.compareWithEntry(event, digestOf(input), entry, request.sourceDecides === true)
      : this.compareWithEvent(event, row);
    if (verdict === 'unchanged') {
      report.unchanged.push(item(row.post.id));
      return row;
    }
    if (verdict !== 'newer') {
      report.skipped.push({ ...item(row.post.id), line: event.line, reason: verdict.skip });
      return row;
    }
    await this.refusedAs(event, () => this.writer.update(tx, row, input, request.caller, request.language));
    await this.record(tx, event, recurrenceId, row.post.id, input);
    report.updated.push(item(row.post.id));
    return this.events.getPost(tx, row.post.id);
  }

  /** A VEVENT against what was imported from its UID before: the same content, a newer version, or why it is left out. */
  private compareWithEntry(event: ReadEvent, digest: string, entry: IcalImportEntry, sourceDecides: boolean): Verdict {
    if (entry.digest === digest) return 'unchanged';
    if (sourceDecides) return 'newer';
    const unversioned =
      event.sequence === 0 && event.lastModified === '' && entry.sequence === 0 && entry.last_modified === '';
    if (
      unversioned ||
      event.sequence > entry.sequence ||
      (event.lastModified !== '' && event.lastModified > entry.last_modified)
    )
      return 'newer';
    return {
      skip: `Changed, but neither its SEQUENCE (${event.sequence}) nor its LAST-MODIFIED (${event.lastModified || 'none'}) is newer than those imported before (${entry.sequence}, ${entry.last_modified || 'none'}).`,
    };
  }

  /** One of our own events exported and imported back: newer when its SEQUENCE passes the event's (its version - 1, as exported) or it was modified later. */
  private compareWithEvent(event: ReadEvent, row: EventRow): Verdict {
    const newer =
      event.sequence > row.post.version - 1 ||
      (event.lastModified !== '' && event.lastModified > row.post.modified_utc);
    return newer ? 'newer' : 'unchanged';
  }

  private record(
    tx: WriteTx,
    event: ReadEvent,
    recurrenceId: string,
    eventId: number,
    input: EventCreateInput,
  ): Promise<void> {
    return this.imported.record(tx, {
      uid: event.uid,
      recurrence_id: recurrenceId,
      event_id: eventId,
      sequence: event.sequence,
      last_modified: event.lastModified,
      digest: digestOf(input),
    });
  }

  /**
   * A VEVENT as the events service's input: text made HTML (plain text escaped; X-ALT-DESC's HTML
   * filtered whoever imports it, since the file's author is not the caller), the schedule, the
   * rules of a master (`excluded` adds its cancelled occurrences), and venue, organizer and
   * categories as inline references, reused by name; then shaped as the request's source says.
   */
  private inputOf(event: ReadEvent, request: ImportRequest, excluded?: readonly string[]): EventCreateInput {
    const input = this.readInput(event, excluded);
    return request.shape ? request.shape(input) : input;
  }

  /** The VEVENT's own fields as input (see inputOf). */
  private readInput(event: ReadEvent, excluded?: readonly string[]): EventCreateInput {
    const day = (time: ReadTime) => (time.date ? time.local.slice(0, 10) : time.local);
    const { location, geo, organizer } = event;
    const rules =
      excluded === undefined
        ? undefined
        : { rrules: event.rrules, rdates: event.rdates, exdates: [...event.exdates, ...excluded] };
    return {
      title: asBoundedHtmlText(event.title, TEXT_LENGTHS.name) || UNTITLED,
      description:
        event.descriptionHtml !== undefined
          ? filterHtml(cutToLength(event.descriptionHtml, TEXT_LENGTHS.body), 'post', false)
          : asBoundedHtmlText(event.description, TEXT_LENGTHS.body),
      status: event.private ? 'private' : event.status === 'tentative' ? 'draft' : 'publish',
      timezone: event.start.zone,
      all_day: event.start.date,
      start_date: day(event.start),
      end_date: day(event.end),
      venue: location
        ? {
            venue: asBoundedHtmlText(location.name, TEXT_LENGTHS.name),
            ...(location.address !== '' ? { address: asBoundedHtmlText(location.address, TEXT_LENGTHS.detail) } : {}),
            ...(geo ? { geo_lat: geo.lat, geo_lng: geo.lng } : {}),
          }
        : null,
      organizer: organizer
        ? {
            organizer: asBoundedHtmlText(organizer.name, TEXT_LENGTHS.name),
            ...(organizer.email !== '' ? { email: organizer.email } : {}),
          }
        : null,
      categories: event.categories.map((category) => asBoundedHtmlText(category, TEXT_LENGTHS.name)),
      ...(rules
        ? {
            recurrence:
              rules.rrules.length > 0 || rules.rdates.length > 0
                ? { rrule: [...rules.rrules], rdates: rules.rdates, exdates: rules.exdates }
                : null,
          }
        : {}),
    };
  }

  /** Runs a write of one VEVENT; the events service's 400 becomes one naming the VEVENT's line. */
  private async refusedAs<T>(event: ReadEvent, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 400) throw error;
      const params = error.data.params as Record<string, string> | undefined;
      const detail = params
        ? Object.entries(params)
            .map(([name, message]) => `${name}: ${message}`)
            .join('; ')
        : error.message;
      throw invalidCalendar(`UID ${JSON.stringify(event.uid)} cannot be imported: ${detail}`, event.line, 'VEVENT');
    }
  }
}

/** Work done in an import's unit once it imported (an import source records what each UID became: decision 0118). */
export type AfterImport = (tx: WriteTx, report: ImportReport) => Promise<void>;

/** Ends a dry run's unit of work: its writes roll back, its report goes on. */
class DryRunRollback extends Error {
  constructor(readonly report: ImportReport) {
    super('dry run');
  }
}

/**
 * An import in a write unit of its own (the CLI, a background run's units; the HTTP route runs in
 * the route's unit): the content version is raised with it, so every node's cached answers retire;
 * a dry run does all the work and rolls it back, answering what it would have done. With a
 * `deadline`, the unit stops and rolls back once it has expired (decision 0091).
 */
export async function importInUnit(
  storage: Pick<Storage, 'write' | 'touchContent'>,
  clock: Clock,
  importer: IcalImportService,
  calendar: ReadCalendar,
  request: ImportRequest,
  options: { readonly dryRun?: boolean; readonly deadline?: Deadline; readonly after?: AfterImport } = {},
): Promise<ImportReport> {
  try {
    return await storage.write(async (tx) => {
      const report = await importer.import(tx, calendar, request);
      if (options.dryRun) throw new DryRunRollback(report);
      await options.after?.(tx, report);
      await storage.touchContent(tx, clock.now());
      return report;
    }, options.deadline);
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
}
