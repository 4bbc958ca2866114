import { Type } from '@sinclair/typebox';
import { CommonQuery } from '../../http/params.ts';
import { defineRoute, methodsOf, type ApiRoute, type RouteTable } from '../../http/routes.ts';
import { NAMESPACE } from '../../urls.ts';

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

/** `/categories/:id(^\d+$)` → `/categories/(?P<id>\d+)`, the WordPress route notation of the index. */
function wordpressPattern(path: string): string {
  return path.replace(/:(\w+)\(\^\\d\+\$\)/g, '(?P<$1>\\d+)').replace(/:(\w+)/g, '(?P<$1>[^/]+)');
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

/** The namespace index (wire-format 9.2) and the OpenAPI document at /doc (9.1). */
export function namespaceRoutes({ table, openapi }: NamespaceDependencies): ApiRoute[] {
  let cachedPaths: { document: OpenApiDocument; paths: Record<string, unknown> } | undefined;
  // Relative path keys under `servers[0].url`, as the original's document; built once, on first use.
  const relativeDocument = () => {
    if (!cachedPaths) {
      const document = openapi() as OpenApiDocument;
      const paths: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(document.paths ?? {})) {
        const at = key.indexOf(`/${NAMESPACE}`);
        if (at >= 0) paths[key.slice(at + NAMESPACE.length + 1) || '/'] = value;
      }
      cachedPaths = { document, paths };
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
      handle: async ({ urls }) => {
        const routes: Record<string, unknown> = {};
        for (const [path, pathRoutes] of table.byPath) {
          const pattern = wordpressPattern(path);
          const isRegex = pattern !== path;
          routes[`/${NAMESPACE}${pattern}`] = {
            namespace: NAMESPACE,
            methods: [...new Set(pathRoutes.flatMap(methodsOf))],
            endpoints: pathRoutes.map((route) => ({ methods: [...methodsOf(route)], args: describeArgs(route) })),
            // WordPress gives regex routes no self link.
            ...(isRegex ? {} : { _links: { self: [{ href: `${urls.api}${path}` }] } }),
          };
        }
        return { body: { namespace: NAMESPACE, routes, _links: { up: [{ href: `${urls.restRoot}/` }] } } };
      },
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
        const { document, paths } = relativeDocument();
        return {
          body: {
            openapi: document.openapi,
            info: document.info,
            components: document.components ?? { schemas: {} },
            // Unlike the original, the server URL keeps the port (decisions.md, quirk #25).
            servers: [{ url: `${urls.api}/` }],
            paths,
          },
        };
      },
    }),
  ];
}
