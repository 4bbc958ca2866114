import { DateTime } from 'luxon';

/** The wire's date-time format (PHP `Y-m-d H:i:s`), also the storage format. */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/** Now, as a UTC wire date-time. */
export function nowUtc(now: Date = new Date()): string {
  return DateTime.fromJSDate(now, { zone: 'utc' }).toFormat(WIRE_DATE_FORMAT);
}
