import { type Expression, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely';
import { containsAny, NEVER, NEXT_VERSION, titleOnlyWhenProtected } from '../conditions.ts';
import type { DialectCapabilities } from '../database.ts';
import { TranslationsRepository } from './translations.repository.ts';
import type { Database, ImagesTable, PostsTable } from '../tables.ts';

/*
 * Venues and organizers: a `posts` row plus a row of their own table (`venues`, `organizers`).
 * One repository serves both; the definition names the table and its columns.
 */

export type PostRow = Selectable<PostsTable>;
export type ImageRow = Selectable<ImagesTable>;
export type MetaValue = string | number | null;

export interface LinkedRecordTable {
  readonly type: 'venue' | 'organizer';
  readonly table: 'venues' | 'organizers';
  /** Every column of the type's own table but `post_id`. */
  readonly columns: readonly string[];
  /** Text columns a `search` looks into, besides title, content and excerpt. */
  readonly searchColumns: readonly string[];
}

export interface LinkedRecordRow {
  readonly post: PostRow;
  readonly meta: Readonly<Record<string, MetaValue>>;
  readonly image: ImageRow | null;
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

export type NewPost = Omit<PostRow, 'id' | 'version'>;

const IMAGE_COLUMNS = ['id', 'url', 'extension', 'width', 'height', 'filesize', 'mime_type', 'sizes_json', 'created_at'] as const;

// The type's own table is chosen at run time, which Kysely's static table types cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyBuilder = ExpressionBuilder<any, any>;

export class LinkedRecordsRepository {
  private readonly anyDb: AnyDb;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectCapabilities,
    private readonly shape: LinkedRecordTable,
  ) {
    this.anyDb = db as unknown as AnyDb;
  }

  private select() {
    const { table, columns } = this.shape;
    return this.anyDb
      .selectFrom('posts as p')
      .innerJoin(`${table} as m`, 'm.post_id', 'p.id')
      .leftJoin('images as i', 'i.id', 'p.image_id')
      .selectAll('p')
      .select(columns.map((column) => `m.${column} as meta_${column}`))
      .select(IMAGE_COLUMNS.map((column) => `i.${column} as image_${column}`))
      .where('p.type', '=', this.shape.type);
  }

  private toRow(raw: Record<string, unknown>): LinkedRecordRow {
    const post: Record<string, unknown> = {};
    const meta: Record<string, MetaValue> = {};
    const image: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key.startsWith('meta_')) meta[key.slice(5)] = value as MetaValue;
      else if (key.startsWith('image_')) image[key.slice(6)] = value;
      else post[key] = value;
    }
    return { post: post as PostRow, meta, image: image.id === null || image.id === undefined ? null : (image as ImageRow) };
  }

  private where(filter: LinkedRecordFilter) {
    const { type, searchColumns } = this.shape;
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
          containsAny(searchColumns.map((column) => `m.${column}`), text),
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

  async count(filter: LinkedRecordFilter): Promise<number> {
    const row = await this.anyDb
      .selectFrom('posts as p')
      .innerJoin(`${this.shape.table} as m`, 'm.post_id', 'p.id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('p.type', '=', this.shape.type)
      .where(this.where(filter))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Newest first, as WordPress' default order (wire-format 3.7). */
  async list(filter: LinkedRecordFilter, limit: number, offset: number): Promise<LinkedRecordRow[]> {
    const rows = await this.select().where(this.where(filter)).orderBy('p.date_utc', 'desc').orderBy('p.id', 'desc').limit(limit).offset(offset).execute();
    return rows.map((row) => this.toRow(row));
  }

  async get(id: number): Promise<LinkedRecordRow | undefined> {
    const row = await this.select().where('p.id', '=', id).executeTakeFirst();
    return row ? this.toRow(row) : undefined;
  }

  /** Several records at once (the venues and organizers of a page of events). */
  async getMany(ids: readonly number[]): Promise<LinkedRecordRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.select().where('p.id', 'in', [...new Set(ids)]).execute();
    return rows.map((row) => this.toRow(row));
  }

  async findBySlug(slug: string): Promise<LinkedRecordRow | undefined> {
    // `slug <> ''` lets the engine use the partial unique index on (type, slug) with a bound slug.
    const row = await this.select().where('p.slug', '=', slug).where('p.slug', '<>', '').orderBy('p.id').executeTakeFirst();
    return row ? this.toRow(row) : undefined;
  }

  /** A record that is not in the trash with this exact title (and description, when one is given). */
  async findDuplicate(title: string, content: string | undefined): Promise<LinkedRecordRow | undefined> {
    let query = this.select().where('p.title', '=', title).where('p.status', '<>', 'trash');
    if (content !== undefined) query = query.where('p.content', '=', content);
    const row = await query.orderBy('p.id').executeTakeFirst();
    return row ? this.toRow(row) : undefined;
  }

  async slugTaken(slug: string): Promise<boolean> {
    const row = await this.db.selectFrom('posts').select('id').where('type', '=', this.shape.type).where('slug', '=', slug).executeTakeFirst();
    return row !== undefined;
  }

  async create(post: NewPost, meta: Readonly<Record<string, MetaValue>>): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx.insertInto('posts').values(post).returning('id').executeTakeFirstOrThrow();
      await (trx as unknown as AnyDb).insertInto(this.shape.table).values({ ...meta, post_id: id }).execute();
      return id;
    });
  }

  async update(id: number, post: Partial<NewPost>, meta: Readonly<Record<string, MetaValue>>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (Object.keys(post).length > 0) await trx.updateTable('posts').set({ ...post, version: NEXT_VERSION }).where('id', '=', id).execute();
      if (Object.keys(meta).length > 0) await (trx as unknown as AnyDb).updateTable(this.shape.table).set(meta).where('post_id', '=', id).execute();
    });
  }

  /** Permanent removal; links to events go with it (foreign keys cascade). */
  async remove(id: number): Promise<void> {
    await this.db.deleteFrom('posts').where('id', '=', id).execute();
  }
}
