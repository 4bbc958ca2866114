import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { Caller } from './auth/roles.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Application } from './container.ts';
import { ApiError, invalidParams } from './errors.ts';
import { frameOptionsOf } from './http/frame-options.ts';
import { compressRoutes } from './http/compression.ts';
import { cachedSerializerCompiler, processWideValidators, VALIDATOR_OPTIONS } from './http/compiled-schemas.ts';
import { answerClientError, answerFrameworkError, BODY_LIMIT, registerErrorHandling } from './http/error-handler.ts';
import { languageSegmentRewriter, requestLanguage } from './http/language.ts';
import { coerceToSchema, normalizeFieldNames, parametersWithNul, parseFormEncoded } from './http/params.ts';
import { MAX_JSON_DEPTH, textNestsDeeperThan, tooDeep } from './json-depth.ts';
import { readBoundedMultipart, readMultipartFields } from './http/multipart.ts';
import { RATE_LIMIT_HEADERS, registerRateLimits } from './http/rate-limits.ts';
import { ReadCache } from './http/read-cache.ts';
import { RecordCache } from './http/record-cache.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRoutes, sendsBody, type RouteContext } from './http/routes.ts';
import { RouteTable } from './http/route-table.ts';
import { sessionAuthentication } from './http/sessions.ts';
import { isValidHost, urlsForRequest } from './http/urls.ts';
import { withRequestLogFields } from './http/request-log.ts';
import { withWordPressPaths, WP_V2_NAMESPACE, wordPressPathRewriter } from './http/wordpress-paths.ts';
import { envelopePayload, withMethodTunnel } from './http/global-params.ts';
import { finishDocument, refResolver, SECURITY_SCHEMES, securityTransform, shareNamedSchemas } from './http/openapi.ts';
import { NAMESPACE, namespacesOf, ticketNamespacesOf } from './urls.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { userReadRoutes, userWriteRoutes } from './modules/users/users.routes.ts';
import { namespaceRoutes, registerDiscovery } from './modules/namespace/namespace.routes.ts';
import { categoryRoutes } from './modules/categories/categories.routes.ts';
import { tagRoutes } from './modules/tags/tags.routes.ts';
import { eventRoutes } from './modules/events/events.routes.ts';
import { linkedRecordRoutes } from './modules/linked-records/linked-records.routes.ts';
import { icalRoutes } from './modules/ical/ical.routes.ts';
import { webhookRoutes } from './modules/webhooks/webhooks.routes.ts';
import { mailRoutes } from './modules/mail/mail.routes.ts';
import { icalImportRoutes } from './modules/ical/ical-import.routes.ts';
import { csvImportRoutes } from './modules/csv/csv-import.routes.ts';
import { siteImportRoutes } from './modules/tec-import/site-imports.routes.ts';
import { importSourceRoutes } from './modules/import-sources/import-sources.routes.ts';
import { sessionRoutes } from './modules/sessions/sessions.routes.ts';
import { readTextBody } from './http/text-body.ts';
import { readMultipartUpload, readRawUpload } from './http/uploads.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { communityRoutes } from './modules/community/community.routes.ts';
import { rsvpRoutes, ticketRoutes } from './modules/tickets/tickets.routes.ts';
import { attendeeDeskRoutes, attendeeRoutes } from './modules/tickets/attendees.routes.ts';
import { UploadBody } from './modules/media/media.schemas.ts';
import { registerMediaFiles } from './modules/media/media-files.routes.ts';
import { Upload } from './modules/media/upload.ts';
import { registerPages } from './modules/pages/pages.routes.ts';
import { registerSetup } from './modules/sessions/setup.routes.ts';
import { registerSignIn } from './modules/sessions/sign-in.routes.ts';
import { registerAdmin } from './modules/admin/admin.routes.ts';
import { siteFeedRewriter, sitePathOf, uidHostOf, withSiteFeeds } from './modules/ical/site-feeds.ts';
import { CONTENT_CHANGES_KEPT } from './storage/content-version.ts';
import type { Storage } from './storage/types.ts';

export interface AppDependencies {
  readonly config: Config;
  readonly storage: Storage;
  /** The services and authenticator from the composition root (container.ts). */
  readonly application: Application;
  readonly clock: Clock;
  readonly logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    /** Gives back the upload's place among the images in flight (decision 0090); null for other requests. */
    uploadPlace: (() => void) | null;
  }
}

