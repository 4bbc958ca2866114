import { ApiError } from '../../errors.ts';
import type { LanguageCode } from '../../languages.ts';
import type { ReadTx, WriteTx } from '../../storage/types.ts';
import type { TecImportRepository } from '../../storage/repositories/tec-import.repository.ts';
import { CATEGORY, TAG } from '../terms/taxonomy.ts';
import type { ImportKind, RecordResult, Run } from './import-run.ts';
import { changedTranslation, keptModified } from './record-mapping.ts';
import { linkedService, type ImportServices } from './record-writer.ts';
import type { SourceRecord } from './tec-records.ts';

/*
 * A record's text in one more language, written through its service's own write path in that
 * language, as a client's `translation_language` write would (decision 0030): only the fields
 * whose text here differs from the source's, so a re-run writes nothing when none changed.
 */

/** The translated fields that differ, and whether the record has that translation yet. */
export interface TranslationChange {
  readonly targetId: number;
  readonly exists: boolean;
  readonly text: Record<string, string>;
}

export class TranslationWriter {
  constructor(
    private readonly services: ImportServices,
    private readonly repository: TecImportRepository,
  ) {}

  /**
   * The translated fields whose text here (read in `language`, falling back to the original as the
   * source does) differs from the source's; undefined when the record was not copied here. The
   * fields are those the services translate (decisions.md section 5): an event's title,
   * description, excerpt and slug; a venue's or organizer's name and description (its translated
   * slug follows from the name); a term's name, description and slug.
   */
  async change(
    tx: ReadTx,
    run: Run,
    kind: ImportKind,
    id: number,
    record: SourceRecord,
    language: LanguageCode,
  ): Promise<TranslationChange | undefined> {
    const entry = await this.repository.entry(tx, run.source.base, kind, id);
    if (!entry) return undefined;
    let here:
      | { readonly languages: { readonly translations: readonly string[] }; readonly fields: Record<string, string> }
      | undefined;
    if (kind === 'event') {
      const row = (await this.services.events.getUnchecked(tx, entry.target_id, language, run.options.caller))?.row;
      if (row)
        here = {
          languages: row.languages,
          fields: {
            title: row.post.title,
            description: row.post.content,
            excerpt: row.post.excerpt,
            slug: row.post.slug,
          },
        };
    } else if (kind === 'venue' || kind === 'organizer') {
      const row = (await linkedService(this.services, kind).localizedMany(tx, [entry.target_id], language))[0];
      if (row) here = { languages: row.languages, fields: { [kind]: row.post.title, description: row.post.content } };
    } else {
      const row = await this.services.terms.lookup(tx, kind === 'category' ? CATEGORY : TAG, entry.target_id);
      const view = row && (await this.services.terms.localize(tx, [{ row }], language))[0];
      if (view)
        here = {
          languages: view.languages,
          fields: { name: view.row.name, description: view.row.description, slug: view.row.slug },
        };
    }
    if (!here) return undefined;
    return {
      targetId: entry.target_id,
      exists: here.languages.translations.includes(language),
      text: changedTranslation(kind, record, here.fields),
    };
  }

  /** Writes one translation through its service in `language`; a term's slug another term holds there is left out (reported). */
  async write(
    tx: WriteTx,
    run: Run,
    kind: ImportKind,
    id: number,
    record: SourceRecord,
    language: LanguageCode,
  ): Promise<RecordResult> {
    // The target's row locked before `change` reads it (decision 0087).
    await this.repository.lockedEntry(tx, run.source.base, kind, id);
    const change = await this.change(tx, run, kind, id, record, language);
    if (!change) return { outcome: 'skipped', reason: 'the record was not copied', notes: [] };
    if (Object.keys(change.text).length === 0) return { outcome: 'unchanged', targetId: change.targetId, notes: [] };
    const { caller } = run.options;
    const notes: string[] = [];
    if (kind === 'event') {
      const row = await this.services.events.getRowIfExists(tx, { id: change.targetId });
      if (row) await this.services.eventWriter.update(tx, row, change.text, caller, language, keptModified(row.post));
    } else if (kind === 'venue' || kind === 'organizer') {
      const service = linkedService(this.services, kind);
      const row = await service.find(tx, { id: change.targetId });
      await service.update(tx, row, change.text, caller, language, keptModified(row.post));
    } else {
      const definition = kind === 'category' ? CATEGORY : TAG;
      const row = await this.services.terms.find(tx, definition, change.targetId);
      try {
        await this.services.terms.update(tx, definition, row, change.text, language, caller);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'duplicate_term_slug' && change.text.slug !== undefined))
          throw error;
        const { slug, ...rest } = change.text;
        if (Object.keys(rest).length > 0) await this.services.terms.update(tx, definition, row, rest, language, caller);
        notes.push(`translated slug "${slug}" is taken here: left out`);
      }
    }
    return { outcome: change.exists ? 'updated' : 'created', targetId: change.targetId, notes };
  }
}
