import { randomUUID } from 'node:crypto';
import type { Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import { isMailAddress } from '../../mail-address.ts';
import type { PageWindow } from '../../paging.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { MailListing, MailOutboxRepository } from '../../storage/repositories/mail-outbox.repository.ts';
import type { MailStatus } from '../../storage/tables.ts';
import { storedAttachments, type MailMessage } from './message.ts';

/** The longest `reference` a message may carry. */
const MAX_REFERENCE = 200;
/** The longest subject: one header line, as mail clients show it. */
const MAX_SUBJECT = 500;

/** What the outbox needs to know of the configuration. */
export interface OutboxSettings {
  /** Whether CALENDAR_SMTP_URL is set: without it, messages are kept as `off`, never sent unasked (decision 0113). */
  readonly enabled: boolean;
  /** The host part of every Message-ID: the From's domain, else the site's. */
  readonly messageIdHost: string;
}

/**
 * The e-mail outbox (decision 0112): other modules write a message in their own unit of work, so
 * a unit rolled back sends nothing and a unit committed loses nothing; the `MailDispatcher` of
 * any node sends it later. Administrators list messages and ask for one to go again.
 */
export class MailOutbox {
  constructor(
    private readonly repository: MailOutboxRepository,
    private readonly clock: Clock,
    private readonly settings: OutboxSettings,
  ) {}

  get enabled(): boolean {
    return this.settings.enabled;
  }

  /**
   * Writes `message` into the outbox in the caller's unit: pending, due now (or `off` while e-mail
   * is off). Its Message-ID is chosen here, so every attempt of it carries the same one.
   * A bad recipient or subject is the caller's mistake (it validates what it was given first).
   */
  async enqueue(tx: WriteTx, message: MailMessage): Promise<MailListing> {
    if (!isMailAddress(message.to)) throw new Error(`not one e-mail address: ${JSON.stringify(message.to)}`);
    if (/[\r\n]/.test(message.subject) || message.subject.length > MAX_SUBJECT)
      throw new Error('a subject is one line of at most 500 characters');
    if ((message.reference ?? '').length > MAX_REFERENCE) throw new Error('a reference has at most 200 characters');
    const now = this.clock.now().toISOString();
    return this.repository.add(tx, {
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      attachments: JSON.stringify(storedAttachments(message.attachments ?? [])),
      reference: message.reference ?? '',
      message_id: `<${randomUUID()}@${this.settings.messageIdHost}>`,
      status: this.settings.enabled ? 'pending' : 'off',
      next_attempt_at: now,
      created_at: now,
    });
  }

  list(
    tx: ReadTx,
    status: MailStatus | undefined,
    window: PageWindow,
  ): Promise<{ rows: MailListing[]; total: number }> {
    return this.repository.list(tx, status, window.perPage, window.offset);
  }

  counts(tx: ReadTx): Promise<Record<MailStatus, number>> {
    return this.repository.countByStatus(tx);
  }

  async get(tx: ReadTx, id: number): Promise<MailListing> {
    const row = await this.repository.get(tx, id);
    if (!row) throw new ApiError('mail_not_found', { args: [id] });
    return row;
  }

  /** A failed message, or one kept while e-mail was off, made pending again with its attempts counted anew. */
  async retry(tx: WriteTx, id: number): Promise<MailListing> {
    if (!this.settings.enabled) throw new ApiError('mail_off');
    const row = await this.get(tx, id);
    const requeued = await this.repository.requeue(tx, id, this.clock.now().toISOString());
    if (!requeued) throw new ApiError('mail_not_retryable', { args: [id, row.status] });
    return requeued;
  }
}
