import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_JSON_DEPTH, textNestsDeeperThan, valueNestsDeeperThan } from '../../src/json-depth.ts';

/* JSON nesting bounded as json_decode bounds it (issue 43 item 6, decision 0088). */

const nested = (levels: number, inner = '1') => `${'['.repeat(levels)}${inner}${']'.repeat(levels)}`;

describe('textNestsDeeperThan', () => {
  test('counts arrays and objects alike, up to the limit inclusive', () => {
    assert.equal(textNestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH), false);
    assert.equal(textNestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH), true);
    assert.equal(textNestsDeeperThan(`${'{"a":'.repeat(3)}1}}}`, 2), true);
    assert.equal(textNestsDeeperThan(`[{"a":[1]}, {"b":2}]`, 3), false);
  });

  test('brackets inside strings, escaped quotes included, do not count', () => {
    assert.equal(textNestsDeeperThan(`["${'['.repeat(2000)}\\"${'{'.repeat(2000)}"]`, 2), false);
    assert.equal(textNestsDeeperThan(`["\\\\", [[1]]]`, 2), true);
  });

  test('a megabyte of brackets is answered in one quick pass', () => {
    const started = performance.now();
    assert.equal(textNestsDeeperThan(nested(500_000), MAX_JSON_DEPTH), true);
    assert.equal(textNestsDeeperThan(`"${'['.repeat(1_000_000)}"`, MAX_JSON_DEPTH), false);
    assert.ok(performance.now() - started < 500);
  });
});

describe('valueNestsDeeperThan', () => {
  test('walks a parsed value of any depth without recursion', () => {
    assert.equal(valueNestsDeeperThan(JSON.parse(nested(MAX_JSON_DEPTH)), MAX_JSON_DEPTH), false);
    assert.equal(valueNestsDeeperThan(JSON.parse(nested(MAX_JSON_DEPTH + 1)), MAX_JSON_DEPTH), true);
    assert.equal(valueNestsDeeperThan(JSON.parse(nested(200_000)), MAX_JSON_DEPTH), true);
    assert.equal(valueNestsDeeperThan('text', 0), false);
  });
});
