import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Type } from '@sinclair/typebox';
import Fastify, { type FastifyRequest } from 'fastify';
import type { Caller } from '../../src/auth/roles.ts';
import { pinnedClock } from '../../src/clock.ts';
import { ApiError } from '../../src/errors.ts';
import { defineRoute } from '../../src/http/route-definition.ts';
import { registerRoutes, type RouteContext } from '../../src/http/routes.ts';
import { RouteTable } from '../../src/http/route-table.ts';
import type { ReadTx, WriteTx } from '../../src/storage/types.ts';
import { Urls } from '../../src/urls.ts';

/*
 * Which unit of work a request runs in, seen through a storage stub that records the units opened:
 * a caller the permission refuses never takes the write lock, what the validator loaded reaches the
 * version check and the handler without being read again, and the content version moves with the write.
 */

const EDITOR: Caller = { id: 1, login: 'editor', role: 'editor' };

async function appWith(
  validate: (loaded: string[], before?: string) => Promise<string>,
  { locks = false }: { locks?: boolean } = {},
) {
  const units: string[] = [];
  const loads: string[] = [];
  const handled: string[] = [];
  const storage: RouteContext['storage'] = {
    read: async (work) => {
      units.push('read');
      return work({} as ReadTx);
    },
    write: async (work) => {
      units.push('write');
      return work({} as WriteTx);
    },
    contentVersion: async () => 1,
    contentChanges: async () => new Map(),
    touchContent: async () => void units.push('touch'),
    // SQLite's answer: no row lock, so the validators run once; PostgreSQL's locks the record, and they run again.
    dialect: { lockRow: async () => locks },
  };
  const app = Fastify();
  app.decorateRequest('caller', null);
  app.addHook('onRequest', async (request) => {
    request.caller = request.headers.authorization === 'editor' ? EDITOR : null;
  });
  app.setErrorHandler((error, _request, reply) =>
    reply.code(error instanceof ApiError ? error.status : 500).send({ code: (error as ApiError).code }),
  );
  const context: RouteContext = {
    table: new RouteTable(),
    prefix: '',
    storage,
    clock: pinnedClock('2026-11-24T12:00:00Z'),
    readCache: undefined,
    requestTimeoutMs: 30_000,
    frameOf: (request: FastifyRequest) => ({
      caller: request.caller,
      session: null,
      urls: new Urls('http://localhost', { publicUrl: undefined, siteUrl: undefined, restPrefix: '' }),
      language: 'en',
      explicitLanguage: false,
    }),
  };
  const schema = {
    summary: 'A write',
    querystring: Type.Object({}),
    response: { 200: Type.Object({ loaded: Type.String() }) },
  };
  registerRoutes(app, context, [
    defineRoute({
      method: 'POST',
      path: '/things',
      permission: { all: ['edit_tribe_events'] },
      schema,
      validate: (_frame, _tx, before?: string) => validate(loads, before),
      currentVersion: () => 7,
      lockedRecord: () => ({ table: 'posts', id: 1 }),
      handle: async (_frame, _tx, loaded) => {
        handled.push(loaded);
        return { body: { loaded } };
      },
    }),
    defineRoute({
      method: ['POST', 'DELETE'],
      path: '/users',
      permission: { all: ['create_users'] },
      refusal: 'rest_cannot_create_user',
      schema,
      handle: async () => ({ body: { loaded: '' } }),
    }),
  ]);
  await app.ready();
  return { app, units, loads, handled };
}

const post = (app: Awaited<ReturnType<typeof appWith>>['app'], headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/calendar/events/v1/things', headers });

describe('units of work of a write route', () => {
  test('a refused caller runs the validators on a read snapshot and never enters a write unit', async () => {
    const { app, units, loads, handled } = await appWith(async (loads) => {
      loads.push('loaded');
      return 'thing';
    });
    const response = await post(app);
    assert.equal(response.statusCode, 401);
    assert.deepEqual(units, ['read']);
    assert.deepEqual([loads, handled], [['loaded'], []]);
  });

  test("a refused caller's invalid input gets the validator's error first, still without a write unit", async () => {
    const { app, units } = await appWith(async () => {
      throw new ApiError('rest_invalid_param', { args: ['thing'], data: { params: { thing: 'Invalid parameter.' } } });
    });
    assert.equal((await post(app)).statusCode, 400);
    assert.deepEqual(units, ['read']);
  });

  test('a permitted write loads once, in its write unit, hands that on, and raises the content version in the same unit', async () => {
    const { app, units, loads, handled } = await appWith(async (loads) => {
      loads.push('loaded');
      return 'thing';
    });
    const response = await post(app, { authorization: 'editor' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { loaded: 'thing' });
    assert.deepEqual(units, ['write', 'touch']);
    assert.deepEqual([loads, handled], [['loaded'], ['thing']]);
  });

  test('a write whose record is locked runs its validator again, given what the first run found', async () => {
    const { app, units, loads, handled } = await appWith(
      async (loads, before) => {
        loads.push(before ?? 'none');
        return `${before ?? ''}thing`;
      },
      { locks: true },
    );
    const response = await post(app, { authorization: 'editor' });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(units, ['write', 'touch']);
    assert.deepEqual([loads, handled], [['none', 'thing'], ['thingthing']]);
  });

  test('If-Match compares the version of what the validator loaded, inside the write unit', async () => {
    const { app, units, handled } = await appWith(async () => 'thing');
    const stale = await post(app, { authorization: 'editor', 'if-match': '"6-abc"' });
    assert.equal(stale.statusCode, 412);
    assert.deepEqual([units, handled], [['write'], []]);
  });
});

describe('the refusal of a route that names its own', () => {
  const refusal = async (headers: Record<string, string>, payload?: string) => {
    const { app, units } = await appWith(async () => 'thing');
    const response = await app.inject({
      method: payload === undefined ? 'DELETE' : 'POST',
      url: '/calendar/events/v1/users',
      headers,
      ...(payload === undefined ? {} : { payload }),
    });
    return { status: response.statusCode, code: response.json().code, units };
  };

  test('is its code, 401 to an anonymous caller and 403 to a signed-in one, after the validators', async () => {
    assert.deepEqual(await refusal({}), { status: 401, code: 'rest_cannot_create_user', units: ['read'] });
    assert.deepEqual(await refusal({ authorization: 'editor' }), {
      status: 403,
      code: 'rest_cannot_create_user',
      units: ['read'],
    });
  });

  test('is its code too when the caller is refused before the body is read', async () => {
    assert.deepEqual(await refusal({ authorization: 'editor', 'content-type': 'application/json' }, '{}'), {
      status: 403,
      code: 'rest_cannot_create_user',
      units: [],
    });
  });

  test('is `rest_forbidden` for a route that names none', async () => {
    const { app } = await appWith(async () => 'thing');
    assert.equal((await post(app)).json().code, 'rest_forbidden');
  });
});