/**
 * Headers WordPress core puts on every REST response (wire-format.md section 10.7), with the
 * conditional-request headers added (decision 0012).
 */
const CORS_ALLOW_HEADERS =
  'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type, If-Match, If-None-Match';
// X-TEC-Total(Pages) are exposed too, unlike the original (decisions.md, quirk #28).
// The rate-limit headers too, so that a browser client can pace itself (decision 0023).
// X-Sync-Token: the token of an archive's snapshot, for incremental sync (decision 0029).
// X-Calendar-Occurrences-Until: where an archive past the horizon is cut (decision 0025).
const CORS_EXPOSE_HEADERS = [
  'X-WP-Total',
  'X-WP-TotalPages',
  'Link',
  'X-TEC-Total',
  'X-TEC-TotalPages',
  'X-ET-TOTAL',
  'X-ET-TOTAL-PAGES',
  'ETag',
  ...RATE_LIMIT_HEADERS,
  'X-Sync-Token',
  'X-Calendar-Occurrences-Until',
];
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The schema without `required` lists, for the serializer only: fast-json-stringify writes
 * required properties first, and the wire keeps the original's key order, which is the order of
 * `properties`. Validation, types and the OpenAPI document keep the lists.
 */
function withoutRequired(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutRequired);
  if (schema === null || typeof schema !== 'object') return schema;
  // Only the keyword (a list of names) goes: a property named `required` (an attendee field's) stays.
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => key !== 'required' || !Array.isArray(value))
      .map(([key, value]) => [key, withoutRequired(value)]),
  );
}

/** Requests one keep-alive connection may carry: a client is spread over the nodes behind a balancer by reconnecting now and then. */
const MAX_REQUESTS_PER_SOCKET = 1000;
/** How often Node checks connections against the headers and receive timeouts (its default, 30 s, would stretch them by as much). */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;
/** `Strict-Transport-Security` of answers sent over https: a year, this host only (other hosts of the domain are not ours to pin). */
const HSTS = 'max-age=31536000';

