import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { containsAny, NEVER, readablePost, titleOnlyWhenProtected, type ReadableStatuses } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import { TranslationsRepository } from './translations.repository.ts';
import { PostRecordsRepository, type AnyDb, type PostRecord } from './post-records.repository.ts';

/*
 * Venues and organizers: a `posts` row plus a row of their own table (`venues`, `organizers`).
 * One repository serves both; the definition names the table and its columns.
 */

export type MetaValue = string | number | null;
export type LinkedRecordFields = Readonly<Record<string, MetaValue>>;
export type LinkedRecordRow = PostRecord<LinkedRecordFields>;

export interface LinkedRecordTable {
  readonly type: 'venue' | 'organizer';
  readonly table: 'venues' | 'organizers';
  /** Every column of the type's own table but `post_id`. */
  readonly columns: readonly string[];
  /** Text columns a `search` looks into, besides title, content and excerpt. */
  readonly searchColumns: readonly string[];
}

export interface LinkedRecordFilter {
  readonly statuses: readonly string[];
  /** Non-published records are listed only to their author, unless the caller may edit others'. */
  readonly restrictTo?: { readonly authorId: number | null };
  /**
   * Name, description or details contain the text, in the original or in the request's language;
   * with `titleOnlyWhenProtected`, a password-protected record matches by its name only.
   */
  /** The words of a search (`searchWords`): a record matches when it holds every one. */
  readonly search?: {
    readonly words: readonly string[];
    readonly language: string;
    readonly titleOnlyWhenProtected: boolean;
  };
  readonly eventId?: number;
  /** Linked to at least one published event (true) or to none (false); drafts, pending and trashed events do not count. */
  readonly hasEvents?: boolean;
  /** Only records linked to an event the caller may read that has not ended at this UTC time. */
  readonly upcoming?: UpcomingFilter;
  /** Only these records (sync; decision 0029). */
  readonly ids?: readonly number[];
  /** Records modified after this UTC time (`modified_after`; decision 0029). */
  readonly modifiedAfter?: string;
}

/** A position in the list order: the last record read (its publication date and id). */
export interface LinkedRecordCursor {
  readonly dateUtc: string;
  readonly id: number;
}

/** Which upcoming events count: those the caller may read. */
export interface UpcomingFilter extends ReadableStatuses {
  readonly after: string;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBuilder = ExpressionBuilder<any, any>;

export class LinkedRecordsRepository extends PostRecordsRepository<LinkedRecordFields> {
  private readonly searchColumns: readonly string[];
  private readonly kind: LinkedRecordTable['type'];

  constructor(table: LinkedRecordTable, dialect: DialectCapabilities) {
    super({ type: table.type, table: table.table, columns: table.columns, copiesStatus: false }, dialect);
    this.searchColumns = table.searchColumns;
    this.kind = table.type;
  }

  private where(filter: LinkedRecordFilter) {
    const { type } = this.shape;
    const { searchColumns } = this;
    return (eb: AnyBuilder): Expression<SqlBool> => {
      const conditions: Expression<SqlBool>[] = [
        eb('p.status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']),
      ];
      if (filter.restrictTo) {
        const own = filter.restrictTo.authorId === null ? NEVER : eb('p.author_id', '=', filter.restrictTo.authorId);
        conditions.push(eb.or([eb('p.status', '=', 'publish'), own]));
      }
      if (filter.search !== undefined) {
        // Every word, each in any field: title and text through the posts search index, the type's own fields by a scan of their rows.
        const { words, language, titleOnlyWhenProtected: protectedByTitle } = filter.search;
        for (const word of words) {
          const textMatch = eb.or([
            this.dialect.postsContaining('p', word),
            containsAny(
              searchColumns.map((column) => `own.${column}`),
              word,
            ),
            TranslationsRepository.postTextContains('p.id', language, word),
          ]);
          conditions.push(protectedByTitle ? titleOnlyWhenProtected('p', textMatch, word) : textMatch);
        }
      }
      if (filter.ids !== undefined) conditions.push(filter.ids.length > 0 ? eb('p.id', 'in', [...filter.ids]) : NEVER);
      if (filter.modifiedAfter !== undefined) conditions.push(eb('p.modified_utc', '>', filter.modifiedAfter));
      if (filter.eventId !== undefined) {
        conditions.push(
          eb(
            'p.id',
            'in',
            eb
              .selectFrom('event_links')
              .select('linked_id')
              .where('event_id', '=', filter.eventId)
              .where('kind', '=', type),
          ),
        );
      }
      if (filter.hasEvents !== undefined) {
        const linked = eb.exists(
          eb
            .selectFrom('event_links as l')
            .innerJoin('posts as e', 'e.id', 'l.event_id')
            .select('l.event_id')
            .whereRef('l.linked_id', '=', 'p.id')
            .where('e.status', '=', 'publish'),
        );
        conditions.push(filter.hasEvents ? linked : eb.not(linked));
      }
      if (filter.upcoming !== undefined) {
        const { after } = filter.upcoming;
        conditions.push(
          eb.exists(
            eb
              .selectFrom('event_links as l')
              .innerJoin('posts as e', 'e.id', 'l.event_id')
              // Any occurrence still to end: a series is upcoming while one of its dates is (decision 0025).
              .innerJoin('event_occurrences as ev', 'ev.event_id', 'e.id')
              .select('l.event_id')
              .whereRef('l.linked_id', '=', 'p.id')
              .where('ev.end_utc', '>=', after)
              .where(readablePost('e', filter.upcoming)),
          ),
        );
      }
      return eb.and(conditions);
    };
  }

