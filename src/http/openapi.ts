import type { FastifyInstance, RouteOptions } from 'fastify';
import { methodsOf } from './route-definition.ts';

/*
 * The OpenAPI document's finishing (decision 0007): records as named components, HTTP Basic on the
 * routes that need credentials, and OpenAPI 3.0's spelling of exclusive bounds. Validation and
 * serialization keep using the route schemas; only their response schemas become references.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Response schemas carrying an `$id` (the records and their archive envelopes) are added once with
 * `addSchema` and referenced (`{"$ref": "Event#"}`) wherever they appear, so @fastify/swagger lists
 * them under `components.schemas` by that name. Registered as an `onRoute` hook before the routes;
 * the route's own schema object is left as it is (the route table and the index read it).
 */
export function shareNamedSchemas(app: FastifyInstance): void {
  const shared = new Map<string, string>();
  const toRefs = (schema: unknown): unknown => {
    if (Array.isArray(schema)) return schema.map((item) => toRefs(item));
    if (!isObject(schema)) return schema;
    const id = schema.$id;
    const copy = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, toRefs(value)]));
    if (typeof id !== 'string') return copy;
    const text = JSON.stringify(copy);
    const known = shared.get(id);
    if (known === undefined) {
      shared.set(id, text);
      app.addSchema(copy);
    } else if (known !== text) throw new Error(`Two different schemas are named ${id}`);
    return { $ref: `${id}#` };
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    route.schema = {
      ...route.schema,
      response: Object.fromEntries(Object.entries(response).map(([status, schema]) => [status, toRefs(schema)])),
    };
  });
}

/** `withoutRequired` and the like, applied to the shared schemas the serializer resolves references to. */
export function sharedSchemasFor(app: FastifyInstance, prepare: (schema: unknown) => unknown): Record<string, unknown> {
  return Object.fromEntries(Object.entries(app.getSchemas()).map(([id, schema]) => [id, prepare(schema)]));
}

/** Components named by their `$id` rather than `def-N`. */
export const refResolver = {
  buildLocalReference: (json: Json, _baseUri: unknown, _fragment: unknown, index: number): string =>
    typeof json.$id === 'string' ? json.$id : `def-${index}`,
};

export const BASIC_AUTH = 'basic';
/** The admin's session cookie and the nonce that must go with it (decision 0040). */
export const SESSION_AUTH = 'session';
export const NONCE_AUTH = 'nonce';

/**
 * OpenAPI 3.0 takes `exclusiveMinimum`/`exclusiveMaximum` as booleans beside `minimum`/`maximum`
 * (JSON Schema draft 4); the route schemas use the numeric form Ajv validates with. The document
 * spells the same bound the 3.0 way, so validation is unchanged.
 */
function exclusiveBoundsFor30(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(exclusiveBoundsFor30);
  if (!isObject(value)) return value;
  const out: Json = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === 'exclusiveMinimum' && typeof item === 'number')
      Object.assign(out, { minimum: item, exclusiveMinimum: true });
    else if (key === 'exclusiveMaximum' && typeof item === 'number')
      Object.assign(out, { maximum: item, exclusiveMaximum: true });
    else out[key] = exclusiveBoundsFor30(item);
  }
  return out;
}

/** `components.securitySchemes`: HTTP Basic, or the admin's session cookie with its nonce, named in each operation that needs credentials. */
export const SECURITY_SCHEMES = {
  [BASIC_AUTH]: {
    type: 'http',
    scheme: 'basic',
    description: 'An account login and password, or an application password (decision 0002).',
  },
  [SESSION_AUTH]: {
    type: 'apiKey',
    in: 'cookie',
    name: 'calendar_session',
    description:
      "The admin's session, set by signing in at <site path>/admin/sign-in; honoured only from the service's own origin, and only with the session's nonce (decision 0040).",
  },
  [NONCE_AUTH]: {
    type: 'apiKey',
    in: 'header',
    name: 'X-WP-Nonce',
    description:
      'The nonce of the session, from GET /sessions/current (or the `_wpnonce` parameter); a wrong one is 403 rest_cookie_invalid_nonce.',
  },
} as const;

/** @fastify/swagger's `transformObject`: OpenAPI 3.0 bounds everywhere. */
export function finishDocument({ openapiObject }: { openapiObject: Partial<Json> }): Json {
  return exclusiveBoundsFor30(openapiObject) as Json;
}

/**
 * @fastify/swagger's `transform`: an operation whose route's permission is not `public` declares
 * HTTP Basic, or the session cookie with its nonce, as its `security` (the permission of each route
 * is visible in the document); a public route that reads the session, the cookie alone.
 */
export function securityTransform() {
  return ({ schema, url, route }: { schema: unknown; url: string; route: RouteOptions }) => {
    const apiPath = route.config?.apiPath;
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const served =
      apiPath === undefined
        ? undefined
        : route.config?.routeTable?.byPath
            .get(apiPath)
            ?.find((candidate) => methodsOf(candidate).includes(method as never));
    if (!served || !isObject(schema)) return { schema: schema as Json, url };
    if (served.permission === 'public')
      return { schema: served.readsSession ? { ...schema, security: [{ [SESSION_AUTH]: [] }] } : schema, url };
    return { schema: { ...schema, security: [{ [BASIC_AUTH]: [] }, { [SESSION_AUTH]: [], [NONCE_AUTH]: [] }] }, url };
  };
}
