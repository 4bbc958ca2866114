import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { nowUtc, type Clock } from '../../clock.ts';
import { offsetString } from '../../dates/zones.ts';
import { discoveryHeaders } from '../../http/discovery.ts';
import { CommonQuery } from '../../http/params.ts';
import { defineRoute, methodsOf, type AnyRoute, type ApiRoute } from '../../http/route-definition.ts';
import type { RouteTable } from '../../http/route-table.ts';
import { cameThroughWordPress, USERS_PATH } from '../../http/wordpress-paths.ts';
import { NAMESPACE, type Urls } from '../../urls.ts';

interface JsonSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface OpenApiDocument {
  openapi: string;
  info: unknown;
  components?: unknown;
  paths?: Record<string, unknown>;
}

export interface NamespaceDependencies {
  readonly table: RouteTable;
  /** The OpenAPI document generated from every route's schemas. */
  readonly openapi: () => unknown;
}

const AnyObject = Type.Unsafe<Record<string, unknown>>({ type: 'object', additionalProperties: true });

/**
 * `/categories/:id(^\d+$)` → `/categories/(?P<id>\d+)`, the WordPress route notation of the index;
 * a parameter's own pattern is kept (`/events/:id(^\d+).ics` → `/events/(?P<id>\d+).ics`).
 */
function wordpressPattern(path: string): string {
  return path.replace(/:(\w+)\(\^([^)]*?)\$?\)/g, '(?P<$1>$2)').replace(/:(\w+)/g, '(?P<$1>[^/]+)');
}

/** One route's arguments as WordPress lists them: default, description, type, items, enum, format, required. */
function describeArgs(route: ApiRoute): Record<string, unknown> {
  // WordPress does not tell query from body arguments; write routes also take query parameters
  // such as translation_language, so both are listed, a body field winning over its query twin.
  const sources = [route.schema.params, route.schema.body, route.schema.querystring] as (JsonSchema | undefined)[];
  const args: Record<string, unknown> = {};
  for (const schema of sources) {
    for (const [name, property] of Object.entries(schema?.properties ?? {})) {
      if (name in args) continue;
      const type = Array.isArray(property.type) ? property.type.find((t) => t !== 'null') : property.type;
      args[name] = {
        ...(property.default !== undefined ? { default: property.default } : {}),
        ...(property.description ? { description: property.description } : {}),
        ...(type ? { type } : {}),
        ...(property.items ? { items: { type: property.items.type } } : {}),
        ...(property.format ? { format: property.format } : {}),
        ...(property.enum ? { enum: property.enum } : {}),
        required: (schema?.required ?? []).includes(name),
      };
    }
  }
  return args;
}

/**
 * One route as WordPress describes it (wire-format 9.2): its entry in the namespace and REST root
 * indexes, and the answer to `OPTIONS` on it. Keys and links use the namespace of `urls`.
 */
export function describeRoute(path: string, pathRoutes: readonly AnyRoute[], urls: Urls): Record<string, unknown> {
  const isRegex = wordpressPattern(path) !== path;
  return {
    namespace: urls.namespace,
    methods: [...new Set(pathRoutes.flatMap(methodsOf))],
    endpoints: pathRoutes.map((route) => {
      const args = describeArgs(route);
      // The index's own `namespace` argument defaults to the namespace it was asked under.
      if (path === '' && typeof args.namespace === 'object')
        args.namespace = { ...args.namespace, default: urls.namespace };
      return { methods: [...methodsOf(route)], args };
    }),
    // WordPress gives regex routes no self link.
    ...(isRegex ? {} : { _links: { self: [{ href: `${urls.api}${path}` }] } }),
  };
}

/** Every route of the table mounted under the URLs' namespace, keyed `/{namespace}{pattern}` in registration order. */
export function describeRoutes(table: RouteTable, urls: Urls): Record<string, unknown> {
  const routes: Record<string, unknown> = {};
  for (const [path, pathRoutes] of table.pathsIn(urls.namespace))
    routes[`/${urls.namespace}${wordpressPattern(path)}`] = describeRoute(path, pathRoutes, urls);
  return routes;
}

