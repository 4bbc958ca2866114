import type { ReadTx } from '../types.ts';
import type { ChangedResource } from '../tables.ts';

/**
 * The ids of a resource's archive items in id order, after a place, for the first listing of a
 * sync client (decision 0029): an event's items are its occurrences, the others their records. Ids
 * only grow, so a listing paged by id meets every item there was when it began, whatever is
 * deleted or added meanwhile. Visibility is the sync source's to decide: this reads every status.
 */
export class SyncListingRepository {
  async idsAfter(db: ReadTx, resource: ChangedResource, afterId: number, limit: number): Promise<number[]> {
    if (resource === 'ticket' || resource === 'attendee') {
      // Attendees have no sync (decision 0129): only tickets are listed.
      const table = resource === 'ticket' ? 'tickets' : 'attendees';
      return (
        await db.selectFrom(table).select('id').where('id', '>', afterId).orderBy('id').limit(limit).execute()
      ).map((row) => Number(row.id));
    }
    const rows =
      resource === 'event'
        ? await db
            .selectFrom('event_occurrences')
            .select('id')
            .where('id', '>', afterId)
            .orderBy('id')
            .limit(limit)
            .execute()
        : resource === 'venue' || resource === 'organizer'
          ? await db
              .selectFrom('posts')
              .select('id')
              .where('type', '=', resource)
              .where('id', '>', afterId)
              .orderBy('id')
              .limit(limit)
              .execute()
          : await db
              .selectFrom('terms')
              .select('id')
              .where('taxonomy', '=', resource)
              .where('id', '>', afterId)
              .orderBy('id')
              .limit(limit)
              .execute();
    return rows.map((row) => Number(row.id));
  }
}
