import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type {
  CommunitySubmissionsRepository,
  PendingSubmission,
  SubmissionFilter,
} from '../../storage/repositories/community-submissions.repository.ts';
import type { LinkKind } from '../../storage/tables.ts';
import type { EventWriter } from '../events/event-writer.ts';
import type { EventsService } from '../events/events.service.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';

/** What "reject all from this address" put in the trash. */
export interface RejectedCounts {
  readonly events: number;
  readonly venues: number;
  readonly organizers: number;
}

/**
 * The editors' side of community submissions (decision 0095): who sent the pending ones, and
 * rejecting every pending one from an address at once. Rejected records go to the trash through
 * the API's own write path (so journal, webhooks and counts follow), where an editor can restore
 * one sent by mistake.
 */
export class CommunityReview {
  constructor(
    private readonly repository: CommunitySubmissionsRepository,
    private readonly events: Pick<EventsService, 'getPost'>,
    private readonly writer: Pick<EventWriter, 'remove'>,
    private readonly linked: Readonly<Record<LinkKind, LinkedRecordsService>>,
  ) {}

  list(tx: ReadTx, filter: SubmissionFilter): Promise<PendingSubmission[]> {
    return this.repository.pendingEvents(tx, filter);
  }

  /**
   * Trashes every pending event sent from `address`, then the pending venues and organizers sent
   * from it that no event outside the trash links any more (one an editor linked elsewhere stays).
   */
  async rejectFrom(tx: WriteTx, address: string, caller: Caller, language: LanguageCode): Promise<RejectedCounts> {
    const trash = { caller, force: false, language, explicitLanguage: false };
    const events = await this.repository.pendingEvents(tx, { address });
    for (const { post_id } of events) {
      const row = await this.events.getPost(tx, post_id);
      if (row !== undefined) await this.writer.remove(tx, row, trash);
    }
    const trashLinked = async (kind: LinkKind) => {
      const ids = await this.repository.pendingUnlinked(tx, kind, address);
      for (const id of ids) await this.linked[kind].remove(tx, await this.linked[kind].find(tx, { id }), trash);
      return ids.length;
    };
    return { events: events.length, venues: await trashLinked('venue'), organizers: await trashLinked('organizer') };
  }
}
