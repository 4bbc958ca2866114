import { sql, type Selectable } from 'kysely';
import type { ReadTx, WriteTx } from '../types.ts';
import { throwIfUnitExpired } from '../write-units.ts';
import type { EventOccurrencesTable, EventsTable } from '../tables.ts';
import type { EventFields, EventRow } from './events.repository.ts';
import { PostRecordsRepository, type NewPost, type WrittenRecord } from './post-records.repository.ts';

export type OccurrenceRow = Selectable<EventOccurrencesTable>;

/** The dates of one occurrence of a series, under its key (decision 0025). */
export type OccurrenceDates = Pick<
  OccurrenceRow,
  'occurrence_key' | 'start_local' | 'end_local' | 'start_utc' | 'end_utc'
>;

/** The one occurrence row of a single event: its post id, its dates (the API's writes and the seed both use it). */
export function singleOccurrence(
  event: Pick<Selectable<EventsTable>, 'post_id' | 'status' | 'hide_from_listings' | (typeof SCHEDULE_COLUMNS)[number]>,
): OccurrenceRow {
  return {
    id: event.post_id,
    event_id: event.post_id,
    series_id: null,
    occurrence_key: event.start_local.slice(0, 10),
    start_local: event.start_local,
    end_local: event.end_local,
    start_utc: event.start_utc,
    end_utc: event.end_utc,
    status: event.status,
    hide_from_listings: event.hide_from_listings,
  };
}

/** What a series' regeneration did to its occurrence rows. */
export interface SeriesSync {
  /** Rows of the series' own dates (not exceptions) before and after. */
  readonly before: number;
  readonly after: number;
  /** A new series' rows as written, in the order of its dates (`created`). */
  readonly written?: readonly OccurrenceRow[];
}

/** Rows per multi-row statement: within SQLite's bound on parameters. */
const ROWS_PER_STATEMENT = 500;

function pick<T extends object, K extends keyof T>(source: Partial<T>, keys: readonly K[]): Partial<Pick<T, K>> {
  return Object.fromEntries(
    keys.filter((key) => source[key] !== undefined).map((key) => [key, source[key]]),
  ) as Partial<Pick<T, K>>;
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let from = 0; from < items.length; from += ROWS_PER_STATEMENT)
    out.push(items.slice(from, from + ROWS_PER_STATEMENT));
  return out;
}

/** The columns of the events' own row that each of their occurrence rows copies. */
const SCHEDULE_COLUMNS = [
  'start_local',
  'end_local',
  'start_utc',
  'end_utc',
] as const satisfies readonly (keyof EventFields)[];

/**
 * The occurrence rows of events and series (decision 0025): an event's own, a series' dates kept in
 * step with its rules, detached exceptions, splits and the horizon. EventsRepository adds the posts,
 * the archive and the links.
 */
export abstract class EventOccurrencesRepository extends PostRecordsRepository<EventFields> {
  /**
   * The occurrence ids each of `ids` stands for, ascending (sync; decision 0029): an event's
   * occurrence rows, or the occurrence row of that id; none for an id that is gone.
   */
  async occurrenceIdsOf(db: ReadTx, ids: readonly number[]): Promise<Map<number, number[]>> {
    const byRecord = new Map<number, number[]>();
    if (ids.length === 0) return byRecord;
    const rows = await db
      .selectFrom('event_occurrences')
      .select(['id', 'event_id'])
      .where((eb) => eb.or([eb('event_id', 'in', [...ids]), eb('id', 'in', [...ids])]))
      .orderBy('id')
      .execute();
    const asked = new Set(ids);
    for (const row of rows) {
      for (const record of new Set([row.event_id, row.id]))
        if (asked.has(record)) byRecord.set(record, [...(byRecord.get(record) ?? []), row.id]);
    }
    return byRecord;
  }

  /** The series' first occurrence by start, exceptions included. */
  async firstOccurrence(db: ReadTx, seriesId: number): Promise<OccurrenceRow | undefined> {
    return db
      .selectFrom('event_occurrences')
      .selectAll()
      .where('series_id', '=', seriesId)
      .orderBy('start_local')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
  }

