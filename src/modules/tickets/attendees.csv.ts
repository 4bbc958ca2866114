import type { Caller } from '../../auth/roles.ts';
import type { Storage } from '../../storage/types.ts';
import type { AttendeeListing } from '../../storage/repositories/attendees.repository.ts';
import { utcToZoned } from '../../dates/zones.ts';
import { CSV_BATCH_ROWS, csvFile, rowsOf } from '../csv/csv-export.ts';
import { flagCell } from '../csv/csv-cells.ts';
import type { AttendeeQuery, AttendeesService } from './attendees.service.ts';

/*
 * The attendee list as CSV (the admin's export, `Accept: text/csv` on the attendee archive): every
 * attendee of the filters the caller may see, not a page, read in batches by id as the other
 * exports are (csv-export.ts: its cells neutralised against formulas, streamed).
 */

export const ATTENDEE_CSV_HEADER = [
  'Attendee ID',
  'Name',
  'E-mail',
  'Ticket ID',
  'Ticket',
  'Event ID',
  'RSVP Status',
  'Checked In',
  'Checked In At',
  'Order',
  'Security Code',
  'Registered',
  'Answers',
] as const;

/** An answer per field, `Label: answer`, one per line of the cell; a ticked box as "yes". */
const answersCell = (answers: string): string =>
  Object.entries(JSON.parse(answers) as Record<string, string | boolean>)
    .filter(([, value]) => value !== false && value !== '')
    .map(([label, value]) => `${label}: ${value === true ? 'yes' : value}`)
    .join('\n');

export function attendeeCells(attendee: AttendeeListing, siteZone: string): string[] {
  return [
    String(attendee.id),
    attendee.name,
    attendee.email,
    String(attendee.ticket_id),
    attendee.ticket.name,
    String(attendee.event_id),
    attendee.status,
    flagCell(attendee.checked_in === 1),
    attendee.checked_in === 1 && attendee.checked_in_utc !== null ? utcToZoned(attendee.checked_in_utc, siteZone) : '',
    attendee.order_ref,
    attendee.security_code,
    utcToZoned(attendee.created_utc, siteZone),
    answersCell(attendee.answers),
  ];
}

/** The answer: `attendees.csv`, each batch in a read unit of its own. */
export function attendeesCsv(
  storage: Pick<Storage, 'read'>,
  service: Pick<AttendeesService, 'listAfter'>,
  caller: Caller,
  query: AttendeeQuery,
  siteZone: string,
) {
  const rows = rowsOf<number>(
    (after) =>
      storage.read(async (unit) => {
        const batch = await service.listAfter(unit, caller, query, after ?? 0, CSV_BATCH_ROWS);
        return { cells: batch.map((attendee) => attendeeCells(attendee, siteZone)), next: batch.at(-1)?.id };
      }),
    CSV_BATCH_ROWS,
  );
  return csvFile('attendees', ATTENDEE_CSV_HEADER, rows);
}
