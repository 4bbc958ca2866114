import type { Clock } from '../../clock.ts';
import type { MailSettings } from '../../config.ts';
import type { Storage } from '../../storage/types.ts';
import type { MailOutboxRepository, MailRow } from '../../storage/repositories/mail-outbox.repository.ts';
import { WakeableLoop } from '../../wakeable-loop.ts';
import type { MailTransport, SmtpOutcome } from './smtp.ts';

/*
 * The e-mail sender of a node (decision 0112). Each cycle, in short units of its own:
 * 1. claim: due messages are leased (`claimed_until`), oldest first; PostgreSQL's claim skips rows
 *    another node's claim holds (`for update skip locked`), SQLite has one writer: a message is
 *    leased by one node at a time;
 * 2. send, outside any unit, through SMTP;
 * 3. record the outcome in a unit of its own, only while the lease is still this node's: sent
 *    (after the server accepted it), due again after a growing, jittered wait, or failed for good.
 * A node that dies between 1 and 3 leaves a lease that expires, and the message goes again with the
 * same Message-ID: at least once, and twice only when a node dies (or its database is out of reach)
 * between the server's acceptance and the unit that records it.
 */

/** Messages one node sends at once. */
const MAX_IN_FLIGHT = 4;
/** A lease lasts the longest attempt (twice the timeout) and this: long enough to record the outcome, short enough for a dead node's messages to go soon. */
const LEASE_MARGIN_MS = 5_000;
/** Retry waits vary by this fraction either way, so that messages failed together are not retried in step. */
const JITTER = 0.2;
/** Sent messages are kept this long (the admin shows them), then pruned: they hold attendees' addresses. */
export const SENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** How often sent messages past the retention are pruned. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export interface MailLog {
  error(error: unknown, message: string): void;
}

export class MailDispatcher {
  private lastPrune = 0;
  private log: MailLog = { error: () => undefined };
  private readonly loop = new WakeableLoop(
    () => this.cycle(),
    (error, where) =>
      this.log.error(error, where === 'cycle' ? 'sending e-mail failed' : 'recording an e-mail attempt failed'),
  );

  constructor(
    private readonly storage: Pick<Storage, 'read' | 'write'>,
    private readonly repository: MailOutboxRepository,
    private readonly transport: MailTransport,
    private readonly settings: Pick<MailSettings, 'pollMs' | 'timeoutMs' | 'retryDelaysMs'>,
    private readonly clock: Clock,
  ) {}

  /** Runs now, every poll interval, and whenever woken. */
  start(log: MailLog): void {
    this.log = log;
    this.loop.start(this.settings.pollMs);
  }

  /** Asks for a cycle soon (after a local commit, which may have written a message). */
  wake(): void {
    this.loop.wake();
  }

  /** Whether the SMTP server answers and takes the credentials (start-up says so when it does not). */
  verify(): Promise<void> {
    return this.transport.verify();
  }

  /** Stops: no new claim; waits for the cycle and the sends in progress (before the database closes). */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  private async cycle(): Promise<void> {
    await this.pruneWhenDue();
    const free = this.loop.free(MAX_IN_FLIGHT);
    if (this.loop.stopped || free <= 0) return;
    for (const row of await this.claim(free)) this.loop.launch(() => this.deliver(row));
  }

  private async claim(limit: number): Promise<(MailRow & { claimed_until: string })[]> {
    const now = this.clock.now();
    if (!(await this.storage.read((tx) => this.repository.anyDue(tx, now.toISOString())))) return [];
    const lease = new Date(now.getTime() + 2 * this.settings.timeoutMs + LEASE_MARGIN_MS).toISOString();
    return this.storage.write(async (tx) =>
      (await this.repository.claimDue(tx, now.toISOString(), lease, limit)).map((row) => ({
        ...row,
        claimed_until: lease,
      })),
    );
  }

  private async deliver(row: MailRow & { claimed_until: string }): Promise<void> {
    let outcome: SmtpOutcome;
    try {
      outcome = await this.transport.send(row, this.clock.now());
    } catch (error) {
      outcome = { ok: false, permanent: false, error: error instanceof Error ? error.message : String(error) };
    }
    await this.record(row, outcome);
  }

  /** Records an attempt: sent; or failed for good (a permanent refusal, or the last retry); or due again after a growing, jittered wait. */
  private async record(row: MailRow & { claimed_until: string }, outcome: SmtpOutcome): Promise<void> {
    const now = this.clock.now();
    const at = now.toISOString();
    const attempts = row.attempts + 1;
    const delays = this.settings.retryDelaysMs;
    const failed = !outcome.ok && (outcome.permanent || attempts > delays.length);
    const wait = outcome.ok || failed ? 0 : delays[attempts - 1]! * (1 - JITTER + Math.random() * 2 * JITTER);
    // A lease that expired meanwhile belongs to another node's attempt now: its outcome counts.
    await this.storage.write((tx) =>
      this.repository.recordAttempt(tx, row.id, row.claimed_until, {
        status: outcome.ok ? 'sent' : failed ? 'failed' : 'pending',
        attempts,
        last_attempt_at: at,
        last_error: outcome.ok ? null : outcome.error,
        next_attempt_at: new Date(now.getTime() + wait).toISOString(),
        sent_at: outcome.ok ? at : null,
      }),
    );
  }

  private async pruneWhenDue(): Promise<void> {
    const now = this.clock.now().getTime();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    await this.storage.write((tx) => this.repository.prune(tx, new Date(now - SENT_RETENTION_MS).toISOString()));
  }
}
