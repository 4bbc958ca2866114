/*
 * "Subscribe to calendar" on the list, month and day views, as the original offers it: Google
 * Calendar, a `webcal://` link for iCalendar apps, Outlook 365 and Outlook Live, each subscribing to
 * the API's feed (`{api}/events.ics`) for the view's filters, and the view's own days as an `.ics`
 * download. No script: each is a link the calendar service opens.
 */

export interface Subscription {
  readonly google: string;
  readonly webcal: string;
  readonly outlook365: string;
  readonly outlookLive: string;
  readonly download: string;
}

/**
 * The links for a feed URL (http or https; its filters, no date window, so the subscription follows
 * the calendar onward) and a download URL (the view's days). `name` is the calendar's name in
 * Outlook.
 */
export function subscriptionLinks(feed: string, download: string, name: string): Subscription {
  const webcal = feed.replace(/^https?:\/\//, 'webcal://');
  // Outlook's "add from web" page takes the feed's own http(s) URL and a name.
  const outlook = (host: string) => `https://${host}/owa?${new URLSearchParams([['path', '/calendar/action/compose'], ['rru', 'addsubscription'], ['url', feed], ['name', name]]).toString()}`;
  return {
    google: `https://calendar.google.com/calendar/render?${new URLSearchParams([['cid', webcal]]).toString()}`,
    webcal,
    outlook365: outlook('outlook.office.com'),
    outlookLive: outlook('outlook.live.com'),
    download,
  };
}
