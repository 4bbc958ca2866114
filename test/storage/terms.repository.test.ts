import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { migrate, openStorage } from '../../src/storage/database.ts';
import type { Storage } from '../../src/storage/types.ts';
import { TermsRepository } from '../../src/storage/repositories/terms.repository.ts';
import type { Taxonomy, TermRow } from '../../src/storage/tables.ts';
import {
  createTestApp,
  DIALECT,
  freshDatabase,
  inUnits,
  insertEvent,
  type InUnits,
  type TestApp,
  type TestDatabase,
} from '../fixtures/app.ts';

describe(`terms repository (${DIALECT})`, () => {
  let database: TestDatabase;
  let storage: Storage;
  let terms: InUnits<TermsRepository>;

  beforeEach(async () => {
    database = await freshDatabase();
    storage = openStorage(loadConfig({ DATABASE_URL: database.url, LOG_LEVEL: 'silent' }).database);
    await migrate(storage);
    terms = inUnits(new TermsRepository(storage.dialect), storage);
  });
  afterEach(async () => {
    await storage.close();
    await database.drop();
  });

  const addTerm = (taxonomy: Taxonomy, slug: string, parentId = 0): Promise<TermRow> =>
    terms.create({
      taxonomy,
      name: slug,
      slug,
      description: '',
      parent_id: parentId,
      term_group: 0,
      language: 'en',
      created_at: '2026-11-22 12:00:00',
    });

  const countsOf = async (rows: readonly TermRow[]): Promise<number[]> => {
    const counts: number[] = [];
    for (const row of rows) counts.push((await terms.get(row.taxonomy, row.id))!.count);
    return counts;
  };

  const linkedTermIds = async (eventId: number): Promise<number[]> =>
    (
      await storage.read((tx) =>
        tx.selectFrom('event_terms').select('term_id').where('event_id', '=', eventId).orderBy('term_id').execute(),
      )
    ).map((row) => row.term_id);

  /** A root > child > grandchild chain of categories, plus a sibling of the child. */
  const addTree = async () => {
    const root = await addTerm('category', 'root');
    const child = await addTerm('category', 'child', root.id);
    const grandchild = await addTerm('category', 'grandchild', child.id);
    const sibling = await addTerm('category', 'sibling', root.id);
    return { root, child, grandchild, sibling };
  };

  test('setEventTerms replaces the links of one taxonomy; the terms that gained or lost a published event count one more or one less', async () => {
    const [a, b, c] = [await addTerm('category', 'a'), await addTerm('category', 'b'), await addTerm('category', 'c')];
    const tag = await addTerm('tag', 'kept-tag');
    const eventId = await insertEvent(storage, 'publish');
    await terms.setEventTerms(eventId, 'tag', [tag.id]);
    await terms.setEventTerms(eventId, 'category', [a.id, b.id, a.id]);
    assert.deepEqual(await countsOf([a, b, c]), [1, 1, 0]);

    await terms.setEventTerms(eventId, 'category', [b.id, c.id]);
    assert.deepEqual(await countsOf([a, b, c, tag]), [0, 1, 1, 1]);
    assert.deepEqual(
      await linkedTermIds(eventId),
      [b.id, c.id, tag.id].sort((x, y) => x - y),
    );

    await terms.setEventTerms(eventId, 'category', []);
    assert.deepEqual(await countsOf([a, b, c, tag]), [0, 0, 0, 1]);
  });

  test('only published events count', async () => {
    const term = await addTerm('tag', 'counted');
    for (const status of ['publish', 'draft', 'pending', 'private', 'trash', 'publish']) {
      await terms.setEventTerms(await insertEvent(storage, status), 'tag', [term.id]);
    }
    assert.deepEqual(await countsOf([term]), [2]);
  });

  test("shiftCounts moves the counts of an event's terms as it is published, unpublished or trashed", async () => {
    const [kept, other] = [await addTerm('category', 'status-watch'), await addTerm('tag', 'status-watch-tag')];
    const eventId = await insertEvent(storage, 'publish');
    await terms.setEventTerms(eventId, 'category', [kept.id]);
    await terms.setEventTerms(eventId, 'tag', [other.id]);
    const steps: ReadonlyArray<readonly [status: string, step: 1 | -1, counts: number[]]> = [
      ['draft', -1, [0, 0]],
      ['publish', 1, [1, 1]],
      ['trash', -1, [0, 0]],
    ];
    for (const [status, step, counts] of steps) {
      await storage.write((tx) => tx.updateTable('posts').set({ status }).where('id', '=', eventId).execute());
      await terms.shiftCounts([kept.id, other.id, kept.id], step);
      assert.deepEqual(await countsOf([kept, other]), counts, `after the event became ${status}`);
    }
  });

  test('slugPaths gives each term the slugs from its root down to itself', async () => {
    const { root, child, grandchild, sibling } = await addTree();
    const paths = await terms.slugPaths([grandchild.id, child.id, root.id, sibling.id, grandchild.id]);
    assert.deepEqual(Object.fromEntries(paths), {
      [root.id]: ['root'],
      [child.id]: ['root', 'child'],
      [grandchild.id]: ['root', 'child', 'grandchild'],
      [sibling.id]: ['root', 'sibling'],
    });
    assert.equal((await terms.slugPaths([])).size, 0);
  });

  test('isSelfOrDescendant is true for the term and everything below it, false elsewhere', async () => {
    const { root, child, grandchild, sibling } = await addTree();
    const cases: ReadonlyArray<readonly [term: TermRow, candidate: TermRow, expected: boolean]> = [
      [root, root, true],
      [root, child, true],
      [root, grandchild, true],
      [child, grandchild, true],
      [grandchild, root, false],
      [child, root, false],
      [child, sibling, false],
      [sibling, grandchild, false],
    ];
    for (const [term, candidate, expected] of cases) {
      assert.equal(
        await terms.isSelfOrDescendant(term.id, candidate.id),
        expected,
        `${candidate.slug} under ${term.slug}`,
      );
    }
  });

  test('remove() deletes the term and its event links, and moves its children up to its parent', async () => {
    const { root, child, grandchild, sibling } = await addTree();
    const eventId = await insertEvent(storage, 'publish');
    await terms.setEventTerms(eventId, 'category', [child.id, sibling.id]);

    await terms.remove(child);

    assert.equal(await terms.get('category', child.id), undefined);
    assert.equal((await terms.get('category', grandchild.id))!.parent_id, root.id);
    assert.equal((await terms.get('category', sibling.id))!.parent_id, root.id);
    assert.deepEqual(await linkedTermIds(eventId), [sibling.id]);
    assert.deepEqual(await countsOf([sibling]), [1]);
    assert.deepEqual(Object.fromEntries(await terms.slugPaths([grandchild.id])), {
      [grandchild.id]: ['root', 'grandchild'],
    });
  });

  test('the database refuses a second term with the same slug in a taxonomy, and says so recognisably', async () => {
    await addTerm('category', 'music');
    const duplicate = await addTerm('category', 'music').then(
      () => undefined,
      (error: unknown) => error,
    );
    assert.ok(duplicate !== undefined, 'the duplicate insert must fail');
    assert.equal(storage.dialect.isUniqueViolation(duplicate), true);
    assert.equal(storage.dialect.isUniqueViolation(new Error('something else')), false);

    // The same slug in the other taxonomy is another term.
    assert.equal((await addTerm('tag', 'music')).slug, 'music');
  });
});

describe(`parallel creates of one term name through the API (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  for (const collection of ['categories', 'tags'] as const) {
    test(`five simultaneous POST /${collection} of one name create exactly one term`, async () => {
      const responses = await Promise.all(
        Array.from({ length: 5 }, () => t.request('administrator', 'POST', collection, { name: 'Rush Hour' })),
      );
      const created = responses.filter((response) => response.statusCode === 201);
      assert.equal(created.length, 1, responses.map((response) => response.body).join('\n'));
      const winner = created[0]!.json<{ id: number; slug: string }>();
      assert.equal(winner.slug, 'rush-hour');
      for (const response of responses.filter((candidate) => candidate !== created[0])) {
        assert.equal(response.statusCode, 400);
        assert.equal(response.json().code, 'term_exists');
        assert.equal(response.json().data.term_id, winner.id);
      }
      const list = await t.request('anonymous', 'GET', `${collection}?search=rush&hide_empty=0`);
      assert.deepEqual(
        list.json()[collection].map((term: { id: number }) => term.id),
        [winner.id],
      );
    });
  }
});
