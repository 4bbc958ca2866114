import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { ContentRepository, ContentState } from '../../storage/repositories/content.repository.ts';
import type { DateBounds, EventFilter } from '../../storage/repositories/event-filter.ts';
import type { ArchiveCursor } from '../../storage/repositories/events.repository.ts';
import type { Access } from '../posts/post-rules.ts';
import type { ArchiveQuery, EventArchive } from '../events/event-archive.ts';
import type { EventRef, EventsService } from '../events/events.service.ts';
import type { CalendarEvent, FeedBatch } from './calendar-writer.ts';

/** What a feed exports, fixed in its first unit of work: the archive's filter, and the content's state for its validators. */
export interface FeedPlan {
  readonly filter: EventFilter;
  readonly bounds: DateBounds;
  readonly content: ContentState;
  /** Where the window is cut short of recurring series' occurrences (EventArchive.occurrencesCut). */
  readonly cut: string | undefined;
}

/**
 * The iCalendar exports of the event archive and of single events. Every rule (status scope, date
 * window, filters, visibility, password protection, translations) is the events services': a feed
 * selects exactly what the archive would list to the same caller.
 */
export class CalendarFeedService {
  constructor(
    private readonly events: Pick<EventsService, 'get' | 'entitled'>,
    private readonly archive: Pick<EventArchive, 'validateList' | 'archiveFilter' | 'occurrencesCut' | 'listAfter'>,
    private readonly content: ContentRepository,
  ) {}

  validate(tx: ReadTx, query: ArchiveQuery, caller: Caller | null): Promise<void> {
    return this.archive.validateList(tx, query, caller);
  }

  async plan(tx: ReadTx, query: ArchiveQuery, caller: Caller | null, language: LanguageCode): Promise<FeedPlan> {
    const { filter, bounds } = await this.archive.archiveFilter(tx, query, caller, language);
    return {
      filter,
      bounds,
      content: await this.content.state(tx),
      cut: await this.archive.occurrencesCut(tx, bounds),
    };
  }

  /**
   * The next batch of the archive after `after`, each event with what the caller may see of it. The
   * archive lists a series once per occurrence; a feed writes it once, with its rules, at its first
   * occurrence in the window: `written` holds the series written so far (a feed's series are few;
   * single events and detached exceptions need no entry).
   */
  async batch(
    tx: ReadTx,
    filter: EventFilter,
    after: ArchiveCursor | undefined,
    limit: number,
    request: { caller: Caller | null; access: Access; language: LanguageCode; written: Set<number> },
  ): Promise<FeedBatch<ArchiveCursor>> {
    const { rows, relations, next } = await this.archive.listAfter(
      tx,
      filter,
      after,
      limit,
      request.language,
      request.caller,
    );
    const firsts = rows.filter((row) => {
      if (row.fields.recurrence === null) return true;
      if (request.written.has(row.post.id)) return false;
      request.written.add(row.post.id);
      return true;
    });
    return {
      events: firsts.map((row) => ({
        row,
        relations,
        entitled: this.events.entitled(row, request.caller, request.access),
      })),
      read: rows.length,
      next,
    };
  }

  /** One event the caller may read (the JSON's rules and errors), with the content's state; a later date of a series alone. */
  async single(
    tx: ReadTx,
    ref: EventRef,
    caller: Caller | null,
    access: Access,
    language: LanguageCode,
  ): Promise<{ event: CalendarEvent; content: ContentState }> {
    const { row, relations } = await this.events.get(tx, ref, caller, access, language);
    return {
      event: { row, relations, entitled: true, alone: 'id' in ref && ref.id !== row.post.id },
      content: await this.content.state(tx),
    };
  }
}
