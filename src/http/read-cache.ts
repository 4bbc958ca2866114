/*
 * Answers to anonymous reads, kept by the bytes they were sent as (docs/decisions/0015-read-cache.md).
 * A key names everything an anonymous answer depends on: the content version (raised by every
 * write, on every node, in the database), the current second (the default date window, "upcoming"
 * filters), the scheme and host (emitted URLs), the URL as sent (path, language segment, query)
 * and the representation `Accept` chose (JSON or JSON-LD).
 * An entry can therefore only be served where computing the answer again would give the same bytes.
 */

export interface CachedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly payload: string;
  /** The record's version, for its ETag. */
  readonly version?: number;
}

/** Least recently used entries go first once the cached payloads exceed `maxBytes`. */
export class ReadCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** `representation`: JSON unless named (answers that have only one). */
  static key(parts: { contentVersion: number; second: number; origin: string; url: string; representation?: string }): string {
    return `${parts.contentVersion} ${parts.second} ${parts.representation ?? 'json'} ${parts.origin}${parts.url}`;
  }

  get(key: string): CachedAnswer | undefined {
    const answer = this.entries.get(key);
    if (answer) {
      this.entries.delete(key);
      this.entries.set(key, answer);
    }
    return answer;
  }

  set(key: string, answer: CachedAnswer): void {
    const size = answer.payload.length + key.length;
    // An answer larger than the whole budget is not worth evicting everything else for.
    if (size > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.payload.length + key.length;
    }
    this.entries.set(key, answer);
    this.bytes += size;
    for (const [oldest, evicted] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= evicted.payload.length + oldest.length;
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
