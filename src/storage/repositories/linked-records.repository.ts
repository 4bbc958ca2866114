import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { containsAny, NEVER, titleOnlyWhenProtected } from '../conditions.ts';
import type { DialectCapabilities, ReadTx } from '../database.ts';
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
  readonly search?: { readonly text: string; readonly language: string; readonly titleOnlyWhenProtected: boolean };
  readonly eventId?: number;
  readonly hasEvents?: boolean;
  /** Only records linked to a published event that has not ended at this UTC time. */
  readonly upcomingAfter?: string;
}


// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBuilder = ExpressionBuilder<any, any>;

export class LinkedRecordsRepository extends PostRecordsRepository<LinkedRecordFields> {
  private readonly searchColumns: readonly string[];

  constructor(table: LinkedRecordTable, dialect: DialectCapabilities) {
    super({ type: table.type, table: table.table, columns: table.columns, copiesStatus: false }, dialect);
    this.searchColumns = table.searchColumns;
  }

  private where(filter: LinkedRecordFilter) {
    const { type } = this.shape;
    const { searchColumns } = this;
    return (eb: AnyBuilder): Expression<SqlBool> => {
      const conditions: Expression<SqlBool>[] = [eb('p.status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : [''])];
      if (filter.restrictTo) {
        const own = filter.restrictTo.authorId === null ? NEVER : eb('p.author_id', '=', filter.restrictTo.authorId);
        conditions.push(eb.or([eb('p.status', '=', 'publish'), own]));
      }
      if (filter.search !== undefined) {
        // Title and text through the posts search index, the type's own fields by a scan of their rows.
        const { text, language, titleOnlyWhenProtected: protectedByTitle } = filter.search;
        const textMatch = eb.or([
          this.dialect.postsContaining('p', text),
          containsAny(searchColumns.map((column) => `own.${column}`), text),
          TranslationsRepository.postTextContains('p.id', language, text),
        ]);
        conditions.push(protectedByTitle ? titleOnlyWhenProtected('p', textMatch, text) : textMatch);
      }
      if (filter.eventId !== undefined) {
        conditions.push(eb('p.id', 'in', eb.selectFrom('event_links').select('linked_id').where('event_id', '=', filter.eventId).where('kind', '=', type)));
      }
      if (filter.hasEvents !== undefined) {
        const linked = eb.exists(
          eb
            .selectFrom('event_links as l')
            .innerJoin('posts as e', 'e.id', 'l.event_id')
            .select('l.event_id')
            .whereRef('l.linked_id', '=', 'p.id')
            .where('e.status', '<>', 'trash'),
        );
        conditions.push(filter.hasEvents ? linked : eb.not(linked));
      }
      if (filter.upcomingAfter !== undefined) {
        conditions.push(
          eb.exists(
            eb
              .selectFrom('event_links as l')
              .innerJoin('posts as e', 'e.id', 'l.event_id')
              .innerJoin('events as ev', 'ev.post_id', 'e.id')
              .select('l.event_id')
              .whereRef('l.linked_id', '=', 'p.id')
              .where('e.status', '=', 'publish')
              .where('ev.end_utc', '>=', filter.upcomingAfter),
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
    const rows = await this.select(db).where(this.where(filter)).orderBy('p.date_utc', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
    return rows.map((row) => this.toRecord(row));
  }

  /** A record that is not in the trash with this exact title (and description, when one is given). */
  async findDuplicate(db: ReadTx, title: string, content: string | undefined): Promise<LinkedRecordRow | undefined> {
    let query = this.select(db).where('p.title', '=', title).where('p.status', '<>', 'trash');
    if (content !== undefined) query = query.where('p.content', '=', content);
    const row = await query.orderBy('p.id').executeTakeFirst();
    return row ? this.toRecord(row) : undefined;
  }
}
