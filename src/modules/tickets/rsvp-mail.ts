import type { Clock } from '../../clock.ts';
import type { LanguageCode } from '../../languages.ts';
import type { WriteTx } from '../../storage/types.ts';
import type { AttendeeRow } from '../../storage/tables.ts';
import type { Urls } from '../../urls.ts';
import type { EventsService } from '../events/events.service.ts';
import { plainText } from '../ical/calendar-writer.ts';
import { eventMail } from '../mail/event-mail.ts';
import type { MailOutbox } from '../mail/outbox.ts';
import { linkExpiry, type RsvpLinks } from './rsvp-links.ts';
import { rsvpMailWords } from './rsvp-mail-words.ts';

/** What the messages need besides the RSVP: where the event's UID points, and the site's language. */
export interface RsvpMailSettings {
  /** The host part of the event's UID in the attached `.ics`, as the site's feeds write it. */
  readonly uidHost: string;
  /** The site's language: the event's title, the messages' words and dates (decision 0135), and the `.ics`'s. */
  readonly language: LanguageCode;
}

/** Why a message is sent: the RSVP's first answer, or a promotion from the waitlist. */
export type RsvpMailKind = 'confirmation' | 'promoted';

/**
 * The text of a seat's QR code: the original's check-in link (`?event_qr_code=1&ticket_id=…`),
 * whose `ticket_id` (the attendee) and `security_code` are what the `qr` check-in reads.
 */
export function checkInCode(urls: Urls, seat: Pick<AttendeeRow, 'id' | 'event_id' | 'security_code'>): string {
  return urls.pageQuery(
    new URLSearchParams({
      event_qr_code: '1',
      ticket_id: String(seat.id),
      event_id: String(seat.event_id),
      security_code: seat.security_code,
    }).toString(),
  );
}

/** The RSVP's signed page of changes (decision 0125). */
export const manageUrl = (urls: Urls, token: string) => urls.page(`rsvp/${token}`);

/**
 * An RSVP's messages to the address given, written into the outbox in the caller's unit (decision
 * 0112): the event's details as a visitor sees them (a password-protected event's without its
 * description, venue or organizer), its `.ics`, the link to change or cancel, and for those going
 * a QR code per seat, so that each place is checked in on its own at the door (the order's seats
 * number at most MAX_PLACES_PER_RSVP, which bounds the message: about 1 KB of PNG a code).
 */
export class RsvpMail {
  constructor(
    private readonly events: Pick<EventsService, 'getUnchecked' | 'entitled'>,
    private readonly mail: Pick<MailOutbox, 'enqueue'>,
    private readonly links: RsvpLinks,
    private readonly clock: Clock,
    private readonly settings: RsvpMailSettings,
  ) {}

  /** The order's token for its page of changes, good until a week after its event ends. */
  async token(tx: WriteTx, seat: Pick<AttendeeRow, 'event_id' | 'order_ref'>): Promise<string> {
    const found = (await this.events.getUnchecked(tx, seat.event_id, this.settings.language, null, { prices: false }))!;
    return this.links.token(seat.order_ref, linkExpiry(found.row.fields.end_utc, this.clock.now()));
  }

  /** `seats`: the order's seats that count (going, waitlisted or not going), first seat first. */
  async send(
    tx: WriteTx,
    kind: RsvpMailKind,
    ticketName: string,
    seats: readonly AttendeeRow[],
    urls: Urls,
  ): Promise<string> {
    const first = seats[0]!;
    const found = (await this.events.getUnchecked(tx, first.event_id, this.settings.language, null, {
      prices: false,
    }))!;
    const token = this.links.token(first.order_ref, linkExpiry(found.row.fields.end_utc, this.clock.now()));
    const title = plainText(found.row.post.title);
    const going = first.status === 'going';
    const waitlisted = first.status === 'waitlisted';
    const words = rsvpMailWords(this.settings.language);
    const subject =
      kind === 'promoted'
        ? words.promotedSubject
        : going
          ? words.subject
          : waitlisted
            ? words.waitlistSubject
            : words.declinedSubject;
    const state =
      kind === 'promoted'
        ? words.promoted(seats.length)
        : going
          ? words.going(seats.length)
          : waitlisted
            ? words.waitlisted(seats.length)
            : words.notGoing;
    const message = await eventMail({
      to: first.email,
      subject: subject(title),
      intro: [words.greeting(first.name), state, words.ticket(ticketName)],
      event: { row: found.row, relations: found.relations, entitled: this.events.entitled(found.row, null, {}) },
      context: { urls, uidHost: this.settings.uidHost },
      links: [{ label: words.manage, url: manageUrl(urls, token) }],
      ...(going
        ? {
            qrs: seats.map((seat, index) => ({
              text: checkInCode(urls, seat),
              caption: words.qrCaption(index + 1, seats.length),
            })),
          }
        : {}),
      reference: `rsvp:${first.order_ref}${kind === 'promoted' ? ':promoted' : ''}`,
      language: this.settings.language,
    });
    await this.mail.enqueue(tx, message);
    return token;
  }
}
