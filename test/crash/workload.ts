import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient, ApiResponse, Json } from './api-client.ts';
import { asObject } from './api-client.ts';
import { COLLECTION, snapshotOf, writeBody, type Kind } from './records.ts';
import { until } from '../fixtures/wait.ts';

/**
 * Concurrent writers over HTTP, and the record of what the server acknowledged. Each record is
 * written by one writer only (its owner), one request at a time, so at any moment a record has
 * one known state and at most one write whose outcome is unknown.
 */

/** A state a record can be in: shown with the fields sent so far, trashed with them, or gone. */
export type RecordState =
  | { readonly presence: 'live' | 'trashed'; readonly sent: Json; readonly snapshot: Json | undefined }
  | { readonly presence: 'removed' };

export interface TrackedRecord {
  readonly kind: Kind;
  readonly id: number;
  readonly token: string;
  readonly owner: number;
  /** Updates sent so far, answered or not: the next one is revision + 1. */
  revision: number;
  /** What the last acknowledged write (or the last verification) established. */
  settled: RecordState;
  /** Every state a write to it was acknowledged with, oldest first (its create's first). */
  readonly acknowledged: RecordState[];
  /** A write that was sent and never answered: it may or may not have landed. */
  unsettled: RecordState | undefined;
}

/** A create that was sent and never answered; its token finds the record if it landed. */
export interface PendingCreate {
  readonly kind: Kind;
  readonly token: string;
  readonly owner: number;
  readonly sent: Json;
}

export interface RoundCounts {
  creates: number;
  updates: number;
  deletes: number;
}

export const acknowledged = (counts: RoundCounts) => counts.creates + counts.updates + counts.deletes;

/** Waits until `writes` writes were acknowledged, or the stream ended without them (its failures are reported). */
export async function untilAcknowledged(counts: RoundCounts, writes: number, stopped: Promise<void>): Promise<void> {
  let ended = false;
  void stopped.then(() => (ended = true));
  await until(`${writes} writes acknowledged`, () => ended || acknowledged(counts) >= writes, Infinity);
}

export class WriteLog {
  readonly records: TrackedRecord[] = [];
  readonly pendingCreates = new Set<PendingCreate>();
  /** Answers that were not 2xx, or connections that failed while the server was meant to be up. */
  readonly anomalies: string[] = [];

  /** The live records of one kind that `owner` writes. */
  owned(owner: number, kind: Kind): TrackedRecord[] {
    return this.records.filter(
      (record) => record.owner === owner && record.kind === kind && record.settled.presence === 'live',
    );
  }

  inFlight(): number {
    return this.pendingCreates.size + this.records.filter((record) => record.unsettled !== undefined).length;
  }
}

export interface StreamOptions {
  readonly round: number;
  readonly writers: number;
  /** Each writer waits this long between its writes (default 0: as fast as the server answers). */
  readonly pauseMs?: number;
}

/** A running stream of writes; `stop()` lets no writer start another request. */
export interface WriteStream {
  readonly counts: RoundCounts;
  stop(): void;
  /** Resolves once every writer has had its last request answered or failed. */
  readonly finished: Promise<void>;
}

