/**
 * Time zones: validation, wall clock <-> UTC conversion, abbreviations and offsets.
 *
 * A zone is an IANA name (`America/Chicago`, `UTC`) or one of WordPress's manual offsets
 * (`UTC+2`, `UTC-5`, `UTC+5:30`, `UTC+5.5`, `UTC+0`), which are fixed offsets without DST.
 * All zone math goes through luxon; date-times are wire strings (`YYYY-MM-DD HH:MM:SS`).
 */
import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon';
import { WIRE_DATE_FORMAT, wireUtc } from '../clock.ts';

/** WordPress "manual offset" zone names: `UTC+5`, `UTC-3:30`, `UTC+5.75`. */
const WORDPRESS_OFFSET = /^UTC([+-])(\d{1,2})(?::(\d{2})|\.(\d+))?$/i;

/** IANA names start with a letter; this keeps offsets such as `+02:00` out even where Intl takes them. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** Real offsets run from UTC-12 to UTC+14. */
const MAX_OFFSET_HOURS = 14;

/** Minutes east of UTC for a WordPress manual offset name, or null when `zone` is not one. */
function wordpressOffsetMinutes(zone: string): number | null {
  const match = WORDPRESS_OFFSET.exec(zone);
  if (!match) return null;
  const [, sign, hoursText, minutesText, fractionDigits = ''] = match;
  const hours = Number(hoursText);
  // `5.75` means 5 h 45 min; integer arithmetic keeps `.1` (6 min) exact and rejects `.33`.
  const minutes =
    minutesText !== undefined ? Number(minutesText) : (Number(fractionDigits) * 60) / 10 ** fractionDigits.length;
  if (!Number.isInteger(minutes) || minutes > 59) return null;
  const total = hours * 60 + minutes;
  if (total > MAX_OFFSET_HOURS * 60) return null;
  return sign === '-' ? -total : total;
}

/** A zone's offset is looked up once per span of this length (6 hours) and reused inside it. */
const OFFSET_SPAN_MS = 6 * 3600_000;
/** Spans remembered per zone before the memo starts over (a few years of spans; bounded: zones come from clients). */
const MAX_REMEMBERED_SPANS = 50_000;

/**
 * An IANA zone that remembers its offsets: luxon asks `Intl` for every offset (about 45 µs each,
 * six of them per wall clock converted), which made expanding a recurring series cost 0.3 ms per
 * occurrence. A span whose first and last millisecond have the same offset has it throughout, as
 * no zone changes its offset twice within 6 hours; a span with a change in it is asked as before.
 */
class OffsetMemoZone extends IANAZone {
  readonly #offsets = new Map<number, number | null>();

