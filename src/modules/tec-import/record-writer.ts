import { generateAccountPassword } from '../../auth/passwords.ts';
import { nowUtc, type Clock } from '../../clock.ts';
import { ApiError } from '../../errors.ts';
import type { Storage, WriteTx } from '../../storage/types.ts';
import type { ImagesRepository } from '../../storage/repositories/images.repository.ts';
import type { ImportMapRow, TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import type { EventWriter } from '../events/event-writer.ts';
import type { EventsService } from '../events/events.service.ts';
import type { EventCreateInput } from '../events/events.schemas.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import type { LinkedRecordCreateInput } from '../linked-records/linked-records.schemas.ts';
import { CATEGORY, TAG, type TaxonomyDefinition } from '../terms/taxonomy.ts';
import type { TermsService } from '../terms/terms.service.ts';
import type { ImportAuthors } from './import-authors.ts';
import type { ImportKind, Outcome, PendingRecord, RecordResult, Run } from './import-run.ts';
import {
  eventFields,
  linkedFields,
  PROTECTED_LINKED_ON_SOURCE,
  PROTECTED_ON_SOURCE,
  skipped,
  sourceDates,
  sourceName,
  strippedSkip,
} from './record-mapping.ts';
import {
  embeddedRecords,
  embeddedTerms,
  imageFacts,
  importableStatus,
  isStripped,
  modifiedUtc,
  sourceId,
  sourceStartAndEnd,
  text,
  type SourceRecord,
} from './tec-records.ts';

/*
 * One source record written through its service's own rules (decision 0030), in the unit of work
 * it is given, with its row of the id map: created, updated, left unchanged, or skipped with the
 * reason. An event's venues, organizers and terms that no archive listed are copied from the event.
 */

/** The services the importer writes through. */
export interface ImportServices {
  readonly events: EventsService;
  readonly eventWriter: EventWriter;
  readonly venues: LinkedRecordsService;
  readonly organizers: LinkedRecordsService;
  readonly terms: TermsService;
}

export const linkedService = (services: ImportServices, kind: 'venue' | 'organizer'): LinkedRecordsService =>
  kind === 'venue' ? services.venues : services.organizers;

/**
 * What this importer carries, as a number raised whenever it learns to copy more of a record
 * (2: authors, custom fields, image metadata, protected venues and organizers; 3: the source's
 * text filtered unless kept, decision 0092). A record an older revision copied is written again by
 * the next run, though the source did not change it.
 */
const IMPORT_REVISION = 3;

/** Whether the copy was written from this `modified` of the source record by this revision of the importer. */
const copiedAsIs = (entry: ImportMapRow | undefined, modified: string): boolean =>
  entry !== undefined && modified !== '' && entry.source_modified === modified && entry.revision >= IMPORT_REVISION;

/**
 * The record a service's `find` gives, or undefined when it answers that there is none (its
 * `rest_invalid_param`); any other error is thrown on.
 */
export async function foundOrNone<T>(find: Promise<T>): Promise<T | undefined> {
  try {
    return await find;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'rest_invalid_param') return undefined;
    throw error;
  }
}

export class RecordWriter {
  constructor(
    private readonly storage: Pick<Storage, 'read'>,
    private readonly services: ImportServices,
    private readonly repository: TecImportRepository,
    private readonly images: ImagesRepository,
    private readonly authors: ImportAuthors,
    private readonly clock: Clock,
  ) {}

  /** Unchanged when a post-like record was copied as it is on the source (`copiedAsIs`) and its copy is still here: told on a snapshot, without the write lock. */
  async unchanged(run: Run, kind: ImportKind, record: SourceRecord, id: number): Promise<RecordResult | undefined> {
    if (kind === 'category' || kind === 'tag') return undefined;
    const modified = modifiedUtc(record);
    return this.storage.read(async (tx) => {
      const entry = await this.repository.entry(tx, run.source.base, kind, id);
      if (!entry || !copiedAsIs(entry, modified)) return undefined;
      const present =
        kind === 'event'
          ? (await this.services.events.getRowIfExists(tx, { id: entry.target_id })) !== undefined
          : (await linkedService(this.services, kind).localizedMany(tx, [entry.target_id], run.options.language))
              .length > 0;
      return present ? { outcome: 'unchanged', targetId: entry.target_id, notes: [] } : undefined;
    });
  }

  write(tx: WriteTx, run: Run, kind: ImportKind, { record, protectedOnSource }: PendingRecord): Promise<RecordResult> {
    switch (kind) {
      case 'category':
        return this.writeTerm(tx, run, CATEGORY, record);
      case 'tag':
        return this.writeTerm(tx, run, TAG, record);
      case 'venue':
      case 'organizer':
        return this.writeLinked(tx, run, kind, record, protectedOnSource);
      case 'event':
        return this.writeEvent(tx, run, record, protectedOnSource);
    }
  }

