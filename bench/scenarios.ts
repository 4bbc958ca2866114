import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';
import { ONE_PERCENT_TITLE_WORD } from '../src/seed/vocabulary.ts';
import type { TicketFixtures } from './tickets.ts';
import {
  drive,
  driveFeeds,
  driveNodes,
  percentile,
  readAll,
  type Body,
  type Measurement,
  type Requests,
} from './load.ts';

/*
 * The scenarios: what each sends, how its first answer is checked, and the loads of their own
 * (the feed export, the mixed reads and writes, the series creations). See bench/README.md.
 */

export const API = '/calendar/events/v1';
/** The whole seeded calendar (every date, up to the default maximum of 100,000 events) as one feed. */
const ICS_EXPORT = `${API}/events.ics?start_date=1970-01-01&end_date=2199-12-31&limit=100000`;
const CSV_EXPORT = `${API}/events?start_date=1970-01-01&end_date=2199-12-31`;
const CSV = { accept: 'text/csv' };

/** Makes this run's titles and login unique, so that a database never sees one twice. */
export const RUN_ID = randomBytes(3).toString('hex');
/** A series created in one POST: its occurrences and the writes timed. */
export const SERIES_OCCURRENCES = 500;
const SERIES_WRITES = 5;
/** Subscriptions of the `create-webhooks` scenario (issue 17: `POST /events` with 3 active subscriptions). */
export const WEBHOOK_SUBSCRIPTIONS = 3;

/** What the scenarios need to know about the seeded data. */
export interface Fixtures {
  readonly events: readonly { id: number; slug: string }[];
  readonly categoryId: number;
  /** Every category without sub-categories, the creates' categories in turn. */
  readonly leafCategoryIds: readonly number[];
  /** Categories with events enough for the `mixed` scenario's five archive pages each. */
  readonly busyCategoryIds: readonly number[];
  readonly venueId: number;
  /** A calendar month about six months ahead, `YYYY-MM-DD` bounds. */
  readonly month: { readonly start: string; readonly end: string };
  readonly authorization: string;
  /** The seeded tickets (bench/tickets.ts), when a tickets scenario runs. */
  readonly tickets?: TicketFixtures;
}

export interface Scenario extends Requests {
  readonly name: string;
  /** Archive scenarios, whose cost must not grow with the calendar. */
  readonly list: boolean;
  readonly status: number;
  /** Throws a message when the response to the n-th request is not the right answer. */
  check(body: Body, n: number): void;
  /**
   * Drives the scenario itself instead of autocannon (a feed: one long streamed answer per request;
   * the mixed load; writes spread over two nodes). `load`: the headers and request counter of the
   * scenario, and the ports of the other nodes (`nodes`).
   */
  drive?(
    port: number,
    seconds: number,
    load: { headers: Record<string, string>; counter: { n: number }; others: readonly number[] },
  ): Promise<Measurement & { writes?: Measurement }>;
  /** Headers sent besides the writes' authorization (`Accept-Encoding` of the compressed twins: decision 0063). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Runs against a second service process without its read cache (`CALENDAR_READ_CACHE_MB=0`): every answer computed (issue 35). */
  readonly computed?: boolean;
  /** Runs against a service without the record cache either (`--without-record-cache`): the twin of the computed scenario named. */
  readonly withoutRecordCacheOf?: string;
  /** Runs against this many nodes of the service on the one database (PostgreSQL only: issue 35's "over two nodes"). */
  readonly nodes?: number;
  /** Whole exports: the check run is one too, so its memory is counted from before it, the server idle. */
  readonly exports?: boolean;
  /** Sets the service up before the scenario's first request (webhook subscriptions). */
  prepare?(port: number): Promise<void>;
}

/**
 * A receiver in the bench process answering every delivery 204, and that many subscriptions of
 * every type to it: the service then signs and sends every change while the scenario writes.
 */
