import { isRole, type Caller } from '../../auth/roles.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { AttendeesRepository } from '../../storage/repositories/attendees.repository.ts';
import type { RecordChange } from '../../storage/repositories/record-changes.repository.ts';
import type { TicketsRepository } from '../../storage/repositories/tickets.repository.ts';
import type { ActiveSubscription } from '../../storage/repositories/webhooks.repository.ts';
import type { Urls } from '../../urls.ts';
import { toAttendeeRecord, toTicketRecord } from '../tickets/tickets.mapper.ts';
import { mayEditEvent } from '../tickets/tickets.service.ts';

/*
 * Tickets' and attendees' notifications (decision 0129). Rendered as those who may edit the event
 * see them (a ticket with its counts, an attendee with name, e-mail and answers), and therefore
 * sent only to subscriptions whose owner, as they are now, may edit the record's event (decision
 * 0110): a subscription with no owner, or whose owner lost the right, hears nothing of them.
 */

/** The event whose edit rights decide who hears of a record: its author and status. */
interface Audience {
  readonly author_id: number;
  readonly status: string;
}

export interface TicketPayloadSources {
  readonly tickets: Pick<TicketsRepository, 'get'>;
  readonly attendees: Pick<AttendeesRepository, 'get'>;
  readonly clock: Clock;
  readonly siteZone: string;
}

/** The subscription's owner as a caller, or null when it has none (or it was deleted, or its role is unknown). */
function ownerOf(subscription: Pick<ActiveSubscription, 'owner_id' | 'owner_login' | 'owner_role'>): Caller | null {
  const { owner_id: id, owner_login: login, owner_role: role } = subscription;
  return id === null || login === null || role === null || !isRole(role) ? null : { id, login, role };
}

export class TicketPayloads {
  constructor(private readonly sources: TicketPayloadSources) {}

  /** The record as one who may edit its event sees it now, and that event; undefined when it is gone. */
  async render(
    tx: ReadTx,
    change: Pick<RecordChange, 'resource' | 'recordId'>,
    urls: Urls,
  ): Promise<{ data: Record<string, unknown>; event: Audience } | undefined> {
    const { tickets, attendees, clock, siteZone } = this.sources;
    if (change.resource === 'ticket') {
      const ticket = await tickets.get(tx, change.recordId);
      if (!ticket) return undefined;
      return {
        data: toTicketRecord(ticket, { urls, siteZone, now: nowUtc(clock), manager: true }),
        event: { author_id: ticket.event_author_id, status: ticket.event_status },
      };
    }
    const attendee = await attendees.get(tx, change.recordId);
    if (!attendee) return undefined;
    return {
      data: toAttendeeRecord(attendee, urls, siteZone),
      event: { author_id: attendee.event_author_id, status: attendee.event_status },
    };
  }

  /**
   * The subscriptions that may hear of a change about `event`. For a record gone (its event may be
   * gone too), the event's author recorded by the journal row stands for it, as published: its
   * author hears of it if they may edit their published events, and those who may edit every event.
   */
  audience<S extends Pick<ActiveSubscription, 'owner_id' | 'owner_login' | 'owner_role'>>(
    subscriptions: readonly S[],
    event: Audience | undefined,
    change: Pick<RecordChange, 'before'>,
  ): S[] {
    const judged = event ?? { author_id: change.before.author ?? -1, status: 'publish' };
    return subscriptions.filter((subscription) => mayEditEvent(ownerOf(subscription), judged));
  }
}
