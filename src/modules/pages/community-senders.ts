import { DateTime } from 'luxon';
import type { Caller } from '../../auth/roles.ts';
import { nowUtc, wireUtc, WIRE_DATE_FORMAT, type Clock } from '../../clock.ts';
import type { TextFilter } from '../../content/text-filter.ts';
import { ApiError } from '../../errors.ts';
import type { ReadTx, Storage, WriteTx } from '../../storage/types.ts';
import type {
  CommunitySubmissionsRepository,
  Sender,
} from '../../storage/repositories/community-submissions.repository.ts';
import type { EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { LinkKind } from '../../storage/tables.ts';

export type { Sender };

const DAY_MS = 24 * 60 * 60 * 1000;
const LINK_KINDS: readonly LinkKind[] = ['venue', 'organizer'];

/** The new venue and organizer names a proposal gives (empty: none), by kind. */
export type NewNames = Readonly<Record<LinkKind, string>>;
/** The records a proposal links instead of creating the new one it names, by kind. */
export type Reused = Partial<Record<LinkKind, number>>;

/**
 * What the community form knows of who sends a proposal (decision 0095): the daily cap per
 * address, the reuse of a record of the same name instead of another new one, and the record of
 * who sent what, which only editors see.
 */
export class CommunitySenders {
  constructor(
    private readonly storage: Pick<Storage, 'dialect'>,
    private readonly repository: CommunitySubmissionsRepository,
    private readonly links: Pick<EventsRepository, 'links'>,
    private readonly text: Pick<TextFilter, 'inline'>,
    private readonly clock: Clock,
    /** The most proposals an address may send in 24 hours; 0: no cap. */
    private readonly dailyLimit: number,
  ) {}

  /**
   * Holds the sender's address until the write unit ends, so that proposals from one address sent
   * at once (PostgreSQL's units run side by side) are counted and reused one after the other.
   */
  hold(tx: WriteTx, sender: Sender): Promise<void> {
    return this.storage.dialect.lockKey(tx, `community:${sender.address}`);
  }

  /**
   * Refuses a proposal from an address that sent `dailyLimit` of them in the last 24 hours
   * (counted in the shared database, so every node agrees), with 429 and when the oldest of them
   * leaves the window (`Retry-After`). Every proposal stored counts, whatever became of it since:
   * a rejected flood still counts.
   */
  async ensureUnderDailyLimit(tx: ReadTx, sender: Sender): Promise<void> {
    if (this.dailyLimit === 0) return;
    const now = this.clock.now();
    const times = await this.repository.eventTimesSince(tx, sender.address, wireUtc(new Date(now.getTime() - DAY_MS)));
    if (times.length < this.dailyLimit) return;
    const freedAt =
      DateTime.fromFormat(times[times.length - this.dailyLimit]!, WIRE_DATE_FORMAT, { zone: 'utc' }).toMillis() +
      DAY_MS;
    const seconds = Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000));
    throw new ApiError('community_daily_limit', {
      args: [this.dailyLimit],
      headers: { 'retry-after': String(seconds) },
    });
  }

  /**
   * The records to link instead of creating the new ones `names` gives: a pending one of that
   * name that the same sender proposed before (from the same address, or signed in as the same
   * user), else a published one of exactly that name, which is public anyway. Names compare as
   * stored, filtered as the submitter's text.
   */
  async reused(tx: ReadTx, names: NewNames, sender: Sender, submitter: Caller): Promise<Reused> {
    const reused: Reused = {};
    for (const kind of LINK_KINDS) {
      const name = names[kind] === '' ? '' : this.text.inline(names[kind], submitter).trim();
      if (name === '') continue;
      const id =
        (await this.repository.pendingSentByName(tx, kind, name, sender)) ??
        (await this.repository.publishedByName(tx, kind, name));
      if (id !== undefined) reused[kind] = id;
    }
    return reused;
  }

  /**
   * Records the event and the venue and organizer it names as new (not reused) as sent by
   * `sender`. Such a record may be an identical one the submitter may edit (the API's duplicate
   * detection, decision 0019: another anonymous proposal's), which keeps its first sender.
   */
  async record(tx: WriteTx, eventId: number, names: NewNames, reused: Reused, sender: Sender): Promise<void> {
    const created: number[] = [];
    for (const kind of LINK_KINDS) {
      if (names[kind] === '' || reused[kind] !== undefined) continue;
      created.push(...((await this.links.links(tx, [eventId], kind)).get(eventId) ?? []));
    }
    await this.repository.record(tx, [eventId, ...created], sender, nowUtc(this.clock));
  }
}
