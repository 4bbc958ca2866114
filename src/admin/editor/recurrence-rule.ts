import { expandSeries } from '../../modules/events/series-expansion.ts';
import { readRecurrence } from '../../modules/events/recurrence.ts';

/*
 * The recurrence form's parts and the RFC 5545 rule they stand for (decision 0025's wire: one
 * RRULE text). A rule the form cannot show as parts (BYMONTH, BYSETPOS, several rules) is kept as
 * text and edited as text, never silently simplified.
 */

export type Repeat = 'none' | 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY' | 'custom';
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;

export interface RuleParts {
  repeat: Repeat;
  interval: number;
  byDay: string[];
  monthlyBy: 'date' | 'weekday';
  ends: 'never' | 'count' | 'until';
  count: number;
  until: string;
  /** The rule as text, when `repeat` is `custom`. */
  customRule: string;
}

const SIMPLE_PARTS = new Set(['FREQ', 'INTERVAL', 'BYDAY', 'BYMONTHDAY', 'COUNT', 'UNTIL', 'WKST']);

/** The weekday of a `YYYY-MM-DD` as RFC 5545 names it, and which of the month it is (1-4, or -1 for a fifth/last). */
export function weekdayOf(day: string): { code: string; nth: number } {
  const [year = 1970, month = 1, date = 1] = day.split('-').map(Number);
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  const nth = Math.ceil(date / 7);
  return { code: WEEKDAYS[(weekday + 6) % 7]!, nth: nth > 4 ? -1 : nth };
}

export function rulePartsOf(rule: string | undefined, startDay: string): RuleParts {
  const parts: RuleParts = {
    repeat: 'none',
    interval: 1,
    byDay: [weekdayOf(startDay).code],
    monthlyBy: 'date',
    ends: 'never',
    count: 10,
    until: '',
    customRule: '',
  };
  if (rule === undefined || rule === '') return parts;
  const fields = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .map((part) => part.split('=') as [string, string])
      .map(([key, value]) => [key.toUpperCase(), value ?? '']),
  );
  const freq = fields.get('FREQ') ?? '';
  const byDay = fields.get('BYDAY');
  const simple =
    [...fields.keys()].every((key) => SIMPLE_PARTS.has(key)) &&
    ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'].includes(freq) &&
    (byDay === undefined ||
      (freq === 'WEEKLY' && /^(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU))*$/.test(byDay)) ||
      (freq === 'MONTHLY' && /^-?[1-5](MO|TU|WE|TH|FR|SA|SU)$/.test(byDay)));
  if (!simple) return { ...parts, repeat: 'custom', customRule: rule };
  const until = fields.get('UNTIL');
  return {
    ...parts,
    repeat: freq as Repeat,
    interval: Number(fields.get('INTERVAL') ?? 1),
    byDay: freq === 'WEEKLY' && byDay ? byDay.split(',') : parts.byDay,
    monthlyBy: freq === 'MONTHLY' && byDay ? 'weekday' : 'date',
    ends: fields.has('COUNT') ? 'count' : until ? 'until' : 'never',
    count: Number(fields.get('COUNT') ?? 10),
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : '',
  };
}

/** The rule text for the form, or null for an event that does not repeat. */
export function ruleOf(form: RuleParts & { startDay: string }): string | null {
  if (form.repeat === 'none') return null;
  if (form.repeat === 'custom')
    return form.customRule.trim() === '' ? null : form.customRule.trim().replace(/^RRULE:/i, '');
  const parts = [`FREQ=${form.repeat}`];
  if (form.interval > 1) parts.push(`INTERVAL=${form.interval}`);
  if (form.repeat === 'WEEKLY' && form.byDay.length > 0)
    parts.push(`BYDAY=${WEEKDAYS.filter((day) => form.byDay.includes(day)).join(',')}`);
  if (form.repeat === 'MONTHLY' && form.monthlyBy === 'weekday') {
    const { code, nth } = weekdayOf(form.startDay);
    parts.push(`BYDAY=${nth}${code}`);
  }
  if (form.ends === 'count') parts.push(`COUNT=${form.count}`);
  // The last day's end, in the series' local time (the server expands in floating local time).
  if (form.ends === 'until' && form.until !== '') parts.push(`UNTIL=${form.until.replaceAll('-', '')}T235959Z`);
  return parts.join(';');
}

/**
 * The first `count` local starts (`YYYY-MM-DD HH:MM:SS`) of the series, or the API's reason for
 * refusing it: read and expanded by the server's own functions (recurrence.ts), never a second copy.
 */
export function previewDates(
  form: RuleParts & {
    startDay: string;
    startTime: string;
    endDay: string;
    endTime: string;
    allDay: boolean;
    timezone: string;
    exdates: string;
    rdates: string;
  },
  count = 6,
): { starts: string[] } | { problem: string } {
  const rule = ruleOf(form);
  if (rule === null) return { starts: [] };
  const time = form.allDay ? '00:00:00' : `${form.startTime}:00`;
  const days = (text: string) =>
    text
      .split(/[\n,]/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((day) => `${day} ${time}`);
  const read = readRecurrence({ rrule: rule, exdates: days(form.exdates), rdates: days(form.rdates) });
  if ('problem' in read) return read;
  if (read.recurrence === null) return { starts: [] };
  const schedule = {
    startLocal: `${form.startDay} ${time}`,
    endLocal: `${form.endDay} ${form.allDay ? '23:59:59' : `${form.endTime}:00`}`,
    timezone: form.timezone,
    allDay: form.allDay,
  };
  // Bounded like the server's own expansion: the first dates, not the whole series.
  const expanded = expandSeries(read.recurrence, schedule, '9999-12-31 23:59:59', count, 'truncate');
  return 'problem' in expanded ? expanded : { starts: expanded.occurrences.map((occurrence) => occurrence.startLocal) };
}
