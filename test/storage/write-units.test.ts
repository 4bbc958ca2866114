import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { Deadline, TimedOut } from '../../src/deadline.ts';
import type { WriteTx } from '../../src/storage/types.ts';
import { MAX_BATCH_MS, MAX_UNITS_PER_COMMIT, throwIfUnitExpired } from '../../src/storage/write-units.ts';
import { createTestApp, DIALECT, TEST_NOW, type TestApp } from '../fixtures/app.ts';

/*
 * Write units given to the storage together (decision 0084: on SQLite they share a commit, each in
 * a savepoint of its own; PostgreSQL commits each alone): a unit is acknowledged only once its
 * writes are committed, and a unit that fails takes only its own writes with it, the journal rows
 * and change tags its triggers wrote included.
 */

/** How long a test waits for what would otherwise wait for the test itself (a deadlock) before failing. */
const WAITED_FOR_THE_TEST_MS = 10_000;

describe(`write units given together (${DIALECT})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  let names = 0;
  /** A category written by the unit, with its journal row and change tags (the triggers'), and the content version raised. */
  const addTerm = async (tx: WriteTx, name = `Unit term ${++names}`): Promise<number> => {
    const { id } = await tx
      .insertInto('terms')
      .values({
        taxonomy: 'category',
        name,
        slug: name.toLowerCase().replace(/\W+/g, '-'),
        description: '',
        parent_id: 0,
        term_group: 0,
        language: 'en',
        created_at: TEST_NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.storage.touchContent(tx, new Date(TEST_NOW));
    return id;
  };
  /** Whether a term is committed, read outside every unit the test holds open. */
  const committed = async (id: number) =>
    (await t.storage.read((tx) => tx.selectFrom('terms').select('id').where('id', '=', id).executeTakeFirst())) !==
    undefined;
  /** The same by name: a rolled-back term's id may be given to the next term (SQLite reuses it). */
  const committedNamed = async (name: string) =>
    (await t.storage.read((tx) => tx.selectFrom('terms').select('id').where('name', '=', name).executeTakeFirst())) !==
    undefined;
  const journaled = async (id: number) =>
    (
      await t.storage.read((tx) =>
        tx
          .selectFrom('record_changes')
          .select('seq')
          .where('resource', '=', 'category')
          .where('record_id', '=', id)
          .execute(),
      )
    ).length;
  /** A promise and the function that settles it: a unit held open until the test lets it end. */
  const gate = () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, opened };
  };

  /**
   * Two units given together, the second held open once the first has run while `during` looks at
   * the first; then both end. Answers the first's term, whether the first was acknowledged by then,
   * whether its term was visible outside when it was, and the second's term.
   */
  const firstWhileSecondHeld = async (
    during: (first: { readonly id: number; readonly acknowledged: boolean }) => Promise<void>,
  ) => {
    const held = gate();
    const secondStarted = gate();
    const first = { id: 0, acknowledged: false, visibleWhenAcknowledged: false };
    const firstDone = t.storage
      .write(async (tx) => (first.id = await addTerm(tx)))
      .then(async (id) => {
        first.acknowledged = true;
        first.visibleWhenAcknowledged = await committed(id);
      });
    const second = t.storage.write(async (tx) => {
      secondStarted.open();
      await held.opened;
      return addTerm(tx);
    });
    await secondStarted.opened;
    // Let anything that would answer the first unit early do so now, while the second is held.
    await sleep(20);
    await during(first);
    held.open();
    const [, secondId] = await Promise.all([firstDone, second]);
    return { ...first, secondId };
  };

  test('a unit is acknowledged only once committed: when its promise settles, a read outside it sees its writes', async () => {
    const first = await firstWhileSecondHeld(async () => undefined);
    assert.equal(first.visibleWhenAcknowledged, true, 'the first unit was acknowledged before its commit');
    assert.equal(await committed(first.id), true);
    assert.equal(await committed(first.secondId), true);
  });

  test('a unit that fails among others is rolled back alone: its rows, journal rows and change tags go, the others commit', async () => {
    const versionBefore = await t.storage.contentVersion();
    let failedId = 0;
    const failedName = `Unit term refused ${++names}`;
    const results = await Promise.allSettled([
      t.storage.write((tx) => addTerm(tx)),
      t.storage.write(async (tx) => {
        failedId = await addTerm(tx, failedName);
        throw new Error('refused after writing');
      }),
      t.storage.write((tx) => addTerm(tx)),
    ]);
    assert.equal(results[1].status, 'rejected');
    assert.equal(results[1].reason.message, 'refused after writing');
    const kept = results
      .filter((result) => result.status === 'fulfilled')
      .map((result) => (result as PromiseFulfilledResult<number>).value);
    assert.equal(kept.length, 2);
    for (const id of kept) {
      assert.equal(await committed(id), true);
      assert.equal(await journaled(id), 1);
    }
    assert.ok(failedId > 0);
    assert.equal(await committedNamed(failedName), false);
    // Its id may be the next unit's: it is journaled once, as that unit's.
    assert.equal(await journaled(failedId), kept.includes(failedId) ? 1 : 0);
    // Two units raised the version, each once; the failed unit's raise and its tags went with it.
    assert.equal(await t.storage.contentVersion(), versionBefore + 2);
    const tags = await t.storage.contentChanges(versionBefore, versionBefore + 10);
    assert.deepEqual([...tags.keys()].sort(), [versionBefore + 1, versionBefore + 2]);
    // Every journal row is stamped: none of the failed unit's is left for a later unit to claim.
    assert.equal(
      (
        await t.storage.read((tx) =>
          tx.selectFrom('record_changes').select('seq').where('changed_at', 'is', null).execute(),
        )
      ).length,
      0,
    );
  });

  test('a unit that overruns its deadline after writing is rolled back alone', async () => {
    const lateName = `Unit term late ${++names}`;
    const results = await Promise.allSettled([
      t.storage.write((tx) => addTerm(tx)),
      t.storage.write(async (tx) => {
        await addTerm(tx, lateName);
        await sleep(2 * MAX_BATCH_MS);
      }, new Deadline(20)),
      t.storage.write((tx) => addTerm(tx)),
    ]);
    assert.ok((results[1] as PromiseRejectedResult).reason instanceof TimedOut);
    assert.equal(await committedNamed(lateName), false);
    for (const result of [results[0], results[2]])
      assert.equal(await committed((result as PromiseFulfilledResult<number>).value), true);
  });

  test('a unit past its deadline stops at its next throwIfUnitExpired, rolls back, and a unit behind it runs at once (decision 0091)', async () => {
    const lateName = `Unit term looping ${++names}`;
    let steps = 0;
    const looping = t.storage.write(async (tx) => {
      await addTerm(tx, lateName);
      // A loop over caller-given data, a step a turn of the event loop, far longer than its deadline.
      for (; steps < 100_000; steps++) {
        throwIfUnitExpired(tx);
        await sleep(1);
      }
    }, new Deadline(100));
    await assert.rejects(looping, TimedOut);
    const started = performance.now();
    await t.storage.write((tx) => addTerm(tx));
    assert.ok(performance.now() - started < 5000, `the next unit waited ${Math.round(performance.now() - started)} ms`);
    assert.ok(steps < 10_000, `the loop ran ${steps} steps`);
    assert.equal(await committedNamed(lateName), false);
  });

  test(
    'a statement of a unit with a deadline is cancelled once the time the deadline had left has passed (PostgreSQL; SQLite runs none that long)',
    { skip: DIALECT !== 'postgres' },
    async () => {
      const started = performance.now();
      await assert.rejects(
        t.storage.write((tx) => sql`select pg_sleep(20)`.execute(tx), new Deadline(300)),
        TimedOut,
      );
      const elapsed = performance.now() - started;
      assert.ok(elapsed < 5000, `the statement ran ${Math.round(elapsed)} ms`);
    },
  );

  test('more units than one commit takes all commit, each once', async () => {
    const ids = await Promise.all(
      Array.from({ length: 2 * MAX_UNITS_PER_COMMIT + 3 }, () => t.storage.write((tx) => addTerm(tx))),
    );
    assert.equal(new Set(ids).size, ids.length);
    for (const id of ids) assert.equal(await journaled(id), 1);
  });

  test('a read unit runs while a write unit is in progress, and sees none of its writes', async () => {
    const held = gate();
    const written = gate();
    const name = `Unit term in progress ${++names}`;
    const writing = t.storage.write(async (tx) => {
      await addTerm(tx, name);
      written.open();
      await held.opened;
    });
    await written.opened;
    // Before the writer ends, which it does only once the test lets it: a read that waited for it
    // would wait for the test itself. The bound only turns that deadlock into a failure; it is long,
    // so that a busy machine's slow read is not taken for one.
    const seen = await Promise.race([
      committedNamed(name),
      sleep(WAITED_FOR_THE_TEST_MS).then(() => 'waited for the writer'),
    ]);
    held.open();
    await writing;
    assert.equal(seen, false);
    assert.equal(await committedNamed(name), true);
  });

  describe(
    'SQLite: one commit for the units queued together',
    { skip: DIALECT !== 'sqlite' && 'PostgreSQL commits each unit alone' },
    () => {
      test('a unit queued behind another shares its commit: neither is visible until both are done', async () => {
        const first = await firstWhileSecondHeld(async ({ id, acknowledged }) => {
          assert.ok(id > 0, 'the first unit ran');
          assert.equal(acknowledged, false, 'the first unit was answered before the commit it shares');
          assert.equal(await committed(id), false, 'the first unit committed alone');
        });
        assert.equal(await committed(first.id), true);
      });

      test('a batch stops taking units once those behind its first have run its time', async () => {
        const held = gate();
        const first = t.storage.write((tx) => addTerm(tx));
        const second = t.storage.write(async (tx) => {
          const id = await addTerm(tx);
          await sleep(2 * MAX_BATCH_MS);
          return id;
        });
        const third = t.storage.write(async (tx) => {
          await held.opened;
          return addTerm(tx);
        });
        // Before the third is let go: a first unit kept for the third's commit would wait for the test itself.
        const firstId = await Promise.race([first, sleep(WAITED_FOR_THE_TEST_MS).then(() => 0)]);
        const firstVisibleWhileThirdHeld = firstId > 0 && (await committed(firstId));
        held.open();
        await Promise.all([first, second, third]);
        assert.equal(firstVisibleWhileThirdHeld, true, 'the first unit waited for every unit queued behind it');
      });

      test('an error that ends the transaction itself fails the units before it in the batch (none is acknowledged) and not those after it', async () => {
        const taken = `Unit term taken ${++names}`;
        await t.storage.write((tx) => addTerm(tx, taken));
        const beforeName = `Unit term before ${++names}`;
        const results = await Promise.allSettled([
          t.storage.write((tx) => addTerm(tx, beforeName)),
          // `or rollback`: SQLite ends the whole transaction on this conflict, not only the statement.
          t.storage.write(async (tx) => {
            await sql`insert or rollback into terms (taxonomy, name, slug, description, parent_id, term_group, language, created_at) values ('category', ${taken}, ${taken.toLowerCase().replace(/\W+/g, '-')}, '', 0, 0, 'en', ${TEST_NOW})`.execute(
              tx,
            );
          }),
          t.storage.write((tx) => addTerm(tx)),
        ]);
        assert.equal(results[0].status, 'rejected');
        assert.equal(results[1].status, 'rejected');
        // Each learns the cause: the conflict, not what the batch's clean-up met after it.
        for (const result of results.slice(0, 2))
          assert.equal((result as PromiseRejectedResult).reason.code, 'SQLITE_CONSTRAINT_UNIQUE');
        assert.equal(results[2].status, 'fulfilled');
        const afterId = results[2].value;
        assert.equal(await committedNamed(beforeName), false);
        assert.equal(await committed(afterId), true);
      });
    },
  );
});
