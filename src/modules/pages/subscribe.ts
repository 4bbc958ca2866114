import type { EventWire } from '../events/events.schemas.ts';
import { shiftDay } from '../../dates/supported-range.ts';
import { endDay, googleCalendarLink, startDay } from './format.ts';

/*
 * The calendar services' links, as the original offers them: "Subscribe to calendar" on the list,
 * month and day views (Google Calendar, a `webcal://` link for iCalendar apps, Outlook 365 and
 * Outlook Live, each subscribing to the API's feed for the view's filters, and the view's own days
 * as an `.ics` download), and "Add to calendar" on a single event (the same five: Google's and
 * Outlook's forms to add that one event, its `.ics` by `webcal://` and as a download). No script:
 * each is a link the calendar service opens; the page requests nothing from them.
 */

export interface Subscription {
  readonly google: string;
  readonly webcal: string;
  readonly outlook365: string;
  readonly outlookLive: string;
  readonly download: string;
}

/** An http(s) URL as the `webcal://` link iCalendar apps (Apple Calendar, Thunderbird) open. */
const webcalOf = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/** Outlook's calendar page (Outlook 365 on `outlook.office.com`, Outlook Live on `outlook.live.com`) with an action's arguments. */
const outlookLink = (host: string, args: readonly [string, string][]) =>
  `https://${host}/owa?${new URLSearchParams([['path', '/calendar/action/compose'], ...args]).toString()}`;

/** Both Outlooks' links for the same arguments. */
const outlookLinks = (args: readonly [string, string][]) => ({
  outlook365: outlookLink('outlook.office.com', args),
  outlookLive: outlookLink('outlook.live.com', args),
});

/**
 * The links for a feed URL (http or https; its filters, no date window, so the subscription follows
 * the calendar onward) and a download URL (the view's days). `name` is the calendar's name in
 * Outlook.
 */
export function subscriptionLinks(feed: string, download: string, name: string): Subscription {
  const webcal = webcalOf(feed);
  return {
    google: `https://calendar.google.com/calendar/render?${new URLSearchParams([['cid', webcal]]).toString()}`,
    webcal,
    // Outlook's "add from web" page takes the feed's own http(s) URL and a name.
    ...outlookLinks([
      ['rru', 'addsubscription'],
      ['url', feed],
      ['name', name],
    ]),
    download,
  };
}

/**
 * "Add to calendar" for one event: Google's and Outlook's forms filled with it (UTC instants, or an
 * all-day span's days with the end exclusive, as both read them), and its `.ics` (`ics`: the
 * event's, or an occurrence's own date) by `webcal://` and as a download. `text` and `location` are
 * the plain-text details and the venues.
 */
export function eventCalendarLinks(
  event: EventWire,
  ics: string,
  details: { readonly text: string; readonly location: string },
): Subscription {
  const [start, end] = event.all_day
    ? [startDay(event), shiftDay(endDay(event), 1) ?? endDay(event)]
    : [`${event.utc_start_date.replace(' ', 'T')}Z`, `${event.utc_end_date.replace(' ', 'T')}Z`];
  return {
    google: googleCalendarLink(event, details),
    webcal: webcalOf(ics),
    ...outlookLinks([
      ['rru', 'addevent'],
      ['startdt', start],
      ['enddt', end],
      ...(event.all_day ? [['allday', 'true'] as [string, string]] : []),
      ['subject', event.title],
      ['body', details.text],
      ['location', details.location],
    ]),
    download: ics,
  };
}
