import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { NEXT_VERSION } from '../conditions.ts';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import { inList } from '../in-list-padding.ts';
import type { PostsTable, PostType } from '../tables.ts';
import { IMAGE_COLUMNS, type ImageRow } from './images.repository.ts';

/*
 * Events, venues and organizers: each a `posts` row plus a row of the type's own table, and an
 * optional image. One repository shape serves the three; the type's table and columns are data.
 */

export type PostRow = Selectable<PostsTable>;
export type NewPost = Omit<PostRow, 'id' | 'version'>;

/** A post-like record as stored: its post, its own table's fields, its image. */
export interface PostRecord<Fields> {
  readonly post: PostRow;
  readonly fields: Fields;
  readonly image: ImageRow | null;
}

/**
 * A record as its inserts wrote it: each row as the insert returned it (the database's defaults
 * included), which a select of it later in the unit gives too, since no trigger changes them.
 */
export type WrittenRecord<Fields> = Pick<PostRecord<Fields>, 'post' | 'fields'>;

export interface PostTable<Fields> {
  readonly type: PostType;
  readonly table: 'events' | 'venues' | 'organizers';
  /** Every column of the type's own table but `post_id` (and the events' status copy). */
  readonly columns: readonly (keyof Fields & string)[];
  /** The own table keeps a copy of the post's status (events: the archive reads one index). */
  readonly copiesStatus: boolean;
}

// The type's own table is chosen at run time, which Kysely's static table types cannot express.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;

const FIELD_PREFIX = 'own_';
const IMAGE_PREFIX = 'image_';

/** Lookups and writes every post-like record has; the types' repositories add their archives. */
export class PostRecordsRepository<Fields> {
  constructor(
    protected readonly shape: PostTable<Fields>,
    protected readonly dialect: DialectCapabilities,
  ) {}

  /** The record's post (`p`), own row (`own`) and image (`i`), one row per record. */
  protected select(db: ReadTx) {
    return this.withRecord((db as unknown as AnyDb).selectFrom('posts as p'));
  }

  /** A query over `posts as p` with the record's own row and image joined and selected, as `toRecord` reads them. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  protected withRecord(query: SelectQueryBuilder<any, any, object>) {
    return this.joinRecord(query).where('p.type', '=', this.shape.type);
  }

  /**
   * `withRecord` without naming the type: only a post of the type has a row in its own table, which
   * the inner join needs (`integrity.ts` checks it).
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  private joinRecord(query: SelectQueryBuilder<any, any, object>) {
    const { table, columns } = this.shape;
    return query
      .innerJoin(`${table} as own`, 'own.post_id', 'p.id')
      .leftJoin('images as i', 'i.id', 'p.image_id')
      .selectAll('p')
      .select(columns.map((column) => `own.${column} as ${FIELD_PREFIX}${column}`))
      .select(IMAGE_COLUMNS.map((column) => `i.${column} as ${IMAGE_PREFIX}${column}`));
  }

  protected toRecord(raw: Record<string, unknown>): PostRecord<Fields> {
    const post: Record<string, unknown> = {};
    const fields: Record<string, unknown> = {};
    const image: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(raw)) {
      if (key.startsWith(FIELD_PREFIX)) fields[key.slice(FIELD_PREFIX.length)] = value;
      else if (key.startsWith(IMAGE_PREFIX)) image[key.slice(IMAGE_PREFIX.length)] = value;
      else post[key] = value;
    }
    return {
      post: post as PostRow,
      fields: fields as Fields,
      image: image.id === null || image.id === undefined ? null : (image as ImageRow),
    };
  }

  /**
   * How many records of the type have each status, by status; with `restrictTo`, only the published
   * ones and those of that author (an archive's scope for a caller who may not edit others' records).
   */
  async countByStatus(db: ReadTx, restrictTo?: { readonly authorId: number | null }): Promise<Map<string, number>> {
    let query = db
      .selectFrom('posts')
      .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
      .where('type', '=', this.shape.type);
    if (restrictTo)
      query = query.where((eb) =>
        eb.or([
          eb('status', '=', 'publish'),
          ...(restrictTo.authorId === null ? [] : [eb('author_id', '=', restrictTo.authorId)]),
        ]),
      );
    const rows = await query.groupBy('status').execute();
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  }

