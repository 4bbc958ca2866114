import { DateTime } from 'luxon';
import { qrPng } from './qr-png.ts';
import { escapeHtml } from '../../content/html.ts';
import { wordsIn, type LanguageCode, type WordsByLanguage } from '../../languages.ts';
import {
  calendarFooter,
  calendarHeader,
  eventComponent,
  eventData,
  type CalendarContext,
  type CalendarEvent,
} from '../ical/calendar-writer.ts';
import type { MailAttachment, MailMessage } from './message.ts';

/** What a message about one event says besides the event itself (tickets: a confirmation, a waitlist promotion). */
export interface EventMailContent {
  readonly to: string;
  readonly subject: string;
  /** Paragraphs of plain text before the event's details. */
  readonly intro: readonly string[];
  readonly event: CalendarEvent;
  readonly context: CalendarContext;
  /** Links after the details (`Change or cancel your RSVP`), each on a line of its own. */
  readonly links?: readonly { readonly label: string; readonly url: string }[];
  /** QR codes to show at the door (one per seat of an order): the text each encodes, and the words beside it. */
  readonly qrs?: readonly { readonly text: string; readonly caption: string }[];
  readonly reference?: string;
  /** The language of the details' words and dates and of the calendar attachment's PRODID (default `en`). */
  readonly language?: LanguageCode;
}

/** The words of an event's details in one language (decision 0135). */
export interface EventMailWords {
  readonly when: string;
  readonly where: string;
  readonly details: string;
  readonly calendar: string;
  /** Between a label and its value (`When: …`; French puts a space before the colon). */
  readonly colon: string;
  /** How the language writes a day, as a luxon pattern: the long date the public pages show (Intl's), English's kept as it was. */
  readonly day: string;
}

const EN: EventMailWords = {
  when: 'When',
  where: 'Where',
  details: 'Details',
  calendar: 'Add it to your calendar with the attached event.ics.',
  colon: ': ',
  day: 'cccc d LLLL yyyy',
};

const FR: EventMailWords = {
  when: 'Quand',
  where: 'Où',
  details: 'Détails',
  calendar: 'Ajoutez-le à votre agenda avec le fichier event.ics joint.',
  colon: ' : ',
  day: 'cccc d LLLL yyyy',
};

const DE: EventMailWords = {
  when: 'Wann',
  where: 'Wo',
  details: 'Details',
  calendar: 'Mit der angehängten Datei event.ics tragen Sie die Veranstaltung in Ihren Kalender ein.',
  colon: ': ',
  day: 'cccc, d. LLLL yyyy',
};

const ES: EventMailWords = {
  when: 'Cuándo',
  where: 'Dónde',
  details: 'Detalles',
  calendar: 'Añádalo a su calendario con el archivo event.ics adjunto.',
  colon: ': ',
  day: "cccc, d 'de' LLLL 'de' yyyy",
};

const BY_LANGUAGE: WordsByLanguage<EventMailWords> = { en: EN, fr: FR, de: DE, es: ES };

export const eventMailWords = (language: LanguageCode): EventMailWords => wordsIn(BY_LANGUAGE, language);

/** The `n`th QR code's content id (from 1): the HTML part shows the attachment of that id. */
const qrCid = (n: number) => `qr-code-${n}@calendar`;
/** Pixels per module of the QR code, and its quiet zone in modules: readable on a phone's screen and on paper. */
const QR_SCALE = 6;
const QR_MARGIN = 4;

/**
 * An e-mail about one event, in text and HTML: the caller's paragraphs, the event's title, dates,
 * place and page, the caller's links, an `.ics` of the event as the site's feeds write it
 * (`calendar-writer.ts`), and optionally QR codes (PNGs, each shown inline by the HTML part under
 * its caption, and its text listed in the text part).
 */
