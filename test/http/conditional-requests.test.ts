import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestApp, DIALECT, type TestApp } from '../fixtures/app.ts';
import { form, picture } from '../fixtures/images.ts';

/*
 * Conditional requests (additive; docs/decisions/0012-conditional-requests.md): every
 * single-record GET carries an ETag, If-None-Match answers 304, and updates and deletes refuse a
 * stale If-Match with 412 `rest_precondition_failed`, atomically with the write.
 */

interface Resource {
  readonly collection: string;
  /** A creation body as administrator. */
  readonly body: (name: string) => Record<string, unknown>;
  /** An update body that changes the record. */
  readonly change: (name: string) => Record<string, unknown>;
  /** The record's name as the API shows it. */
  readonly name: (record: Record<string, unknown>) => unknown;
  /** By-slug routes exist for posts, not for terms. */
  readonly bySlug: boolean;
}

const RESOURCES: readonly Resource[] = [
  {
    collection: 'events',
    body: (name) => ({ title: name, start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' }),
    change: (name) => ({ title: name }),
    name: (record) => record.title,
    bySlug: true,
  },
  {
    collection: 'venues',
    body: (name) => ({ venue: name, city: 'Lyon' }),
    change: (name) => ({ venue: name }),
    name: (record) => record.venue,
    bySlug: true,
  },
  {
    collection: 'organizers',
    body: (name) => ({ organizer: name }),
    change: (name) => ({ organizer: name }),
    name: (record) => record.organizer,
    bySlug: true,
  },
  {
    collection: 'categories',
    body: (name) => ({ name }),
    change: (name) => ({ name }),
    name: (record) => record.name,
    bySlug: false,
  },
  {
    collection: 'tags',
    body: (name) => ({ name }),
    change: (name) => ({ name }),
    name: (record) => record.name,
    bySlug: false,
  },
];

const ENTITY_TAG = /^"\d+-[A-Za-z0-9_-]{16}"$/;

let t: TestApp;
before(async () => {
  t = await createTestApp();
});
after(() => t.close());

let serial = 0;
const tagOf = async (url: string) => String((await t.request('administrator', 'GET', url)).headers.etag);

/** A new record, with the tag of its creation answer and of its read (two representations of version 1). */
async function created(
  resource: Resource,
): Promise<{ id: number; slug: string; url: string; tag: string; createdTag: string }> {
  const response = await t.request(
    'administrator',
    'POST',
    resource.collection,
    resource.body(`Conditional ${resource.collection} ${++serial}`),
  );
  assert.equal(response.statusCode, 201, response.body);
  const { id, slug } = response.json<{ id: number; slug: string }>();
  const url = `${resource.collection}/${id}`;
  return { id, slug, url, tag: await tagOf(url), createdTag: String(response.headers.etag) };
}
const versionOf = (tag: string) => Number(/^"(\d+)-/.exec(tag)?.[1]);

for (const resource of RESOURCES) {
  describe(`conditional requests: /${resource.collection} (${DIALECT})`, () => {
    test('a single-record GET carries a strong ETag, stable while the record is; the answer to a create carries one of the same version', async () => {
      const record = await created(resource);
      const read = await t.request('administrator', 'GET', record.url);
      assert.match(String(read.headers.etag), ENTITY_TAG);
      assert.equal(read.headers.etag, record.tag);
      assert.match(record.createdTag, ENTITY_TAG);
      assert.equal(versionOf(record.createdTag), versionOf(record.tag));
      if (resource.bySlug)
        assert.equal(
          (await t.request('administrator', 'GET', `${resource.collection}/by-slug/${record.slug}`)).headers.etag,
          record.tag,
        );
    });

    test('If-None-Match with the current tag (strong, weak, or in a list) answers 304 without a body; another tag answers 200', async () => {
      const record = await created(resource);
      for (const ifNoneMatch of [record.tag, `W/${record.tag}`, `"0-elsewhere", ${record.tag}`, '*']) {
        const cached = await t.request('administrator', 'GET', record.url, undefined, { 'if-none-match': ifNoneMatch });
        assert.equal(cached.statusCode, 304, ifNoneMatch);
        assert.equal(cached.body, '');
        assert.equal(cached.headers.etag, record.tag);
      }
      const stale = await t.request('administrator', 'GET', record.url, undefined, {
        'if-none-match': '"1-AAAAAAAAAAAAAAAA"',
      });
      assert.equal(stale.statusCode, 200);
      assert.equal(resource.name(stale.json()), `Conditional ${resource.collection} ${serial}`);
    });

    test('each representation has its own tag: another language or caller changes the digest, not the version', async () => {
      const record = await created(resource);
      const inFrench = await t.request('administrator', 'GET', `${record.url}?translation_language=fr`);
      const asAnonymous = await t.request('anonymous', 'GET', record.url);
      assert.notEqual(inFrench.headers.etag, record.tag);
      assert.equal(versionOf(String(inFrench.headers.etag)), versionOf(record.tag));
      assert.equal(versionOf(String(asAnonymous.headers.etag)), versionOf(record.tag));
      const frenchCached = await t.request('administrator', 'GET', `${record.url}?translation_language=fr`, undefined, {
        'if-none-match': record.tag,
      });
      assert.equal(frenchCached.statusCode, 200, 'the English tag does not validate the French answer');
    });

    test('an update with the current If-Match succeeds and answers with the next tag; the old tag is then refused with 412 and changes nothing', async () => {
      const record = await created(resource);
      const first = await t.request('administrator', 'PATCH', record.url, resource.change('First edit'), {
        'if-match': record.tag,
      });
      assert.equal(first.statusCode, 200, first.body);
      assert.equal(versionOf(String(first.headers.etag)), versionOf(record.tag) + 1);
      const next = await tagOf(record.url);
      assert.equal(versionOf(next), versionOf(record.tag) + 1);

      const stale = await t.request('administrator', 'PATCH', record.url, resource.change('Lost edit'), {
        'if-match': record.tag,
      });
      assert.equal(stale.statusCode, 412);
      assert.equal(stale.json().code, 'rest_precondition_failed');
      assert.equal(stale.json().data.status, 412);
      const after = await t.request('administrator', 'GET', record.url);
      assert.equal(resource.name(after.json()), 'First edit');
      assert.equal(after.headers.etag, next);
    });

    test('If-Match compares versions strongly: a weak tag, a malformed tag or another version is refused; `*` and a list holding the current tag pass', async () => {
      const record = await created(resource);
      for (const ifMatch of [`W/${record.tag}`, 'not-a-tag', `"${versionOf(record.tag) + 1}-AAAAAAAAAAAAAAAA"`]) {
        const refused = await t.request('administrator', 'PATCH', record.url, resource.change('Refused'), {
          'if-match': ifMatch,
        });
        assert.equal(refused.statusCode, 412, ifMatch);
      }
      assert.equal(
        (await t.request('administrator', 'PATCH', record.url, resource.change('Star'), { 'if-match': '*' }))
          .statusCode,
        200,
      );
      const current = await tagOf(record.url);
      assert.equal(
        (
          await t.request('administrator', 'PATCH', record.url, resource.change('Listed'), {
            'if-match': `"0-x", ${current}`,
          })
        ).statusCode,
        200,
      );
    });

    test('a delete with a stale If-Match is refused with 412 and the record stays; with the current tag it goes', async () => {
      const record = await created(resource);
      const edited = await t.request('administrator', 'PATCH', record.url, resource.change('Edited before delete'), {
        'if-match': record.tag,
      });
      const refused = await t.request('administrator', 'DELETE', record.url, undefined, { 'if-match': record.tag });
      assert.equal(refused.statusCode, 412);
      const still = await t.request('administrator', 'GET', record.url);
      assert.equal(still.statusCode, 200);
      assert.equal(resource.name(still.json()), 'Edited before delete');
      const removed = await t.request('administrator', 'DELETE', record.url, undefined, {
        'if-match': String(edited.headers.etag),
      });
      assert.equal(removed.statusCode, 200, removed.body);
    });

    test('two editors holding the same tag write at once: exactly one succeeds, the other gets 412, and the winner’s edit is what remains', async () => {
      for (let round = 0; round < 5; round++) {
        const record = await created(resource);
        const answers = await Promise.all(
          ['Editor A', 'Editor B', 'Editor C'].map((name) =>
            t.request('administrator', 'PATCH', record.url, resource.change(`${name} ${round}`), {
              'if-match': record.tag,
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode).sort();
        assert.deepEqual(statuses, [200, 412, 412], answers.map((answer) => answer.body).join('\n'));
        const winner = answers.find((answer) => answer.statusCode === 200)!;
        const stored = await t.request('administrator', 'GET', record.url);
        assert.equal(resource.name(stored.json()), resource.name(winner.json()));
      }
    });

    test('a translation written in another language is a new version: the tag read before it is stale', async () => {
      const record = await created(resource);
      const translated = await t.request(
        'administrator',
        'PATCH',
        `${record.url}?translation_language=de`,
        resource.change('Übersetzt'),
        { 'if-match': record.tag },
      );
      assert.equal(translated.statusCode, 200, translated.body);
      const stale = await t.request('administrator', 'PATCH', record.url, resource.change('Stale'), {
        'if-match': record.tag,
      });
      assert.equal(stale.statusCode, 412);
    });

    test('the permission check and the missing-record answer come before the precondition', async () => {
      const record = await created(resource);
      const anonymous = await t.request('anonymous', 'PATCH', record.url, resource.change('Anonymous'), {
        'if-match': '"999-AAAAAAAAAAAAAAAA"',
      });
      assert.equal(anonymous.statusCode, 401);
      const missing = await t.request(
        'administrator',
        'PATCH',
        `${resource.collection}/99999`,
        resource.change('Missing'),
        { 'if-match': record.tag },
      );
      assert.ok([400, 404].includes(missing.statusCode), `${missing.statusCode} ${missing.body}`);
      assert.notEqual(missing.json().code, 'rest_precondition_failed');
    });
  });
}

describe(`conditional requests: collections (${DIALECT})`, () => {
  test('archives carry no ETag (only single records do)', async () => {
    for (const resource of RESOURCES) {
      const list = await t.request('anonymous', 'GET', resource.collection);
      assert.equal(list.statusCode, 200);
      assert.equal(list.headers.etag, undefined, resource.collection);
    }
  });
});

describe(`conditional requests: one way for every answer that has a validator (${DIALECT})`, () => {
  test('a record, a feed, a page, an asset and an image file: If-None-Match (weak, or in a list) answers 304 to GET and HEAD, with no body and no Content-Type; another tag 200', async () => {
    const event = await t.request('administrator', 'POST', 'events', {
      title: 'One conditional GET',
      status: 'publish',
      start_date: '2027-03-01 10:00:00',
      end_date: '2027-03-01 12:00:00',
    });
    assert.equal(event.statusCode, 201, event.body);
    const { payload, headers } = form([
      { name: 'file', value: await picture(40, 40, 'png'), filename: 'validator.png', type: 'image/png' },
    ]);
    const image = await t.request('administrator', 'POST', 'media', payload, headers);
    assert.equal(image.statusCode, 201, image.body);
    const answers = {
      record: `/calendar/events/v1/events/${event.json<{ id: number }>().id}`,
      feed: '/calendar/events/v1/events.ics',
      page: `/events/${event.json<{ slug: string }>().slug}/`.replace('/events/', '/event/'),
      asset: '/assets/calendar.css',
      'image file': new URL(image.json<{ url: string }>().url).pathname,
    };
    for (const [kind, url] of Object.entries(answers)) {
      const first = await t.app.inject({ method: 'GET', url });
      assert.equal(first.statusCode, 200, `${kind} ${url}`);
      const tag = String(first.headers.etag);
      assert.match(tag, /^"/, `${kind} has a strong ETag`);
      for (const [method, held] of [
        ['GET', `W/${tag}`],
        ['GET', `"other", ${tag}`],
        ['HEAD', tag],
      ] as const) {
        const again = await t.app.inject({ method, url, headers: { 'if-none-match': held } });
        assert.deepEqual(
          [again.statusCode, again.body, again.headers['content-type'], again.headers.etag],
          [304, '', undefined, tag],
          `${kind}: ${method} If-None-Match: ${held}`,
        );
      }
      assert.equal(
        (await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode,
        200,
        `${kind}: another tag`,
      );
    }
  });
});
