import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { EventBulkRepository } from '../../storage/repositories/event-bulk.repository.ts';
import type { EventsRepository } from '../../storage/repositories/events.repository.ts';
import type { WriteTx } from '../../storage/types.ts';
import type { LinkKind } from '../../storage/tables.ts';
import { claimFreeSlug, suffixedSlug } from '../../slugs.ts';
import type { PostRecords } from '../posts/post-records.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';
import type { LinkedRecordRow } from '../../storage/repositories/linked-records.repository.ts';
import type { Localized } from '../translations/translations.ts';
import type { EventFields } from '../../storage/repositories/events.repository.ts';
import { slugBaseOf, termRefs, type CheckedEventWrite, type EventWriter, type NewEventRows } from './event-writer.ts';
import type { EventCreateInput } from './events.schemas.ts';
import type { EventTerms } from './events.service.ts';

/*
 * Many new events in one unit (the CSV import, decision 0131): what `EventWriter.create` writes for
 * each, with the work it repeats per event done once per batch: the slugs chosen together after one
 * look at the batch's candidates, each term name looked up (or created) once, and the posts, events,
 * occurrences, term and link rows inserted a few statements for the batch. The rows themselves come
 * from `EventWriter`'s own builders (`newEventRows`, `linksOf`, `termRefs`); a series goes through
 * `create` as it is.
 */

/** An input checked by `EventWriter.validateWrite` in the same unit, with what the check read of it. */
export interface CheckedEventInput {
  readonly input: EventCreateInput;
  readonly checked: CheckedEventWrite;
}

export class EventBulkWriter {
  constructor(
    private readonly writer: Pick<EventWriter, 'newEventRows' | 'linksOf' | 'create'>,
    private readonly records: Pick<PostRecords<EventFields>, 'slugBase'>,
    private readonly slugs: Pick<EventsRepository, 'slugsTaken' | 'lockSlug'>,
    private readonly bulk: EventBulkRepository,
    private readonly terms: Pick<EventTerms, 'idsForEvent' | 'shiftCounts'>,
  ) {}

  /** Creates the events, each as `EventWriter.create` would; a failure fails the unit (the caller writes its rows again one by one). */
  async createMany(
    tx: WriteTx,
    items: readonly CheckedEventInput[],
    caller: Caller,
    language: LanguageCode,
  ): Promise<void> {
    const singles: { input: EventCreateInput; rows: NewEventRows; slugBase: string | undefined }[] = [];
    for (const { input, checked } of items) {
      if (checked.recurrence) {
        await this.writer.create(tx, input, caller, language, {}, checked);
        continue;
      }
      const rows = await this.writer.newEventRows(tx, input, caller, language, checked);
      const slugBase = slugBaseOf(input, rows.status, rows.title);
      singles.push({ input, rows, slugBase: slugBase === undefined ? undefined : this.records.slugBase(slugBase) });
    }
    if (singles.length === 0) return;
    const slugs = await this.uniqueSlugs(
      tx,
      singles.map((single) => single.slugBase),
    );
    const ids = await this.bulk.insertSingles(
      tx,
      singles.map(({ rows }, at) => ({ post: { ...rows.post, slug: slugs[at]! }, fields: rows.event })),
    );
    const termRows: { event_id: number; term_id: number }[] = [];
    const linkRows: { event_id: number; linked_id: number; kind: LinkKind; position: number }[] = [];
    /** Published events entering each term's count (an event's one occurrence each). */
    const counted = new Map<number, number>();
    const termIds = new Map<string, number[]>();
    // Venues and organizers written inline (none from the CSV import, which links them by id); nothing answers them here.
    const inline: Localized<LinkedRecordRow>[] = [];
    for (const [at, { input, rows }] of singles.entries()) {
      const eventId = ids[at]!;
      for (const definition of [CATEGORY, TAG]) {
        const refs = termRefs(input, definition);
        if (refs === undefined) continue;
        const named: number[] = [];
        // One name is one term within a unit: looked up (or created) by its first event, under its lock held to the unit's end.
        for (const ref of refs) {
          const key = `${definition.taxonomy}\n${ref}`;
          let found = termIds.get(key);
          if (found === undefined) {
            found = await this.terms.idsForEvent(tx, definition, [ref], language, caller);
            termIds.set(key, found);
          }
          named.push(...found);
        }
        for (const termId of new Set(named)) {
          termRows.push({ event_id: eventId, term_id: termId });
          if (rows.status === 'publish') counted.set(termId, (counted.get(termId) ?? 0) + 1);
        }
      }
      const links = await this.writer.linksOf(tx, input, caller, language, inline);
      for (const [kind, linked] of Object.entries(links) as [LinkKind, number[]][])
        linked.forEach((linkedId, position) =>
          linkRows.push({ event_id: eventId, linked_id: linkedId, kind, position }),
        );
    }
    await this.bulk.insertTerms(tx, termRows);
    await this.bulk.insertLinks(tx, linkRows);
    // The counts `setEventTerms` shifts by one per event, shifted once per term by the batch's sum.
    const bySum = new Map<number, number[]>();
    for (const [termId, sum] of counted) bySum.set(sum, [...(bySum.get(sum) ?? []), termId]);
    for (const [sum, termIdsOfSum] of bySum) await this.terms.shiftCounts(tx, termIdsOfSum, sum);
  }

