import type { TSchema } from '@sinclair/typebox';
import { TaggedCache } from './read-cache.ts';

/*
 * Records rendered for anonymous readers, kept as the JSON bytes their answers contain
 * (docs/decisions/0080-record-cache.md): a computed answer (the read cache off, or a miss of it)
 * is then the query for which records it shows plus the concatenation of those ready, the rest
 * read and rendered as before. Entries carry the change tags of what they show (the record, its
 * venues, organizers, terms and series, and the linked records left out for their reader) and are
 * brought up to the content version before use, as the read cache's answers are (decision 0033),
 * so no node serves a record older than a write acknowledged before the request arrived.
 *
 * Only anonymous readers' renderings are kept: every anonymous reader is entitled to the same
 * rendering (one set of readable statuses, no password), so no rendering is ever served to a
 * reader with other rights than the one it was made for.
 */

/** One record as an answer shows it. */
export interface RenderedRecord {
  /**
   * The record serialized by its response schema's serializer, encoded as UTF-8 once when kept: the
   * bytes the answer contains, copied into it as they are (decision 0083), where text would be
   * joined, measured and encoded again on every answer.
   */
  readonly bytes: Buffer;
  /** The tags of what it shows and of the linked records it leaves out for its reader. */
  readonly tags: readonly string[];
  /** The record's version, for a single record's `ETag`. */
  readonly version: number;
}

export class RecordCache extends TaggedCache<RenderedRecord> {
  /** `maxBytes` counts the JSON's bytes and the keys' characters. */
  constructor(maxBytes: number, keptVersions: number) {
    super(maxBytes, keptVersions, (record) => record.bytes.length);
  }
}

/**
 * The record cache as one request's handler uses it: keys are the handler's (what it renders: the
 * record, whether alone or in a list, the query's options), to which the binding adds what the
 * rendering's URLs and text depend on in the request (origin, namespace, language).
 */
export interface RenderedRecords {
  get(key: string): RenderedRecord | undefined;
  keep(key: string, record: RenderedRecord): void;
  /** The serializer Fastify compiles for `schema` on this route: a kept record's bytes are those the answer would have had. */
  serializer(schema: TSchema): (value: unknown) => string;
}
