import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { ianaZoneOf, readCalendar } from '../../src/modules/ical/calendar-reader.ts';
import { ApiError } from '../../src/errors.ts';

/* The iCalendar import's reader (decision 0028): zones, times and the lines its errors name. */

const calendar = (...lines: string[]) => ['BEGIN:VCALENDAR', ...lines, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (...lines: string[]) => ['BEGIN:VEVENT', 'UID:u@example.com', ...lines, 'END:VEVENT'];

describe('calendar reader', () => {
  test('a TZID is an IANA name, a Windows name, or a path ending in an IANA name; nothing else', () => {
    assert.equal(ianaZoneOf('Europe/Berlin'), 'Europe/Berlin');
    assert.equal(ianaZoneOf('W. Europe Standard Time'), 'Europe/Berlin');
    assert.equal(ianaZoneOf('Eastern Standard Time'), 'America/New_York');
    assert.equal(ianaZoneOf('India Standard Time'), 'Asia/Calcutta');
    assert.equal(ianaZoneOf('/mozilla.org/20050126_1/America/Los_Angeles'), 'America/Los_Angeles');
    assert.equal(ianaZoneOf('Customized Time Zone'), undefined);
    assert.equal(ianaZoneOf('Mars/Olympus'), undefined);
  });

  test('DURATION instead of DTEND, a timed event without either, and a date without DTEND', async () => {
    const read = await readCalendar(
      calendar(
        ...vevent('DTSTART;TZID=Europe/Rome:20270301T100000', 'DURATION:PT1H30M'),
        ...vevent('DTSTART;TZID=Europe/Rome:20270302T100000').map((line) => line.replace('u@', 'v@')),
        ...vevent('DTSTART;VALUE=DATE:20270303').map((line) => line.replace('u@', 'w@')),
      ),
      'UTC',
    );
    assert.deepEqual(
      read.events.map((event) => [event.start.local, event.end.local, event.start.zone]),
      [
        ['2027-03-01 10:00:00', '2027-03-01 11:30:00', 'Europe/Rome'],
        ['2027-03-02 10:00:00', '2027-03-02 10:00:00', 'Europe/Rome'],
        ['2027-03-03 00:00:00', '2027-03-03 00:00:00', 'UTC'],
      ],
    );
  });

  test("RDATE and EXDATE in another zone or UTC are read in the series' zone; a PERIOD by its start", async () => {
    const [event] = (
      await readCalendar(
        calendar(
          ...vevent(
            'DTSTART;TZID=America/New_York:20270301T190000',
            'RRULE:FREQ=WEEKLY;COUNT=4',
            'EXDATE:20270309T000000Z',
            'RDATE;VALUE=PERIOD:20270401T230000Z/PT1H',
            'EXDATE;TZID=Europe/Paris:20270323T010000',
          ),
        ),
        'UTC',
      )
    ).events;
    assert.deepEqual(event!.rrules, ['FREQ=WEEKLY;COUNT=4']);
    assert.deepEqual(event!.exdates, ['2027-03-08 19:00:00', '2027-03-22 20:00:00']);
    assert.deepEqual(event!.rdates, ['2027-04-01 19:00:00']);
  });

  test('a quoted parameter value may hold a colon; TEXT escapes of X-ALT-DESC are undone', async () => {
    const [event] = (
      await readCalendar(
        calendar(
          ...vevent(
            'DTSTART:20270301T100000Z',
            'LOCATION;ALTREP="http://example.com/map":Hall A',
            'X-ALT-DESC;FMTTYPE=text/html:<p>One\\, two\\; three</p>',
          ),
        ),
        'Europe/Berlin',
      )
    ).events;
    assert.equal(event!.location?.name, 'Hall A');
    assert.equal(event!.descriptionHtml, '<p>One, two; three</p>');
    assert.deepEqual([event!.start.local, event!.start.zone], ['2027-03-01 11:00:00', 'Europe/Berlin']);
  });

  test('errors name the line and component: a line without a colon, an END closing nothing', async () => {
    const error = async (text: string) => {
      try {
        await readCalendar(text, 'UTC');
      } catch (thrown) {
        assert.ok(thrown instanceof ApiError);
        return [thrown.code, thrown.message, thrown.data.line];
      }
      assert.fail('not refused');
    };
    assert.deepEqual(await error(calendar(...vevent('DTSTART:20270301T100000Z', 'NOT A LINE'))), [
      'ical_invalid',
      'The iCalendar document cannot be imported: line 5: not a content line (NAME:value): "NOT A LINE"',
      5,
    ]);
    assert.deepEqual(await error(calendar('END:VEVENT')), [
      'ical_invalid',
      'The iCalendar document cannot be imported: VCALENDAR at line 2: END:VEVENT does not close BEGIN:VCALENDAR of line 1',
      2,
    ]);
  });
});
