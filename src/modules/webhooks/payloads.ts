import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { RecordChange } from '../../storage/repositories/record-changes.repository.ts';
import type { Urls } from '../../urls.ts';
import { toEventRecords } from '../events/events.mapper.ts';
import type { EventsService } from '../events/events.service.ts';
import { toLinkedRecord } from '../linked-records/linked-records.mapper.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import { toTermRecord } from '../terms/terms.mapper.ts';
import type { TermsService } from '../terms/terms.service.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';

/*
 * The `data` of a notification (decision 0032): the record as the API renders it for an
 * administrator (`context=edit`, single-record form), as it stands when the change is fanned out,
 * normally milliseconds after its commit. A record gone by then is `{id, deleted: true}`, with the
 * ids it was linked to as the last message about it showed them (`previous`), when one is kept.
 */

/** Whom payloads are rendered for: an administrator, who sees every field of every record. */
const ADMINISTRATOR: Caller = { id: 0, login: 'webhooks', role: 'administrator' };

/** The members of a rendered record whose ids a deletion's `previous` keeps. */
const LINKS = ['venue', 'organizer', 'categories', 'tags'] as const;

export interface PayloadSources {
  readonly events: EventsService;
  readonly venues: LinkedRecordsService;
  readonly organizers: LinkedRecordsService;
  readonly terms: TermsService;
  readonly siteZone: string;
  readonly language: LanguageCode;
}

const idsOf = (value: unknown): number[] =>
  (Array.isArray(value) ? value : value && typeof value === 'object' ? [value] : []).flatMap((item: unknown) => {
    const id = (item as { id?: unknown } | null)?.id;
    return typeof id === 'number' ? [id] : [];
  });

/** The ids a rendered record was linked to (its venue, organizers, categories, tags, parent term). */
export function linkedIds(data: Record<string, unknown>): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  for (const name of LINKS) if (name in data) previous[name] = idsOf(data[name]);
  if (typeof data.parent === 'number') previous.parent = data.parent;
  return previous;
}

export class RecordPayloads {
  constructor(private readonly sources: PayloadSources) {}

  /** The record a change is about as the API shows it to an administrator now; undefined when it is gone. */
  async render(
    tx: ReadTx,
    change: Pick<RecordChange, 'resource' | 'recordId'>,
    urls: Urls,
  ): Promise<Record<string, unknown> | undefined> {
    const { events, venues, organizers, terms, language, siteZone } = this.sources;
    switch (change.resource) {
      case 'event': {
        const found = await events.getUnchecked(tx, change.recordId, language, ADMINISTRATOR);
        if (!found) return undefined;
        const [record] = toEventRecords([found.row], found.relations, {
          urls,
          single: true,
          siteZone,
          entitled: (row) => events.entitled(row, ADMINISTRATOR, { context: 'edit' }),
        });
        return record;
      }
      case 'venue':
      case 'organizer': {
        const service = change.resource === 'venue' ? venues : organizers;
        const [row] = await service.localizedMany(tx, [change.recordId], language);
        return row ? toLinkedRecord(service.definition, row, { urls, single: true, entitled: true }) : undefined;
      }
      case 'category':
      case 'tag': {
        const definition = change.resource === 'category' ? CATEGORY : TAG;
        const row = await terms.lookup(tx, definition, change.recordId);
        return row ? toTermRecord(definition, await terms.view(tx, row, language), urls) : undefined;
      }
      case 'ticket':
      case 'attendee':
        // Rendered, and sent only to those who may see them, by TicketPayloads (decision 0129).
        return undefined;
    }
  }
}
