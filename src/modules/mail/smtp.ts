import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { MailRow } from '../../storage/repositories/mail-outbox.repository.ts';
import type { StoredAttachment } from './message.ts';

/** How one attempt ended: accepted by the server, or why not, and whether trying again may help. */
export type SmtpOutcome =
  { readonly ok: true } | { readonly ok: false; readonly permanent: boolean; readonly error: string };

/** What sends an outbox row: the SMTP server of CALENDAR_SMTP_URL (the tests give theirs). */
export interface MailTransport {
  send(row: MailRow, date: Date): Promise<SmtpOutcome>;
  /** Checks that the server answers and takes the credentials: start-up says when it does not. */
  verify(): Promise<void>;
  close(): void;
}

/** An SMTP error of nodemailer: the server's reply code, and what failed. */
interface SmtpError {
  readonly message?: string;
  readonly responseCode?: number;
  readonly code?: string;
}

/**
 * Sends through nodemailer to the server of `url` (smtp://, STARTTLS when offered; smtps://, TLS
 * from the start), as `from`. One connection per message: messages are few and their sending is
 * never on a request's path. Every phase (connect, greeting, each reply) is bounded by
 * `timeoutMs`, and the whole attempt by twice that.
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    url: URL,
    private readonly from: string,
    private readonly timeoutMs: number,
  ) {
    this.transporter = nodemailer.createTransport({
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port === '' ? (url.protocol === 'smtps:' ? 465 : 587) : Number(url.port),
      secure: url.protocol === 'smtps:',
      ...(url.username === ''
        ? {}
        : { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    });
  }

  async send(row: MailRow, date: Date): Promise<SmtpOutcome> {
    const attachments = (JSON.parse(row.attachments) as StoredAttachment[]).map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.content_type,
      content: Buffer.from(attachment.content, 'base64'),
      ...(attachment.cid === null ? {} : { cid: attachment.cid }),
    }));
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<SmtpOutcome>((resolve) => {
      timer = setTimeout(
        () => resolve({ ok: false, permanent: false, error: `no answer within ${2 * this.timeoutMs} ms` }),
        2 * this.timeoutMs,
      );
    });
    const sending = this.transporter
      .sendMail({
        from: this.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body === null ? {} : { html: row.html_body }),
        attachments,
        messageId: row.message_id,
        date,
        // RFC 3834: an automatic message, which vacation responders do not answer.
        headers: { 'Auto-Submitted': 'auto-generated' },
      })
      .then((): SmtpOutcome => ({ ok: true }), failure);
    try {
      return await Promise.race([sending, bound]);
    } finally {
      clearTimeout(timer);
    }
  }

  async verify(): Promise<void> {
    await this.transporter.verify();
  }

  close(): void {
    this.transporter.close();
  }
}

/**
 * A refusal in 5xx of the message or its recipient (RFC 5321 4.2.1: "do not repeat") fails it at
 * once; anything else (4xx, no connection, a timeout, credentials refused: the configuration's
 * fault, fixed by an administrator, not the message's) is tried again later.
 */
function failure(error: unknown): SmtpOutcome {
  const { message, responseCode, code } = (typeof error === 'object' && error !== null ? error : {}) as SmtpError;
  const permanent = responseCode !== undefined && responseCode >= 500 && code !== 'EAUTH';
  return { ok: false, permanent, error: (message ?? String(error)).slice(0, 1000) };
}
