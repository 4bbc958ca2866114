import { createHash, randomBytes } from 'node:crypto';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import { DateParseError, instantOf, parseDateInput } from '../../dates/parse.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import type { AttendeesRepository } from '../../storage/repositories/attendees.repository.ts';
import type { TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import type { TicketsRepository } from '../../storage/repositories/tickets.repository.ts';
import type { AttendeeStatus } from '../../storage/tables.ts';
import type { TicketsService } from '../tickets/tickets.service.ts';
import { TICKET_STATUSES, type TicketBody } from '../tickets/tickets.schemas.ts';
import {
  describe,
  reportFailedPages,
  reportFailure,
  type Outcome,
  type Run,
  type TicketImportKind,
} from './import-run.ts';
import { sourceId, text, type SourceRecord } from './tec-records.ts';
import { SourceError } from './tec-source.ts';

/*
 * A TEC site's tickets and attendees (issue 46, decision 0130), read through Event Tickets' REST
 * API (`tribe/tickets/v1`) after the events they belong to, each written in a unit of its own with
 * its row of the import map (kinds 'ticket' and 'attendee'), so a re-run finds them. A site without
 * Event Tickets (404) imports as before. Attendees are written as rows: no e-mail is sent.
 */

/** What the importer writes tickets and attendees through. */
export interface TicketImportServices {
  readonly service: TicketsService;
  readonly tickets: TicketsRepository;
  readonly attendees: AttendeesRepository;
  /** The site's zone: the original's sale and check-in dates are its wall clock. */
  readonly siteZone: string;
}

/** The providers copied: the free RSVP and Tickets Commerce (the slugs the original's REST API gives). */
const PROVIDERS = new Set(['rsvp', 'tickets-commerce']);
const CURRENCIES: Readonly<Record<string, string>> = { $: 'USD', '€': 'EUR', '£': 'GBP', '¥': 'JPY' };
const STATUSES: readonly AttendeeStatus[] = ['going', 'not-going', 'cancelled', 'waitlisted'];

/** A fingerprint of what a record is copied as: the same on a re-run means nothing changed. */
const fingerprint = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 32);

const skipped = (reason: string) => ({ outcome: 'skipped' as const, reason });

export class ImportTickets {
  constructor(
    private readonly storage: Pick<Storage, 'write'>,
    private readonly services: TicketImportServices,
    private readonly repository: TecImportRepository,
    private readonly clock: Clock,
  ) {}

  async run(run: Run): Promise<void> {
    const tickets = await this.read(run, 'tickets');
    if (tickets === undefined) return;
    for (const record of tickets)
      await this.one(run, 'ticket', record, (tx, id) => this.writeTicket(tx, run, id, record));
    if (!run.source.authenticated) {
      run.options.progress?.note(
        'tribe/tickets/v1/attendees: only an administrator may read attendees; give credentials to copy them.',
      );
      return;
    }
    const attendees = await this.read(run, 'attendees');
    for (const record of attendees ?? [])
      await this.one(run, 'attendee', record, (tx, id) => this.writeAttendee(tx, run, id, record));
  }

  /** Every record of an archive; undefined when the source has no such archive (no Event Tickets) or refuses it. */
  private async read(run: Run, collection: 'tickets' | 'attendees'): Promise<SourceRecord[] | undefined> {
    const records: SourceRecord[] = [];
    // No `status`: for an administrator the original lists every status of tickets and events by default.
    const params = { per_page: '50' };
    const result = await run.source.ticketsArchive(collection, params, async (page) => {
      records.push(...page);
    });
    const refused = result.total === undefined ? result.failures[0] : undefined;
    if (refused?.status !== undefined && refused.status < 500 && refused.status !== 429) {
      if (refused.status !== 404)
        run.options.progress?.note(`tribe/tickets/v1/${collection} answered ${refused.reason}: not copied.`);
      return undefined;
    }
    reportFailedPages(run, result.failures);
    return records;
  }