async function subscribeReceivers(port: number, authorization: string, count: number): Promise<void> {
  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiver.unref();
  const url = `http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}/bench`;
  for (let n = 0; n < count; n++) {
    const response = await fetch(`http://127.0.0.1:${port}${API}/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ url: `${url}/${n}`, events: ['*'] }),
    });
    must(
      response.status === 201,
      `subscribing a webhook answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
  }
}

function must(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

const itemsOf = (body: Body, key: string, atLeast: number) => {
  const items = body[key];
  must(Array.isArray(items), `no "${key}" array in the response`);
  must(items.length >= atLeast, `"${key}" has ${items.length} items, expected at least ${atLeast}`);
  return items as Body[];
};

/** Every scenario over the seeded data; `connections` is how many clients the loads that drive themselves run. */
export function scenarios(fixtures: Fixtures, connections: number): Scenario[] {
  const at = <T>(items: readonly T[], n: number) => items[n % items.length]!;
  const word = ONE_PERCENT_TITLE_WORD.toLowerCase();
  const list = (
    name: string,
    query: string,
    check: (events: Body[]) => void = () => undefined,
    perPage = 10,
  ): Scenario => ({
    name,
    method: 'GET',
    list: true,
    status: 200,
    request: () => ({ path: `${API}/events?${query}` }),
    check: (body) => check(itemsOf(body, 'events', perPage)),
  });
  const collection = (name: string): Scenario => ({
    name,
    method: 'GET',
    list: false,
    status: 200,
    request: () => ({ path: `${API}/${name}` }),
    check: (body) => void itemsOf(body, name, 1),
  });
  /**
   * The n-th concert a create scenario sends: on a day of the month and in a leaf category, each
   * taken in turn. A write unit holds the day's count row and the category's count row from its
   * write to its commit (decision 0081), so creates all on one day and in one category would wait
   * for each other on PostgreSQL whatever else let them run side by side (decision 0082).
   */
  const concert = (title: string, n: number) => {
    const day = `${fixtures.month.start.slice(0, 8)}${String(1 + (n % 28)).padStart(2, '0')}`;
    return {
      title,
      description: 'A concert created by the benchmark.',
      status: 'publish',
      start_date: `${day} 19:00:00`,
      end_date: `${day} 21:00:00`,
      venue: fixtures.venueId,
      categories: [at(fixtures.leafCategoryIds, n)],
    };
  };
  const create: Scenario = {
    name: 'create',
    method: 'POST',
    list: false,
    status: 201,
    request: (n) => ({ path: `${API}/events`, body: concert(`Bench concert ${n} ${RUN_ID}`, n) }),
    check: (body, n) =>
      must(
        body.title === `Bench concert ${n} ${RUN_ID}` && typeof body.id === 'number',
        'the created event is not the one sent',
      ),
  };
  /** A scenario run from 10 clients spread over two nodes of one PostgreSQL database (issue 35). */
  const onTwoNodes = (scenario: Scenario, name: string): Scenario => ({
    ...scenario,
    name,
    nodes: 2,
    drive: (port, seconds, { headers, counter, others }) =>
      driveNodes([port, ...others], scenario, headers, seconds, counter, connections),
  });
  // Issue 48: titles ending in numbers, all of one slug family (`bench-concert-<run>`), each its own
  // slug; on days spread over a year, so that few creates share a day's count row.
  const numberedTitle = (n: number) => `Bench concert ${RUN_ID} ${n}`;
  const spreadDay = (n: number) =>
    new Date(Date.parse(`${fixtures.month.start.slice(0, 10)}T00:00:00Z`) + (n % 365) * 86_400_000)
      .toISOString()
      .slice(0, 10);
  const createNumbered: Scenario = {
    ...create,
    request: (n) => ({
      path: `${API}/events`,
      body: {
        ...concert(numberedTitle(n), n),
        start_date: `${spreadDay(n)} 19:00:00`,
        end_date: `${spreadDay(n)} 21:00:00`,
      },
    }),
    check: (body, n) =>
      must(body.title === numberedTitle(n) && typeof body.id === 'number', 'the created event is not the one sent'),
  };
  const listTen = list('list-10', 'per_page=10');
  const eventById: Scenario = {
    name: 'event-by-id',
    method: 'GET',
    list: false,
    status: 200,
    request: (n) => ({ path: `${API}/events/${at(fixtures.events, n).id}` }),
    check: (body, n) =>
      must(
        body.id === at(fixtures.events, n).id,
        `asked for event ${at(fixtures.events, n).id}, got ${String(body.id)}`,
      ),
  };
  /** Issue 35's computed rows, in the same run as the cached ones: the same requests to a service without its read cache. */
  const computed = (scenario: Scenario): Scenario => ({
    ...scenario,
    name: `computed-${scenario.name}`,
    computed: true,
  });
  /** A computed scenario's twin without the record cache (decision 0080), run only with `--without-record-cache`. */
  const withoutRecordCache = (scenario: Scenario): Scenario => ({
    ...scenario,
    name: `${scenario.name}-without-record-cache`,
    withoutRecordCacheOf: scenario.name,
  });
  /** Issue 34: the same requests from a client taking brotli; a cached answer's compressed bytes are kept with it (decision 0063). */
  const brotli = (scenario: Scenario): Scenario => ({
    ...scenario,
    name: `${scenario.name}-br`,
    headers: { 'accept-encoding': 'br' },
  });
  const listPage: Scenario = {
    // The public list page (decision 0031): the same archive read as list-10, rendered as HTML.
    name: 'list-page',
    method: 'GET',
    list: true,
    status: 200,
    request: () => ({ path: '/events/' }),
    check: (body) => {
      const text = String(body.text);
      must(text.startsWith('<!DOCTYPE html>') && text.endsWith('</html>'), 'not a whole page');
      const shown = text.split('<article class="event-card').length - 1;
      must(shown === 10, `the page lists ${shown} events, expected 10`);
    },
  };
  return [
    listTen,
    brotli(listTen),
    list('list-50', 'per_page=50', () => undefined, 50),
    list('search', `search=${word}`, (events) => {
      for (const event of events)
        must(
          `${event.title} ${event.description} ${event.excerpt}`.toLowerCase().includes(word),
          `event ${event.id} does not contain "${word}"`,
        );
    }),
    list('category', `categories=${fixtures.categoryId}`, (events) => {
      for (const event of events)
        must(
          (event.categories as Body[]).some((term) => term.id === fixtures.categoryId),
          `event ${event.id} is not in category ${fixtures.categoryId}`,
        );
    }),
    list('date-range', `start_date=${fixtures.month.start}&end_date=${fixtures.month.end}`, (events) => {
      for (const event of events) {
        must(
          String(event.start_date) >= `${fixtures.month.start} 00:00:00` &&
            String(event.end_date) <= `${fixtures.month.end} 23:59:59`,
          `event ${event.id} is outside ${fixtures.month.start}..${fixtures.month.end}`,
        );
      }
    }),
    eventById,
    {
      name: 'event-by-slug',
      method: 'GET',
      list: false,
      status: 200,
      request: (n) => ({ path: `${API}/events/by-slug/${at(fixtures.events, n).slug}` }),
      check: (body, n) =>
        must(
          body.slug === at(fixtures.events, n).slug,
          `asked for slug ${at(fixtures.events, n).slug}, got ${String(body.slug)}`,
        ),
    },
    collection('venues'),
    {
      // The whole seeded calendar as one iCalendar feed per request, streamed in batches (decision 0026).
      name: 'ics-export',
      method: 'GET',
      list: false,
      status: 200,
      exports: true,
      request: () => ({ path: ICS_EXPORT }),
      drive: (port, seconds) => driveFeeds(port, ICS_EXPORT, seconds),
      check: (body) => {
        const text = String(body.text);
        must(text.startsWith('BEGIN:VCALENDAR') && text.endsWith('END:VCALENDAR\r\n'), 'not a whole calendar');
        must(text.includes('BEGIN:VEVENT'), 'no events in the feed');
      },
    },
    {
      // The whole seeded archive as CSV per request, streamed in keyset batches (decision 0114); rows counted by their CRLF ends (the header's included).
      name: 'csv-export',
      method: 'GET',
      list: false,
      status: 200,
      exports: true,
      headers: CSV,
      request: () => ({ path: CSV_EXPORT }),
      drive: (port, seconds) =>
        driveFeeds(port, CSV_EXPORT, seconds, { name: 'csv-export', marker: '\r\n', headers: CSV }),
      check: (body) => {
        const text = String(body.text);
        must(text.replace(/^\uFEFF/, '').startsWith('Event Name,Event Description,'), 'not the events CSV');
        must(text.split('\r\n').length > 2, 'no events in the export');
      },
    },
    collection('categories'),
    list('list-fr', 'translation_language=fr'),
    listPage,
    brotli(listPage),
    {
      // Issue 16: anonymous readers over 1,250 URLs while one client edits an event title 10 times a second.
      name: 'mixed',
      method: 'GET',
      list: false,
      status: 200,
      request: (n) => ({ path: at(mixedUrls(fixtures), n) }),
      // A calendar in service has been read before: every URL once, so the run measures edits
      // retiring answers, not a cold start (1,250 misses take longer than the warm-up).
      prepare: (port) => readAll(port, mixedUrls(fixtures), connections),
      drive: (port, seconds) => driveMixed(port, fixtures, seconds, connections),
      check: (body) => void itemsOf(body, 'events', 10),
    },
    computed(listTen),
    withoutRecordCache(computed(listTen)),
    // Every id read once first, in both arms: a service in use has its records rendered (a loaded
    // machine's 10 s at ~50 req/s would otherwise measure the first rendering of most of the 1,000).
    ...[computed(eventById), withoutRecordCache(computed(eventById))].map((scenario) => ({
      ...scenario,
      prepare: (port: number) =>
        readAll(
          port,
          fixtures.events.map((event) => `${API}/events/${event.id}`),
          connections,
        ),
    })),
    create,
    // Issue 35: creates from 10 clients spread over two nodes on one PostgreSQL database (decision 0038's one lock).
    onTwoNodes(create, 'create-two-nodes'),
    // Issue 48: the same with titles ending in numbers (until decision 0101, one slug family's lock for all).
    onTwoNodes(createNumbered, 'create-two-nodes-numbered'),
    {
      name: 'update',
      method: 'PATCH',
      list: false,
      status: 200,
      request: (n) => ({
        path: `${API}/events/${at(fixtures.events, n).id}`,
        body: { title: `Bench update ${n} ${RUN_ID}` },
      }),
      check: (body, n) => must(body.title === `Bench update ${n} ${RUN_ID}`, 'the update was not applied'),
    },
    ...ticketScenarios(fixtures),
    {
      // `create` again, with every change signed and sent to three subscriptions meanwhile (decision 0032).
      name: 'create-webhooks',
      method: 'POST',
      list: false,
      status: 201,
      prepare: (port) => subscribeReceivers(port, fixtures.authorization, WEBHOOK_SUBSCRIPTIONS),
      request: (n) => ({ path: `${API}/events`, body: concert(`Bench hooked concert ${n} ${RUN_ID}`, n) }),
      check: (body, n) =>
        must(
          body.title === `Bench hooked concert ${n} ${RUN_ID}` && typeof body.id === 'number',
          'the created event is not the one sent',
        ),
    },
  ];
}

/** Pages per category archive in the `mixed` scenario. */
const MIXED_CATEGORY_PAGES = 5;
/** Title edits per second during the `mixed` scenario. */
const MIXED_WRITES_PER_SECOND = 10;

/**
 * The `mixed` scenario's reads: 100 pages of the default archive, the 1,000 fixture events and five
 * pages of each busy category's archive, in a fixed shuffled order (the first one a full archive page).
 */
function mixedUrls(fixtures: Fixtures): string[] {
  const archive = Array.from({ length: 100 }, (_, page) => `${API}/events?page=${page + 1}`);
  const singles = fixtures.events.map((event) => `${API}/events/${event.id}`);
  const categories = fixtures.busyCategoryIds.flatMap((id) =>
    Array.from({ length: MIXED_CATEGORY_PAGES }, (_, page) => `${API}/events?categories=${id}&page=${page + 1}`),
  );
  const rest = [...archive.slice(1), ...singles, ...categories];
  // A deterministic shuffle (a linear congruential sequence): every run reads in the same order.
  let state = 12345;
  for (let index = rest.length - 1; index > 0; index--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const other = state % (index + 1);
    [rest[index], rest[other]] = [rest[other]!, rest[index]!];
  }
  return [archive[0]!, ...rest];
}

/**
 * Readers (autocannon, `--connections`) over the mixed URLs and, meanwhile, one writer sending a
 * title edit of a fixture event every 1/10 s (the next one as soon as the last answered when it
 * took longer): the reads' rate and latencies, and the writes' separately.
 */
async function driveMixed(
  port: number,
  fixtures: Fixtures,
  seconds: number,
  connections: number,
): Promise<Measurement & { writes: Measurement }> {
  const urls = mixedUrls(fixtures);
  let reading = true;
  const writeTimes: number[] = [];
  let writeFailures = 0;
  const writer = (async () => {
    for (let n = 0; reading; n++) {
      const started = performance.now();
      const event = fixtures.events[(n * 7) % fixtures.events.length]!;
      const response = await fetch(`http://127.0.0.1:${port}${API}/events/${event.id}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: fixtures.authorization },
        body: JSON.stringify({ title: `Mixed edit ${n} ${RUN_ID}` }),
      }).catch(() => undefined);
      await response?.arrayBuffer();
      if (response?.status !== 200) writeFailures++;
      const took = performance.now() - started;
      writeTimes.push(took);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1000 / MIXED_WRITES_PER_SECOND - took)));
    }
  })();
  const counter = { n: 0 };
  const reads = await drive(
    port,
    { method: 'GET', request: (n) => ({ path: urls[n % urls.length]! }) },
    {},
    seconds,
    counter,
    connections,
  );
  reading = false;
  await writer;
  const sorted = [...writeTimes].sort((a, b) => a - b);
  return {
    ...reads,
    writes: {
      requestsPerSecond: writeTimes.length / seconds,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      non2xx: writeFailures,
      errors: 0,
    },
  };
}

/** One request, checked; the message says what is wrong, or undefined when the answer is right. */
export async function verify(
  port: number,
  scenario: Scenario,
  headers: Record<string, string>,
  n: number,
): Promise<string | undefined> {
  const { path: requestPath, body } = scenario.request(n);
  const response = await fetch(`http://127.0.0.1:${port}${requestPath}`, {
    method: scenario.method,
    headers,
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  if (response.status !== scenario.status)
    return `${scenario.method} ${requestPath} answered ${response.status}, expected ${scenario.status}: ${text.slice(0, 300)}`;
  try {
    // A calendar, a CSV file or a page is checked as its text.
    scenario.check(
      /^text\/(calendar|html|csv)/.test(response.headers.get('content-type') ?? '')
        ? { text }
        : (JSON.parse(text) as Body),
      n,
    );
    return undefined;
  } catch (error) {
    return `${scenario.method} ${requestPath}: ${(error as Error).message}`;
  }
}

/**
 * Issue 14: "creating a series with 500 occurrences takes one write and well under a second". A few
 * such POSTs one after the other on the otherwise idle service, each timed from request to answer;
 * then the archive must hold all their occurrences.
 */
export async function timeSeriesCreation(port: number, fixtures: Fixtures): Promise<number[]> {
  const token = `series${RUN_ID}`;
  const times: number[] = [];
  for (let n = 0; n < SERIES_WRITES; n++) {
    const body = {
      title: `Bench ${token} ${n}`,
      status: 'publish',
      start_date: `${fixtures.month.start} 19:00:00`,
      end_date: `${fixtures.month.start} 21:00:00`,
      venue: fixtures.venueId,
      categories: [fixtures.categoryId],
      recurrence: { rrule: `FREQ=DAILY;COUNT=${SERIES_OCCURRENCES}` },
    };
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${API}/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: fixtures.authorization },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    times.push(performance.now() - started);
    must(response.status === 201, `creating a series answered ${response.status}: ${text.slice(0, 300)}`);
  }
  const listed = await fetch(
    `http://127.0.0.1:${port}${API}/events?per_page=1&search=${token}&start_date=${fixtures.month.start}&end_date=2199-12-31`,
  );
  const { total } = (await listed.json()) as { total: number };
  must(
    total === SERIES_WRITES * SERIES_OCCURRENCES,
    `the archive holds ${total} occurrences of the created series, expected ${SERIES_WRITES * SERIES_OCCURRENCES}`,
  );
  return times;
}

/** The names of the scenarios that need the seeded tickets (bench/tickets.ts). */
export const TICKET_SCENARIOS = ['tickets-list', 'computed-tickets-list', 'rsvp'];

/**
 * Issue 46: the tickets archive with availability computed from 1M attendees (anonymous, as a
 * client of the original lists them; cached, and computed), and visitors' RSVPs, each writing its
 * seat and its confirmation into the e-mail outbox (decision 0112), booked in turn on unlimited
 * tickets so none is ever full.
 */
function ticketScenarios(fixtures: Fixtures): Scenario[] {
  const seeded = fixtures.tickets;
  if (!seeded) return [];
  const tickets = (body: Body) => {
    const items = itemsOf(body, 'tickets', 10);
    for (const item of items)
      must(
        typeof item.availability === 'object' && item.availability !== null && 'status' in item.availability,
        'a ticket without its availability',
      );
  };
  const list: Scenario = {
    name: 'tickets-list',
    method: 'GET',
    list: true,
    status: 200,
    request: () => ({ path: `${API}/tickets?per_page=10` }),
    check: tickets,
  };
  return [
    list,
    { ...list, name: 'computed-tickets-list', computed: true },
    {
      name: 'rsvp',
      method: 'POST',
      list: false,
      status: 201,
      request: (n) => ({
        path: `${API}/tickets/${seeded.unlimited[n % seeded.unlimited.length]}/rsvps`,
        body: { name: `Bench guest ${n}`, email: `guest${n}.${RUN_ID}@example.com`, quantity: 1 },
      }),
      check: (body) =>
        must(
          body.status === 'going' && Array.isArray(body.attendees) && body.attendees.length === 1,
          'the RSVP did not book one seat',
        ),
    },
  ];
}
