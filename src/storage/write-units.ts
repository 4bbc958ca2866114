import { setImmediate as eventLoopTurn, setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import { TimedOut, type Deadline } from '../deadline.ts';
import type { Database } from './tables.ts';
import type { ReadTx, Storage, WriteTx } from './types.ts';

/*
 * The units of work of both engines (house style: explicit units of work): read units, write units
 * with their retries, the journal's stamp and the deadline's claim, and SQLite's group commit
 * (decision 0084). `sqlite.ts` and `postgres.ts` open the engines and hand each its settings.
 */

export interface UnitSettings {
  /** The statements that open a read transaction: one snapshot for all its statements. */
  readonly beginRead: readonly string[];
  /** The statements that open a write transaction (SQLite: and make it the only writer). */
  readonly beginWrite: readonly string[];
  /** Failures after which a whole write unit is run again. */
  readonly retryable: (error: unknown) => boolean;
  /** Failures that mean a statement ran out of time (reported as TimedOut). */
  readonly timedOut: (error: unknown) => boolean;
  /** Where a unit's time comes from: the journal rows it did not stamp take it at its commit. */
  readonly clock: Clock;
  /**
   * Stamps the journal rows of a unit that did not run touchContent with `at`, in commit order
   * (decision 0027): SQLite's single writer keeps the numbers given at insert; PostgreSQL numbers
   * them again under the content version's row (migration 20261127060000, decision 0081).
   */
  readonly stampJournal: (connection: Kysely<Database>, at: string) => Promise<unknown>;
  /**
   * The statement that bounds each statement of a unit with a deadline to the time it has left
   * (PostgreSQL: `set local statement_timeout`, decision 0091), written with the unit's begin; none
   * where a statement cannot be cancelled (SQLite, whose units run on this thread and stop at
   * `throwIfUnitExpired`). Undefined when the connection's own bound is already the tighter one.
   */
  readonly statementBound?: (remainingMs: number) => string | undefined;
  /** Write units share commits (SQLite, decision 0084); PostgreSQL commits each unit alone. */
  readonly groupCommit?: GroupCommit;
}

/** What group commit needs to know of the driver. */
export interface GroupCommit {
  /** Whether the connection is still in the batch's transaction (SQLite ends it itself on some errors). */
  readonly inTransaction: () => boolean;
}

const MAX_WRITE_ATTEMPTS = 20;

/** Runs `work` on one connection between `begin` and a commit, or a rollback when it throws. */
async function inTransaction<T>(
  root: Kysely<Database>,
  begin: readonly string[],
  work: (connection: Kysely<Database>) => Promise<T>,
): Promise<T> {
  return root.connection().execute(async (connection) => {
    try {
      // Inside the try: a connection must not go back to the pool with a transaction open
      // because a statement after BEGIN (the lock) failed. Written together: PostgreSQL's pipeline
      // mode sends them in one round trip.
      await Promise.all(begin.map((statement) => sql.raw(statement).execute(connection)));
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection).catch(() => undefined);
      throw error;
    }
  });
}

/** What a write unit carries on its handle, from its start to its commit. */
interface WriteUnitState {
  /** The deadline of the request the unit serves, if any (decision 0091). */
  readonly deadline: Deadline | undefined;
  /** Whether the unit ran touchContent, which stamped its journal rows already. */
  touched: boolean;
}

/**
 * Where a write unit's state lives on its handle. A handle is one connection's: its own unit's on
 * PostgreSQL; on SQLite a batch's, handed from unit to unit (decision 0084), each unit setting a
 * fresh state as it starts. A read unit's handle has none.
 */
const WRITE_UNIT = Symbol('write unit');

type UnitHandle = Kysely<Database> & { [WRITE_UNIT]?: WriteUnitState };

const writeUnitState = (tx: ReadTx): WriteUnitState | undefined => (tx as UnitHandle)[WRITE_UNIT];

/** Whether `tx` is a write unit's handle: PostgreSQL's row locks are refused in read units (lockLinked). */
export function isWriteUnit(tx: ReadTx): tx is WriteTx {
  return writeUnitState(tx) !== undefined;
}

/** Records that the unit ran touchContent, which stamped its journal rows: its commit need not. */
export function markContentTouched(tx: WriteTx): void {
  const state = writeUnitState(tx);
  if (state) state.touched = true;
}

/**
 * Throws TimedOut once the deadline of the unit `tx` belongs to has expired (nothing when it has
 * none): loops over caller-given data call it at each step, so a unit whose answer has gone (503)
 * stops at once, rolls back and lets go of the write lock (SQLite) or its transaction and row locks
 * (PostgreSQL) instead of running to its end for nothing (decision 0091).
 */
