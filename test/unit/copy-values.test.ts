import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { secretsKeyAdvice } from '../../src/cli/copy.ts';
import { portableValue } from '../../src/storage/copy.ts';

/*
 * What `copy` (decision 0102) does with a value on its way to the other engine: the schema keeps
 * date-times, flags and JSON as text and integers on both (decision 0003), so each goes across
 * unchanged; what the target could not keep exactly is refused by table and column, never altered.
 */

describe('the values copy moves between engines', () => {
  test('text, integers, reals and null go across unchanged, to either engine', () => {
    const values = [
      null,
      '2027-03-04 19:00:00',
      '2026-11-24T12:00:00.000Z',
      '{"dress":{"label":"Dress code","value":"Smart"}}',
      'Soirée jazz 🎷',
      '',
      0,
      1,
      -1,
      2_147_483_647,
      0.1,
      40.7128,
      -74.006,
      1e-300,
    ];
    for (const target of ['sqlite', 'postgres'] as const) {
      for (const value of values) assert.equal(portableValue(value, target, 'events', 'cost'), value);
    }
  });

  test('a flag stays the integer 0 or 1 it is on both engines', () => {
    assert.equal(portableValue(1, 'postgres', 'events', 'all_day'), 1);
    assert.equal(portableValue(0, 'sqlite', 'events', 'featured'), 0);
  });

  test('a NUL character is refused on the way to PostgreSQL, whose text cannot hold it, and kept on the way to SQLite', () => {
    assert.throws(
      () => portableValue('Hall\0annex', 'postgres', 'posts', 'title'),
      /posts\.title holds a NUL character/,
    );
    assert.equal(portableValue('Hall\0annex', 'sqlite', 'posts', 'title'), 'Hall\0annex');
  });

  test('numbers no engine keeps exactly are refused rather than changed', () => {
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      assert.throws(
        () => portableValue(value, 'sqlite', 'venues', 'geo_lat'),
        /venues\.geo_lat holds .*finite numbers only/,
      );
    }
  });

  test('a bigint within the safe integers becomes a number; beyond them it is refused', () => {
    assert.equal(portableValue(42n, 'postgres', 'record_changes', 'seq'), 42);
    assert.throws(
      () => portableValue(2n ** 60n, 'postgres', 'record_changes', 'seq'),
      /record_changes\.seq holds \d+, beyond/,
    );
  });

  test('a blob, or any other kind of value, is refused: no column of the schema stores one', () => {
    assert.throws(
      () => portableValue(Buffer.from('x'), 'postgres', 'images', 'sizes_json'),
      /images\.sizes_json holds binary data \(a blob\)/,
    );
    assert.throws(
      () => portableValue(true, 'sqlite', 'events', 'featured'),
      /events\.featured holds a value of type boolean/,
    );
    assert.throws(
      () => portableValue(new Date(0), 'sqlite', 'posts', 'date_utc'),
      /posts\.date_utc holds a value of type object/,
    );
  });
});

describe('the webhook secrets key the copy reminds of', () => {
  test('an SQLite key file beside the source is named, with where the target reads its key; a given key or no file needs nothing', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-copy-key-'));
    try {
      const source = { dialect: 'sqlite', file: path.join(folder, 'calendar.sqlite') } as const;
      const postgres = { dialect: 'postgres', url: 'postgres://db/calendar' } as const;
      const sqlite = { dialect: 'sqlite', file: path.join(folder, 'other.sqlite') } as const;
      assert.equal(
        secretsKeyAdvice(source, postgres, undefined),
        undefined,
        'no key file, no webhook secret sealed with one',
      );
      fs.writeFileSync(`${source.file}.secrets-key`, Buffer.alloc(32, 7).toString('base64'));
      assert.match(
        secretsKeyAdvice(source, postgres, undefined) ?? '',
        /sealed with the key in .*calendar\.sqlite\.secrets-key: give the target's servers CALENDAR_SECRETS_KEY set to its content/,
      );
      assert.match(secretsKeyAdvice(source, sqlite, undefined) ?? '', /copy it to .*other\.sqlite\.secrets-key/);
      assert.equal(
        secretsKeyAdvice(source, postgres, Buffer.alloc(32, 1).toString('base64')),
        undefined,
        'CALENDAR_SECRETS_KEY seals and opens them on both ends',
      );
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
