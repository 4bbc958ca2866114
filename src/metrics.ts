import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { TaskRunObserver } from './background-task.ts';
import type { Storage } from './storage/types.ts';

/*
 * The service's metrics in Prometheus' text format (decision 0044), one registry per application:
 * what a node does (requests, the read cache, write units' waits to begin, background tasks) and what it sees
 * of the shared state (webhook deliveries waiting or given up, its database connections). The
 * parts count for themselves; values kept elsewhere are read when Prometheus scrapes. Built only
 * when CALENDAR_METRICS_TOKEN is set: with it unset nothing is collected and /metrics is no route.
 */

/** Seconds: from a cached hit (well under a millisecond) to a request at its time limit. */
const REQUEST_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a run of a background task is a few write units, or many after a long stop. */
const TASK_SECONDS = [0.01, 0.1, 1, 10, 60, 600];

/** What the metrics read of the rest of the application, when scraped. */
export interface MetricSources {
  /** The write units' waits to begin (Storage.writeUnitBeginWaits). */
  readonly storage: Pick<Storage, 'driver' | 'writeUnitBeginWaits'>;
  /** Webhook deliveries by status, across the nodes (they share the database). */
  readonly webhookDeliveries: () => Promise<{ pending: number; failed: number }>;
  /** E-mail outbox messages by status, across the nodes (decision 0112). */
  readonly mailOutbox: () => Promise<Record<'pending' | 'sent' | 'failed' | 'off', number>>;
}

/** A counter that shows a running total kept elsewhere: set to it at each scrape. */
function mirroredCounter(registry: Registry, name: string, help: string, total: () => number): Counter {
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      this.reset();
      this.inc(total());
    },
  });
}

export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Histogram({
    name: 'calendar_http_request_duration_seconds',
    help: 'Requests answered, by method, route (its pattern; "unmatched" when no route matched) and status, and how long they took.',
    labelNames: ['method', 'route', 'status'],
    buckets: REQUEST_SECONDS,
    registers: [this.registry],
  });
  private readonly taskRunSeconds = new Histogram({
    name: 'calendar_background_task_run_seconds',
    help: 'Runs of the background tasks of this node, by task and outcome, and how long they took.',
    labelNames: ['task', 'outcome'],
    buckets: TASK_SECONDS,
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    const { storage } = sources;
    // Named for what both engines measure, a write unit's wait to begin: PostgreSQL's units take no
    // lock to begin (decision 0087), and SQLite's wait for the one writer (decision 0120).
    mirroredCounter(
      this.registry,
      'calendar_write_unit_begin_waits_total',
      'Write units (each attempt) that waited to begin, as every write unit does, if only briefly: on SQLite for the one writer (the write lock, a place in a group commit), on PostgreSQL for a pooled connection and its begin (no lock).',
      () => storage.writeUnitBeginWaits().count,
    );
    mirroredCounter(
      this.registry,
      'calendar_write_unit_begin_wait_seconds_total',
      'Time write units spent waiting to begin: on SQLite for the one writer (the write lock, a place in a group commit), on PostgreSQL for a pooled connection and its begin (no lock).',
      () => storage.writeUnitBeginWaits().seconds,
    );
    new Gauge({
      name: 'calendar_webhook_deliveries',
      help: 'Webhook deliveries by status: pending (not yet delivered, retries included) and failed (given up), of every node.',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        const counts = await sources.webhookDeliveries();
        this.set({ status: 'pending' }, counts.pending);
        this.set({ status: 'failed' }, counts.failed);
      },
    });
    new Gauge({
      name: 'calendar_mail_outbox',
      help: 'E-mail outbox messages by status: pending (retries included), sent (kept 30 days), failed (given up) and off (kept while e-mail was off), of every node.',
      labelNames: ['status'],
      registers: [this.registry],
      async collect() {
        for (const [status, count] of Object.entries(await sources.mailOutbox())) this.set({ status }, count);
      },
    });
    const { driver } = storage;
    // PostgreSQL only: SQLite has a connection for each use (writes, reads, the content version) and no pool to run out of.
    if (driver.kind === 'postgres') {
      new Gauge({
        name: 'calendar_db_pool_connections',
        help: "The database pool's connections by state: in use, idle, and requests waiting for one.",
        labelNames: ['state'],
        registers: [this.registry],
        collect() {
          const pool = driver.client;
          this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'waiting' }, pool.waitingCount);
        },
      });
    }
  }

  /** Counts an answered request. */
  requestServed(method: string, route: string | undefined, status: number, seconds: number): void {
    this.requests.observe({ method, route: route ?? 'unmatched', status: String(status) }, seconds);
  }

  /** What a background task reports its runs to. */
  taskRuns(task: string): TaskRunObserver {
    return (outcome, seconds) => this.taskRunSeconds.observe({ task, outcome }, seconds);
  }

  /** Mirrors the read cache's lookups (the cache lives in the HTTP layer, built after the metrics). */
  followReadCache(cache: { readonly hits: number; readonly misses: number }): void {
    mirroredCounter(
      this.registry,
      'calendar_read_cache_hits_total',
      'Anonymous reads answered from the read cache.',
      () => cache.hits,
    );
    mirroredCounter(
      this.registry,
      'calendar_read_cache_misses_total',
      'Anonymous reads the read cache did not hold, computed instead.',
      () => cache.misses,
    );
  }
}
