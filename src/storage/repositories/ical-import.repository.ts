import type { Selectable } from 'kysely';
import type { DialectCapabilities, ReadTx, WriteTx } from '../types.ts';
import type { IcalImportMapTable } from '../tables.ts';

export type IcalImportEntry = Selectable<IcalImportMapTable>;

/** Which event each imported iCalendar UID became (migration 20261125030000; decision 0028). */
export class IcalImportRepository {
  constructor(private readonly dialect: DialectCapabilities) {}

  /**
   * Makes other imports wait until this unit ends (decision 0082): an import looks its UIDs up and
   * creates what it does not find, so two imports of one calendar side by side would both create.
   * One key for every import: they are rare, large units, and their UIDs are many.
   */
  lockImports(db: WriteTx): Promise<void> {
    return this.dialect.lockKey(db, 'ical-import');
  }

  /**
   * Locks an event's post row until the unit ends, before an import reads it to update it
   * (decision 0087, as rule 4 for the API's writes): an edit committed meanwhile is read, not overwritten.
   */
  async lockTarget(db: WriteTx, eventId: number): Promise<void> {
    await this.dialect.lockRow(db, { table: 'posts', id: eventId });
  }

  /** The entries of these UIDs, series and exceptions alike. */
  async entries(db: ReadTx, uids: readonly string[]): Promise<IcalImportEntry[]> {
    if (uids.length === 0) return [];
    const rows: IcalImportEntry[] = [];
    // Bounded lists per statement: SQLite allows some 32k bound parameters, a large file holds more UIDs.
    for (let at = 0; at < uids.length; at += 500) {
      rows.push(
        ...(await db
          .selectFrom('ical_import_map')
          .selectAll()
          .where('uid', 'in', uids.slice(at, at + 500))
          .execute()),
      );
    }
    return rows;
  }

  /** Records what a VEVENT was imported as, replacing an earlier entry of the same UID and RECURRENCE-ID. */
  async record(db: WriteTx, entry: IcalImportEntry): Promise<void> {
    await db
      .insertInto('ical_import_map')
      .values(entry)
      .onConflict((conflict) =>
        conflict.columns(['uid', 'recurrence_id']).doUpdateSet({
          event_id: entry.event_id,
          sequence: entry.sequence,
          last_modified: entry.last_modified,
          digest: entry.digest,
        }),
      )
      .execute();
  }
}
