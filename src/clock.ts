import { DateTime } from 'luxon';

/** The wire's date-time format (PHP `Y-m-d H:i:s`), also the storage format. */
export const WIRE_DATE_FORMAT = 'yyyy-MM-dd HH:mm:ss';

/**
 * Where the service reads the time: passed in from the composition root, so that tests pin it and
 * no rule depends on the day it runs.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that always reads the given instant. */
export function pinnedClock(instant: string | Date): Clock {
  const at = new Date(instant);
  return { now: () => new Date(at) };
}

/** A moment as a UTC wire date-time. */
export function wireUtc(instant: Date): string {
  // For four-digit years the ISO text is the same characters at a fraction of luxon's cost (a write reads the clock so several times).
  const year = instant.getUTCFullYear();
  if (year >= 1000 && year <= 9999) return instant.toISOString().slice(0, 19).replace('T', ' ');
  return DateTime.fromJSDate(instant, { zone: 'utc' }).toFormat(WIRE_DATE_FORMAT);
}

/** The clock's now, as a UTC wire date-time. */
export function nowUtc(clock: Clock): string {
  return wireUtc(clock.now());
}
