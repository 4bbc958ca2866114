import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DateTime } from 'luxon';
import { LANGUAGE_CODES } from '../../src/languages.ts';
import { eventMailWords } from '../../src/modules/mail/event-mail.ts';
import { messagesFor } from '../../src/modules/pages/messages.ts';
import { rsvpMailWords } from '../../src/modules/tickets/rsvp-mail-words.ts';

/*
 * The RSVP messages' words per language (decision 0135). The types make every language list every
 * word; this checks what they cannot: the messages speak the languages the public pages speak,
 * each word says what it is given (the title, the name, the counts), one place reads differently
 * from several, and a day is written as the pages write it (Intl's long date).
 */

test('the messages speak the languages the pages speak, English for the others', () => {
  for (const language of LANGUAGE_CODES) {
    const own = messagesFor(language) !== messagesFor('en');
    assert.equal(rsvpMailWords(language) !== rsvpMailWords('en'), own, `${language}: the RSVP messages' words`);
    assert.equal(eventMailWords(language) !== eventMailWords('en'), own, `${language}: the event details' words`);
  }
});

for (const language of ['en', 'fr', 'de', 'es'] as const) {
  test(`the RSVP messages' ${language} words say what they are given, with one place and several apart`, () => {
    const words = rsvpMailWords(language);
    for (const subject of [words.subject, words.declinedSubject, words.waitlistSubject, words.promotedSubject])
      assert.ok(subject('Concert «X»').endsWith('Concert «X»'), subject('Concert «X»'));
    assert.ok(words.greeting('Ada').includes('Ada'));
    assert.ok(words.ticket('Free seat').endsWith('Free seat'));
    for (const state of [words.going, words.waitlisted, words.promoted]) {
      assert.ok(state(3).includes(' 3 '), state(3));
      assert.doesNotMatch(state(1), /\d/, state(1));
    }
    assert.match(words.qrCaption(2, 3), /\b2\b.*\b3\b/);
    assert.doesNotMatch(words.qrCaption(1, 1), /\d/);
    assert.ok(words.notGoing.trim() !== '' && words.manage.trim() !== '');
    if (language !== 'en') assert.notEqual(words.going(1), rsvpMailWords('en').going(1), 'translated');
  });
}

for (const language of ['fr', 'de', 'es'] as const) {
  test(`the event details' ${language} words are its own, and its days are written as the pages write them`, () => {
    const words = eventMailWords(language);
    assert.notEqual(words.when, eventMailWords('en').when);
    assert.notEqual(words.calendar, eventMailWords('en').calendar);
    for (const sql of ['2027-03-04 19:00:00', '2026-12-25 00:00:00', '2027-08-01 12:00:00']) {
      const day = DateTime.fromSQL(sql, { zone: 'UTC', locale: language });
      const intl = new Intl.DateTimeFormat(language, {
        weekday: 'long',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(day.toJSDate());
      assert.equal(day.toFormat(words.day), intl, `${language} ${sql}`);
    }
  });
}