export function throwIfUnitExpired(tx: ReadTx): void {
  writeUnitState(tx)?.deadline?.throwIfExpired();
}

/**
 * A write unit's own steps, between the start of its transaction (or, on SQLite, of its savepoint)
 * and its commit: the deadline checked after the wait for the writer, the work, the journal's stamp,
 * and the deadline claimed last.
 */
async function unitWork<T>(
  connection: Kysely<Database>,
  work: (tx: WriteTx) => Promise<T>,
  deadline: Deadline | undefined,
  settings: UnitSettings,
): Promise<T> {
  // Past the deadline after waiting for the lock: the answer has gone, the work is not done.
  deadline?.throwIfExpired();
  // A SQLite batch hands its one connection to unit after unit: each starts with a state of its own.
  const state: WriteUnitState = { deadline, touched: false };
  (connection as UnitHandle)[WRITE_UNIT] = state;
  const result = await work(connection as WriteTx);
  // Journal rows of a unit that did not run touchContent take the time now: an unstamped
  // row must always be the running unit's own (decision 0027). touchContent, which runs
  // last, stamped them already.
  if (!state.touched) await settings.stampJournal(connection, settings.clock.now().toISOString());
  // The last step before the commit: a unit that overran rolls back instead.
  deadline?.claimCommit();
  return result;
}

/** How many write units (each attempt) waited for the writer, and how long in all. */
interface WriteWaits {
  count: number;
  seconds: number;
}

/**
 * The units of work: reads on `reader`, writes on `root`, one connection (SQLite: a connection each,
 * so that reads do not wait for the writer's units; decision 0084) or the same pool (PostgreSQL).
 */
export function unitRunners(
  root: Kysely<Database>,
  reader: Kysely<Database>,
  settings: UnitSettings,
): Pick<Storage, 'read' | 'write' | 'writeUnitBeginWaits'> {
  const translated = (error: unknown) =>
    settings.timedOut(error) ? new TimedOut('a statement took longer than allowed', { cause: error }) : error;
  const waits: WriteWaits = { count: 0, seconds: 0 };
  return {
    writeUnitBeginWaits: () => ({ ...waits }),
    read: (work) =>
      inTransaction(reader, settings.beginRead, (connection) => work(connection as ReadTx)).catch((error: unknown) => {
        throw translated(error);
      }),
    write: settings.groupCommit
      ? groupCommitted(root, settings, settings.groupCommit, waits, translated)
      : async (work, deadline) => {
          for (let attempt = 1; ; attempt++) {
            const waitStart = performance.now();
            try {
              const bound = deadline && settings.statementBound?.(deadline.remainingMs);
              return await inTransaction(
                root,
                bound ? [...settings.beginWrite, bound] : settings.beginWrite,
                async (connection) => {
                  // Begun: the wait counted is for a pooled connection and the begin (no lock: decision 0087).
                  waits.count += 1;
                  waits.seconds += (performance.now() - waitStart) / 1000;
                  return unitWork(connection, work, deadline, settings);
                },
              );
            } catch (error) {
              if (attempt >= MAX_WRITE_ATTEMPTS || !settings.retryable(error)) throw translated(error);
              // Spread the re-runs of writers that collided, so they do not collide again in step.
              await sleep(Math.random() * 2 * attempt);
            }
          }
        },
  };
}

/**
 * The most write units one SQLite commit takes (decision 0084). A unit's caller waits, after its own
 * work, for the work of the units behind it in its batch: this bounds that wait (and how long the
 * batch keeps the connection from read units) while ten or so queued writers still share a commit.
 */
export const MAX_UNITS_PER_COMMIT = 16;

/**
 * How long after its first unit has run a SQLite batch takes new units (decision 0084): past it,
 * it commits what it ran. An `fsync` costs 0.5–7 ms here (the most on a loaded machine), so a
 * batch this long spends at most about a tenth of its time committing; on a starved machine, where
 * units take far longer, the first unit's wait for the others stays bounded (without a bound, one
 * run answered in up to 10 s). 20 ms took 5 units a commit under load, against 8 without a bound.
 */
export const MAX_BATCH_MS = 50;

/** A write unit waiting for SQLite's writer, and its caller's promise. */
interface QueuedUnit {
  readonly work: (tx: WriteTx) => Promise<unknown>;
  readonly deadline: Deadline | undefined;
  readonly attempt: number;
  readonly queuedAt: number;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Write units with group commit (decision 0084): units queue for the one writer, which opens a
 * transaction and runs the queued units one after another, each in a savepoint of its own, then
 * commits them together (one `fsync` at `synchronous = FULL`) and only then settles each unit's
 * promise: nothing is acknowledged before it is durable. A unit that fails (its error, its
 * deadline) is rolled back to its savepoint, alone; each unit sees the writes of those before it
 * as it would have seen them committed. An error that ends SQLite's transaction itself (SQLite
 * rolls back on its own after an I/O error or a full disk) or a failed commit fails every unit of
 * the batch: none was acknowledged, and none is committed.
 */
