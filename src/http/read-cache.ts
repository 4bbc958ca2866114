/*
 * Answers to anonymous reads, kept by the bytes they were sent as (docs/decisions/0015-read-cache.md,
 * 0033-read-cache-by-record.md). A key names what an anonymous answer depends on besides the
 * content: the time the answer reads (a date window's bounds, or the second), the scheme and host
 * (emitted URLs), the URL as sent (path, language segment, query) and the representation `Accept`
 * chose (JSON or JSON-LD). What it depends on in the content is its entry's tags: the records it
 * shows and the archives it lists, or everything.
 *
 * Every content write stamps the tags of what it changed with a new content version, in the
 * database (migration 20261125060000). Before a lookup the node reads the current version and,
 * when it is past the version its entries were checked against, drops the entries carrying a tag
 * of the versions in between: an entry is served only where computing the answer again would show
 * the same records.
 */

export interface CachedAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The answer's bytes, UTF-8, encoded once when it is kept: a hit writes them to the socket as they
   * are, where a string would be measured and encoded again on every hit: for a 41 KB archive page
   * with an accented letter in it, a large share of the hit (bench/README.md, issue 16, fifth round).
   */
  readonly payload: Buffer;
  /** The answer's `ETag`, worked out once when it was computed (its digest is of the payload). */
  readonly entityTag?: string;
}

/** What an answer depends on in the content: the tags of content changes that retire it, or every change. */
export type Dependencies = readonly string[] | 'everything';

interface Entry<V> {
  readonly value: V;
  readonly dependencies: Dependencies;
  readonly size: number;
}

/** Where the content version and the changes between two versions (by version, the tags of each) are read: Storage. */
export interface ContentChangeSource {
  contentVersion(): Promise<number>;
  contentChanges(after: number, through: number): Promise<ReadonlyMap<number, readonly string[]>>;
}

/** The time part of a key for an answer that reads the clock to the second (relative dates, "upcoming"). */
export const secondOf = (now: Date): string => String(Math.floor(now.getTime() / 1000));

/**
 * Values kept by key with the tags they depend on, brought up to the content version before use:
 * the read cache's answers, and the record cache's rendered records (record-cache.ts). Least
 * recently used entries go first once the entries' sizes exceed `maxBytes`.
 */