  /** The id of an event's first occurrence of a series starting within `[from, to]` (local wall clocks), if any. */
  async seriesOccurrenceStarting(db: ReadTx, eventId: number, from: string, to: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('event_occurrences')
      .select('id')
      .where('event_id', '=', eventId)
      .where('series_id', 'is not', null)
      .where('start_local', '>=', from)
      .where('start_local', '<=', to)
      .orderBy('start_local')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The occurrences of a series keyed on a local day (`YYYY-MM-DD`: its generated dates that day and
   * the exceptions detached from them, whose rows keep their keys), with each one's event's
   * RECURRENCE-ID: one range of the (series_id, occurrence_key) index. Keys are `day` or `day#n`,
   * all before the next day's in any collation (they share the day's digits as a prefix).
   */
  async occurrencesKeyedOn(
    db: ReadTx,
    seriesId: number,
    day: string,
  ): Promise<(OccurrenceRow & { recurrence_id: string | null })[]> {
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return db
      .selectFrom('event_occurrences as o')
      .innerJoin('events as e', 'e.post_id', 'o.event_id')
      .selectAll('o')
      .select('e.recurrence_id')
      .where('o.series_id', '=', seriesId)
      .where('o.occurrence_key', '>=', day)
      .where('o.occurrence_key', '<', nextDay)
      .execute();
  }