function groupCommitted(
  root: Kysely<Database>,
  settings: UnitSettings,
  { inTransaction }: GroupCommit,
  waits: WriteWaits,
  translated: (error: unknown) => unknown,
): Storage['write'] {
  const queue: QueuedUnit[] = [];
  let writing = false;

  /** A unit failed before its writes joined a batch: run again when the failure is one re-running cures, else answered. Returns whether it was queued again. */
  const failed = (unit: QueuedUnit, error: unknown): boolean => {
    if (unit.attempt >= MAX_WRITE_ATTEMPTS || !settings.retryable(error)) {
      unit.reject(translated(error));
      return false;
    }
    queue.unshift({ ...unit, attempt: unit.attempt + 1 });
    return true;
  };

  /**
   * One transaction: the first unit, and those queued meanwhile up to the bounds (a unit queued
   * again ends the batch: it runs in the next). Answers whether a unit was queued again.
   */
  const commitBatch = (first: QueuedUnit): Promise<boolean> =>
    root.connection().execute(async (connection) => {
      try {
        for (const statement of settings.beginWrite) await sql.raw(statement).execute(connection);
      } catch (error) {
        return failed(first, error);
      }
      /** When the first unit ended: the others' time from then on is the first's wait for them. */
      let firstEnded: number | undefined;
      const done: { unit: QueuedUnit; result: unknown }[] = [];
      /** The unit between its savepoint and its release or rollback. */
      let running: QueuedUnit | undefined;
      let requeued = false;
      try {
        const takesMore = () => !requeued && performance.now() - (firstEnded ??= performance.now()) < MAX_BATCH_MS;
        for (
          let unit: QueuedUnit | undefined = first, taken = 1;
          unit !== undefined;
          unit = takesMore() && taken++ < MAX_UNITS_PER_COMMIT ? queue.shift() : undefined
        ) {
          waits.count += 1;
          waits.seconds += (performance.now() - unit.queuedAt) / 1000;
          running = unit;
          await sql`savepoint unit`.execute(connection);
          try {
            const result = await unitWork(connection, unit.work, unit.deadline, settings);
            await sql`release unit`.execute(connection);
            done.push({ unit, result });
          } catch (error) {
            // SQLite ended the transaction itself: the units before this one went with it.
            if (!inTransaction()) throw error;
            await sql`rollback to unit`.execute(connection);
            await sql`release unit`.execute(connection);
            requeued = failed(unit, error) || requeued;
          }
          running = undefined;
        }
        await sql`commit`.execute(connection);
      } catch (error) {
        if (inTransaction()) await sql`rollback`.execute(connection).catch(() => undefined);
        for (const unit of [...done.map((entry) => entry.unit), ...(running ? [running] : [])])
          unit.reject(translated(error));
        return requeued;
      }
      for (const { unit, result } of done) unit.resolve(result);
      return requeued;
    });

  /** Batch after batch until the queue is empty; a write arriving meanwhile joins the queue. */
  const drain = async () => {
    writing = true;
    try {
      while (queue.length > 0) {
        // One turn of the event loop before each transaction. better-sqlite3 answers within the
        // microtasks of the request that asked, so a request runs from its data to its unit without
        // yielding: the requests whose data arrived meanwhile reach the queue only in this turn's
        // callbacks, and then share the commit. Not inside the transaction: this process would hold
        // the write lock across the turn, and another connection of it that asked for the lock then
        // (a second node in the tests) would block the thread for the busy timeout.
        await eventLoopTurn();
        const first = queue.shift()!;
        const requeued = await commitBatch(first).catch((error: unknown) => {
          // The connection could not be had: the batch never began.
          first.reject(translated(error));
          return false;
        });
        // Spread the re-runs of writers that collided with another process, so they do not collide again in step.
        if (requeued) await sleep(Math.random() * 2 * queue[0]!.attempt);
      }
    } finally {
      writing = false;
    }
  };

  return <T>(work: (tx: WriteTx) => Promise<T>, deadline?: Deadline) =>
    new Promise<T>((resolve, reject) => {
      queue.push({
        work,
        deadline,
        attempt: 1,
        queuedAt: performance.now(),
        resolve: resolve as (result: unknown) => void,
        reject,
      });
      if (!writing) void drain();
    });
}
