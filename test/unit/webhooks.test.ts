import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { matches } from '../../src/modules/webhooks/event-types.ts';
import { ReceiverPolicy } from '../../src/modules/webhooks/receivers.ts';
import { generateSecret, keySourceFor, SecretBox, signature } from '../../src/modules/webhooks/secrets.ts';
import { send } from '../../src/modules/webhooks/sender.ts';

const refusedCode = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
  );

describe('webhook receivers (SSRF rules)', () => {
  const strict = new ReceiverPolicy({ allowHttp: false, allowPrivate: [] });

  test('internal addresses are refused, public ones accepted', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00:ec2::254',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      assert.ok(strict.refusal(address), address);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8'])
      assert.equal(strict.refusal(address), undefined, address);
  });

  test('IPv6 ranges that reach IPv4 or stay inside (NAT64, IPv4-compatible, 6to4, Teredo, site-local, discard) are refused (issue 43)', () => {
    const refused = [
      '64:ff9b::7f00:1',
      '64:ff9b::127.0.0.1',
      '64:ff9b::808:808',
      '64:ff9b:1::a00:1',
      '::127.0.0.1',
      '::7f00:1',
      '::808:808',
      '2002:7f00:1::',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      'fec0::1',
      '100::1',
      '::ffff:7f00:1',
    ];
    for (const address of refused) assert.ok(strict.refusal(address), address);
    for (const address of [
      '2a00:1450:4007:80f::200e',
      '2001:4860:4860::8888',
      '2606:4700:4700::1111',
      '2003::1',
      '64:ff9c::1',
    ])
      assert.equal(strict.refusal(address), undefined, address);
  });

  test('an allowed translation prefix still reaches no internal IPv4: the IPv4 it carries is judged too (decision 0092)', () => {
    const nat64 = new ReceiverPolicy({ allowHttp: false, allowPrivate: ['64:ff9b::/96', '2002::/16', '2001::/32'] });
    for (const address of ['64:ff9b::808:808', '2002:808:808::1'])
      assert.equal(nat64.refusal(address), undefined, address);
    for (const address of [
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:a00:1::',
      '2001:0:808:808:8000:63bf:80ff:fffe',
    ]) {
      assert.match(
        nat64.refusal(address) ?? 'accepted',
        /reaches (127\.0\.0\.1|169\.254\.169\.254|10\.0\.0\.1)/,
        address,
      );
    }
    // Listing the IPv4 lets its translated form through as well.
    assert.equal(
      new ReceiverPolicy({ allowHttp: false, allowPrivate: ['64:ff9b::/96', '10.0.0.0/8'] }).refusal('64:ff9b::a00:1'),
      undefined,
    );
  });

  test('CALENDAR_WEBHOOK_ALLOW_PRIVATE lets listed addresses and ranges through, only those', () => {
    const allowing = new ReceiverPolicy({ allowHttp: true, allowPrivate: ['127.0.0.1', '10.8.0.0/16'] });
    assert.equal(allowing.refusal('127.0.0.1'), undefined);
    assert.equal(allowing.refusal('10.8.3.4'), undefined);
    assert.ok(allowing.refusal('127.0.0.2'));
    assert.ok(allowing.refusal('10.9.0.1'));
  });

  test('http needs CALENDAR_WEBHOOK_ALLOW_HTTP; credentials, other schemes and unresolvable hosts are refused', async () => {
    assert.match(await refusedCode(strict.check('http://93.184.215.14/hook')), /webhook_url_refused: .*https/);
    assert.match(await refusedCode(strict.check('https://user:secret@93.184.215.14/hook')), /credentials/);
    assert.match(await refusedCode(strict.check('gopher://93.184.215.14/')), /https/);
    assert.match(await refusedCode(strict.check('https://does-not-exist.invalid/hook')), /does not resolve/);
    assert.match(await refusedCode(strict.check('https://localhost/hook')), /internal/);
    assert.equal((await strict.check('https://93.184.215.14/hook')).href, 'https://93.184.215.14/hook');
  });

  test('a delivery checks the address it connects to, whatever the name resolved to when the URL was stored (DNS rebinding)', async () => {
    const outcome = await send(new URL('https://localhost:9/hook'), {}, '{}', strict, 2000);
    assert.equal(outcome.ok, false);
    assert.match(outcome.error!, /refused: .*internal/);
    const literal = await send(new URL('https://169.254.169.254/latest'), {}, '{}', strict, 2000);
    assert.match(literal.error!, /refused: .*internal/);
  });
});

describe('webhook signatures and secrets', () => {
  test('the signature is the Standard Webhooks one, as an independent implementation checks it', () => {
    const secret = generateSecret();
    const body = JSON.stringify({ type: 'event.created', data: { id: 1 } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature(secret, 'msg_1', timestamp, body),
    };
    assert.deepEqual(new Webhook(secret).verify(body, headers), JSON.parse(body));
    assert.throws(() => new Webhook(generateSecret()).verify(body, headers));
    assert.throws(() => new Webhook(secret).verify(`${body} `, headers));
  });

  test('secrets are stored sealed (AES-256-GCM): not in clear, and not readable with another key', () => {
    const box = new SecretBox({ kind: 'given', key: randomBytes(32).toString('base64') });
    const secret = generateSecret();
    const sealed = box.seal(secret);
    assert.ok(!sealed.includes(secret.slice(6)));
    assert.equal(box.open(sealed), secret);
    assert.throws(() => new SecretBox({ kind: 'given', key: randomBytes(32).toString('hex') }).open(sealed));
    assert.throws(() => new SecretBox({ kind: 'given', key: 'too short' }));
  });

  test('without CALENDAR_SECRETS_KEY: a key file beside an SQLite file, kept across restarts; none on PostgreSQL', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'webhook-keys-'));
    try {
      const source = keySourceFor({ dialect: 'sqlite', file: path.join(dir, 'calendar.sqlite') }, undefined);
      assert.deepEqual(source, { kind: 'file', path: path.join(dir, 'calendar.sqlite.secrets-key') });
      const sealed = new SecretBox(source).seal('whsec_abc');
      assert.equal(new SecretBox(source).open(sealed), 'whsec_abc');
      assert.equal(fs.statSync(path.join(dir, 'calendar.sqlite.secrets-key')).mode & 0o777, 0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
    const none = new SecretBox(keySourceFor({ dialect: 'postgres', url: 'postgres://db/calendar' }, undefined));
    assert.throws(() => none.ensureAvailable(), { code: 'webhook_secrets_unavailable' });
  });
});

test('subscriptions match types exactly, by resource wildcard, or all', () => {
  assert.ok(matches(['*'], 'tag.deleted'));
  assert.ok(matches(['venue.*'], 'venue.trashed'));
  assert.ok(!matches(['venue.*'], 'event.created'));
  assert.ok(matches(['event.created', 'event.deleted'], 'event.deleted'));
  assert.ok(!matches(['event.created'], 'event.updated'));
});
