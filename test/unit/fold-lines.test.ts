import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { foldLines as libraryFoldLines } from 'ical-generator';
import { foldLines } from '../../src/modules/ical/fold-lines.ts';

/* Line folding (decision 0053): the library's output, byte for byte, without its cost. */

const LINES = [
  '',
  'SUMMARY:short',
  `DESCRIPTION:${'a'.repeat(73)}`,
  `DESCRIPTION:${'a'.repeat(62)}`,
  `DESCRIPTION:${'a'.repeat(63)}`,
  `DESCRIPTION:${'x'.repeat(400)}`,
  `SUMMARY:${'é'.repeat(80)}`,
  `SUMMARY:Café — 東京 🎻 ${'🎻'.repeat(40)}`,
  `LOCATION:${'a'.repeat(72)}🎻b`,
  `LOCATION:${'a'.repeat(73)}éb`,
];

test('every listed line folds as ical-generator folds it, and no folded line passes 75 octets', () => {
  const text = LINES.join('\r\n');
  const folded = foldLines(text);
  assert.equal(folded, libraryFoldLines(text));
  for (const line of folded.split('\r\n'))
    assert.ok(Buffer.byteLength(line) <= 75, `${Buffer.byteLength(line)} octets: ${line}`);
});

test('any text of any script folds as ical-generator folds it', () => {
  const line = fc
    .array(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), { maxLength: 4 })
    .map((parts) => parts.join('').replace(/\r\n/g, ''));
  fc.assert(
    fc.property(fc.array(line, { maxLength: 5 }), (lines) => {
      const text = lines.join('\r\n');
      assert.equal(foldLines(text), libraryFoldLines(text));
    }),
    { seed: 5301, numRuns: 500 },
  );
});
