import assert from 'node:assert/strict';
import { test } from 'node:test';
import ical from 'ical-generator';
import { calendarHeader, REFRESH_SECONDS } from '../../src/modules/ical/calendar-writer.ts';

/*
 * The calendar's header (decision 0134): kept per language and zone without a name, the name's lines
 * put in and folded by `fold-lines.ts`; the same text as ical-generator writes for the whole header.
 */

function generated(properties: { name: string; zone: string; language: string }): string {
  const text = ical({
    prodId: { company: 'calendar-events', product: 'calendar-events', language: properties.language },
    name: properties.name,
    ttl: REFRESH_SECONDS,
    x: [['X-WR-TIMEZONE', properties.zone]],
  }).toString();
  return text.slice(0, text.lastIndexOf('END:VCALENDAR'));
}

test("the header is ical-generator's, for every name, language and zone", () => {
  const names = [
    '',
    'Events · calendar.example.org',
    'A concert; with, commas \\ and a backslash',
    'x'.repeat(200),
    `Ünïcödé ${'é'.repeat(80)} 日本語 ${'語'.repeat(40)} 🎉${'🎉'.repeat(30)}`,
  ];
  for (const language of ['EN', 'de', 'FR'])
    for (const zone of ['America/New_York', 'UTC', 'Europe/Berlin'])
      for (const name of names)
        assert.equal(
          calendarHeader({ name, zone, language }),
          generated({ name, zone, language }),
          `${language} ${zone} ${name.slice(0, 20)}`,
        );
});