export class TaggedCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** The keys of the entries carrying each tag, and of those depending on everything. */
  private readonly byTag = new Map<string, Set<string>>();
  private readonly onEverything = new Set<string>();
  private bytes = 0;
  /** The content version every entry is known to be current for; undefined before the first read. */
  private checkedVersion: number | undefined;
  /** The catch-up under way, which later ones wait for: changes are applied in version order. */
  private catchingUp: Promise<void> = Promise.resolve();

  /**
   * `keptVersions`: how many versions' changes the database keeps; a node further behind drops
   * everything. `sizeOf`: what a value counts against `maxBytes` (its key is counted too).
   */
  constructor(
    private readonly maxBytes: number,
    private readonly keptVersions: number,
    private readonly sizeOf: (value: V) => number,
  ) {}

  /**
   * Reads the content version (after the request arrived) and brings the entries up to it:
   * drops those carrying a tag of a change since the last version seen, or all of them when a
   * version's changes are not known. Entries are then current for that version or a later one;
   * answers the version read, which `set` takes back.
   */
  async refresh(source: ContentChangeSource): Promise<number> {
    const version = await source.contentVersion();
    await this.refreshTo(version, source);
    return version;
  }

  /** `refresh` to a version read after the request arrived (one read shared by the caches a request consults). */
  async refreshTo(version: number, source: ContentChangeSource): Promise<void> {
    // Entries already brought to this version or past it (the common case): nothing to wait for.
    if (this.checkedVersion === undefined || version > this.checkedVersion) await this.catchUp(version, source);
  }

  private async catchUp(version: number, source: ContentChangeSource): Promise<void> {
    const run = this.catchingUp.then(async () => {
      const from = this.checkedVersion;
      if (from !== undefined && version <= from) return;
      if (from === undefined || this.entries.size === 0 || version - from > this.keptVersions) {
        this.clear();
      } else {
        const changes = await source.contentChanges(from, version);
        if (changes.size < version - from) this.clear();
        else for (const tags of changes.values()) this.retire(tags);
      }
      this.checkedVersion = version;
    });
    // A failed read leaves the version where it was: the next request tries again.
    this.catchingUp = run.catch(() => undefined);
    await run;
  }

  /** Lookups that found an answer and that did not, since the start (the metrics read them: decision 0044). */
  hits = 0;
  misses = 0;

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, entry);
    } else this.misses += 1;
    return entry?.value;
  }

  /**
   * Keeps a value computed on a snapshot taken after the content version `readVersion` was read
   * (and caught up to), unless the entries have been brought past that version meanwhile: those
   * changes may be newer than the snapshot, and would not retire an entry that did not exist yet.
   */
  set(key: string, value: V, dependencies: Dependencies, readVersion: number): void {
    if (this.checkedVersion !== readVersion) return;
    const size = this.sizeOf(value) + key.length;
    // A value larger than the whole budget is not worth evicting everything else for.
    if (size > this.maxBytes) return;
    this.remove(key);
    this.entries.set(key, { value, dependencies, size });
    this.bytes += size;
    if (dependencies === 'everything') this.onEverything.add(key);
    else for (const tag of dependencies) this.byTag.set(tag, (this.byTag.get(tag) ?? new Set()).add(key));
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries count against `maxBytes`. */
  get usedBytes(): number {
    return this.bytes;
  }

  /** Drops the entries a change with these tags retires: those carrying one, and those depending on everything. */
  private retire(tags: readonly string[]): void {
    for (const key of [...this.onEverything]) this.remove(key);
    for (const tag of tags) for (const key of [...(this.byTag.get(tag) ?? [])]) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.size;
    if (entry.dependencies === 'everything') {
      this.onEverything.delete(key);
      return;
    }
    for (const tag of entry.dependencies) {
      const keys = this.byTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.byTag.delete(tag);
    }
  }

  private clear(): void {
    this.entries.clear();
    this.byTag.clear();
    this.onEverything.clear();
    this.bytes = 0;
  }
}

/** Answers to anonymous reads by their request (the key), sized by their bytes. */
export class ReadCache extends TaggedCache<CachedAnswer> {
  constructor(maxBytes: number, keptVersions = Number.POSITIVE_INFINITY) {
    super(maxBytes, keptVersions, (answer) => answer.payload.length);
  }

  /** `representation`: JSON unless named (answers that have only one). `time`: what of the clock the answer reads. */
  static key(parts: { time: string; origin: string; url: string; representation?: string }): string {
    return `${parts.time} ${parts.representation ?? 'json'} ${parts.origin}${parts.url}`;
  }
}

/**
 * The content version, read at most once at a time for all the requests waiting on it: a request
 * gets a read that started after it arrived (so it sees every write acknowledged before then),
 * either the one it starts or, while one is running, the next, which every request arriving
 * meanwhile shares. With ten concurrent requests on PostgreSQL that is two round trips, not ten.
 */
export class SharedVersionReads {
  private running: Promise<number> | undefined;
  private next: Promise<number> | undefined;

  constructor(private readonly source: Pick<ContentChangeSource, 'contentVersion'>) {}

  read(): Promise<number> {
    if (this.running === undefined) return this.start();
    this.next ??= this.running.then(
      () => this.start(),
      () => this.start(),
    );
    return this.next;
  }

  private start(): Promise<number> {
    this.next = undefined;
    const run = this.source.contentVersion();
    this.running = run;
    const done = () => {
      if (this.running === run) this.running = undefined;
    };
    run.then(done, done);
    return run;
  }
}
