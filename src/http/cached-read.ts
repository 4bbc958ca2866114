import type { FastifyRequest } from 'fastify';
import { Deadline } from '../deadline.ts';
import {
  ReadCache,
  SharedVersionReads,
  type CachedAnswer,
  type ContentChangeSource,
  type Dependencies,
} from './read-cache.ts';

/*
 * The one way a GET is answered (issue 45): the API's reads (routes.ts) and the public pages
 * (modules/pages) alike. The request gets its deadline; a shared reader's answer (anonymous, nothing
 * of its own in the request) is looked up in the read cache, brought up to a content version read
 * after the request arrived, under a key of what the answer reads of the clock, the origin, the URL
 * as sent and the representation; a hit is sent as the bytes and `ETag` it was kept with, a miss is
 * computed within the deadline and its bytes kept at that key (`keep`). Either way the answer goes
 * out through the one conditional GET (`answerConditionally`, conditional-get.ts).
 */

/** Where a computed answer is kept: its key, and the content version the lookup was made at. */
export interface CacheSlot {
  readonly key: string;
  readonly contentVersion: number;
}

/** What a GET's reader brings to the read path. */
export interface CachedReadPlan<A> {
  /** The answer may come from, and go to, the read cache: an anonymous reader's, nothing of their own in the request. */
  readonly shared: boolean;
  /** What of the clock the answer reads ('timeless', a date window's bounds, the current second): asked only for a shared read. */
  readonly time: () => string;
  /** The representation `Accept` chose (representation.ts), for an answer that has more than one. */
  readonly representation?: string;
  /** The content version is wanted by the reader even when the read cache does not apply (the record cache's: record-cache.ts). */
  readonly wantsVersion?: boolean;
  /** Writes the read needs done first (series extended: decision 0025), before the cache is looked at. */
  readonly prepare?: (deadline: Deadline) => Promise<void>;
  /** Sends a hit: its bytes and the `ETag` they were kept with. */
  readonly hit: (answer: CachedAnswer) => A;
  /** Computes and sends a miss within the deadline; `slot` is where its answer is to be kept (`keep`), if anywhere. */
  readonly compute: (
    deadline: Deadline,
    read: { readonly contentVersion?: number; readonly slot?: CacheSlot },
  ) => Promise<A>;
}

export class CachedReads {
  /** The content version a GET consults the caches at, read once for all the caches it consults. */
  private readonly versionReads: SharedVersionReads;

  constructor(
    private readonly context: {
      readonly storage: ContentChangeSource;
      readonly readCache: ReadCache | undefined;
      /** How long a handler may run before the request is answered 503 `request_timeout` (decision 0023). */
      readonly requestTimeoutMs: number;
    },
  ) {
    this.versionReads = new SharedVersionReads(context.storage);
  }

  /** From here the request has its time limit: past it, the answer is a 503 and the work is abandoned. */
  deadline(): Deadline {
    return new Deadline(this.context.requestTimeoutMs);
  }

  /** A GET, from its deadline to its answer: from the read cache when it holds it, else computed. */
  async answer<A>(request: FastifyRequest, plan: CachedReadPlan<A>): Promise<A> {
    const deadline = this.deadline();
    if (plan.prepare) await deadline.race(plan.prepare(deadline));
    // A hit needs no frame: only the authentication decides whether the cache applies.
    const cache = plan.shared ? this.context.readCache : undefined;
    const contentVersion = cache || plan.wantsVersion ? await deadline.race(this.versionReads.read()) : undefined;
    if (cache === undefined) return plan.compute(deadline, contentVersion === undefined ? {} : { contentVersion });
    await deadline.race(cache.refreshTo(contentVersion!, this.context.storage));
    const key = ReadCache.key({
      time: plan.time(),
      origin: `${request.protocol}://${request.host}`,
      url: request.originalUrl,
      ...(plan.representation === undefined ? {} : { representation: plan.representation }),
    });
    const cached = cache.get(key);
    if (cached) return plan.hit(cached);
    return plan.compute(deadline, { contentVersion: contentVersion!, slot: { key, contentVersion: contentVersion! } });
  }

  /**
   * Keeps a computed answer at its slot, as UTF-8 bytes encoded once, with what it depends on;
   * returns the bytes, to be sent as they are so that their compressed forms, made for this answer,
   * are kept with them for the hits (compression.ts).
   */
  keep(
    slot: CacheSlot,
    answer: Omit<CachedAnswer, 'payload'> & { readonly payload: string | Buffer },
    dependencies: Dependencies,
  ): Buffer {
    const bytes = Buffer.isBuffer(answer.payload) ? answer.payload : Buffer.from(answer.payload);
    this.context.readCache?.set(slot.key, { ...answer, payload: bytes }, dependencies, slot.contentVersion);
    return bytes;
  }
}