/** Trusts the nearest `hops` proxies (Fastify accepts a count at run time but not in its types). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the service (no listen): plugins and hooks in a fixed order, then the modules' routes. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, storage, clock } = deps;
  const { services, authenticator } = deps.application;
  // `calendar/events/v1`, and TEC's `tribe/events/v1` as its alias unless switched off (decision 0018).
  const namespaces = namespacesOf(config);
  // Every namespace a route is served under, Event Tickets' too: WordPress' paths and language segments reach them all.
  const servedNamespaces = [...new Set([...namespaces, ...ticketNamespacesOf(config)])];
  const app = Fastify({
    // The request log shows the URL as the client sent it, before rewriteUrl (decision 0099).
    logger: withRequestLogFields(deps.logger),
    bodyLimit: BODY_LIMIT,
    requestIdHeader: 'x-request-id',
    // Behind a proxy the client address (login throttling) and protocol (URLs) come from X-Forwarded-*:
    // the right-most address no trusted hop added. `true` trusts one hop, never every one: trusting
    // every hop makes the left-most X-Forwarded-For entry, which the client writes, its address (decision 0093).
    trustProxy:
      config.trustProxy === true
        ? trustHops(1)
        : typeof config.trustProxy === 'number'
          ? trustHops(config.trustProxy)
          : config.trustProxy,
    genReqId: () => randomUUID(),
    // Slow clients (decision 0023): the request line and headers, then the whole request, must arrive
    // in time, or the connection is answered 408 and closed (answerClientError); idle keep-alive
    // connections are closed too.
    http: {
      headersTimeout: config.timeouts.headersMs,
      requestTimeout: config.timeouts.receiveMs,
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
    requestTimeout: config.timeouts.receiveMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    maxRequestsPerSocket: MAX_REQUESTS_PER_SOCKET,
    // `/{lang}/calendar/events/v1/...` serves every route in that language (issue 5), under each namespace and at the REST root.
    // Before that, a POST's `_method` / `X-HTTP-Method-Override` picks the method routed by (global-params.ts).
    // The original's public iCalendar URLs (`{site}/events/?ical=1`, `{site}/event/{slug}/ical/`) become the feed routes first (decision 0026).
    // WordPress' own paths (`/wp-json/...`, `?rest_route=`) are served whatever the prefix (decision 0050).
    rewriteUrl: withMethodTunnel(
      withSiteFeeds(
        siteFeedRewriter(sitePathOf(config), `${config.restPrefix}/${NAMESPACE}`),
        withWordPressPaths(
          wordPressPathRewriter(config.restPrefix, servedNamespaces),
          languageSegmentRewriter(
            servedNamespaces.map((namespace) => `${config.restPrefix}/${namespace}`),
            config.restPrefix,
          ),
        ),
      ),
    ),
    // Errors raised before routing (an undecodable URL, an over-long path parameter) in the envelope too.
    frameworkErrors: answerFrameworkError,
    // Over-long request lines and headers, malformed HTTP: in the envelope too, not Fastify's format.
    clientErrorHandler: answerClientError,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500, querystringParser: parseFormEncoded },
    ajv: VALIDATOR_OPTIONS,
    schemaController: { compilersFactory: { buildValidator: processWideValidators } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Before any route: compression is every route's last onSend (issue 34, decision 0063).
  compressRoutes(app);
  // The records' shared schemas (`$ref`s of the responses, http/openapi.ts) resolve in the serializer too, also without `required`.
  app.setSerializerCompiler(cachedSerializerCompiler(app, withoutRequired));

  // Body parsers: JSON (an empty body is no fields, as WordPress reads it), form fields, multipart fields.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Fastify's default text/plain parser would hand a bare string to the routes; it is not a format clients send (415).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, {});
    // Nesting past json_decode's depth is refused before parsing (decision 0088).
    if (textNestsDeeperThan(text, MAX_JSON_DEPTH)) return done(tooDeep());
    void parseJson(request, text, done);
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: BODY_LIMIT },
    (_request, body, done) => {
      done(null, parseFormEncoded(String(body)));
    },
  );
  // iCalendar documents for the import (decision 0028), as text, up to a limit of their own.
  app.addContentTypeParser(
    'text/calendar',
    async (request: { readonly headers: { readonly 'content-length'?: string } }, payload: Readable) =>
      readTextBody(payload, request.headers['content-length'], config.icsImportMaxBytes),
  );
  // CSV files for the CSV import (decision 0115), as text, up to a limit of their own.
  app.addContentTypeParser(
    'text/csv',
    async (request: { readonly headers: { readonly 'content-length'?: string } }, payload: Readable) =>
      readTextBody(payload, request.headers['content-length'], config.csvImportMaxBytes),
  );
  // Uploads (decision 0052): the image as a multipart form's `file` or, as WordPress takes it, as
  // the whole body; only the upload route (and the community form's POST, decision 0062) reads files, each up to CALENDAR_MEDIA_MAX_BYTES.
  const takesUploads = (request: FastifyRequest) =>
    request.routeOptions.schema?.body === UploadBody || request.routeOptions.config.takesUpload === true;
  app.addContentTypeParser(/^image\//i, async (request: FastifyRequest, payload: Readable) => {
    if (!takesUploads(request))
      throw new ApiError('rest_unsupported_media_type', { args: [String(request.headers['content-type'])] });
    return readRawUpload(request, payload, config.media.maxBytes);
  });
  // An upload's body is read only with a place among the images in flight (decision 0090): past
  // them, 429 media_busy before a byte of it is read. The place is given back once the answer is
  // sent or the client goes away. The community form's images are a visitor's (fewer places).
  app.decorateRequest('uploadPlace', null);
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (takesUploads(request) && sendsBody(request))
      request.uploadPlace = services.media.reservePlace(
        request.routeOptions.config.takesUpload === true ? 'visitor' : 'user',
      );
    return payload;
  });
  const givePlaceBack = async (request: FastifyRequest) => request.uploadPlace?.();
  app.addHook('onResponse', givePlaceBack);
  app.addHook('onRequestAbort', givePlaceBack);
  await app.register(multipart, { limits: { fieldSize: BODY_LIMIT, fields: 1000, files: 0, parts: 1000 } });
  // A multipart body is bounded as a whole (decision 0088): the body limit for fields alone, an
  // upload's file limit and the same again for the fields that come with it.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = takesUploads(request)
      ? await readBoundedMultipart(request, config.media.maxBytes + BODY_LIMIT, () =>
          readMultipartUpload(request, config.media.maxBytes),
        )
      : await readBoundedMultipart(request, BODY_LIMIT, () => readMultipartFields(request));
  });

  const corsPolicy = {
    // An OPTIONS without Origin is not a browser pre-flight; answer it like one instead of a plain-text 400.
    strictPreflight: false,
    methods: ['OPTIONS', 'GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: CORS_ALLOW_HEADERS,
    exposedHeaders: CORS_EXPOSE_HEADERS,
  };
  // WordPress echoes any Origin with credentials allowed; with an allow-list, only listed origins
  // get credentials, the others the public API (decision 0013).
  const trustedOrigin = (origin: string | undefined) =>
    origin !== undefined && (config.corsOrigins?.has(origin) ?? true);
  const credentialed = { ...corsPolicy, origin: true, credentials: true };
  const anonymousOnly = { ...corsPolicy, origin: '*', credentials: false };
  // A pre-flight is an OPTIONS with Origin and Access-Control-Request-Method; any other OPTIONS on a
  // namespace route is a question about the route, which WordPress answers with its description
  // (wire-format 9.2): CORS headers are added but the request goes on to that route's handler.
  const describesRoute = (request: FastifyRequest) =>
    request.method === 'OPTIONS' &&
    request.routeOptions.config.apiPath !== undefined &&
    (request.headers.origin === undefined || request.headers['access-control-request-method'] === undefined);
  await app.register(cors, {
    delegator: (request, done) => {
      const policy = trustedOrigin(request.headers.origin) ? credentialed : anonymousOnly;
      done(null, describesRoute(request) ? { ...policy, preflight: false } : policy);
    },
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        version: '1.0.0',
        title: 'The Events Calendar REST API',
        description:
          'The Events Calendar REST API allows accessing upcoming events information easily and conveniently.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    // Records as named components, HTTP Basic where credentials are needed, OpenAPI 3.0 bounds (decision 0007).
    refResolver,
    transform: securityTransform(),
    transformObject: (documents) => finishDocument(documents as { openapiObject: Record<string, unknown> }),
  });
  // A browsable reference of the same document, its assets served from node_modules (no CDN).
  await app.register(swaggerUi, { routePrefix: `${config.restPrefix}/${NAMESPACE}/doc/ui`, staticCSP: true });
  shareNamedSchemas(app);

  registerErrorHandling(app);

  app.decorateRequest('caller', null);
  app.decorateRequest('session', null);
  const authenticateSession = sessionAuthentication(services.sessions, config);
  app.addHook('onRequest', async (request) => {
    // Answers' URLs are built on the Host (or a trusted proxy's X-Forwarded-Host): one no URL can
    // be built on is a bad request (RFC 9112 3.2), refused before it reaches a route.
    if (request.host !== undefined && !isValidHost(request.host))
      throw new ApiError('rest_bad_request', { args: ['the Host header is not a valid host name and port'] });
    // Browsers enforce CORS only on credentials they attach themselves; a script on another origin
    // can still set Authorization on a non-credentialed request, so the server refuses it too.
    const { origin, authorization } = request.headers;
    if (origin !== undefined && authorization !== undefined && !trustedOrigin(origin))
      throw new ApiError('rest_origin_not_allowed', { args: [origin] });
    request.caller = await authenticator.authenticate(authorization, request.ip);
    // HTTP Basic wins: the admin's session cookie counts only on a request without Authorization.
    if (authorization === undefined) await authenticateSession(request);
  });
  // After authentication, which the limits are keyed by; before every route of the API.
  await registerRateLimits(app, config.rateLimits, config.redis);

  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema;
    // A text body (text/calendar, text/csv) is a document, not fields: its route reads it whole; so is an upload.
    if (
      WRITE_METHODS.has(request.method) &&
      schema?.body &&
      typeof request.body !== 'string' &&
      !(request.body instanceof Upload)
    ) {
      const body = request.body ?? {};
      if (typeof body !== 'object' || Array.isArray(body)) {
        throw new ApiError('rest_bad_request', { args: ['the request body must be a JSON object or form fields'] });
      }
      const fields = request.isMultipart()
        ? normalizeFieldNames(body as Record<string, unknown>)
        : (body as Record<string, unknown>);
      // WordPress merges query-string parameters into the body's, the body winning (wire-format 5.5).
      const merged: Record<string, unknown> = { ...(request.query as Record<string, unknown>), ...fields };
      // A required field sent as null counts as missing (wire-format 5.1).
      for (const name of (schema.body as { required?: string[] }).required ?? [])
        if (merged[name] === null) delete merged[name];
      request.body = merged;
      coerceToSchema(schema.body, request.body);
    }
    coerceToSchema(schema?.querystring, request.query);
    coerceToSchema(schema?.params, request.params);
    // PostgreSQL cannot store U+0000 in text, and no field of the API needs it: refuse it on both engines.
    // An upload's file is bytes, not text: its name and the form's fields are what is checked.
    const text =
      request.body instanceof Upload ? { ...request.body.fields, file: request.body.file?.name } : request.body;
    const withNul = [
      ...parametersWithNul(request.params),
      ...parametersWithNul(request.query),
      ...parametersWithNul(text),
    ];
    if (withNul.length > 0)
      throw invalidParams(
        Object.fromEntries(withNul.map((name) => [name, { message: `${name} contains a NUL character.` }])),
      );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const urls = urlsForRequest(request, config);
    const contentType = reply.getHeader('content-type');
    if (typeof contentType === 'string' && contentType.startsWith('application/json'))
      reply.header('content-type', 'application/json; charset=UTF-8');
    reply.header('x-request-id', request.id);
    reply.header('x-robots-tag', 'noindex');
    reply.header('x-content-type-options', 'nosniff');
    // No page of ours (the doc UI, the admin) hands its URL to another site. Not `no-referrer`: under
    // it a browser sends `Origin: null` with a same-origin form or fetch, and the admin's sign-in form
    // and session writes, which check their Origin, were refused in every browser (decision 0066).
    reply.header('referrer-policy', 'same-origin');
    const frameOptions = frameOptionsOf(reply.getHeader('content-security-policy'));
    if (frameOptions !== undefined) reply.header('x-frame-options', frameOptions);
    // Only over https, where browsers honour it; behind a proxy the protocol comes from a trusted X-Forwarded-Proto.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    reply.header('link', `<${urls.restRoot}/>; rel="https://api.w.org/"`);
    reply.header('access-control-allow-headers', CORS_ALLOW_HEADERS);
    reply.header('access-control-expose-headers', CORS_EXPOSE_HEADERS.join(', '));
    const { apiPath, routeTable } = request.routeOptions.config;
    if (apiPath !== undefined && routeTable !== undefined) {
      reply.header('allow', routeTable.allowedMethods(apiPath, request.caller).join(', '));
      reply.header('content-language', requestLanguage(request.raw, request.query, config.defaultLanguage).code);
    }
    if (request.caller) {
      reply.header('expires', 'Wed, 11 Jan 1984 05:00:00 GMT');
      reply.header('cache-control', 'no-cache, must-revalidate, max-age=0, no-store, private');
    }
    // `_envelope` on REST answers no namespace route's own onSend wraps (rest_no_route, the root, OPTIONS).
    if (!request.routeOptions.config.globalParams && request.url.startsWith(`${config.restPrefix}/`))
      return envelopePayload(request, reply, payload);
    return payload;
  });

  // A write answered has committed: its changes may be fanned out to webhooks, and the e-mail it wrote sent, now rather than at the next poll.
  app.addHook('onResponse', async (request) => {
    if (request.method === 'GET' || request.method === 'HEAD') return;
    deps.application.webhookDispatcher.wake();
    deps.application.mailDispatcher?.wake();
  });
  const table = new RouteTable();
  const context: RouteContext = {
    table,
    prefix: config.restPrefix,
    namespaces,
    storage,
    clock,
    readCache: config.readCacheBytes > 0 ? new ReadCache(config.readCacheBytes, CONTENT_CHANGES_KEPT) : undefined,
    ...(config.recordCacheBytes > 0
      ? { recordCache: new RecordCache(config.recordCacheBytes, CONTENT_CHANGES_KEPT) }
      : {}),
    requestTimeoutMs: config.timeouts.requestMs,
    guessThrottle: services.loginThrottle,
    frameOf: (request) => {
      const language = requestLanguage(request.raw, request.query, config.defaultLanguage);
      return {
        caller: request.caller,
        session: request.session,
        urls: urlsForRequest(request, config),
        language: language.code,
        explicitLanguage: language.source !== 'default',
      };
    },
  };

  registerMetrics(app, deps.application.metrics, config.metricsToken, context.readCache);
  // Registration order is the original's (wire-format 9.2); it orders the index, /doc and `Allow`.
  registerRoutes(app, context, [
    ...namespaceRoutes({ table, openapi: () => app.swagger() }),
    ...eventRoutes(
      { events: services.events, archive: services.eventArchive, writer: services.eventWriter },
      config.timezone,
      services.seriesExtender,
      services.sync,
      storage,
    ),
    ...linkedRecordRoutes(services.venues, services.sync, storage),
    ...linkedRecordRoutes(services.organizers, services.sync, storage),
    ...categoryRoutes(services.terms, services.sync),
    ...tagRoutes(services.terms, services.sync),
    ...icalRoutes(services.calendarFeeds, {
      storage,
      seriesExtender: services.seriesExtender,
      clock,
      siteZone: config.timezone,
      maxEvents: config.icsMaxEvents,
      uidHost: uidHostOf(config),
    }),
    ...webhookRoutes(services.webhooks, clock),
    ...mailRoutes(services.mail),
    ...icalImportRoutes(services.icalImport, services.icalImportJobs, uidHostOf(config), clock),
    ...csvImportRoutes(services.csvImport),
    ...siteImportRoutes(services.siteImports, clock),
    ...importSourceRoutes(services.importSources, clock),
    ...sessionRoutes(services.sessions),
    ...mediaRoutes(services.media),
    ...communityRoutes(services.communityReview),
  ]);
  // Event Tickets' routes under its namespace and ours (decision 0108); a visitor's RSVP, which the original lacks, under ours only.
  registerRoutes(app, { ...context, namespaces: ticketNamespacesOf(config) }, [
    ...ticketRoutes(services.tickets, services.sync),
    ...attendeeRoutes(services.attendees, config.timezone, storage),
  ]);
  registerRoutes(app, { ...context, namespaces: [NAMESPACE] }, [
    ...rsvpRoutes(services.rsvp),
    ...attendeeDeskRoutes(services.attendees, services.rsvp, services.rsvpChanges, config.timezone),
  ]);
  // The REST root index (`{prefix}/`, what the `Link` header points at) and `OPTIONS` on every route.
  registerDiscovery(app, {
    table,
    namespaces: servedNamespaces,
    prefix: config.restPrefix,
    timezone: config.timezone,
    clock,
    urlsOf: (request) => urlsForRequest(request, config),
    calendarPath: `${sitePathOf(config)}/events/`,
    tecAlias: config.tecAlias,
  });
  // WordPress' `users/me`, which clients of the original call to check a login (decision 0050), and
  // the users and application passwords the admin manages (decision 0067): declared as the
  // namespaces' routes, writes too (decision 0121), under `wp/v2` with a table of their own (the
  // namespaces' index does not list them).
  registerRoutes(app, { ...context, table: new RouteTable(), namespaces: [WP_V2_NAMESPACE] }, [
    ...userReadRoutes(services.users),
    ...userWriteRoutes(services.users),
  ]);
  healthRoutes(app, storage);
  // Uploaded images' files, under the site's path as the pages (decision 0052).
  registerMediaFiles(app, { sitePath: sitePathOf(config), files: services.media.files });
  // The public HTML pages at the records' own URLs (decision 0031); after the app's onSend, which their own follows.
  registerPages(app, {
    config,
    storage,
    clock,
    pages: services.pages,
    throttle: services.loginThrottle,
    community: services.community,
    tickets: services.tickets,
    rsvp: services.rsvp,
    rsvpChanges: services.rsvpChanges,
    readCache: context.readCache,
  });
  // The admin's sign-in and sign-out forms (decision 0040).
  registerSignIn(app, { config, authenticator, sessions: services.sessions });
  registerSetup(app, { config, setup: services.firstAdmin, sessions: services.sessions });
  // The admin's client application at `{site}/admin/` (issue 33, decision 0054).
  registerAdmin(app, config);
  return app;
}