export function startWriteStream(client: ApiClient, log: WriteLog, options: StreamOptions): WriteStream {
  const counts: RoundCounts = { creates: 0, updates: 0, deletes: 0 };
  const choose = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
  let stopping = false;
  let sequence = 0;

  /**
   * Sends one write and hands a 2xx answer to `onAcknowledged`. Resolves with whether an answer
   * came at all: without one (the server was killed) the write's outcome is unknown, and the
   * writer stops.
   */
  const send = async (
    method: string,
    path: string,
    body: Json | undefined,
    onAcknowledged: (response: ApiResponse) => void,
  ): Promise<boolean> => {
    let response: ApiResponse;
    try {
      response = await client.request(method, path, body);
    } catch (error) {
      if (!stopping)
        log.anomalies.push(`${method} ${path} failed while the server was up: ${(error as Error).message}`);
      return false;
    }
    if (response.status >= 200 && response.status < 300) onAcknowledged(response);
    else log.anomalies.push(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    return true;
  };

  const create = async (owner: number, kind: Kind): Promise<boolean> => {
    const token = `r${options.round}w${owner}n${++sequence}x${Math.floor(Math.random() * 0xffff).toString(36)}`;
    const sent = writeBody(kind, token, 1);
    const pending: PendingCreate = { kind, token, owner, sent };
    log.pendingCreates.add(pending);
    const answered = await send('POST', COLLECTION[kind], sent, (response) => {
      const body = asObject(response.body, `answer to the create of ${token}`);
      const settled: RecordState = { presence: 'live', sent, snapshot: snapshotOf(kind, body) };
      log.records.push({
        kind,
        id: Number(body.id),
        token,
        owner,
        revision: 1,
        settled,
        acknowledged: [settled],
        unsettled: undefined,
      });
      counts.creates++;
    });
    if (answered) log.pendingCreates.delete(pending);
    return answered;
  };

  /** `next` becomes the record's state once the server acknowledges the write; until then it is unsettled. */
  const write = async (
    record: TrackedRecord,
    method: string,
    path: string,
    body: Json | undefined,
    next: RecordState,
    counter: 'updates' | 'deletes',
  ): Promise<boolean> => {
    record.unsettled = next;
    const answered = await send(method, path, body, (response) => {
      record.settled =
        next.presence === 'removed'
          ? next
          : { ...next, snapshot: snapshotOf(record.kind, asObject(response.body, `answer to ${method} ${path}`)) };
      record.acknowledged.push(record.settled);
      counts[counter]++;
    });
    // Acknowledged, it is settled; refused with an error status, it did not happen.
    if (answered) record.unsettled = undefined;
    return answered;
  };

  const update = (record: TrackedRecord): Promise<boolean> => {
    if (record.settled.presence !== 'live') throw new Error('only live records are updated');
    const changes = writeBody(record.kind, record.token, ++record.revision);
    const method = choose(['PATCH', 'POST', 'PUT'])!;
    return write(
      record,
      method,
      `${COLLECTION[record.kind]}/${record.id}`,
      changes,
      { presence: 'live', sent: { ...record.settled.sent, ...changes }, snapshot: undefined },
      'updates',
    );
  };

  const remove = (record: TrackedRecord): Promise<boolean> => {
    if (record.settled.presence !== 'live') throw new Error('only live records are deleted');
    // Events are trashed or, now and then, removed for good; venues are trashed (as organizers
    // could be: one trashable kind is enough); organizers and categories are removed.
    const force = record.kind === 'event' ? Math.random() < 0.3 : record.kind !== 'venue';
    const next: RecordState = force
      ? { presence: 'removed' }
      : { presence: 'trashed', sent: record.settled.sent, snapshot: undefined };
    return write(
      record,
      'DELETE',
      `${COLLECTION[record.kind]}/${record.id}${force ? '?force=true' : ''}`,
      undefined,
      next,
      'deletes',
    );
  };

  const ownedLive = (owner: number, kinds: readonly Kind[]) => kinds.flatMap((kind) => log.owned(owner, kind));

  /** One write: mostly event creates and updates, some linked records, a few deletes. */
  const step = (owner: number): Promise<boolean> => {
    const roll = Math.random();
    if (roll < 0.35) return create(owner, 'event');
    if (roll < 0.6) {
      const event = choose(ownedLive(owner, ['event']));
      return event ? update(event) : create(owner, 'event');
    }
    if (roll < 0.76) return create(owner, choose(['venue', 'organizer', 'category'] as const)!);
    if (roll < 0.88) {
      const record = choose(ownedLive(owner, ['venue', 'organizer', 'category']));
      return record ? update(record) : create(owner, 'event');
    }
    const record = choose(ownedLive(owner, ['event', 'venue', 'organizer', 'category']));
    return record ? remove(record) : create(owner, 'event');
  };

  const writer = async (owner: number) => {
    while (!stopping && (await step(owner))) if (options.pauseMs) await sleep(options.pauseMs);
  };

  return {
    counts,
    stop: () => {
      stopping = true;
    },
    finished: Promise.all(Array.from({ length: options.writers }, (_, owner) => writer(owner))).then(() => undefined),
  };
}