/** The namespace index (wire-format 9.2) and the OpenAPI document at /doc (9.1). */
export function namespaceRoutes({ table, openapi }: NamespaceDependencies): ApiRoute[] {
  let cachedPaths: { document: OpenApiDocument; paths: Record<string, unknown>; core: [string, object][] } | undefined;
  // Relative path keys under `servers[0].url`, as the original's document; built once, on first use.
  const relativeDocument = () => {
    if (!cachedPaths) {
      const document = openapi() as OpenApiDocument;
      const paths: Record<string, unknown> = {};
      const core: [string, object][] = [];
      for (const [key, value] of Object.entries(document.paths ?? {})) {
        const at = key.indexOf(`/${NAMESPACE}`);
        if (at >= 0) paths[key.slice(at + NAMESPACE.length + 1) || '/'] = value;
        // WordPress' core routes the service serves (`wp/v2/users`, decision 0067) sit beside the
        // namespace, not under it: listed relative to the REST root, which their own `servers` names.
        const coreAt = key.indexOf(USERS_PATH);
        if (at < 0 && coreAt >= 0) core.push([key.slice(coreAt), value as object]);
      }
      cachedPaths = { document, paths, core };
    }
    return cachedPaths;
  };

  return [
    defineRoute({
      method: 'GET',
      path: '',
      permission: 'public',
      timeless: true,
      schema: {
        summary: 'Lists every route of the namespace with its methods and arguments',
        querystring: Type.Object({
          namespace: Type.String({ default: NAMESPACE }),
          context: Type.String({ default: 'view' }),
          ...CommonQuery,
        }),
        response: { 200: AnyObject },
      },
      handle: async ({ urls }) => ({
        body: {
          namespace: urls.namespace,
          routes: describeRoutes(table, urls),
          _links: { up: [{ href: `${urls.restRoot}/` }] },
        },
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/doc',
      permission: 'public',
      timeless: true,
      schema: {
        summary: 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.',
        querystring: Type.Object(CommonQuery),
        response: { 200: AnyObject },
      },
      handle: async ({ urls }) => {
        const { document, paths, core } = relativeDocument();
        return {
          body: {
            openapi: document.openapi,
            info: document.info,
            components: document.components ?? { schemas: {} },
            // Unlike the original, the server URL keeps the port (decisions.md, quirk #25).
            servers: [{ url: `${urls.api}/` }],
            paths: {
              ...paths,
              ...Object.fromEntries(core.map(([key, item]) => [key, { servers: [{ url: urls.restRoot }], ...item }])),
            },
          },
        };
      },
    }),
  ];
}

export interface DiscoveryDependencies {
  readonly table: RouteTable;
  /** The namespaces served, ours first (decision 0018). */
  readonly namespaces: readonly string[];
  readonly prefix: string;
  /** The site time zone, for `timezone_string` and `gmt_offset`. */
  readonly timezone: string;
  readonly clock: Clock;
  readonly urlsOf: (request: FastifyRequest) => Urls;
  /** The calendar's page, where a browser asking for the bare `/` is sent (decision 0098). */
  readonly calendarPath: string;
  /** Whether `tribe/events/v1` is served (decision 0018): the bare `/`'s discovery headers point there then. */
  readonly tecAlias: boolean;
}

/**
 * Whether a request for the bare `/` is a person's browser rather than an API client (decision
 * 0098): it names HTML and not JSON in Accept. curl, fetch and WordPress clients send a wildcard
 * or JSON and keep the REST index.
 */
function wantsCalendarPage(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return (
    request.url === '/' &&
    !cameThroughWordPress(request.raw) &&
    /\btext\/html\b/i.test(accept) &&
    !/\bapplication\/json\b/i.test(accept)
  );
}

/** The zone's offset from UTC now, in hours (WordPress' `gmt_offset`, e.g. -5 or 5.5). */
function gmtOffset(timezone: string, clock: Clock): number {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offsetString(timezone, nowUtc(clock)));
  if (!match) return 0;
  const hours = Number(match[2]) + Number(match[3]) / 60;
  return match[1] === '-' ? -hours : hours;
}

/**
 * WordPress REST discovery (decision 0018): the REST root index at `{prefix}/`, which every
 * answer's `Link: <…>; rel="https://api.w.org/"` header points at, and `OPTIONS` on every route of
 * every namespace, answered with the route's description and an `Allow` header (a CORS pre-flight
 * is answered by the CORS plugin before it gets here). Neither is in the OpenAPI document: the
 * root lies outside the namespace, and WordPress does not document OPTIONS.
 */
export function registerDiscovery(app: FastifyInstance, deps: DiscoveryDependencies): void {
  const { table, namespaces, prefix } = deps;
  app.route({
    method: 'GET',
    url: prefix === '' ? '/' : prefix,
    schema: {
      hide: true,
      querystring: Type.Object({ context: Type.String({ default: 'view' }), ...CommonQuery }),
      response: { 200: AnyObject },
    },
    handler: async (request, reply) => {
      const urls = deps.urlsOf(request);
      if (prefix === '') {
        // The bare `/` is the site's home too: it tells tools where the API is, as the original's home does (decision 0099).
        reply.header('vary', 'Accept').headers(discoveryHeaders(urls, deps, { home: true }));
        if (wantsCalendarPage(request)) return reply.redirect(deps.calendarPath, 303);
      }
      const rootRoute = {
        namespace: '',
        methods: ['GET'],
        endpoints: [{ methods: ['GET'], args: { context: { default: 'view', required: false } } }],
        _links: { self: [{ href: `${urls.restRoot}/` }] },
      };
      return {
        name: 'calendar-events',
        description:
          'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
        url: urls.siteOrigin,
        home: urls.site,
        gmt_offset: gmtOffset(deps.timezone, deps.clock),
        timezone_string: deps.timezone,
        namespaces: [...namespaces],
        // Where WordPress sends a client to ask for an application password; the service creates
        // them from its command line, so this is the site's page, if it has one (decision 0018).
        authentication: {
          'application-passwords': {
            endpoints: { authorization: `${urls.siteOrigin}/wp-admin/authorize-application.php` },
          },
        },
        routes: namespaces.reduce<Record<string, unknown>>(
          (routes, namespace) => ({ ...routes, ...describeRoutes(table, urls.inNamespace(namespace)) }),
          { '/': rootRoute },
        ),
        _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
      };
    },
  });
  for (const namespace of namespaces) {
    for (const [path, pathRoutes] of table.pathsIn(namespace)) {
      app.route({
        method: 'OPTIONS',
        url: `${prefix}/${namespace}${path}`,
        schema: { hide: true, querystring: Type.Object(CommonQuery), response: { 200: AnyObject } },
        config: { apiPath: path, namespace, routeTable: table },
        handler: async (request) => describeRoute(path, pathRoutes, deps.urlsOf(request)),
      });
    }
  }
}