  private async writeTerm(
    tx: WriteTx,
    run: Run,
    definition: TaxonomyDefinition,
    record: SourceRecord,
  ): Promise<RecordResult> {
    const { terms } = this.services;
    const { caller, language } = run.options;
    const kind = definition.taxonomy;
    const id = sourceId(record)!;
    const name = sourceName(record, kind);
    if (name === '') return skipped('empty name');
    const notes: string[] = [];
    let parent = 0;
    const sourceParent = Number(record.parent ?? 0);
    if (definition.hierarchical && sourceParent > 0) {
      const mapped = await this.repository.entry(tx, run.source.base, kind, sourceParent);
      if (mapped) parent = mapped.target_id;
      else notes.push(`parent ${sourceParent} not found on the source: made a top-level ${definition.taxonomy}`);
    }
    const slug = text(record.slug) || undefined;
    const description = text(record.description);
    const entry = await this.repository.lockedEntry(tx, run.source.base, kind, id);
    const current = entry ? await terms.lookup(tx, definition, entry.target_id) : undefined;
    if (current) {
      // A slug another term holds here stays as it was made (reported when it was).
      const slugHolder =
        slug === undefined || current.slug === slug ? undefined : (await terms.idsOf(tx, definition, [slug]))?.[0];
      const changes = {
        ...(current.name !== name ? { name } : {}),
        ...(slug !== undefined && current.slug !== slug && (slugHolder === undefined || slugHolder === current.id)
          ? { slug }
          : {}),
        ...(current.description !== description ? { description } : {}),
        ...(definition.hierarchical && current.parent_id !== parent ? { parent } : {}),
      };
      if (Object.keys(changes).length === 0) return { outcome: 'unchanged', targetId: current.id, notes };
      await terms.update(tx, definition, current, changes, language, caller);
      return { outcome: 'updated', targetId: current.id, notes };
    }
    if (entry) notes.push(`${definition.taxonomy} ${entry.target_id} it was copied to is gone here: copied again`);
    const placement = await this.placement(tx, run, kind, id);
    const input = { name, description, ...(definition.hierarchical ? { parent } : {}) };
    let targetId: number;
    try {
      targetId = (
        await terms.create(tx, definition, { ...input, ...(slug ? { slug } : {}) }, language, caller, placement)
      ).row.id;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.code === 'term_exists') {
        // A term of this name (and parent) is here already: the source's is taken to be it.
        targetId = Number((error.data as { term_id?: unknown }).term_id);
        notes.push(`a ${definition.taxonomy} named "${name}" exists here (id ${targetId}): mapped to it`);
      } else if (error.code === 'duplicate_term_slug') {
        const created = await terms.create(tx, definition, input, language, caller, placement);
        targetId = created.row.id;
        notes.push(`slug "${slug}" is taken here: stored as "${created.row.slug}"`);
      } else throw error;
    }
    await this.mapped(tx, run, kind, id, targetId, '');
    return { outcome: 'created', targetId, notes };
  }

  /**
   * A password-protected venue or organizer (`protectedOnSource`, read unlocked) stays protected:
   * its copy gets a password of its own, which no one is told, unless it has one here already (its
   * readers see it stripped as on the source; its editors in full). A venue drafted instead would
   * drop out of its events' answers.
   */
  private async writeLinked(
    tx: WriteTx,
    run: Run,
    kind: 'venue' | 'organizer',
    record: SourceRecord,
    protectedOnSource = false,
  ): Promise<RecordResult> {
    const service = linkedService(this.services, kind);
    const { caller, language } = run.options;
    const id = sourceId(record)!;
    const name = sourceName(record, kind);
    // A protected record's name reads `[]` to those who may not see it (wire-format 2.9, quirk).
    if (Array.isArray(record[kind])) return strippedSkip(run.source.authenticated);
    if (name === '') return skipped('empty name');
    const status = importableStatus(record);
    if (!status) return skipped(`status "${text(record.status)}" cannot be imported`);
    const notes: string[] = [];
    const modified = modifiedUtc(record);
    const entry = await this.repository.lockedEntry(tx, run.source.base, kind, id);
    const current = entry ? (await service.localizedMany(tx, [entry.target_id], language))[0] : undefined;
    const skip = this.unchangedOrNotSince(run, entry, modified, current !== undefined);
    if (skip) return { ...skip, ...(current ? { targetId: current.post.id } : {}) };
    const { fields, imageUrl } = linkedFields(record, kind, notes);
    const protect = protectedOnSource && (current === undefined || current.post.password === '');
    if (protect) notes.push(PROTECTED_LINKED_ON_SOURCE);
    const input = {
      [kind]: name,
      status,
      ...(protect ? { post_password: generateAccountPassword() } : {}),
      ...(await this.authors.authorInput(run, record)),
      image: await this.importedImage(tx, run, record.image, imageUrl),
      ...fields,
    } as LinkedRecordCreateInput;
    await service.validateWrite(tx, input, caller);
    const slug = text(record.slug) || undefined;
    let targetId: number;
    let outcome: Outcome;
    if (current) {
      const movesSlug =
        slug !== undefined &&
        slug !== current.post.slug &&
        (await this.slugFree(foundOrNone(service.find(tx, { slug })), current.post.id));
      const updated = await service.update(tx, current, input, caller, language, {
        ...(movesSlug ? { slug } : {}),
        ...sourceDates(record),
      });
      targetId = current.post.id;
      outcome = 'updated';
      if (movesSlug && updated.post.slug !== slug)
        notes.push(`slug "${slug}" is taken here: stored as "${updated.post.slug}"`);
    } else {
      if (entry) notes.push(`${kind} ${entry.target_id} it was copied to is gone here: copied again`);
      const created = await service.create(tx, input, caller, language, {
        ...(await this.placement(tx, run, kind, id)),
        ...(slug === undefined ? {} : { slug }),
        ...sourceDates(record),
      });
      targetId = created.post.id;
      outcome = 'created';
      if (slug !== undefined && created.post.slug !== slug)
        notes.push(`slug "${slug}" is taken here: stored as "${created.post.slug}"`);
    }
    await this.mapped(tx, run, kind, id, targetId, modified);
    return { outcome, targetId, notes };
  }

  /**
   * A password-protected event (`protectedOnSource`, read unlocked) is written as a draft: its
   * password is not on the wire, and published here its text would be public. A copy someone gave
   * a password here keeps the source's status.
   */
  private async writeEvent(
    tx: WriteTx,
    run: Run,
    record: SourceRecord,
    protectedOnSource = false,
  ): Promise<RecordResult> {
    const { events, eventWriter } = this.services;
    const { caller, language } = run.options;
    const id = sourceId(record)!;
    const title = sourceName(record, 'event');
    if (isStripped(record, 'event')) return strippedSkip(run.source.authenticated);
    if (title === '') return skipped('empty title');
    const sourceStatus = importableStatus(record);
    if (!sourceStatus) return skipped(`status "${text(record.status)}" cannot be imported`);
    const startAndEnd = sourceStartAndEnd(record);
    if (!startAndEnd) return skipped('no start date');
    const modified = modifiedUtc(record);
    const entry = await this.repository.lockedEntry(tx, run.source.base, 'event', id);
    const current = entry ? await events.getRowIfExists(tx, { id: entry.target_id }) : undefined;
    const skip = this.unchangedOrNotSince(run, entry, modified, current !== undefined);
    if (skip) return { ...skip, ...(current ? { targetId: current.post.id } : {}) };

    const notes: string[] = startAndEnd.fixed ? [startAndEnd.fixed] : [];
    const drafted = protectedOnSource && (current === undefined || current.post.password === '');
    if (drafted) notes.push(PROTECTED_ON_SOURCE);
    const { fields, imageUrl } = eventFields(record, notes);
    const linked = async (kind: 'venue' | 'organizer') => {
      const ids: number[] = [];
      for (const embedded of embeddedRecords(record[kind])) {
        const target = await this.linkedTarget(tx, run, kind, embedded, notes);
        if (target !== undefined) ids.push(target);
      }
      return ids;
    };
    const termIds = async (definition: TaxonomyDefinition, value: unknown) => {
      const ids: number[] = [];
      for (const embedded of embeddedTerms(value)) {
        const target = await this.termTarget(tx, run, definition, embedded, notes);
        if (target !== undefined) ids.push(target);
      }
      return ids;
    };
    const slug = text(record.slug) || undefined;
    // On update, a slug another event holds here stays as it was made (reported when it was).
    const sendsSlug =
      slug !== undefined &&
      (!current ||
        (slug !== current.post.slug && (await this.slugFree(events.getRowIfExists(tx, { slug }), current.post.id))));
    const input: EventCreateInput = {
      title,
      ...fields,
      ...(sendsSlug ? { slug } : {}),
      status: drafted ? 'draft' : sourceStatus,
      ...(await this.authors.authorInput(run, record)),
      start_date: startAndEnd.start_date,
      end_date: startAndEnd.end_date,
      image: await this.importedImage(tx, run, record.image, imageUrl),
      categories: await termIds(CATEGORY, record.categories),
      tags: await termIds(TAG, record.tags),
      venue: await linked('venue'),
      organizer: await linked('organizer'),
    };
    const checked = await eventWriter.validateWrite(tx, input, caller);
    let written;
    let outcome: Outcome;
    if (current) {
      written = await eventWriter.update(tx, current, input, caller, language, sourceDates(record), checked);
      outcome = 'updated';
    } else {
      if (entry) notes.push(`event ${entry.target_id} it was copied to is gone here: copied again`);
      written = await eventWriter.create(
        tx,
        input,
        caller,
        language,
        { ...(await this.placement(tx, run, 'event', id)), ...sourceDates(record) },
        checked,
      );
      outcome = 'created';
    }
    if (sendsSlug && written.post.slug !== slug)
      notes.push(`slug "${slug}" is taken here: stored as "${written.post.slug}"`);
    await this.mapped(tx, run, 'event', id, written.post.id, modified);
    return { outcome, targetId: written.post.id, notes };
  }

  /** The venue or organizer here for one an event embeds; one the archive did not list is copied from the event. */
  private async linkedTarget(
    tx: WriteTx,
    run: Run,
    kind: 'venue' | 'organizer',
    embedded: SourceRecord,
    notes: string[],
  ): Promise<number | undefined> {
    const id = sourceId(embedded)!;
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    if (
      entry &&
      (await linkedService(this.services, kind).localizedMany(tx, [entry.target_id], run.options.language)).length > 0
    )
      return entry.target_id;
    const result = await this.writeLinked(tx, run, kind, embedded);
    notes.push(...result.notes.map((note) => `${kind} ${id}: ${note}`));
    if (result.targetId === undefined) {
      notes.push(`${kind} ${id} left out: ${result.reason ?? 'not importable'}`);
      return undefined;
    }
    if (result.outcome === 'created') notes.push(`${kind} ${id} was not listed by the source: copied from this event`);
    return result.targetId;
  }

  /** The term here for one an event embeds; one the archive did not list is copied from the event. */
  private async termTarget(
    tx: WriteTx,
    run: Run,
    definition: TaxonomyDefinition,
    embedded: SourceRecord,
    notes: string[],
  ): Promise<number | undefined> {
    const id = sourceId(embedded)!;
    const entry = await this.repository.entry(tx, run.source.base, definition.taxonomy, id);
    if (entry) return entry.target_id;
    const result = await this.writeTerm(tx, run, definition, embedded);
    notes.push(...result.notes.map((note) => `${definition.taxonomy} ${id}: ${note}`));
    if (result.targetId === undefined) {
      notes.push(`${definition.taxonomy} ${id} left out: ${result.reason ?? 'not importable'}`);
      return undefined;
    }
    notes.push(`${definition.taxonomy} ${id} was not listed by the source: copied from this event`);
    return result.targetId;
  }

  /** Where a source record went, at which `modified`, by this revision of the importer: in the unit of work that writes the record, so the two commit together. */
  private async mapped(
    tx: WriteTx,
    run: Run,
    kind: ImportKind,
    sourceId: number,
    targetId: number,
    modified: string,
  ): Promise<void> {
    await this.repository.put(tx, {
      source: run.source.base,
      kind,
      source_id: sourceId,
      target_id: targetId,
      source_modified: modified,
      revision: IMPORT_REVISION,
    });
  }

  /**
   * Unchanged when the source's `modified` is the one last written, by this revision of the
   * importer, and the record is still here; with --since, an older record is left as it is
   * (skipped when it was never copied).
   */
  private unchangedOrNotSince(
    run: Run,
    entry: ImportMapRow | undefined,
    modified: string,
    present: boolean,
  ): RecordResult | undefined {
    if (present && copiedAsIs(entry, modified)) return { outcome: 'unchanged', notes: [] };
    const { since } = run.options;
    if (since !== undefined && modified !== '' && modified < since) {
      return present ? { outcome: 'unchanged', notes: [] } : skipped(`not modified since ${since}`);
    }
    return undefined;
  }

  /** Whether the record a slug names here (looked up by `holder`) is none or the one being written. */
  private async slugFree(holder: Promise<{ post: { id: number } } | undefined>, id: number): Promise<boolean> {
    const found = await holder;
    return found === undefined || found.post.id === id;
  }

  /** The source's id for a new record when this import keeps ids and the id is free here. */
  private async placement(tx: WriteTx, run: Run, kind: ImportKind, id: number): Promise<{ id?: number }> {
    return run.keepsIds && !(await this.repository.idTaken(tx, kind, id)) ? { id } : {};
  }

  /**
   * The image here for a source record's image, as an id (the services take a known one): the
   * source's metadata kept, and its attachment id when this import keeps ids and no image has it.
   */
  private async importedImage(tx: WriteTx, run: Run, image: unknown, url: string | null): Promise<number | null> {
    if (url === null) return null;
    const { id, ...metadata } = imageFacts(image, url);
    return this.images.putImported(
      tx,
      url,
      run.keepsIds && id !== undefined ? { id, ...metadata } : metadata,
      nowUtc(this.clock),
    );
  }
}
