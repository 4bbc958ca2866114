import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The link in an RSVP's confirmation (decision 0125): the page where the visitor changes or
 * cancels their RSVP without an account. The token names the RSVP (its order reference) and when
 * the link stops working, signed with an HMAC-SHA256 under a site secret (`site_secrets`, made on
 * first use and shared by every node: decision 0094), so nobody can make one for another order or
 * stretch its life. Nothing is stored: a new secret would end every link at once.
 */

/** The site secret's name in `site_secrets`. */
export const RSVP_LINK_KEY = 'rsvp-links';
/** A link works until a week after its event ends (after it was made, for an event already over). */
export const LINK_GRACE_SECONDS = 7 * 24 * 3600;

const ORDER = /^[0-9a-f]{24}$/;
const TOKEN = /^([0-9a-f]{24})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** Why a token opens nothing: made by someone else or changed (`tampered`), or past its time (`expired`). */
export type LinkRefusal = 'tampered' | 'expired';

export class RsvpLinks {
  constructor(private readonly key: Buffer) {}

  private signature(order: string, expires: number): string {
    return createHmac('sha256', this.key).update(`calendar-rsvp-link:${order}:${expires}`).digest('base64url');
  }

  /** A token for the order, good until `expires` (seconds since 1970, UTC). */
  token(order: string, expires: number): string {
    if (!ORDER.test(order)) throw new Error(`not an order reference: ${order}`);
    return `${order}.${expires}.${this.signature(order, expires)}`;
  }

  /** The token's order when its signature holds and it has not expired at `now` (seconds). */
  open(token: string, now: number): { order: string } | { refused: LinkRefusal } {
    const match = TOKEN.exec(token);
    if (!match) return { refused: 'tampered' };
    const [, order, expiresText, given] = match as unknown as [string, string, string, string];
    const expires = Number(expiresText);
    const expected = Buffer.from(this.signature(order, expires));
    // Compared in constant time: the signature is a secret's work, not to be guessed byte by byte.
    if (!timingSafeEqual(expected, Buffer.from(given))) return { refused: 'tampered' };
    if (now >= expires) return { refused: 'expired' };
    return { order };
  }
}

/** When a link made at `now` for an event ending at `eventEndUtc` (wire UTC) stops working, in seconds. */
export function linkExpiry(eventEndUtc: string, now: Date): number {
  const end = Date.parse(`${eventEndUtc.replace(' ', 'T')}Z`);
  const from = Math.max(Number.isNaN(end) ? 0 : end, now.getTime());
  return Math.floor(from / 1000) + LINK_GRACE_SECONDS;
}