  /** One record in a unit of its own (none in a dry run), counted and reported. */
  private async one(
    run: Run,
    kind: TicketImportKind,
    record: SourceRecord,
    write: (tx: WriteTx, id: number) => Promise<{ outcome: Outcome; reason?: string }>,
  ): Promise<void> {
    const id = sourceId(record);
    let result: { outcome: Outcome; reason?: string };
    if (id === undefined) result = skipped('a record without an id');
    else if (run.options.dryRun === true) result = skipped('a dry run writes no tickets or attendees');
    else {
      run.options.signal?.throwIfAborted();
      try {
        result = await this.storage.write((tx) => write(tx, id));
      } catch (error) {
        if (!(error instanceof ApiError) && !(error instanceof SourceError)) throw error;
        result = { outcome: 'failed', reason: describe(error) };
      }
    }
    const sourceIdOf = id ?? 0;
    if (result.outcome === 'skipped')
      run.report.skipped.push({ kind, sourceId: sourceIdOf, text: result.reason ?? '' });
    if (result.outcome === 'failed') reportFailure(run, { kind, sourceId: sourceIdOf, text: result.reason ?? '' });
    run.report.tickets[kind][result.outcome]++;
  }

  private async writeTicket(
    tx: WriteTx,
    run: Run,
    id: number,
    record: SourceRecord,
  ): Promise<{ outcome: Outcome; reason?: string }> {
    const provider = text(record.provider);
    if (!PROVIDERS.has(provider))
      return skipped(`provider "${provider}" is not copied (only RSVP and Tickets Commerce)`);
    const eventId = Number(record.post_id ?? record.event);
    const event = await this.repository.entry(tx, run.source.base, 'event', eventId);
    if (!event) return skipped(`its event ${eventId} was not copied`);
    const body = ticketBody(record, provider, event.target_id);
    const modified = fingerprint(body);
    const { service, tickets } = this.services;
    const entry = await this.repository.entry(tx, run.source.base, 'ticket', id);
    const current = entry ? await tickets.get(tx, entry.target_id) : undefined;
    let outcome: Outcome;
    let targetId: number;
    if (current && entry) {
      if (entry.source_modified === modified) return { outcome: 'unchanged' };
      await service.update(tx, run.options.caller, current, body);
      targetId = current.id;
      outcome = 'updated';
    } else {
      targetId = (await service.create(tx, run.options.caller, body)).id;
      outcome = 'created';
    }
    await this.repository.put(tx, {
      source: run.source.base,
      kind: 'ticket',
      source_id: id,
      target_id: targetId,
      source_modified: modified,
      revision: 1,
    });
    return { outcome };
  }

  private async writeAttendee(
    tx: WriteTx,
    run: Run,
    id: number,
    record: SourceRecord,
  ): Promise<{ outcome: Outcome; reason?: string }> {
    const ticketId = Number(record.ticket_id);
    const mapped = await this.repository.entry(tx, run.source.base, 'ticket', ticketId);
    const ticket = mapped ? await this.services.tickets.get(tx, mapped.target_id) : undefined;
    if (!ticket) return skipped(`its ticket ${ticketId} was not copied`);
    const email = text(record.email) || text(record.holder_email) || text(record.purchaser_email);
    const name = text(record.title) || text(record.holder_name) || text(record.purchaser_name) || email;
    const checkedIn = record.checked_in === true || record.checked_in === 1 || record.checked_in === '1';
    const values = {
      ticket_id: ticket.id,
      event_id: ticket.event_id,
      name,
      email,
      answers: JSON.stringify(answersOf(record.answers ?? record.information)),
      status: statusOf(record),
      checked_in: checkedIn ? (1 as const) : (0 as const),
      checked_in_utc: checkedIn ? this.checkedInUtc(record) : null,
      order_ref: text(record.order) || `tec-import-${id}`,
    };
    const modified = fingerprint(values);
    const entry = await this.repository.entry(tx, run.source.base, 'attendee', id);
    const current = entry ? await this.services.attendees.get(tx, entry.target_id) : undefined;
    const now = nowUtc(this.clock);
    let outcome: Outcome;
    let targetId: number;
    if (current && entry) {
      if (entry.source_modified === modified) return { outcome: 'unchanged' };
      await this.services.attendees.update(tx, current.id, { ...values, modified_utc: now });
      targetId = current.id;
      outcome = 'updated';
    } else {
      // The source's code keeps its printed QR codes valid at the door here.
      const securityCode = text(record.security_code) || randomBytes(8).toString('hex');
      const created = text(record.date_utc) || now;
      const [row] = await this.services.attendees.createSeats(tx, [
        { ...values, security_code: securityCode, created_utc: created, modified_utc: now },
      ]);
      targetId = row!.id;
      outcome = 'created';
    }
    await this.repository.put(tx, {
      source: run.source.base,
      kind: 'attendee',
      source_id: id,
      target_id: targetId,
      source_modified: modified,
      revision: 1,
    });
    return { outcome };
  }