export async function eventMail(content: EventMailContent): Promise<MailMessage> {
  // The event's calendar data, computed once for the message's words and its `.ics`.
  const calendarData = eventData(content.event, content.context);
  const { data } = calendarData;
  const language = content.language ?? 'en';
  const words = eventMailWords(language);
  const when = whenOf(content.event, language, words.day);
  const where = placeOf(data.location);
  const url = typeof data.url === 'string' ? data.url : '';
  const links = content.links ?? [];
  const attachments: MailAttachment[] = [
    {
      filename: 'event.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: eventCalendar(content, calendarData),
    },
  ];
  const qrs = content.qrs ?? [];
  qrs.forEach((qr, index) => {
    attachments.push({
      filename: `qr-code-${index + 1}.png`,
      contentType: 'image/png',
      cid: qrCid(index + 1),
      content: qrPng(qr.text, { errorCorrectionLevel: 'M', scale: QR_SCALE, margin: QR_MARGIN }),
    });
  });
  const text = [
    ...content.intro,
    '',
    String(data.summary ?? ''),
    `${words.when}${words.colon}${when}`,
    ...(where === '' ? [] : [`${words.where}${words.colon}${where}`]),
    ...(url === '' ? [] : [`${words.details}${words.colon}${url}`]),
    '',
    ...links.map((link) => `${link.label}${words.colon}${link.url}`),
    ...qrs.flatMap((qr) => ['', `${qr.caption}${words.colon}${qr.text}`]),
    '',
    words.calendar,
    '',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><th scope="row" style="text-align:left;padding-right:1em">${escapeHtml(label)}</th><td>${value}</td></tr>`;
  const html = [
    ...content.intro.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`),
    `<h1 style="font-size:1.4em">${escapeHtml(String(data.summary ?? ''))}</h1>`,
    '<table>',
    row(words.when, escapeHtml(when)),
    ...(where === '' ? [] : [row(words.where, escapeHtml(where))]),
    ...(url === '' ? [] : [row(words.details, `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`)]),
    '</table>',
    ...links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`),
    ...qrs.map(
      (qr, index) =>
        `<p>${escapeHtml(qr.caption)}<br><img src="cid:${qrCid(index + 1)}" alt="${escapeHtml(`${qr.caption}${words.colon}${qr.text}`)}"></p>`,
    ),
    `<p>${escapeHtml(words.calendar)}</p>`,
  ].join('\n');
  return {
    to: content.to,
    subject: content.subject,
    text,
    html: `<!doctype html><html><body>${html}</body></html>`,
    attachments,
    ...(content.reference === undefined ? {} : { reference: content.reference }),
  };
}

/** The LOCATION of the event's calendar data as one line: the venue's name and address. */
function placeOf(location: ReturnType<typeof eventData>['data']['location']): string {
  if (!location) return '';
  if (typeof location === 'string') return location;
  return 'title' in location ? [location.title, location.address].filter(Boolean).join(', ') : '';
}

/** The event as a whole iCalendar document, as the site's single-event feed writes it. */
function eventCalendar(content: EventMailContent, calendarData: ReturnType<typeof eventData>): string {
  const zones = new Set<string>();
  const name = String(calendarData.data.summary ?? '');
  const body = eventComponent(calendarData, zones);
  return (
    calendarHeader({ name, zone: content.event.row.fields.timezone, language: content.language ?? 'en' }) +
    body +
    calendarFooter(zones)
  );
}

/**
 * The event's dates in its own zone, as people read them: `Thursday 4 March 2027, 19:00 – 22:00
 * (America/New_York)`, `jeudi 4 mars 2027, 19:00 – 22:00 (America/New_York)`; names in the
 * language, days written by `dayPattern`.
 */
function whenOf(event: CalendarEvent, language: LanguageCode, dayPattern: string): string {
  const { fields } = event.row;
  // A wire time (`YYYY-MM-DD HH:MM:SS`) read by `fromSQL`'s pattern: `fromFormat` parsed the format's tokens on every call.
  const local = (wire: string) => DateTime.fromSQL(wire, { zone: 'UTC', locale: language });
  const start = local(fields.start_local);
  const end = local(fields.end_local);
  const day = (date: DateTime) => date.toFormat(dayPattern);
  const time = (date: DateTime) => date.toFormat('HH:mm');
  // The same day: the same date part of the wire times (luxon's `hasSame` converted both; decision 0134).
  const oneDay = fields.start_local.slice(0, 10) === fields.end_local.slice(0, 10);
  if (fields.all_day) return oneDay ? day(start) : `${day(start)} – ${day(end)}`;
  const span = oneDay
    ? `${day(start)}, ${time(start)} – ${time(end)}`
    : `${day(start)}, ${time(start)} – ${day(end)}, ${time(end)}`;
  return `${span} (${fields.timezone})`;
}