  async get(db: ReadTx, id: number): Promise<PostRecord<Fields> | undefined> {
    const row = await this.select(db).where('p.id', '=', id).executeTakeFirst();
    return row ? this.toRecord(row) : undefined;
  }

  /**
   * Several records at once (the venues and organizers of a page of events). `toLink`: a write
   * will link to them, so a write unit holds them against deletion until it ends (decision 0082).
   */
  async getMany(db: ReadTx, ids: readonly number[], { toLink = false } = {}): Promise<PostRecord<Fields>[]> {
    if (ids.length === 0) return [];
    // By id alone (decision 0035): with the type named too, SQLite, which keeps no statistics here,
    // read every record of the type through the type index to find the few asked for.
    const query = this.joinRecord((db as unknown as AnyDb).selectFrom('posts as p')).where('p.id', 'in', inList(ids));
    const rows = await (toLink ? this.dialect.lockLinked(db, query, 'p') : query).execute();
    return rows.map((row) => this.toRecord(row));
  }

  /** Locks the record's post row until the unit ends, where another unit may write it meanwhile (DialectCapabilities.lockRow); answers whether it did. */
  lock(db: WriteTx, id: number): Promise<boolean> {
    return this.dialect.lockRow(db, { table: 'posts', id });
  }

  async findBySlug(db: ReadTx, slug: string): Promise<PostRecord<Fields> | undefined> {
    // `slug <> ''` lets the engine use the partial unique index on (type, slug) with a bound slug.
    const row = await this.select(db)
      .where('p.slug', '=', slug)
      .where('p.slug', '<>', '')
      .orderBy('p.id')
      .executeTakeFirst();
    return row ? this.toRecord(row) : undefined;
  }

  async create(db: WriteTx, post: NewPost, fields: Fields): Promise<WrittenRecord<Fields>> {
    const written = await db.insertInto('posts').values(post).returningAll().executeTakeFirstOrThrow();
    const own = this.shape.copiesStatus ? { ...fields, status: post.status } : fields;
    const ownRow = (await (db as unknown as AnyDb)
      .insertInto(this.shape.table)
      .values({ ...own, post_id: written.id })
      .returningAll()
      .executeTakeFirstOrThrow()) as Record<string, unknown>;
    // The fields `toRecord` reads: the own table's columns but `post_id` and the status copy, in their order.
    return {
      post: written,
      fields: Object.fromEntries(this.shape.columns.map((column) => [column, ownRow[column]])) as Fields,
    };
  }

  /** Writes the changed columns of both rows; a status change is copied onto the own row where it keeps one. */
  async update(db: WriteTx, id: number, post: Partial<NewPost>, fields: Partial<Fields>): Promise<void> {
    const own = this.shape.copiesStatus && post.status !== undefined ? { ...fields, status: post.status } : fields;
    if (Object.keys(post).length > 0)
      await db
        .updateTable('posts')
        .set({ ...post, version: NEXT_VERSION })
        .where('id', '=', id)
        .execute();
    if (Object.keys(own).length > 0)
      await (db as unknown as AnyDb).updateTable(this.shape.table).set(own).where('post_id', '=', id).execute();
  }

  /**
   * A new version of the record without a change of its fields: what it shows changed elsewhere
   * (a series' occurrences materialised further), which its `ETag` and the journal must tell.
   */
  async newVersion(db: WriteTx, id: number): Promise<void> {
    await db.updateTable('posts').set({ version: NEXT_VERSION }).where('id', '=', id).execute();
  }

  /** Permanent removal; the own row, links and terms go with it (foreign keys cascade). */
  async remove(db: WriteTx, id: number): Promise<void> {
    await db.deleteFrom('posts').where('id', '=', id).execute();
  }

  /** Makes other units choosing this exact slug of this type wait until this unit ends (decision 0101). */
  lockSlug(db: WriteTx, slug: string): Promise<void> {
    return this.dialect.lockKey(db, `slug:${this.shape.type}:${slug}`);
  }

  /** Which of `candidates` are slugs of this type: point lookups on the (type, slug) index (`<> ''` is its partial condition, which SQLite must see to use it). */
  async slugsTaken(db: ReadTx, candidates: readonly string[]): Promise<Set<string>> {
    const rows = await db
      .selectFrom('posts')
      .select('slug')
      .where('type', '=', this.shape.type)
      .where('slug', '<>', '')
      .where('slug', 'in', inList(candidates))
      .execute();
    return new Set(rows.map((row) => row.slug));
  }
}
