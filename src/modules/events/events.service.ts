import type { Caller } from '../../auth/roles.ts';
import { ApiError, invalidParam, type InvalidParam } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { EventFields, EventRow, EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { CreatedEvent } from '../../storage/repositories/terms.repository.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { PostsRepository } from '../../storage/repositories/posts.repository.ts';
import type { TicketsRepository } from '../../storage/repositories/tickets.repository.ts';
import type { ContentRepository } from '../../storage/repositories/content.repository.ts';
import type { LinkKind, Taxonomy, TermRow } from '../../storage/tables.ts';
import type { PostRecords, RecordRef } from '../posts/post-records.ts';
import type { Access, PostFacts } from '../posts/post-rules.ts';
import type { TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { Localized } from '../translations/translations.ts';
import { ExportNames, type ExportTermNames } from './export-names.ts';

/*
 * One event by its id or slug, and what a page of events embeds. The archive (`event-archive.ts`),
 * the writes (`event-writer.ts`) and the series (`event-series.ts`) are services of their own.
 */

export type EventRef = RecordRef;

/** What events need of categories and tags (the terms service provides it). */
export interface EventTerms extends ExportTermNames {
  /** Term ids given by id or slug; undefined when one names no term of the taxonomy. */
  idsOf(tx: ReadTx, definition: TaxonomyDefinition, refs: readonly string[]): Promise<number[] | undefined>;
  withDescendants(tx: ReadTx, ids: readonly number[]): Promise<number[]>;
  /** The terms an event's input names, creating new ones by name (filtered as the caller's text). */
  idsForEvent(
    tx: WriteTx,
    definition: TaxonomyDefinition,
    refs: readonly (string | number)[],
    language: LanguageCode,
    caller: Caller,
  ): Promise<number[]>;
  termsOfEvents(tx: ReadTx, eventIds: readonly number[]): Promise<Map<number, TermRow[]>>;
  setEventTerms(
    tx: WriteTx,
    eventId: number,
    taxonomy: Taxonomy,
    termIds: readonly number[],
    created?: CreatedEvent,
  ): Promise<void>;
  /** A published event's occurrences entering (> 0) or leaving (< 0) its terms' counts. */
  shiftCounts(tx: WriteTx, termIds: readonly number[], step: number): Promise<void>;
  localize(
    tx: ReadTx,
    items: readonly { row: TermRow }[],
    language: LanguageCode,
  ): Promise<Localized<{ row: TermRow }>[]>;
}

/**
 * What events need of venues and organizers (their services provide it). An event shows, and a
 * write may link, only the linked records its reader may read (decision 0051).
 */
export interface EventLinkedRecords {
  readableAmong(tx: ReadTx, ids: readonly number[], reader: Caller | null): Promise<LinkedRecordRow[]>;
  /** Whether `reader` may read the record (the rule of `readableAmong`). */
  mayRead(reader: Caller | null, row: { readonly post: PostFacts }): boolean;
  readsAll(tx: ReadTx, ids: readonly number[], reader: Caller | null): Promise<boolean>;
  localize(tx: ReadTx, rows: readonly LinkedRecordRow[], language: LanguageCode): Promise<Localized<LinkedRecordRow>[]>;
  /** What is wrong with a venue or organizer written inline, checked as its own route checks its body; undefined when nothing. */
  inlineProblem(tx: ReadTx, input: Record<string, unknown>, caller: Caller | null): Promise<InvalidParam | undefined>;
  /** Creates an inline venue or organizer, or reuses one of the same name (quirk #26). */
  create(
    tx: WriteTx,
    input: Record<string, unknown>,
    caller: Caller,
    language: LanguageCode,
  ): Promise<Localized<LinkedRecordRow>>;
}

/**
 * What a page of events embeds for one reader, in the request's language, loaded in a fixed number
 * of queries whatever its size: the venues and organizers the reader may read (decision 0051).
 */
export interface LoadedRelations {
  readonly terms: Map<number, Localized<{ row: TermRow }>[]>;
  readonly venues: Map<number, Localized<LinkedRecordRow>[]>;
  readonly organizers: Map<number, Localized<LinkedRecordRow>[]>;
  /** The prices of each event's published tickets (decision 0119). */
  readonly ticketPrices: Map<number, string[]>;
  /** Ids of linked venues and organizers left out for this reader: the answer changes when they do (the read cache). */
  readonly withheld: readonly number[];
}

/**
 * The relations of an event its unit has just created, as it wrote them (issue 45 item 6): the
 * terms it filed it under, its venue and organizer ids in order, and the records among those that
 * it wrote or found inline, as it has them. A new event has no tickets.
 */
export interface WrittenRelations {
  readonly termIds: readonly number[];
  readonly links: Readonly<Record<LinkKind, readonly number[]>>;
  readonly inline: readonly Localized<LinkedRecordRow>[];
}

/** Reading one event (wire-format 7.3), and the relations events embed. */
export class EventsService {
  constructor(
    private readonly records: PostRecords<EventFields>,
    private readonly repository: EventsRepository,
    private readonly posts: PostsRepository,
    private readonly terms: Pick<EventTerms, 'termsOfEvents' | 'termNames' | 'termsInNameOrder' | 'localize' | 'names'>,
    private readonly linked: Readonly<
      Record<LinkKind, Pick<EventLinkedRecords, 'readableAmong' | 'readsAll' | 'localize' | 'mayRead'>>
    >,
    private readonly tickets: Pick<TicketsRepository, 'publishedPrices'>,
    private readonly content: ContentRepository,
  ) {}

  /** One event a caller may read, checked in the original's order (wire-format 7.3), localized, with its relations. */
  async get(
    tx: ReadTx,
    ref: EventRef,
    caller: Caller | null,
    access: Access,
    language: LanguageCode,
  ): Promise<{ row: Localized<EventRow>; relations: LoadedRelations }> {
    const row = await this.getRow(tx, ref, language);
    if (row.post.status === 'trash') throw new ApiError('event-no-longer-available');
    if (!this.records.mayRead(caller, row)) throw new ApiError('event-not-accessible');
    if (!this.entitled(row, caller, access)) throw new ApiError('event-password-protected');
    return {
      row: await this.records.localized(tx, row, language),
      relations: await this.relations(tx, [row], language, caller),
    };
  }

  /**
   * The stored event an id or slug names, unchecked for the caller (a write checks it); 404 for a
   * missing id, 400 for another type's id or an unknown slug (wire-format 7.3).
   */
  async getRow(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow> {
    const row = await this.getRowIfExists(tx, ref, language);
    if (row) return row;
    if ('slug' in ref) throw invalidParam('slug');
    const type = await this.posts.typeOf(tx, ref.id);
    throw type === undefined
      ? new ApiError('rest-event-not-found', { args: [ref.id] })
      : new ApiError('rest-invalid-event-id');
  }

  /** The stored event an id or slug names, if any; an id may name an occurrence of a series (shown with its own id and dates). */
  getRowIfExists(tx: ReadTx, ref: EventRef, language?: LanguageCode): Promise<EventRow | undefined> {
    return 'id' in ref ? this.repository.getOccurrence(tx, ref.id) : this.records.lookup(tx, ref, language);
  }

  /** The event post with this id as itself: a series is not shown as one of its occurrences. */
  getPost(tx: ReadTx, id: number): Promise<EventRow | undefined> {
    return this.repository.get(tx, id);
  }

  /**
   * The event or occurrence with this id as it stands, whatever its status and unchecked for any
   * caller, localized, with its relations as `reader` may see them; undefined when gone (webhook
   * payloads, the importer). `prices: false`: for a use that shows no cost (an RSVP's messages and
   * page), its `ticketPrices` are left empty rather than read (a statement per RSVP, decision 0134).
   */
  async getUnchecked(
    tx: ReadTx,
    id: number,
    language: LanguageCode,
    reader: Caller | null,
    options: { readonly prices?: boolean } = {},
  ): Promise<{ row: Localized<EventRow>; relations: LoadedRelations } | undefined> {
    const row = await this.repository.getOccurrence(tx, id);
    if (!row) return undefined;
    return {
      row: await this.records.localized(tx, row, language),
      relations: await this.relations(tx, [row], language, reader, undefined, options.prices ?? true),
    };
  }

  entitled(row: { readonly post: PostFacts }, caller: Caller | null, access: Access): boolean {
    return this.records.entitled(row, caller, access);
  }

  inEditContext(row: EventRow, caller: Caller | null, access: Access): boolean {
    return this.records.inEditContext(row, caller, access);
  }

  /** Whether `reader` may read every venue or organizer among `ids` (the archive's `venue`/`organizer` filters). */
  readsAllLinked(tx: ReadTx, kind: LinkKind, ids: readonly number[], reader: Caller | null): Promise<boolean> {
    return this.linked[kind].readsAll(tx, ids, reader);
  }

  /**
   * What `rows` embed for `reader`: every surface that shows events (the API, its JSON-LD, sync,
   * feeds, pages, webhooks) loads them here, so none shows a venue or organizer its reader may not
   * read (decision 0051); such a record is left out as if it were not linked. `written`: the
   * relations of the one event of `rows`, created in this unit, which are not read back (its
   * terms' rows are, for their counts and translations, and its linked records but those written inline).
   * `prices`: whether the tickets' prices are read (else `ticketPrices` is empty).
   */
  async relations(
    tx: ReadTx,
    rows: readonly { readonly post: { readonly id: number } }[],
    language: LanguageCode,
    reader: Caller | null,
    written?: WrittenRelations,
    prices = true,
  ): Promise<LoadedRelations> {
    const ids = rows.map((row) => row.post.id);
    const linksOf = (kind: LinkKind) =>
      new Map(written!.links[kind].length === 0 ? [] : [[ids[0]!, [...written!.links[kind]]]]);
    const [terms, venueLinks, organizerLinks, ticketPrices] = await Promise.all([
      written?.termIds.length === 0 ? new Map<number, TermRow[]>() : this.terms.termsOfEvents(tx, ids),
      written ? linksOf('venue') : this.repository.links(tx, ids, 'venue'),
      written ? linksOf('organizer') : this.repository.links(tx, ids, 'organizer'),
      written || !prices ? new Map<number, string[]>() : this.tickets.publishedPrices(tx, ids),
    ]);
    const withheld: number[] = [];
    const load = async (kind: LinkKind, links: Map<number, number[]>) => {
      const linkedIds = [...new Set([...links.values()].flat())];
      // Written inline in this unit: as the unit has them, if the reader may read them.
      const known = new Map(
        (written?.inline ?? [])
          .filter((record) => linkedIds.includes(record.post.id))
          .map((record) => [record.post.id, record]),
      );
      const unknown = linkedIds.filter((id) => !known.has(id));
      const localized =
        unknown.length === 0
          ? []
          : await this.linked[kind].localize(tx, await this.linked[kind].readableAmong(tx, unknown, reader), language);
      const readable = [...known.values()].filter((record) => this.linked[kind].mayRead(reader, record));
      const records = new Map([...readable, ...localized].map((record) => [record.post.id, record]));
      withheld.push(...linkedIds.filter((id) => !records.has(id)));
      return new Map(
        [...links].map(([eventId, linkedIds]) => [eventId, linkedIds.flatMap((id) => records.get(id) ?? [])]),
      );
    };
    const allTerms = await this.terms.localize(
      tx,
      [...terms.values()].flat().map((row) => ({ row })),
      language,
    );
    const termsById = new Map(allTerms.map((term) => [term.row.id, term]));
    const [venues, organizers] = await Promise.all([load('venue', venueLinks), load('organizer', organizerLinks)]);
    return {
      terms: new Map([...terms].map(([eventId, rows]) => [eventId, rows.map((row) => termsById.get(row.id)!)])),
      venues,
      organizers,
      ticketPrices,
      withheld,
    };
  }
  /**
   * The names of relations one CSV export writes, for `reader` in `language` (decision 0136): the
   * venues and organizers `reader` may read (the rule of `mayRead`, as `relations` shows them) and
   * the terms, localized, read once per content version rather than once per batch.
   */
  exportNames(language: LanguageCode, reader: Caller | null): ExportNames {
    return new ExportNames(
      {
        content: this.content,
        posts: this.posts,
        records: this.records,
        terms: this.terms,
        linked: this.linked,
      },
      language,
      reader,
    );
  }
}
