import { instantOf, parseDateInput } from '../../dates/parse.ts';
import type { InvalidParam } from '../../errors.ts';
import { dateInputProblem } from '../posts/post-writer.ts';

/*
 * `modified_after` on every archive (decision 0029): compared with the records' UTC modification
 * time, so a value without an offset is a UTC time (as `date_utc`), whatever the site's zone.
 */

export function modifiedAfterProblem(value: string | number | undefined, now: Date): InvalidParam | undefined {
  return value === undefined ? undefined : dateInputProblem('modified_after', value, now, 'UTC');
}

/** The instant as `YYYY-MM-DD HH:MM:SS` UTC, how posts store `modified_utc`; validated first by modifiedAfterProblem. */
export function modifiedAfterUtc(value: string | number, now: Date): string {
  return instantOf(parseDateInput(value, now, 'UTC'), 'UTC');
}

/** The same instant as the journal stamps its rows (ISO-8601 with milliseconds): terms are compared with theirs. */
export function modifiedAfterIso(value: string | number, now: Date): string {
  return new Date(`${modifiedAfterUtc(value, now).replace(' ', 'T')}Z`).toISOString();
}
