import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import { coerceToSchema, normalizeFieldNames, parametersWithNul, parseFormEncoded } from '../../src/http/params.ts';

/** The parsers build prototype-less objects (no `__proto__` tricks); compare their plain copies. */
const plain = (value: Record<string, unknown>) => ({ ...value });

describe('parseFormEncoded', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['', {}],
    ['a=1&b=two', { a: '1', b: 'two' }],
    ['name=Form+Cat&text=a%20b%2Cc', { name: 'Form Cat', text: 'a b,c' }],
    ['include[]=1&include[]=2', { include: ['1', '2'] }],
    ['include[]=1', { include: ['1'] }],
    ['include=1&include=2&include=3', { include: ['1', '2', '3'] }],
    ['include=1,2', { include: '1,2' }],
    ['tags[]=a&tags=b', { tags: ['a', 'b'] }],
    ['venue[city]=Rome', { 'venue[city]': 'Rome' }],
    ['empty=', { empty: '' }],
    ['[]=x&=y&ok=1', { ok: '1' }],
  ];
  for (const [text, expected] of cases) {
    test(`"${text}"`, () => {
      assert.deepEqual(plain(parseFormEncoded(text)), expected);
    });
  }

  test('a __proto__ key is dropped and the result has no prototype', () => {
    const parsed = parseFormEncoded('__proto__=x&__proto__[]=y&polluted=no');
    assert.equal(Object.getPrototypeOf(parsed), null);
    assert.deepEqual(Object.keys(parsed), ['polluted']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });
});

describe('normalizeFieldNames', () => {
  const cases: [Record<string, unknown>, Record<string, unknown>][] = [
    [{ name: 'x' }, { name: 'x' }],
    [{ 'include[]': '1' }, { include: ['1'] }],
    [{ 'include[]': ['1', '2'] }, { include: ['1', '2'] }],
    [{ include: ['1', '2'] }, { include: ['1', '2'] }],
    [{ 'tags[]': ['a'], tags: 'b' }, { tags: ['a', 'b'] }],
    [{ 'venue[city]': 'Rome' }, { 'venue[city]': 'Rome' }],
  ];
  for (const [fields, expected] of cases) {
    test(JSON.stringify(fields), () => {
      const normalized = normalizeFieldNames(fields);
      assert.equal(Object.getPrototypeOf(normalized), null);
      assert.deepEqual(plain(normalized), expected);
    });
  }
});

describe('coerceToSchema', () => {
  const schema = Type.Object({
    ids: Type.Array(Type.String()),
    flag: Type.Boolean(),
    count: Type.Integer(),
    name: Type.String(),
  });
  const cases: [string, unknown, unknown][] = [
    ['ids', '4,5', ['4', '5']],
    ['ids', '4, 5 ,, 6', ['4', '5', '6']],
    ['ids', '', []],
    ['ids', 7, [7]],
    ['ids', ['a', 'b'], ['a', 'b']],
    ['flag', 'true', true],
    ['flag', 'TRUE', true],
    ['flag', '1', true],
    ['flag', 1, true],
    ['flag', 'false', false],
    ['flag', 'False', false],
    ['flag', '0', false],
    ['flag', 0, false],
    ['flag', 'yes', 'yes'],
    ['flag', 2, 2],
    ['count', '5', '5'],
    ['name', '4,5', '4,5'],
  ];
  for (const [name, value, expected] of cases) {
    test(`${name}=${JSON.stringify(value)} becomes ${JSON.stringify(expected)}`, () => {
      const params: Record<string, unknown> = { [name]: value };
      coerceToSchema(schema, params);
      assert.deepEqual(params, { [name]: expected });
    });
  }

  test('absent and undeclared parameters are left alone', () => {
    const params = { other: '1,2' };
    coerceToSchema(schema, params);
    assert.deepEqual(params, { other: '1,2' });
  });

  test('a missing schema or a non-object input is a no-op', () => {
    const params = { ids: '1,2' };
    coerceToSchema(undefined, params);
    assert.deepEqual(params, { ids: '1,2' });
    for (const input of [null, undefined, 'text', ['1,2']]) assert.doesNotThrow(() => coerceToSchema(schema, input));
  });
});

describe('parametersWithNul', () => {
  test('names the fields with a NUL in a string or a key, at any depth, without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let level = 0; level < 200_000; level++) deep = [deep];
    assert.deepEqual(parametersWithNul({ title: deep, ok: [['fine']], ['na\u0000me']: 'x', keyed: { 'k\u0000': 1 } }), [
      'title',
      'name',
      'keyed',
    ]);
  });

  test("never looks into bytes: a file's NULs are its own (issue 43)", () => {
    const started = performance.now();
    assert.deepEqual(parametersWithNul({ file: { name: 'a.png', bytes: Buffer.alloc(64 * 1024 * 1024) } }), []);
    assert.ok(performance.now() - started < 1000, '64 MiB of bytes not walked one by one');
  });
});