  /** When the attendee was checked in: ours in UTC (`checked_in_at`), the original's in the site's wall clock (`checkin_details.date`). */
  private checkedInUtc(record: SourceRecord): string {
    const ours = text(record.checked_in_at);
    if (ours !== '') return ours;
    const local = text((record.checkin_details as Record<string, unknown> | null | undefined)?.date);
    if (local !== '') {
      try {
        return instantOf(parseDateInput(local, this.clock.now(), this.services.siteZone), this.services.siteZone);
      } catch (error) {
        if (!(error instanceof DateParseError)) throw error;
      }
    }
    return nowUtc(this.clock);
  }
}

/** A source ticket as a write's body: the original's fields (and this service's, read from a site like it). */
function ticketBody(record: SourceRecord, provider: string, eventId: number): TicketBody {
  const details = (record.capacity_details ?? {}) as Record<string, unknown>;
  const capacity =
    typeof record.capacity === 'number' ? record.capacity : typeof details.max === 'number' ? details.max : -1;
  const cost = (record.cost_details ?? {}) as Record<string, unknown>;
  const price =
    provider === 'rsvp' ? '0' : text(record.price) || text((cost.values as unknown[] | undefined)?.[0]) || '0';
  const currency = /^[A-Za-z]{3}$/.test(text(record.currency))
    ? text(record.currency)
    : (CURRENCIES[text(cost.currency_symbol)] ?? 'USD');
  const status = text(record.status);
  const fields = Array.isArray(record.attendee_fields)
    ? (record.attendee_fields as TicketBody['attendee_fields'])
    : undefined;
  return {
    event: eventId,
    name: text(record.title) || text(record.name),
    description: text(record.description),
    ...((TICKET_STATUSES as readonly string[]).includes(status) ? { status: status } : {}),
    // A shared capacity is copied as the ticket's own (the original does not show the event's pool).
    ...(capacity < 0 ? { capacity_mode: 'unlimited' as const } : { capacity_mode: 'own' as const, capacity }),
    ...(text(record.available_from) !== '' ? { start_date: text(record.available_from) } : {}),
    ...(text(record.available_until) !== '' ? { end_date: text(record.available_until) } : {}),
    price,
    currency,
    sku: text(record.sku),
    ...(fields ? { attendee_fields: fields } : {}),
    ...(typeof record.buy_url === 'string' ? { buy_url: record.buy_url } : {}),
    ...(typeof record.waitlist === 'boolean' ? { waitlist: record.waitlist } : {}),
  };
}

function statusOf(record: SourceRecord): AttendeeStatus {
  const ours = text(record.rsvp_status) as AttendeeStatus;
  if (STATUSES.includes(ours)) return ours;
  return record.rsvp_going === false || record.rsvp_going === '0' || record.rsvp_going === 0 ? 'not-going' : 'going';
}

/** The answers to the ticket's fields: label → text or checkbox. */
function answersOf(value: unknown): Record<string, string | boolean> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
  const answers: Record<string, string | boolean> = {};
  for (const [label, answer] of Object.entries(value))
    if (typeof answer === 'string' || typeof answer === 'boolean') answers[label] = answer;
  return answers;
}
