import assert from 'node:assert/strict';
import { test } from 'node:test';
import { messagesFor } from '../../src/modules/pages/messages.ts';

/*
 * The RSVP form's words in each language of the pages (issue 46): every English word has its
 * translation, and each keeps the placeholders (`%d`, `%s`) its English one fills, so that a
 * count or an address is never lost or printed as `%d`.
 */

const placeholders = (text: string) => (text.match(/%[ds]/g) ?? []).join(' ');

for (const language of ['fr', 'de', 'es'] as const) {
  test(`the RSVP form's ${language} words: all translated, each with English's placeholders`, () => {
    const english = messagesFor('en').rsvp;
    const words = messagesFor(language).rsvp;
    assert.notEqual(words, english, 'a list of its own');
    assert.deepEqual(Object.keys(words).sort(), Object.keys(english).sort());
    for (const [key, text] of Object.entries(english)) {
      const translated = words[key as keyof typeof words];
      // "badAnswers" in English is the service's own detail; the others say it in their words.
      if (key !== 'badAnswers')
        assert.equal(placeholders(translated), placeholders(text), `${language} ${key}: ${translated}`);
      assert.ok(translated.trim() !== '', `${language} ${key}`);
    }
  });
}
