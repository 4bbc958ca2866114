/** A file sent with a message; `cid` names it for the HTML part (`<img src="cid:...">`). */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer | string;
  readonly cid?: string;
}

/** An e-mail as the service's modules write it into the outbox (decision 0112). */
export interface MailMessage {
  /** One recipient's address. */
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
  /** What the message is about, for the module that writes it (`attendee:12`), at most 200 characters. */
  readonly reference?: string;
}

/** An attachment as the outbox row keeps it: the content in base64. */
export interface StoredAttachment {
  readonly filename: string;
  readonly content_type: string;
  readonly cid: string | null;
  readonly content: string;
}

export const storedAttachments = (attachments: readonly MailAttachment[]): StoredAttachment[] =>
  attachments.map((attachment) => ({
    filename: attachment.filename,
    content_type: attachment.contentType,
    cid: attachment.cid ?? null,
    content: (typeof attachment.content === 'string'
      ? Buffer.from(attachment.content, 'utf8')
      : attachment.content
    ).toString('base64'),
  }));
