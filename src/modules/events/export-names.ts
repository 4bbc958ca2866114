import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { ContentRepository } from '../../storage/repositories/content.repository.ts';
import type { ExportEventRow } from '../../storage/repositories/event-export-rows.ts';
import type { NamedPost, PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { TermName } from '../../storage/repositories/terms.repository.ts';
import type { LinkKind, Taxonomy } from '../../storage/tables.ts';
import type { PostRecords } from '../posts/post-records.ts';
import type { PostFacts } from '../posts/post-rules.ts';
import type { Localized } from '../translations/translations.ts';

/** What the names need of the terms (the terms service provides it). */
export interface ExportTermNames {
  /** Terms by id, as much as a name needs. */
  termNames(tx: ReadTx, ids: readonly number[]): Promise<TermName[]>;
  /** Every term's id in the order an event's terms are listed in (by name, then id). */
  termsInNameOrder(tx: ReadTx): Promise<number[]>;
  names(tx: ReadTx, terms: readonly TermName[], language: LanguageCode): Promise<Localized<{ row: TermName }>[]>;
}

/** What the names need to know of one reader and one language. */
export interface ExportNamesSources {
  readonly content: Pick<ContentRepository, 'state'>;
  readonly posts: Pick<PostsRepository, 'named'>;
  readonly records: Pick<PostRecords<object>, 'titles'>;
  readonly terms: ExportTermNames;
  /** Venues' and organizers' services, for their read rule. */
  readonly linked: Readonly<
    Record<LinkKind, { mayRead(reader: Caller | null, row: { readonly post: PostFacts }): boolean }>
  >;
}

/** The names a CSV row writes of its event's relations, in the JSON's order. */
export interface RelationNames {
  readonly venues: readonly string[];
  readonly organizers: readonly string[];
  readonly categories: readonly string[];
  readonly tags: readonly string[];
}

/**
 * Sorts `ids` in place by their place in `order`: an insertion sort, since an event has a few
 * terms, and `Array.prototype.sort` allocated a work copy for each of the export's rows.
 */
function inOrder(ids: number[], order: ReadonlyMap<number, number>): void {
  for (let next = 1; next < ids.length; next++) {
    const id = ids[next]!;
    const place = order.get(id)!;
    let at = next;
    for (; at > 0 && order.get(ids[at - 1]!)! > place; at--) ids[at] = ids[at - 1]!;
    ids[at] = id;
  }
}

const isLinkKind = (type: NamedPost['type']): type is LinkKind => type === 'venue' || type === 'organizer';

/**
 * The names one CSV export writes of its events' venues, organizers, categories and tags, for its
 * reader in its language (decision 0136). A batch's rows bring their relations' ids; each name is
 * read once and kept from batch to batch, as long as every batch's unit reads the content version
 * the names were read at. Any write of content moves that version (a venue renamed, made private
 * or translated, a term renamed), and the next batch then reads its names again: every batch still
 * names what its own snapshot holds (decision 0114), as when each batch read them all.
 */
export class ExportNames {
  /** The content version the names below were read at. */
  private version: number | undefined;
  /** Venues and organizers by id: their kind and the name the reader sees, or null when the reader may not read them. */
  private readonly linked = new Map<number, { readonly kind: LinkKind; readonly name: string } | null>();
  private readonly terms = new Map<number, { readonly taxonomy: Taxonomy; readonly name: string }>();
  /**
   * Each term's place in the order an event's terms are listed in, as the database orders them
   * (its `lower` and collation, as `termsOfEvents`): read whole, once per version, since a term
   * new to a batch must fall in its place among those read before.
   */
  private termOrder: Map<number, number> | undefined;

  constructor(
    private readonly sources: ExportNamesSources,
    private readonly language: LanguageCode,
    private readonly reader: Caller | null,
  ) {}

  /** Reads, in the batch's unit, the names its rows need that are not known at its snapshot's version. */
  async load(tx: ReadTx, rows: readonly ExportEventRow[]): Promise<void> {
    const { version } = await this.sources.content.state(tx);
    if (version !== this.version) {
      this.linked.clear();
      this.terms.clear();
      this.termOrder = undefined;
      this.version = version;
    }
    const linkedIds = new Set<number>();
    const termIds = new Set<number>();
    for (const row of rows) {
      for (const id of row.linkedIds) if (!this.linked.has(id)) linkedIds.add(id);
      for (const id of row.termIds) if (!this.terms.has(id)) termIds.add(id);
    }
    await Promise.all([
      this.loadLinked(tx, [...linkedIds]),
      this.loadTerms(tx, [...termIds]),
      termIds.size > 0 && !this.termOrder ? this.loadTermOrder(tx) : undefined,
    ]);
  }

  /** A row's names, as `load` read them: the venues and organizers its reader may read, in its links' order; its terms by name. */
  of(row: ExportEventRow): RelationNames {
    const venues: string[] = [];
    const organizers: string[] = [];
    const { linkedIds, termIds } = row;
    for (let index = 0; index < linkedIds.length; index++) {
      const linked = this.linked.get(linkedIds[index]!);
      if (linked) (linked.kind === 'venue' ? venues : organizers).push(linked.name);
    }
    if (termIds.length > 1 && this.termOrder) inOrder(termIds, this.termOrder);
    const categories: string[] = [];
    const tags: string[] = [];
    for (let index = 0; index < termIds.length; index++) {
      const term = this.terms.get(termIds[index]!);
      if (term) (term.taxonomy === 'category' ? categories : tags).push(term.name);
    }
    return { venues, organizers, categories, tags };
  }

  private async loadLinked(tx: ReadTx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const posts = await this.sources.posts.named(tx, ids);
    for (const post of posts) this.linked.set(post.id, null);
    // Every post a link names is a venue or an organizer (`integrity.ts`): its type is its kind.
    const readable = posts.flatMap((post) =>
      isLinkKind(post.type) && this.sources.linked[post.type].mayRead(this.reader, { post })
        ? [{ kind: post.type, post }]
        : [],
    );
    for (const { kind, post } of await this.sources.records.titles(tx, readable, this.language))
      this.linked.set(post.id, { kind, name: post.title });
  }

  private async loadTermOrder(tx: ReadTx): Promise<void> {
    this.termOrder = new Map((await this.sources.terms.termsInNameOrder(tx)).map((id, place) => [id, place]));
  }

  private async loadTerms(tx: ReadTx, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    const terms = await this.sources.terms.names(tx, await this.sources.terms.termNames(tx, ids), this.language);
    for (const { row } of terms) this.terms.set(row.id, { taxonomy: row.taxonomy, name: row.name });
  }
}
