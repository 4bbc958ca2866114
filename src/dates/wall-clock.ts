/** Wire wall-clock strings (`YYYY-MM-DD HH:MM:SS`) taken apart as text, with no zone conversion. */

const WIRE_PARTS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The wire's date-details object (§2.7): zero-padded strings cut from the date-time itself. */
export interface DateDetails {
  year: string;
  month: string;
  day: string;
  hour: string;
  minutes: string;
  seconds: string;
}

export function dateDetails(wallClock: string): DateDetails {
  const match = WIRE_PARTS.exec(wallClock);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD HH:MM:SS date-time: ${JSON.stringify(wallClock)}`);
  const [, year = '', month = '', day = '', hour = '', minutes = '', seconds = ''] = match;
  return { year, month, day, hour, minutes, seconds };
}

/** `Y-m-d 00:00:00` of the wall clock's calendar day. */
export function startOfDay(wallClock: string): string {
  const { year, month, day } = dateDetails(wallClock);
  return `${year}-${month}-${day} 00:00:00`;
}

/** `Y-m-d 23:59:59` of the wall clock's calendar day (the original's inclusive day end). */
export function endOfDay(wallClock: string): string {
  const { year, month, day } = dateDetails(wallClock);
  return `${year}-${month}-${day} 23:59:59`;
}
