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

/** The messages' words (decisions 0111, 0125, 0126). */
const WORDS = {
  subject: (title: string) => `You're going: ${title}`,
  declinedSubject: (title: string) => `Your answer: ${title}`,
  waitlistSubject: (title: string) => `You're on the waitlist: ${title}`,
  promotedSubject: (title: string) => `A place is yours: ${title}`,
  greeting: (name: string) => `Hello ${name},`,
  going: (places: number) => (places === 1 ? 'your place is booked.' : `your ${places} places are booked.`),
  notGoing: 'we have your answer: you are not going.',
  waitlisted: (places: number) =>
    `the event is full: you are on its waitlist for ${places === 1 ? 'one place' : `${places} places`}. We will write when a place is yours.`,
  promoted: (places: number) =>
    `places were freed: ${places === 1 ? 'your place is booked' : `your ${places} places are booked`} from the waitlist.`,
  ticket: (name: string) => `Ticket: ${name}`,
  qrCaption: (place: number, places: number) =>
    places === 1 ? 'Show this code at the door' : `Place ${place} of ${places}: show this code at the door`,
  manage: 'Change or cancel your RSVP',
};

/** What the messages need besides the RSVP: where the event's UID points, and the site's language. */
export interface RsvpMailSettings {
  /** The host part of the event's UID in the attached `.ics`, as the site's feeds write it. */
  readonly uidHost: string;
  /** The site's language: the event's title and words, and the `.ics`'s. */
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
    const subject =
      kind === 'promoted'
        ? WORDS.promotedSubject
        : going
          ? WORDS.subject
          : waitlisted
            ? WORDS.waitlistSubject
            : WORDS.declinedSubject;
    const state =
      kind === 'promoted'
        ? WORDS.promoted(seats.length)
        : going
          ? WORDS.going(seats.length)
          : waitlisted
            ? WORDS.waitlisted(seats.length)
            : WORDS.notGoing;
    const message = await eventMail({
      to: first.email,
      subject: subject(title),
      intro: [WORDS.greeting(first.name), state, WORDS.ticket(ticketName)],
      event: { row: found.row, relations: found.relations, entitled: this.events.entitled(found.row, null, {}) },
      context: { urls, uidHost: this.settings.uidHost },
      links: [{ label: WORDS.manage, url: manageUrl(urls, token) }],
      ...(going
        ? {
            qrs: seats.map((seat, index) => ({
              text: checkInCode(urls, seat),
              caption: WORDS.qrCaption(index + 1, seats.length),
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
