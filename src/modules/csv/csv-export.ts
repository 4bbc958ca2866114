import { Readable } from 'node:stream';
import type { Caller } from '../../auth/roles.ts';
import type { LanguageCode } from '../../languages.ts';
import type { Storage } from '../../storage/types.ts';
import type { EventFilter } from '../../storage/repositories/event-filter.ts';
import type { ArchiveCursor } from '../../storage/repositories/events.repository.ts';
import type { LinkedRecordCursor, LinkedRecordFilter } from '../../storage/repositories/linked-records.repository.ts';
import type { Urls } from '../../urls.ts';
import type { EventArchive } from '../events/event-archive.ts';
import type { EventsService } from '../events/events.service.ts';
import { imageUrl } from '../linked-records/linked-records.mapper.ts';
import type { LinkedRecordsService } from '../linked-records/linked-records.service.ts';
import type { Access } from '../posts/post-rules.ts';
import { eventCells, headerOf, linkedRecordCells, type CsvType } from './csv-columns.ts';
import { csvBytes } from './csv-text.ts';

/*
 * CSV exports of the archives (issue 47, decision 0114): the whole filtered list, never a page,
 * read in keyset batches, each in a read unit of its own once the previous one is written, and
 * written a batch at a time: memory holds one batch whatever the list's length.
 */

/**
 * Rows read per unit of work (decision 0132): a batch's fixed costs (its read unit, its statements)
 * weigh less on a row than with 200; with 1,000 the garbage collector took a fifth of the export,
 * a batch's objects outliving the young generation.
 */
export const CSV_BATCH_ROWS = 500;

/** One batch of cells and where the next starts (undefined: this was the last). */
interface CellBatch<Cursor> {
  readonly cells: string[][];
  readonly next: Cursor | undefined;
}

/** Every row of a list, a batch at a time: a batch shorter than `limit` is the last, so the end costs no empty read. */
export async function* rowsOf<Cursor>(
  read: (after: Cursor | undefined) => Promise<CellBatch<Cursor>>,
  limit: number,
): AsyncGenerator<string[][]> {
  let after: Cursor | undefined;
  for (;;) {
    const { cells, next } = await read(after);
    if (cells.length > 0) yield cells;
    if (next === undefined || cells.length < limit) return;
    after = next;
  }
}

/**
 * The answer: a UTF-8 CSV (with a byte-order mark, which spreadsheets need to read UTF-8) streamed
 * as it is read. `shows` is empty: a stream is neither cached nor walked for records.
 */
export function csvAnswer(type: CsvType, batches: AsyncIterable<string[][]>) {
  return csvFile(type, headerOf(type), batches);
}

/** UTF-8's byte-order mark, which spreadsheets need to read a CSV file as UTF-8. */
const BYTE_ORDER_MARK = Buffer.from('\uFEFF');

/**
 * A CSV answer of any columns (`header`), saved as `{name}.csv`: the attendees' list, for one. Each
 * batch is written at once (decision 0132), by the rules of `csv-text.ts` (decision 0136), after
 * a byte-order mark and the header.
 */
export function csvFile(name: string, header: readonly string[], batches: AsyncIterable<string[][]>) {
  async function* bytes() {
    yield BYTE_ORDER_MARK;
    yield csvBytes([[...header]]);
    for await (const rows of batches) yield csvBytes(rows);
  }
  // A failed read destroys the answer (the client sees a cut transfer, never a file that looks whole).
  const body = Readable.from(bytes(), { objectMode: false });
  return {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${name}.csv"`,
      vary: 'Accept',
    },
    body,
    shows: [] as string[],
  };
}

/** What an export reads as: the caller, their access (password, context) and language. */
export interface ExportReader {
  readonly caller: Caller | null;
  readonly access: Access;
  readonly language: LanguageCode;
  readonly urls: Urls;
}

const imageOf = (urls: Urls) => (row: { readonly image: { readonly url: string } | null }) =>
  row.image ? imageUrl(row.image.url, urls) : '';

/** The events of an archive filter as CSV rows, by the archive's own batches (`exportAfter`: occurrences by local start, then id). */
export function eventRows(
  storage: Pick<Storage, 'read'>,
  archive: Pick<EventArchive, 'exportAfter'>,
  events: Pick<EventsService, 'entitled' | 'exportNames'>,
  filter: EventFilter,
  reader: ExportReader,
): AsyncIterable<string[][]> {
  const image = imageOf(reader.urls);
  const names = events.exportNames(reader.language, reader.caller);
  return rowsOf<ArchiveCursor>(
    (after) =>
      storage.read(async (unit) => {
        const { rows, next } = await archive.exportAfter(unit, filter, after, CSV_BATCH_ROWS, reader.language, names);
        const cells = rows.map((row) =>
          eventCells(
            { row, names: names.of(row), entitled: events.entitled(row, reader.caller, reader.access) },
            image,
          ),
        );
        return { cells, next };
      }),
    CSV_BATCH_ROWS,
  );
}

/** The venues or organizers of a list filter as CSV rows, oldest first (decision 0114). */
export function linkedRecordRows(
  storage: Pick<Storage, 'read'>,
  service: LinkedRecordsService,
  filter: LinkedRecordFilter,
  reader: ExportReader,
): AsyncIterable<string[][]> {
  const image = imageOf(reader.urls);
  const type = service.definition.collection;
  return rowsOf<LinkedRecordCursor>(
    (after) =>
      storage.read(async (unit) => {
        const { rows, next } = await service.listAfter(unit, filter, after, CSV_BATCH_ROWS, reader.language);
        return {
          cells: rows.map((row) =>
            linkedRecordCells(type, row, service.entitled(row, reader.caller, reader.access), image),
          ),
          next,
        };
      }),
    CSV_BATCH_ROWS,
  );
}
