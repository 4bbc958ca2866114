import { zonedToUtc } from '../../dates/zones.ts';
import type { Recurrence } from './recurrence.ts';

/*
 * Rules of splitting a series ("this and following", decision 0025): the series' rules end just
 * before the occurrence it is split at, and a new series takes the rules from there on.
 */

const RULE_PREFIX = /^RRULE:/i;

/** The parts of an RRULE's text (`FREQ=WEEKLY;COUNT=4`), names upper-cased, in order. */
function ruleParts(rule: string): [string, string][] {
  return rule
    .replace(RULE_PREFIX, '')
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim().toUpperCase(), part.slice(at + 1).trim()];
    });
}

const ruleText = (parts: readonly [string, string][]) => parts.map(([name, value]) => `${name}=${value}`).join(';');

/** `YYYY-MM-DD HH:MM:SS` (UTC) as RFC 5545's UTC form `YYYYMMDDTHHMMSSZ`. */
function icalUtc(utc: string): string {
  return `${utc.slice(0, 10).replace(/-/g, '')}T${utc.slice(11).replace(/:/g, '')}Z`;
}

/** One second before a UTC `YYYY-MM-DD HH:MM:SS`. */
function secondBefore(utc: string): string {
  return new Date(Date.parse(`${utc.replace(' ', 'T')}Z`) - 1000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * The rules of a series cut at the local start `cutLocal` (the start of the first occurrence that
 * leaves): `before` yields exactly the occurrences before it (each rule ends one second before the
 * cut; a COUNT becomes that end, which gives the same dates), `after` those from it on (a COUNT
 * keeps what remained: `countsBefore(rule)` tells how many the rule yielded before the cut).
 */
export function splitRecurrence(
  recurrence: Recurrence,
  cutLocal: string,
  zone: string,
  countsBefore: (rule: string) => number,
): { readonly before: Recurrence; readonly after: Recurrence } {
  const until = icalUtc(secondBefore(zonedToUtc(cutLocal, zone)));
  const before = recurrence.rrules.map((rule) =>
    ruleText([...ruleParts(rule).filter(([name]) => name !== 'COUNT' && name !== 'UNTIL'), ['UNTIL', until]]),
  );
  const after = recurrence.rrules.map((rule) => {
    const parts = ruleParts(rule);
    const count = parts.find(([name]) => name === 'COUNT');
    if (!count) return ruleText(parts);
    const remaining = Math.max(Number(count[1]) - countsBefore(rule), 0);
    return ruleText(parts.map(([name, value]) => [name, name === 'COUNT' ? String(remaining) : value]));
  });
  // A date-only entry (a whole day) on the cut's day belongs with the cut.
  const earlier = (date: string) => (date.length === 10 ? date < cutLocal.slice(0, 10) : date < cutLocal);
  return {
    before: { rrules: before, rdates: recurrence.rdates.filter(earlier), exdates: recurrence.exdates.filter(earlier) },
    // A rule whose COUNT was used up before the cut yields nothing after it.
    after: {
      rrules: after.filter((rule) => !/(^|;)COUNT=0(;|$)/.test(rule)),
      rdates: recurrence.rdates.filter((date) => !earlier(date)),
      exdates: recurrence.exdates.filter((date) => !earlier(date)),
    },
  };
}

/** The recurrence with one more excluded local start (an occurrence deleted for good). */
export function excluding(recurrence: Recurrence, startLocal: string): Recurrence {
  return recurrence.exdates.includes(startLocal)
    ? recurrence
    : { ...recurrence, exdates: [...recurrence.exdates, startLocal].sort() };
}
