import type { Insertable } from 'kysely';
import type { WriteTx } from '../types.ts';
import type { EventLinksTable, EventTermsTable } from '../tables.ts';
import { singleOccurrence } from './event-occurrences.repository.ts';
import type { EventFields } from './events.repository.ts';
import type { NewPost } from './post-records.repository.ts';

/*
 * The bulk create of single events (the CSV import, decision 0131): the rows `EventsRepository.create`,
 * `setEventTerms` and `setLinks` write for one event, written for many events a few statements at a
 * time. The triggers (search index, journal, content changes, day counts) fire per row as they do
 * for one event's inserts, so what they derive is the same.
 */

/** Rows per multi-row statement: events' 24 columns times this stay within SQLite's 32,766 parameters. */
const ROWS_PER_STATEMENT = 500;

function* chunksOf<T>(items: readonly T[]): Generator<T[]> {
  for (let from = 0; from < items.length; from += ROWS_PER_STATEMENT)
    yield items.slice(from, from + ROWS_PER_STATEMENT);
}

/** A single event's rows as `EventsRepository.create` takes them. */
export interface NewSingleEvent {
  readonly post: NewPost;
  readonly fields: EventFields;
}

export class EventBulkRepository {
  /**
   * Inserts single events (no recurrence, no series): their posts, own rows and one occurrence each,
   * as `EventsRepository.create` does one. Answers their ids in the order given.
   */
  async insertSingles(db: WriteTx, events: readonly NewSingleEvent[]): Promise<number[]> {
    const ids: number[] = [];
    for (const chunk of chunksOf(events)) {
      const written = await db
        .insertInto('posts')
        .values(chunk.map((event) => event.post))
        .returning('id')
        .execute();
      // Both engines give a statement's new rows increasing ids in the order of its VALUES (SQLite's
      // rowid after the largest, PostgreSQL's sequence called per row in order); neither promises
      // the order of RETURNING's rows, so they are sorted.
      ids.push(...written.map((row) => row.id).sort((a, b) => a - b));
    }
    const owned = events.map((event, at) => ({ ...event.fields, status: event.post.status, post_id: ids[at]! }));
    for (const chunk of chunksOf(owned)) await db.insertInto('events').values(chunk).execute();
    for (const chunk of chunksOf(owned))
      await db
        .insertInto('event_occurrences')
        .values(chunk.map((own) => singleOccurrence(own)))
        .execute();
    return ids;
  }

  /** New events' term rows (`setEventTerms` of a created event). */
  async insertTerms(db: WriteTx, rows: readonly Insertable<EventTermsTable>[]): Promise<void> {
    for (const chunk of chunksOf(rows)) await db.insertInto('event_terms').values(chunk).execute();
  }

  /** New events' links to venues and organizers (`setLinks` of a created event). */
  async insertLinks(db: WriteTx, rows: readonly Insertable<EventLinksTable>[]): Promise<void> {
    for (const chunk of chunksOf(rows)) await db.insertInto('event_links').values(chunk).execute();
  }
}