  /**
   * A single event gets its one occurrence (id = post id) with the event; a series' and a detached
   * exception's rows are the service's to write (`syncSeries`, `repointOccurrence`). An explicit
   * `id` is an id the posts' sequence already handed out (an occurrence becoming a post).
   */
  /** A single event's one occurrence row comes with it; a series' rows are `syncSeries`' to write. */
  override async create(
    db: WriteTx,
    post: NewPost & { id?: number },
    fields: EventFields,
  ): Promise<WrittenRecord<EventFields> & Pick<EventRow, 'occurrence'>> {
    const written = await super.create(db, post, fields);
    if (fields.recurrence !== null || fields.series_id !== null) return written;
    const occurrence = await db
      .insertInto('event_occurrences')
      .values(singleOccurrence({ ...fields, post_id: written.post.id, status: post.status }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...written, occurrence };
  }

  /**
   * Keeps the occurrence rows in step: every row the event shows gets its status and listing flag;
   * its dates go to the rows not generated by a rule (a single event's, an exception's), since a
   * series' are regenerated from its rule by `syncSeries`.
   */
  override async update(db: WriteTx, id: number, post: Partial<NewPost>, fields: Partial<EventFields>): Promise<void> {
    await super.update(db, id, post, fields);
    const copies = {
      ...(post.status !== undefined ? { status: post.status } : {}),
      ...(fields.hide_from_listings !== undefined ? { hide_from_listings: fields.hide_from_listings } : {}),
    };
    if (Object.keys(copies).length > 0)
      await db.updateTable('event_occurrences').set(copies).where('event_id', '=', id).execute();
    const schedule = pick(fields, SCHEDULE_COLUMNS);
    if (Object.keys(schedule).length > 0) {
      await db
        .updateTable('event_occurrences')
        .set(schedule)
        .where('event_id', '=', id)
        .where((eb) => eb.or([eb('series_id', 'is', null), eb('series_id', '<>', eb.ref('event_id'))]))
        .execute();
    }
  }

  /**
   * Makes a series' generated rows those of `dates`: rows whose key is kept keep their id and get
   * the new dates, rows whose key vanished go, new keys get ids from the posts' sequence (the first
   * date the series' own id while no row holds it). Rows detached as exceptions, and keys they hold,
   * are left alone. A single event becoming a series turns its one row into the series' row.
   * `created`: the series is new in this unit (`create` wrote it no row) with these copies of its
   * status and listing flag, so there is nothing to read first; its rows are answered.
   */
  async syncSeries(
    db: WriteTx,
    seriesId: number,
    dates: readonly OccurrenceDates[],
    created?: Pick<OccurrenceRow, 'status' | 'hide_from_listings'>,
  ): Promise<SeriesSync> {
    if (!created)
      await db
        .updateTable('event_occurrences')
        .set({ series_id: seriesId })
        .where('id', '=', seriesId)
        .where('series_id', 'is', null)
        .execute();
    const existing = created
      ? []
      : await db.selectFrom('event_occurrences').selectAll().where('series_id', '=', seriesId).execute();
    const byKey = new Map(existing.map((row) => [row.occurrence_key, row]));
    const wanted = new Set(dates.map((date) => date.occurrence_key));
    const generated = existing.filter((row) => row.event_id === seriesId);
    const vanished = generated.filter((row) => !wanted.has(row.occurrence_key)).map((row) => row.id);
    for (const chunk of chunks(vanished)) await db.deleteFrom('event_occurrences').where('id', 'in', chunk).execute();
    const copies =
      created ??
      (await db
        .selectFrom('events')
        .select(['status', 'hide_from_listings'])
        .where('post_id', '=', seriesId)
        .executeTakeFirstOrThrow());
    const added = dates.filter((date) => !byKey.has(date.occurrence_key));
    for (const date of dates) {
      throwIfUnitExpired(db);
      const row = byKey.get(date.occurrence_key);
      if (!row || row.event_id !== seriesId) continue;
      if (SCHEDULE_COLUMNS.some((column) => row[column] !== date[column])) {
        await db.updateTable('event_occurrences').set(pick(date, SCHEDULE_COLUMNS)).where('id', '=', row.id).execute();
      }
    }
    let rows: OccurrenceRow[] = [];
    if (added.length > 0) {
      // The series' own id names its first date while a row holds it; a series whose first date
      // moved names the new first date by it when no kept row does.
      const seriesIdHeld = existing.some((row) => row.id === seriesId && !vanished.includes(row.id));
      const firstTakesSeriesId = !seriesIdHeld && added[0] === dates[0];
      const ids = await this.dialect.allocatePostIds(db, added.length - (firstTakesSeriesId ? 1 : 0));
      rows = added.map((date, index) => ({
        id: firstTakesSeriesId ? (index === 0 ? seriesId : ids[index - 1]!) : ids[index]!,
        event_id: seriesId,
        series_id: seriesId,
        ...date,
        ...copies,
      }));
      for (const chunk of chunks(rows)) {
        throwIfUnitExpired(db);
        await db.insertInto('event_occurrences').values(chunk).execute();
      }
    }
    return {
      before: generated.length,
      after: generated.length - vanished.length + added.length,
      ...(created ? { written: rows } : {}),
    };
  }

  /** Points an occurrence at another event (a detached exception, the new series of a split), with that event's dates and copies. */
  async repointOccurrence(
    db: WriteTx,
    occurrenceId: number,
    eventId: number,
    seriesId: number,
    dates?: Omit<OccurrenceDates, 'occurrence_key'>,
  ): Promise<void> {
    const copies = await db
      .selectFrom('events')
      .select(['status', 'hide_from_listings'])
      .where('post_id', '=', eventId)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('event_occurrences')
      .set({ event_id: eventId, series_id: seriesId, ...copies, ...(dates ? pick(dates, SCHEDULE_COLUMNS) : {}) })
      .where('id', '=', occurrenceId)
      .execute();
  }

  async removeOccurrence(db: WriteTx, occurrenceId: number): Promise<void> {
    await db.deleteFrom('event_occurrences').where('id', '=', occurrenceId).execute();
  }

  /**
   * An event's occurrence rows: how many times it is in the archive, and in its terms' counts; by
   * `series_id`, a series' rows with its detached exceptions' (every date its rules have given).
   */
  async occurrenceCount(db: ReadTx, id: number, by: 'event_id' | 'series_id' = 'event_id'): Promise<number> {
    const row = await db
      .selectFrom('event_occurrences')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(by, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * What a new event made from another (a detached exception, the new series of a split) shares
   * with it: terms, venues and organizers, translated text (translated slugs stay the original's
   * alone: they are unique per language).
   */
  async copyRelations(db: WriteTx, fromId: number, toId: number): Promise<void> {
    await sql`insert into event_terms (event_id, term_id) select ${toId}, term_id from event_terms where event_id = ${fromId}`.execute(
      db,
    );
    await sql`insert into event_links (event_id, linked_id, kind, position) select ${toId}, linked_id, kind, position from event_links where event_id = ${fromId}`.execute(
      db,
    );
    await sql`insert into post_translations (post_id, language, title, content, excerpt, slug) select ${toId}, language, title, content, excerpt, null from post_translations where post_id = ${fromId}`.execute(
      db,
    );
  }

  /**
   * Hands a series' occurrences from `fromKey` on (their rows, ids and keys kept; detached
   * exceptions too) to the series `toId` that continues it.
   */
  async moveFollowing(db: WriteTx, seriesId: number, fromKey: string, toId: number): Promise<void> {
    await db
      .updateTable('events')
      .set({ series_id: toId })
      .where('series_id', '=', seriesId)
      .where('post_id', 'in', (eb) =>
        eb
          .selectFrom('event_occurrences')
          .select('event_id')
          .where('series_id', '=', seriesId)
          .where('occurrence_key', '>=', fromKey),
      )
      .execute();
    await db
      .updateTable('event_occurrences')
      .set((eb) => ({
        series_id: toId,
        event_id: eb.case().when('event_id', '=', seriesId).then(toId).else(eb.ref('event_id')).end(),
      }))
      .where('series_id', '=', seriesId)
      .where('occurrence_key', '>=', fromKey)
      .execute();
  }

  /**
   * A series whose rules were removed becomes a single event again: its generated rows go, it gets
   * its one row, and its detached exceptions become single events of their own.
   */
  async endSeries(db: WriteTx, seriesId: number): Promise<void> {
    await db
      .deleteFrom('event_occurrences')
      .where('series_id', '=', seriesId)
      .where('event_id', '=', seriesId)
      .execute();
    await db.updateTable('event_occurrences').set({ series_id: null }).where('series_id', '=', seriesId).execute();
    await db
      .updateTable('events')
      .set({ series_id: null, recurrence_id: null })
      .where('series_id', '=', seriesId)
      .execute();
    const event = await db.selectFrom('events').selectAll().where('post_id', '=', seriesId).executeTakeFirstOrThrow();
    // Its first date detached keeps the series' id; the single event's row then takes a new one.
    const idHeld = await db.selectFrom('event_occurrences').select('id').where('id', '=', seriesId).executeTakeFirst();
    const id = idHeld ? (await this.dialect.allocatePostIds(db, 1))[0]! : seriesId;
    await db
      .insertInto('event_occurrences')
      .values({ ...singleOccurrence(event), id })
      .execute();
  }

  /** Up to `limit` series whose occurrences are materialised only up to before `due` (unbounded rules), most behind first. */
  async seriesMaterializedBefore(db: ReadTx, due: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('events')
      .select('post_id')
      .where('materialized_until', '<', due)
      .orderBy('materialized_until')
      .orderBy('post_id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.post_id);
  }

  /**
   * How far every series with unbounded rules is materialised: the least `materialized_until` (a
   * local wall clock), null when there is none. The first entry of a partial index: the one
   * marker an archive read past the horizon checks, kept by every write of a series without effort.
   */
  async materializedFloor(db: ReadTx): Promise<string | null> {
    const row = await db
      .selectFrom('events')
      .select((eb) => eb.fn.min<string | null>('materialized_until').as('floor'))
      .where('materialized_until', 'is not', null)
      .executeTakeFirst();
    return row?.floor ?? null;
  }

  /** The detached exceptions of a series (event posts of their own). */
  async exceptionsOf(db: ReadTx, seriesId: number): Promise<number[]> {
    const rows = await db.selectFrom('events').select('post_id').where('series_id', '=', seriesId).execute();
    return rows.map((row) => row.post_id);
  }
}
