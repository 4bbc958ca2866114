/**
 * What a database of this service must satisfy beyond the engine's own checks, and how many
 * records it holds: the restore command checks a restored database with these, the crash and
 * backup tests check theirs. Plain SQL, the same on both engines, so that the checks run through
 * any driver (the restore command's storage, or a test's own connection with the server down).
 */

/**
 * The listed occurrences counted by status, local start day and local end day, as the day counts of
 * migration 20261125070000 hold them (decision 0035): what the check below compares them with, and
 * what a load that set their triggers aside writes into them (`recountOccurrenceDays`).
 */
export const LISTED_OCCURRENCES_BY_DAY = `select status, substr(start_local, 1, 10) as start_day, substr(end_local, 1, 10) as end_day, count(*) as occurrences
  from event_occurrences where hide_from_listings = 0 group by status, substr(start_local, 1, 10), substr(end_local, 1, 10)`;

/**
 * Rows that break an invariant the service maintains across tables in one transaction; a write
 * applied in part would leave one.
 */
export const CONSISTENCY_QUERIES: ReadonlyArray<readonly [label: string, sql: string]> = [
  [
    'event, venue and organizer posts without their own row',
    `select p.id, p.type from posts p
      where (p.type = 'event' and not exists (select 1 from events e where e.post_id = p.id))
         or (p.type = 'venue' and not exists (select 1 from venues v where v.post_id = p.id))
         or (p.type = 'organizer' and not exists (select 1 from organizers o where o.post_id = p.id))`,
  ],
  [
    'event, venue and organizer rows on a post of another type, or an event whose status copy differs from its post',
    `select e.post_id, p.type from events e join posts p on p.id = e.post_id where p.type <> 'event' or e.status <> p.status
     union all select v.post_id, p.type from venues v join posts p on p.id = v.post_id where p.type <> 'venue'
     union all select o.post_id, p.type from organizers o join posts p on p.id = o.post_id where p.type <> 'organizer'`,
  ],
  [
    'event links from a non-event or to a post of another kind than the link says',
    `select l.event_id, l.linked_id, l.kind from event_links l
       join posts linked on linked.id = l.linked_id join posts event on event.id = l.event_id
      where linked.type <> l.kind or event.type <> 'event'`,
  ],
  [
    // WordPress' term count as the service keeps it (decision 0025, TermsRepository.setEventTerms,
    // the seed): every occurrence of a published event filed under the term counts, so a weekly
    // series counts each of its dates, and a detached exception its own one.
    'terms whose count is not the number of occurrences of the published events filed under them',
    `with counted as (select et.term_id, count(*) as occurrences from event_terms et
         join posts p on p.id = et.event_id join event_occurrences o on o.event_id = et.event_id
        where p.status = 'publish' group by et.term_id)
     select t.id, t.count, coalesce(c.occurrences, 0) as counted from terms t left join counted c on c.term_id = t.id
      where t.count <> coalesce(c.occurrences, 0)`,
  ],
  [
    'day counts that are not the number of listed occurrences they count',
    `with counted as (${LISTED_OCCURRENCES_BY_DAY})
     select c.status, c.start_day, c.end_day, c.occurrences, coalesce(k.occurrences, 0) as counted from occurrence_day_counts c
       left join counted k on k.status = c.status and k.start_day = c.start_day and k.end_day = c.end_day
      where c.occurrences <> coalesce(k.occurrences, 0)
     union all
     select k.status, k.start_day, k.end_day, 0, k.occurrences from counted k
      where not exists (select 1 from occurrence_day_counts c where c.status = k.status and c.start_day = k.start_day and c.end_day = k.end_day)`,
  ],
  [
    "tickets of a post that is not an event, or attendees of another event than their ticket's",
    `select t.id, p.type, 0 as attendee_id from tickets t join posts p on p.id = t.event_id where p.type <> 'event'
     union all select a.ticket_id, 'attendee', a.id from attendees a join tickets t on t.id = a.ticket_id where a.event_id <> t.event_id`,
  ],
  [
    // Never oversold (decision 0109): the places taken within a ticket's own capacity or its event's shared pool.
    'tickets or shared pools with more attendees going than places',
    `select t.id, t.capacity, count(*) as going from tickets t join attendees a on a.ticket_id = t.id and a.status = 'going'
      where t.capacity_mode in ('own', 'shared') and t.capacity is not null group by t.id, t.capacity having count(*) > t.capacity
     union all
     select pool.event_id, pool.capacity, count(*) from event_ticket_pools pool
       join tickets t on t.event_id = pool.event_id and t.capacity_mode = 'shared'
       join attendees a on a.ticket_id = t.id and a.status = 'going'
      group by pool.event_id, pool.capacity having count(*) > pool.capacity`,
  ],
];

/** A short description of offending rows for a report: how many, and the first few. */
export const sampleRows = (rows: readonly unknown[]) =>
  `${rows.length} row(s), e.g. ${JSON.stringify(rows.slice(0, 5))}`;

export interface RecordCounts {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
  readonly terms: number;
  readonly users: number;
}

/** One row of `RecordCounts`, counted in one statement (so in one snapshot). */
export const RECORD_COUNTS_SQL = `select
  (select count(*) from posts where type = 'event') as events,
  (select count(*) from posts where type = 'venue') as venues,
  (select count(*) from posts where type = 'organizer') as organizers,
  (select count(*) from terms) as terms,
  (select count(*) from users) as users`;

/** `RecordCounts` from the row of `RECORD_COUNTS_SQL` (PostgreSQL's pg driver returns count(*) as a string). */
export function recordCounts(row: Record<string, unknown>): RecordCounts {
  const count = (name: keyof RecordCounts) => Number(row[name]);
  return {
    events: count('events'),
    venues: count('venues'),
    organizers: count('organizers'),
    terms: count('terms'),
    users: count('users'),
  };
}

export const describeCounts = (counts: RecordCounts) =>
  `${counts.events} events, ${counts.venues} venues, ${counts.organizers} organizers, ${counts.terms} terms, ${counts.users} users`;

/** Whether a database holds nothing a restore could overwrite: no posts, no terms, no users. */
export const isEmpty = (counts: RecordCounts) =>
  counts.events + counts.venues + counts.organizers + counts.terms + counts.users === 0;