  override offset(ts: number): number {
    const span = Math.floor(ts / OFFSET_SPAN_MS);
    let offset = this.#offsets.get(span);
    if (offset === undefined) {
      const first = super.offset(span * OFFSET_SPAN_MS);
      offset = first === super.offset((span + 1) * OFFSET_SPAN_MS - 1) ? first : null;
      if (this.#offsets.size >= MAX_REMEMBERED_SPANS) this.#offsets.clear();
      this.#offsets.set(span, offset);
    }
    return offset ?? super.offset(ts);
  }
}

/** Zones resolved so far: luxon builds an `Intl.DateTimeFormat` to check a name, which showed in profiles. */
const resolvedZones = new Map<string, Zone | null>();

function lookUpZone(zone: string): Zone | null {
  let resolved = resolvedZones.get(zone);
  if (resolved === undefined) {
    const offset = wordpressOffsetMinutes(zone);
    resolved =
      offset !== null
        ? FixedOffsetZone.instance(offset)
        : IANA_NAME.test(zone) && IANAZone.isValidZone(zone)
          ? new OffsetMemoZone(zone)
          : null;
    // Bounded: zone names come from clients.
    if (resolvedZones.size < 1000) resolvedZones.set(zone, resolved);
  }
  return resolved;
}

export function isValidZone(zone: string): boolean {
  return lookUpZone(zone) !== null;
}

/** What a `timezone` parameter takes, said in its 400 (the original says only "Invalid parameter."). */
export const ZONE_EXPECTED =
  'timezone must be an IANA time zone such as Europe/Paris, UTC, or a UTC offset such as UTC+2.';

/** The luxon zone for a zone name; throws RangeError for an invalid one (callers validate input first). */
export function resolveZone(zone: string): Zone {
  const resolved = lookUpZone(zone);
  if (!resolved) throw new RangeError(`Invalid time zone: ${JSON.stringify(zone)}`);
  return resolved;
}

const WIRE_FIELDS = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Reads a wire date-time as a wall clock in `zone`; throws RangeError when it is not one. */
export function parseWire(wire: string, zone: Zone): DateTime {
  // The fields straight to fromObject, which is where fromFormat ends too: fromFormat builds its
  // token parser on every call (a third of the time of an event's schedule). Anything else goes
  // through fromFormat, for its verdict.
  const fields = WIRE_FIELDS.exec(wire);
  const parsed = fields
    ? DateTime.fromObject(
        {
          year: Number(fields[1]),
          month: Number(fields[2]),
          day: Number(fields[3]),
          hour: Number(fields[4]),
          minute: Number(fields[5]),
          second: Number(fields[6]),
        },
        { zone },
      )
    : DateTime.fromFormat(wire, WIRE_DATE_FORMAT, { zone });
  if (!parsed.isValid) throw new RangeError(`Not a ${WIRE_DATE_FORMAT} date-time: ${JSON.stringify(wire)}`);
  return parsed;
}

/**
 * The instant of a wall clock in a zone, as PHP resolves it: a wall clock skipped by a
 * spring-forward gap moves forward by the gap (02:30 → 03:30 after the jump, luxon's rule);
 * one repeated by a fall-back takes its first (earlier, still-DST) occurrence.
 */
export function wallClockInstant(wallClock: string, zone: Zone): DateTime {
  const candidates = parseWire(wallClock, zone).getPossibleOffsets();
  return candidates.reduce((earliest, candidate) => (candidate < earliest ? candidate : earliest));
}

function utcInstant(utc: string): DateTime {
  return parseWire(utc, FixedOffsetZone.utcInstance);
}

export function zonedToUtc(wallClock: string, zone: string): string {
  // wireUtc, not luxon's toFormat, which parses its format string on every call (a sixth of an imported event's dates).
  return wireUtc(wallClockInstant(wallClock, resolveZone(zone)).toJSDate());
}

export function utcToZoned(utc: string, zone: string): string {
  return utcInstant(utc).setZone(resolveZone(zone)).toFormat(WIRE_DATE_FORMAT);
}

/**
 * Locales whose short zone names, tried in order, give the tz-database abbreviations
 * (EST, CET, GMT/BST, AEDT, IST, JST, SAST...). en-US alone says `GMT+1` for Rome; each extra
 * locale contributes the names of its region. Checked against `date +%Z` for every zone:
 * 441 agree, Adak differs (HAST vs HST), ~20 zones have no letters in Intl and keep `GMT+8`.
 */
const ABBREVIATION_LOCALES = ['en-US', 'en-GB', 'en-CA', 'en-AU', 'en-NZ', 'en-IE', 'en-IN', 'en-ZA', 'ja-JP'];

const LETTER_ABBREVIATION = /^[A-Z]{2,5}$/;

/**
 * Short-name formatters by zone and locale. luxon's `offsetName` builds a new one on every call
 * (about 100 µs each, 0.9 ms per abbreviation, most of an event write's time and of a seed's);
 * only valid zones get here, so the cache is bounded by the zones and locales that exist.
 */
const shortNameFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's short name in `locale` at an instant, as luxon's `offsetName` gives it (the same options). */
function shortZoneName(zone: string, locale: string, millis: number): string | null {
  const key = `${zone} ${locale}`;
  let format = shortNameFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      timeZoneName: 'short',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    });
    shortNameFormats.set(key, format);
  }
  return format.formatToParts(millis).find((part) => part.type.toLowerCase() === 'timezonename')?.value ?? null;
}

/** The zone's abbreviation at a UTC instant (`EST`, `CEST`, `JST`); `GMT+8` where none exists. */
export function zoneAbbreviation(zone: string, utc: string): string {
  const resolved = resolveZone(zone);
  // WordPress manual offsets are their own abbreviation in the original.
  if (resolved instanceof FixedOffsetZone) return zone;
  const millis = utcInstant(utc).toMillis();
  let first: string | null | undefined;
  for (const locale of ABBREVIATION_LOCALES) {
    const name = shortZoneName(resolved.name, locale, millis);
    if (name !== null && LETTER_ABBREVIATION.test(name)) return name;
    first ??= name;
  }
  return first ?? zone;
}

/** The zone's offset at a UTC instant, `-05:00` style. */
export function offsetString(zone: string, utc: string): string {
  return utcInstant(utc).setZone(resolveZone(zone)).toFormat('ZZ');
}

/** ISO 8601 with offset (`2026-12-05T19:00:00-06:00`, PHP's `c`), for JSON-LD. */
export function toIsoWithOffset(wallClock: string, zone: string): string {
  return wallClockInstant(wallClock, resolveZone(zone)).toFormat("yyyy-MM-dd'T'HH:mm:ssZZ");
}
