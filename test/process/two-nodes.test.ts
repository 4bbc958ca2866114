import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, test } from 'node:test';
import { LOGIN_THROTTLE } from '../../src/auth/login-throttle.ts';
import { CLI, ROOT, startServer, type ServerProcess } from '../fixtures/server-process.ts';
import { API, basicAuth, DIALECT, freshDatabase, type TestDatabase } from '../fixtures/app.ts';

/**
 * Two `serve` processes on one database (one SQLite file in WAL mode, or one PostgreSQL schema),
 * as in production behind a load balancer: whatever one node writes, the other serves at once,
 * and nothing that must be shared (login failures, credentials) lives in a process's memory.
 */

const ADMIN_PASSWORD = 'two-nodes-administrator';
const ADMIN = basicAuth('admin', ADMIN_PASSWORD);

interface Answer {
  readonly status: number;
  readonly headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

interface CallOptions {
  readonly body?: unknown;
  /** The Authorization header; the administrator's by default. */
  readonly authorization?: string;
  /** The client address the node sees, through X-Forwarded-For from the trusted local proxy. */
  readonly from?: string;
}

async function call(node: ServerProcess, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  // A connection each: the CLI's spawnSync blocks this process for as long as the CLI takes, up to a
  // minute on a busy machine, while the node closes a kept-alive connection idle for 65 s; the next
  // request on it then failed with `other side closed`.
  const headers: Record<string, string> = { authorization: options.authorization ?? ADMIN, connection: 'close' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.from !== undefined) headers['x-forwarded-for'] = options.from;
  const response = await fetch(`${node.base}${API}/${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

const names = (terms: { name: string }[]) => terms.map((term) => term.name).sort();

describe(`two service processes on one ${DIALECT} database`, () => {
  let database: TestDatabase;
  let nodeA: ServerProcess;
  let nodeB: ServerProcess;

  /** Runs a CLI command on the shared database, as an operator would next to the running nodes; returns its output lines. */
  const cli = (...args: string[]): string[] => {
    const result = spawnSync(process.execPath, [...CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: database.url },
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, `${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim().split('\n');
  };

  before(async () => {
    database = await freshDatabase();
    const env = {
      DATABASE_URL: database.url,
      CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD,
      CALENDAR_TRUST_PROXY: '127.0.0.1',
    };
    // One after the other, as a rolling deployment starts them: the first migrates the fresh
    // database and creates the administrator, the second finds both done. (Two first starts at
    // once on SQLite race on the migrations: one fails with "table users already exists".)
    nodeA = await startServer(env);
    nodeB = await startServer(env);
  });

  after(async () => {
    // Killed rather than stopped: graceful shutdown is server.test.ts's subject, and a kill cannot hang the suite.
    await Promise.all([nodeA, nodeB].filter((node) => node !== undefined).map((node) => node.kill()));
    await database.drop();
  });

  test('an event written through one node is read through the other at once, after every change', async () => {
    const created = await call(nodeA, 'POST', 'events', {
      body: {
        title: 'Two nodes concert',
        start_date: '2027-06-01 20:00:00',
        end_date: '2027-06-01 22:00:00',
        cost: '12',
        categories: ['Two Nodes Jazz'],
        venue: { venue: 'Two Nodes Hall', city: 'Springfield' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id: number = created.body.id;

    const readOnB = await call(nodeB, 'GET', `events/${id}`);
    assert.equal(readOnB.status, 200);
    assert.equal(readOnB.body.title, 'Two nodes concert');
    assert.deepEqual(readOnB.body.cost_details.values, ['12']);
    assert.deepEqual(names(readOnB.body.categories), ['Two Nodes Jazz']);
    assert.equal(readOnB.body.venue.venue, 'Two Nodes Hall');

    const updated = await call(nodeB, 'PATCH', `events/${id}`, {
      body: { title: 'Two nodes recital', cost: '15', categories: ['Two Nodes Blues'] },
    });
    assert.equal(updated.status, 200, JSON.stringify(updated.body));
    const readOnA = await call(nodeA, 'GET', `events/${id}`);
    assert.equal(readOnA.body.title, 'Two nodes recital');
    assert.deepEqual(readOnA.body.cost_details.values, ['15']);
    assert.deepEqual(names(readOnA.body.categories), ['Two Nodes Blues']);
    const listedOnA = await call(nodeA, 'GET', 'events?search=recital&start_date=2027-01-01');
    assert.deepEqual(
      listedOnA.body.events.map((event: { id: number }) => event.id),
      [id],
    );

    // Alternating writers: each read comes right after the other node's write.
    for (let revision = 1; revision <= 10; revision++) {
      const [writer, reader] = revision % 2 === 0 ? [nodeA, nodeB] : [nodeB, nodeA];
      assert.equal((await call(writer, 'PATCH', `events/${id}`, { body: { cost: String(revision) } })).status, 200);
      assert.deepEqual(
        (await call(reader, 'GET', `events/${id}`)).body.cost_details.values,
        [String(revision)],
        `revision ${revision}`,
      );
    }

    assert.equal((await call(nodeB, 'DELETE', `events/${id}`)).status, 200);
    const trashedOnA = await call(nodeA, 'GET', `events/${id}`);
    assert.equal(trashedOnA.status, 403);
    assert.equal(trashedOnA.body.code, 'event-no-longer-available');
  });

  test('venues and categories written through one node are read through the other at once', async () => {
    const venue = await call(nodeB, 'POST', 'venues', { body: { venue: 'Two Nodes Arena', city: 'Shelbyville' } });
    assert.equal(venue.status, 201, JSON.stringify(venue.body));
    assert.equal((await call(nodeA, 'GET', `venues/${venue.body.id}`)).body.city, 'Shelbyville');
    assert.equal(
      (await call(nodeA, 'PATCH', `venues/${venue.body.id}`, { body: { city: 'Capital City' } })).status,
      200,
    );
    assert.equal((await call(nodeB, 'GET', `venues/${venue.body.id}`)).body.city, 'Capital City');

    const category = await call(nodeA, 'POST', 'categories', {
      body: { name: 'Two Nodes Opera', description: 'First' },
    });
    assert.equal(category.status, 201, JSON.stringify(category.body));
    assert.equal((await call(nodeB, 'GET', `categories/${category.body.id}`)).body.name, 'Two Nodes Opera');
    assert.equal(
      (await call(nodeB, 'PATCH', `categories/${category.body.id}`, { body: { description: 'Second' } })).status,
      200,
    );
    assert.equal((await call(nodeA, 'GET', `categories/${category.body.id}`)).body.description, 'Second');
    // The name is taken on both nodes, not only on the one that created it.
    const duplicate = await call(nodeB, 'POST', 'categories', { body: { name: 'Two Nodes Opera' } });
    assert.equal(duplicate.status, 400, JSON.stringify(duplicate.body));
    assert.equal(duplicate.body.code, 'term_exists');
    assert.equal((await call(nodeB, 'DELETE', `categories/${category.body.id}?force=true`)).status, 200);
    const deleted = await call(nodeA, 'GET', `categories/${category.body.id}`);
    // Gone on the other node too: a term id that names nothing is the plugin's argument error.
    assert.deepEqual(
      [deleted.status, deleted.body.code, Object.keys(deleted.body.data?.params ?? {})],
      [400, 'rest_invalid_param', ['id']],
      JSON.stringify(deleted.body),
    );
  });

  test('a user and an application password from the CLI work on both nodes at once; revoked or deleted, on neither', async () => {
    // A few failed logins from 127.0.0.1 here, under the throttle's limits; the throttle test uses an address of its own.
    const login = 'two-nodes-editor';
    const accountPassword = 'two-nodes-account-password';
    let category = 0;
    const writeAs = (node: ServerProcess, password: string) =>
      call(node, 'POST', 'categories', {
        authorization: basicAuth(login, password),
        body: { name: `Two Nodes CLI ${++category}` },
      });

    for (const node of [nodeA, nodeB])
      assert.equal((await writeAs(node, accountPassword)).body.code, 'invalid_username');
    cli('user', 'create', login, '--role', 'editor', '--password', accountPassword);
    for (const node of [nodeA, nodeB]) assert.equal((await writeAs(node, accountPassword)).status, 201);

    const appPassword = cli('app-password', 'create', login, '--name', 'deploy').at(-1)!;
    for (const node of [nodeA, nodeB]) assert.equal((await writeAs(node, appPassword)).status, 201);
    cli('app-password', 'revoke', login, 'deploy');
    for (const node of [nodeA, nodeB]) {
      const refused = await writeAs(node, appPassword);
      assert.equal(refused.status, 401);
      assert.equal(refused.body.code, 'incorrect_password');
      assert.equal((await writeAs(node, accountPassword)).status, 201, 'the account password still works');
    }

    cli('user', 'delete', login);
    for (const node of [nodeA, nodeB])
      assert.equal((await writeAs(node, accountPassword)).body.code, 'invalid_username');
  });

  test(`failed logins through either node count together: after ${LOGIN_THROTTLE.maxFailuresPerLogin}, both refuse that login with 429 until throttle reset`, async () => {
    const from = '203.0.113.50';
    const wrong = basicAuth('admin', 'not-the-password');
    for (let failure = 1; failure <= LOGIN_THROTTLE.maxFailuresPerLogin; failure++) {
      // All but the last through node A; the last one, through B, still counts on top of A's.
      const node = failure < LOGIN_THROTTLE.maxFailuresPerLogin ? nodeA : nodeB;
      const answer = await call(node, 'GET', 'events?per_page=1', { authorization: wrong, from });
      assert.equal(answer.status, 401, `failure ${failure}`);
    }
    for (const node of [nodeB, nodeA]) {
      // Even the right password is refused for the throttled login at that address.
      const refused = await call(node, 'GET', 'events?per_page=1', { from });
      assert.equal(refused.status, 429, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'too_many_login_attempts');
      const retryAfter = Number(refused.headers.get('retry-after'));
      assert.ok(
        retryAfter >= 1 && retryAfter <= LOGIN_THROTTLE.windowSeconds,
        `Retry-After: ${refused.headers.get('retry-after')}`,
      );
    }
    // The count is per login and address: another address is not throttled, nor another login at this one.
    assert.equal((await call(nodeB, 'GET', 'events?per_page=1', { from: '203.0.113.51' })).status, 200);
    cli('user', 'create', 'two-nodes-colleague', '--role', 'editor', '--password', 'two-nodes-colleague-password');
    const colleague = basicAuth('two-nodes-colleague', 'two-nodes-colleague-password');
    for (const node of [nodeA, nodeB])
      assert.equal((await call(node, 'GET', 'events?per_page=1', { authorization: colleague, from })).status, 200);

    // The operator sees the count in the shared database and lifts it for both nodes.
    const listed = cli('throttle', 'list');
    const limit = LOGIN_THROTTLE.maxFailuresPerLogin;
    const adminLine = listed
      .map((line) => line.split(/\s+/))
      .find(([login, address]) => login === 'admin' && address === from);
    assert.deepEqual(adminLine?.slice(0, 4), ['admin', from, `${limit}/${limit}`, 'throttled'], listed.join('\n'));
    assert.match(
      cli('throttle', 'reset', '--login', 'admin', '--address', from)[0]!,
      /^Removed 1 failed-login counter:/,
    );
    for (const node of [nodeA, nodeB])
      assert.equal((await call(node, 'GET', 'events?per_page=1', { from })).status, 200);
  });
});