  /**
   * A unique slug for each base (undefined: none, an empty slug), as `PostRecords.uniqueSlug` would
   * choose them one event after another: the first of `base`, `base-2`... neither stored nor chosen
   * earlier in the batch. One look at each base's first candidates (as many as the batch has events
   * of that base) settles nearly every batch; a base whose candidates are all taken is followed one
   * event at a time. The slugs chosen are then claimed (a lock each on PostgreSQL, decision 0101) and
   * looked at again under the locks; one another unit took meanwhile is chosen again.
   */
  private async uniqueSlugs(tx: WriteTx, bases: readonly (string | undefined)[]): Promise<string[]> {
    const perBase = new Map<string, number>();
    for (const base of bases) if (base !== undefined) perBase.set(base, (perBase.get(base) ?? 0) + 1);
    const firstLook = [...perBase].flatMap(([base, count]) =>
      Array.from({ length: count }, (_, at) => suffixedSlug(base, at + 1)),
    );
    const taken = await this.takenAmong(tx, firstLook);
    const chosen = new Set<string>();
    const takenOrChosen = async (candidates: readonly string[]) => {
      const stored = await this.slugs.slugsTaken(tx, candidates);
      return new Set(candidates.filter((candidate) => stored.has(candidate) || chosen.has(candidate)));
    };
    const slugs: string[] = [];
    for (const base of bases) {
      if (base === undefined) {
        slugs.push('');
        continue;
      }
      let slug: string | undefined;
      for (let attempt = 1; attempt <= perBase.get(base)!; attempt++) {
        const candidate = suffixedSlug(base, attempt);
        if (!taken.has(candidate) && !chosen.has(candidate)) {
          slug = candidate;
          break;
        }
      }
      slug ??= await claimFreeSlug(base, takenOrChosen, (claimed) => this.slugs.lockSlug(tx, claimed));
      chosen.add(slug);
      slugs.push(slug);
    }
    const claimed = [...chosen].sort();
    for (const slug of claimed) await this.slugs.lockSlug(tx, slug);
    const takenMeanwhile = await this.takenAmong(tx, claimed);
    if (takenMeanwhile.size === 0) return slugs;
    for (const [at, slug] of slugs.entries()) {
      if (!takenMeanwhile.has(slug)) continue;
      chosen.delete(slug);
      const again = await claimFreeSlug(bases[at]!, takenOrChosen, (candidate) => this.slugs.lockSlug(tx, candidate));
      chosen.add(again);
      slugs[at] = again;
    }
    return slugs;
  }

  /** Which of many candidates are stored slugs of events, looked up a bounded list at a time. */
  private async takenAmong(tx: WriteTx, candidates: readonly string[]): Promise<Set<string>> {
    const taken = new Set<string>();
    for (let from = 0; from < candidates.length; from += 1024)
      for (const slug of await this.slugs.slugsTaken(tx, candidates.slice(from, from + 1024))) taken.add(slug);
    return taken;
  }
}
