import type { Clock } from '../../clock.ts';
import { WIRE_DATE_FORMAT } from '../../clock.ts';
import type { RecurrenceSettings } from '../../config.ts';
import { zoneAbbreviation } from '../../dates/zones.ts';
import { ApiError, invalidParam } from '../../errors.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import { throwIfUnitExpired } from '../../storage/write-units.ts';
import type { EventFields, EventRow, EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { OccurrenceDates, OccurrenceRow } from '../../storage/repositories/event-occurrences.repository.ts';
import type { WrittenRecord } from '../../storage/repositories/post-records.repository.ts';
import type { PostRecords } from '../posts/post-records.ts';
import type { PostWriter } from '../posts/post-writer.ts';
import { eventSchedule, SINGLE_EVENT, type EventSchedule } from './event-fields.ts';
import type { EventTerms } from './events.service.ts';
import { expandSeries, type ExpandSeriesResult, type SeriesSchedule } from './series-expansion.ts';
import { horizonEnd, materializationBound } from './series-horizon.ts';
import { readRecurrence, type Recurrence } from './recurrence.ts';
import { excluding, splitRecurrence } from './series-rules.ts';

/*
 * Recurring events (decision 0025): a series' occurrences expanded from its rules and written as
 * rows, how a change to one occurrence reaches the series (detach, split, exclude), the extension
 * of series past the horizon, and the lookups of one occurrence by its date.
 */

/**
 * New occurrences one write unit of an extension past the horizon may add (decision 0025): the
 * extension on demand and the dates an edited series keeps past the horizon stay short units.
 */
export const EXTENSION_ROWS_PER_UNIT = 5_000;

/** How a change to an occurrence of a series reaches the series (decision 0025). */
export type Scope = 'this' | 'following' | 'all';

/** A series' occurrences as rows, and how far they reach (null: the rules end within them). */
export interface SeriesExpansion {
  readonly dates: OccurrenceDates[];
  readonly materializedUntil: string | null;
}

/** The wire's `recurrence`: undefined when not sent, null to remove; bad values were refused by the write's validation. */
export function recurrenceInput(value: unknown): Recurrence | null | undefined {
  if (value === undefined) return undefined;
  const read = readRecurrence(value);
  if ('problem' in read) throw invalidParam('recurrence', read.problem);
  return read.recurrence;
}

export const storedRecurrence = (fields: EventFields): Recurrence | null =>
  fields.recurrence === null ? null : (JSON.parse(fields.recurrence) as Recurrence);

/** An event's length in wall-clock milliseconds (its local end minus its local start). */
function eventDuration(fields: EventSchedule): number {
  return Date.parse(`${fields.end_local.replace(' ', 'T')}Z`) - Date.parse(`${fields.start_local.replace(' ', 'T')}Z`);
}

/** A local `YYYY-MM-DD HH:MM:SS` moved by wall-clock milliseconds. */
function shiftLocal(local: string, ms: number): string {
  return new Date(Date.parse(`${local.replace(' ', 'T')}Z`) + ms).toISOString().slice(0, 19).replace('T', ' ');
}

function scheduleOf(fields: EventSchedule): SeriesSchedule {
  return {
    startLocal: fields.start_local,
    endLocal: fields.end_local,
    timezone: fields.timezone,
    allDay: fields.all_day !== 0,
  };
}

/** An expansion up to `until` as occurrence rows and how far they reach (a truncated one: to its first date left out), or its problem as a 400. */
function expansionOf(result: ExpandSeriesResult, until: string): SeriesExpansion {
  if ('problem' in result) throw invalidParam('recurrence', result.problem);
  return {
    dates: result.occurrences.map((date) => ({
      occurrence_key: date.key,
      start_local: date.startLocal,
      end_local: date.endLocal,
      start_utc: date.startUtc,
      end_utc: date.endUtc,
    })),
    materializedUntil: result.reachedLocal ?? (result.continues ? until : null),
  };
}

/** The series of events: their occurrences, scopes and horizon (decision 0025). */
export class EventSeries {
  constructor(
    private readonly records: Pick<PostRecords<EventFields>, 'insert'>,
    private readonly repository: EventsRepository,
    private readonly terms: Pick<EventTerms, 'termsOfEvents' | 'shiftCounts'>,
    private readonly writer: Pick<PostWriter, 'modifiedNow'>,
    private readonly clock: Clock,
    private readonly siteZone: string,
    private readonly settings: RecurrenceSettings,
  ) {}

  /**
   * The occurrences of a series up to the horizon (and at least its first date, for a series that
   * starts beyond it), or a 400 naming what is wrong with its rules.
   */
  expand(
    rules: Recurrence,
    schedule: EventSchedule,
    maxOccurrences = this.settings.maxOccurrences,
    keepUntil: string | null = null,
  ): SeriesExpansion {
    const until = materializationBound(
      schedule.start_local,
      schedule.timezone,
      this.clock.now(),
      this.settings.horizonDays,
    );
    const result = expansionOf(expandSeries(rules, scheduleOf(schedule), until, maxOccurrences), until);
    // Dates a read had materialised past the horizon stay, keeping their ids: the maximum bounds the
    // dates within the horizon only, and a unit's share of rows those past it.
    if (result.materializedUntil === null || keepUntil === null || keepUntil <= until) return result;
    return expansionOf(
      expandSeries(rules, scheduleOf(schedule), keepUntil, result.dates.length + EXTENSION_ROWS_PER_UNIT, 'truncate'),
      keepUntil,
    );
  }

  /** Writes a series' occurrences; the change in their number moves its terms' counts when it is published. Answers that change. */
  async materialize(tx: WriteTx, seriesId: number, dates: readonly OccurrenceDates[], status: string): Promise<number> {
    const { before, after } = await this.repository.syncSeries(tx, seriesId, dates);
    if (status === 'publish' && after !== before)
      await this.terms.shiftCounts(tx, await this.termIdsOf(tx, seriesId), after - before);
    return after - before;
  }

  /**
   * Writes the occurrences of a series `create` has just written (no rows, terms or links yet, so
   * nothing is read first and no term's count moves: its terms are counted when they are set).
   * Answers its first occurrence, the series' own id, as written.
   */
  async materializeNew(
    tx: WriteTx,
    written: WrittenRecord<EventFields>,
    dates: readonly OccurrenceDates[],
    status: string,
  ): Promise<OccurrenceRow | undefined> {
    const { written: rows } = await this.repository.syncSeries(tx, written.post.id, dates, {
      status,
      hide_from_listings: written.fields.hide_from_listings,
    });
    return rows?.[0];
  }

  /** The ids of the terms an event is filed under. */
  async termIdsOf(tx: ReadTx, eventId: number): Promise<number[]> {
    return (await this.terms.termsOfEvents(tx, [eventId])).get(eventId)?.map((term) => term.id) ?? [];
  }

  /** The series an occurrence belongs to (the row itself when it shows the series). */
  async seriesOf(tx: ReadTx, row: EventRow, seriesId: number): Promise<EventRow> {
    if (row.post.id === seriesId) return row;
    const series = await this.repository.get(tx, seriesId);
    if (!series) throw new ApiError('rest-event-not-found', { args: [seriesId] });
    return series;
  }

  /**
   * The event an update of an occurrence of `series` with `scope` changes (decision 0025): the
   * series itself ("all", or "following" from its first date), a new series split off at the
   * occurrence ("following"), or the occurrence's exception, detached first when it is none yet
   * ("this").
   */
  async eventToUpdate(
    tx: WriteTx,
    row: EventRow,
    series: EventRow,
    occurrence: OccurrenceRow,
    scope: Scope,
  ): Promise<EventRow> {
    if (scope === 'all') return series;
    if (scope === 'following') {
      const first = await this.repository.firstOccurrence(tx, series.post.id);
      return first?.id === occurrence.id ? series : this.split(tx, series, occurrence);
    }
    return occurrence.event_id === series.post.id ? this.detach(tx, series, occurrence) : row;
  }

  /**
   * Detaches an occurrence as an exception (RFC 5545 RECURRENCE-ID): an event of its own with the
   * series' fields, relations and translations, the occurrence's dates, and the occurrence's id as
   * its post id (a fresh one for the first occurrence, whose id is the series'). Its row keeps its
   * id and key, so regenerating the series leaves that date alone.
   */
  async detach(tx: WriteTx, series: EventRow, occurrence: OccurrenceRow): Promise<EventRow> {
    const { id: _id, version: _version, slug, ...post } = series.post;
    const fields: EventFields = {
      ...series.fields,
      start_local: occurrence.start_local,
      end_local: occurrence.end_local,
      start_utc: occurrence.start_utc,
      end_utc: occurrence.end_utc,
      timezone_abbr: zoneAbbreviation(series.fields.timezone, occurrence.start_utc),
      ...SINGLE_EVENT,
      series_id: series.post.id,
      recurrence_id: occurrence.start_local,
    };
    const slugBase = slug === '' ? undefined : `${slug}-${occurrence.start_local.slice(0, 10)}`;
    const placement = occurrence.id === series.post.id ? {} : { id: occurrence.id };
    const written = await this.records.insert(tx, this.repository, { ...post, ...this.writer.modifiedNow() }, fields, {
      slugBase,
      placement,
    });
    await this.repository.copyRelations(tx, series.post.id, written.post.id);
    await this.repository.repointOccurrence(tx, occurrence.id, written.post.id, series.post.id);
    // As its inserts wrote it (relations and the occurrence are rows of other tables), showing the series' image.
    return { ...written, image: series.image };
  }

  /**
   * Splits a series at an occurrence ("this and following"): the series' rules end before it, and
   * a new series, the occurrence's id as its post id, carries the rules from it on with the series'
   * fields, relations and translations; the occurrences from it on move to the new series keeping
   * their ids. Answers the new series.
   */
  private async split(tx: WriteTx, series: EventRow, occurrence: OccurrenceRow): Promise<EventRow> {
    const rules = storedRecurrence(series.fields)!;
    const zone = series.fields.timezone;
    const cut =
      occurrence.event_id === series.post.id
        ? occurrence.start_local
        : ((await this.repository.get(tx, occurrence.event_id))?.fields.recurrence_id ?? occurrence.start_local);
    const schedule = scheduleOf(series.fields);
    const { before, after } = splitRecurrence(rules, cut, zone, (rule) => {
      const counted = expandSeries({ rrules: [rule], rdates: [], exdates: [] }, schedule, cut, Number.MAX_SAFE_INTEGER);
      return 'problem' in counted ? 0 : counted.occurrences.length;
    });
    const duration = eventDuration(series.fields);
    const moved = eventSchedule(
      { timezone: zone, start_date: cut, end_date: shiftLocal(cut, duration), all_day: series.fields.all_day !== 0 },
      undefined,
      this.siteZone,
      this.clock.now(),
    );
    const continuation = this.expand(after, moved, undefined, series.fields.materialized_until);
    const truncated = this.expand(before, series.fields);
    const { id: _id, version: _version, slug, ...post } = series.post;
    const placement = occurrence.event_id === series.post.id ? { id: occurrence.id } : {};
    const fields: EventFields = {
      ...series.fields,
      ...moved,
      ...SINGLE_EVENT,
      recurrence: JSON.stringify(after),
      materialized_until: continuation.materializedUntil,
    };
    const id = (
      await this.records.insert(tx, this.repository, { ...post, ...this.writer.modifiedNow() }, fields, {
        slugBase: slug === '' ? undefined : slug,
        placement,
      })
    ).post.id;
    await this.repository.copyRelations(tx, series.post.id, id);
    await this.repository.moveFollowing(tx, series.post.id, occurrence.occurrence_key, id);
    await this.repository.update(tx, series.post.id, this.writer.modifiedNow(), {
      recurrence: JSON.stringify(before),
      materialized_until: truncated.materializedUntil,
    });
    await this.materialize(tx, series.post.id, truncated.dates, series.post.status);
    await this.materialize(tx, id, continuation.dates, series.post.status);
    return (await this.repository.get(tx, id))!;
  }

  /** Adds a local start to a series' excluded dates. */
  async exclude(tx: WriteTx, series: EventRow, startLocal: string): Promise<void> {
    const rules = storedRecurrence(series.fields);
    if (rules)
      await this.repository.update(tx, series.post.id, this.writer.modifiedNow(), {
        recurrence: JSON.stringify(excluding(rules, startLocal)),
      });
  }

  /**
   * Extends the occurrences of up to `limit` series whose unbounded rules stop short of the horizon
   * by more than a day (decision 0025); answers how many it extended. Each node's background task
   * calls it in small write units; each series is locked before it is read (`stillShort`), so
   * nodes running it together only find less to do.
   */
  async extendHorizons(tx: WriteTx, limit: number): Promise<number> {
    // A day of slack on the horizon taken in UTC covers every zone's offset.
    const due = horizonEnd(this.clock.now(), this.settings.horizonDays).minus({ days: 1 }).toFormat(WIRE_DATE_FORMAT);
    let extended = 0;
    for (const id of await this.repository.seriesMaterializedBefore(tx, due, limit)) {
      const series = await this.stillShort(tx, id, due);
      const rules = series ? storedRecurrence(series.fields) : null;
      if (!series || !rules) continue;
      let expansion: SeriesExpansion;
      try {
        // The maximum bounds what one write may create; an accepted series keeps going as time
        // passes (a daily one passes 1,000 dates from its start after some nine months).
        expansion = this.expand(rules, series.fields, Number.POSITIVE_INFINITY);
      } catch (error) {
        // Rules that now yield too much stay where they are rather than block every later run.
        if (!(error instanceof ApiError)) throw error;
        await this.repository.update(tx, id, {}, { materialized_until: null });
        continue;
      }
      await this.extendSeries(tx, id, expansion, series.post.status);
      extended++;
    }
    return extended;
  }

  /**
   * One write unit's share of an extension on demand (decision 0025): up to `maxSeries` series
   * materialised short of `untilLocal` (a wall clock in each one's zone) are extended to it, adding
   * at most about `maxRows` occurrences together; a series whose dates would pass that is extended
   * as far as they allow. Each series is read once locked (`stillShort`), so a request that waited
   * for another's unit finds the work done. Answers how many series it extended and rows it added,
   * and whether series short of `untilLocal` may remain.
   */
  async extendSeriesTo(
    tx: WriteTx,
    untilLocal: string,
    maxSeries: number,
    maxRows: number,
  ): Promise<{ series: number; rows: number; more: boolean }> {
    const due = await this.repository.seriesMaterializedBefore(tx, untilLocal, maxSeries);
    let series = 0;
    let rows = 0;
    for (const id of due) {
      throwIfUnitExpired(tx);
      if (rows >= maxRows) return { series, rows, more: true };
      const row = await this.stillShort(tx, id, untilLocal);
      const rules = row ? storedRecurrence(row.fields) : null;
      if (!row || !rules) continue;
      // Every date its rules gave so far, exceptions' too, stays within the truncation.
      const held = await this.repository.occurrenceCount(tx, id, 'series_id');
      const expansion = expansionOf(
        expandSeries(rules, scheduleOf(row.fields), untilLocal, held + maxRows - rows, 'truncate'),
        untilLocal,
      );
      rows += await this.extendSeries(tx, id, expansion, row.post.status);
      series++;
    }
    return { series, rows, more: due.length === maxSeries || rows >= maxRows };
  }

  /**
   * The series `id` as it is once locked, if it is still materialised short of `untilLocal`: a
   * unit writing it (a new rule, on any node) or extending it meanwhile is waited for, and its
   * rules and extent are read as that unit left them (decision 0082), never extended from rules it
   * replaced.
   */
  private async stillShort(tx: WriteTx, id: number, untilLocal: string): Promise<EventRow | undefined> {
    await this.repository.lock(tx, id);
    const series = await this.repository.get(tx, id);
    const until = series?.fields.materialized_until;
    return until !== null && until !== undefined && until < untilLocal ? series : undefined;
  }

  /**
   * A series' rows extended to `expansion` (the hourly task, or on demand): new occurrences are a
   * new version of the series, so that sync clients and webhooks hear of them (decision 0027).
   * Answers how many rows it added.
   */
  private async extendSeries(
    tx: WriteTx,
    seriesId: number,
    expansion: SeriesExpansion,
    status: string,
  ): Promise<number> {
    await this.repository.update(tx, seriesId, {}, { materialized_until: expansion.materializedUntil });
    const added = await this.materialize(tx, seriesId, expansion.dates, status);
    if (added > 0) await this.repository.newVersion(tx, seriesId);
    return added;
  }

  /** Whether a series with unbounded rules is materialised short of `untilLocal` (a snapshot's look before an extension opens a write unit). */
  async seriesShortOf(tx: ReadTx, untilLocal: string): Promise<boolean> {
    const floor = await this.repository.materializedFloor(tx);
    return floor !== null && floor < untilLocal;
  }

  /**
   * The id of the occurrence of a series an event shows on a local day (`YYYY-MM-DD`): the date in
   * an occurrence's URL (`/event/{slug}/{day}/`; the series' own dates, or a detached exception's
   * one). Undefined for a day without one, and for a single event, whose URL has no date.
   */
  occurrenceOn(tx: ReadTx, eventId: number, day: string): Promise<number | undefined> {
    return this.repository.seriesOccurrenceStarting(tx, eventId, `${day} 00:00:00`, `${day} 23:59:59`);
  }

  /**
   * The occurrence of a series whose original local start is `originalStart` (RFC 5545
   * RECURRENCE-ID): the exception detached from that date, or the series' own occurrence on it;
   * undefined when the series has no such date (the iCalendar import, decision 0028).
   */
  async occurrenceAt(tx: ReadTx, seriesId: number, originalStart: string): Promise<EventRow | undefined> {
    // Both keep the key of the day they were generated on: an exception its original one.
    const onDay = await this.repository.occurrencesKeyedOn(tx, seriesId, originalStart.slice(0, 10));
    const exception = onDay.find((row) => row.event_id !== seriesId && row.recurrence_id === originalStart);
    if (exception) return this.repository.getOccurrence(tx, exception.event_id);
    const own = onDay.find((row) => row.event_id === seriesId && row.start_local === originalStart);
    return own && this.repository.getOccurrence(tx, own.id);
  }
}