  async count(db: ReadTx, filter: LinkedRecordFilter): Promise<number> {
    const row = await (db as unknown as AnyDb)
      .selectFrom('posts as p')
      .innerJoin(`${this.shape.table} as own`, 'own.post_id', 'p.id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.type', '=', this.shape.type)
      .where(this.where(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first, as WordPress' default order (wire-format 3.7). */
  async list(db: ReadTx, filter: LinkedRecordFilter, limit: number, offset: number): Promise<LinkedRecordRow[]> {
    const rows = await this.select(db)
      .where(this.where(filter))
      .orderBy('p.date_utc', 'desc')
      .orderBy('p.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map((row) => this.toRecord(row));
  }

  /**
   * The next `limit` records in the order they were published (oldest first, then by id) after
   * `after`, with the cursor to continue from: one bounded batch of an export that reads a whole
   * list a batch at a time. Oldest first, unlike the list, so that a file imported in its order
   * makes the records in the same order again (decision 0114).
   */
  async listAfter(
    db: ReadTx,
    filter: LinkedRecordFilter,
    after: LinkedRecordCursor | undefined,
    limit: number,
  ): Promise<{ rows: LinkedRecordRow[]; next: LinkedRecordCursor | undefined }> {
    let page = this.select(db).where(this.where(filter));
    if (after) {
      const { dateUtc, id } = after;
      page = page.where((eb) =>
        eb.or([eb('p.date_utc', '>', dateUtc), eb.and([eb('p.date_utc', '=', dateUtc), eb('p.id', '>', id)])]),
      );
    }
    const rows = (await page.orderBy('p.date_utc').orderBy('p.id').limit(limit).execute()).map((row) =>
      this.toRecord(row),
    );
    const last = rows.at(-1)?.post;
    return { rows, next: last && { dateUtc: last.date_utc, id: last.id } };
  }

  /** Unlinks the record from every event (it leaves for the trash; removal cascades by itself). */
  async unlinkEvents(db: WriteTx, id: number): Promise<void> {
    await db.deleteFrom('event_links').where('linked_id', '=', id).where('kind', '=', this.kind).execute();
  }

  /**
   * Makes other units looking for records of this type with this title (findDuplicates, compared
   * without case) wait until this unit ends: one of two parallel inline writes of a name reuses
   * the other's record (decision 0081).
   */
  lockTitle(db: WriteTx, title: string): Promise<void> {
    return this.dialect.lockKey(db, `title:${this.shape.type}:${title.toLowerCase()}`);
  }

  /**
   * Records not in the trash with this title (and description, when one is given), compared without
   * regard to case as the original's database collation compares them (decision 0050), oldest first.
   * An inline write links to the one it reuses: a write unit holds them against deletion until it
   * ends (decision 0082).
   */
  async findDuplicates(db: ReadTx, title: string, content: string | undefined): Promise<LinkedRecordRow[]> {
    let query = this.select(db)
      .where(sql`lower(p.title)`, '=', sql`lower(${title})`)
      .where('p.status', '<>', 'trash');
    if (content !== undefined) query = query.where(sql`lower(p.content)`, '=', sql`lower(${content})`);
    const rows = await this.dialect.lockLinked(db, query, 'p').orderBy('p.id').execute();
    return rows.map((row) => this.toRecord(row));
  }
}
