import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TimedOut } from '../deadline.ts';
import { ApiError, invalidParams, missingParams, typeMismatch, type InvalidParam } from '../errors.ts';

/**
 * The bound on a request body (JSON, form fields, a multipart field): what Fastify and the body
 * parsers enforce (app.ts), and what their 413 names.
 */
export const BODY_LIMIT = 1024 * 1024;

/** One AJV error, as Fastify attaches them to a validation failure. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The parameter an AJV error is about: the first segment of its path, or the missing property. */
function paramName(issue: ValidationIssue): string {
  if (issue.keyword === 'required') return String(issue.params.missingProperty);
  return decodeURIComponent(issue.instancePath.split('/')[1] ?? '')
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

/** WordPress' wording and detail code for each kind of check (rest_validate_value_from_schema). */
function describe(name: string, issue: ValidationIssue): InvalidParam {
  switch (issue.keyword) {
    case 'type': {
      const expected = String(issue.params.type)
        .split(',')
        .filter((type) => type !== 'null')
        .join(',');
      return typeMismatch(name, `${name} is not of type ${expected}.`);
    }
    case 'enum':
      return typeMismatch(
        name,
        `${name} is not one of ${(issue.params.allowedValues as unknown[]).join(', ')}.`,
        'rest_not_in_enum',
      );
    case 'minimum':
      return typeMismatch(
        name,
        `${name} must be greater than or equal to ${String(issue.params.limit)}`,
        'rest_out_of_bounds',
      );
    case 'maximum':
      return typeMismatch(
        name,
        `${name} must be less than or equal to ${String(issue.params.limit)}`,
        'rest_out_of_bounds',
      );
    case 'minLength':
      return typeMismatch(
        name,
        `${name} must be at least ${String(issue.params.limit)} character(s) long.`,
        'rest_too_short',
      );
    case 'maxLength':
      return typeMismatch(
        name,
        `${name} must be at most ${String(issue.params.limit)} character(s) long.`,
        'rest_too_long',
      );
    default:
      return { message: 'Invalid parameter.' };
  }
}

/** Turns a failed schema validation into WordPress' `rest_missing_callback_param` or `rest_invalid_param`. */
export function fromValidation(issues: readonly ValidationIssue[], requiredOrder: readonly string[]): ApiError {
  const missing = issues.filter((issue) => issue.keyword === 'required').map(paramName);
  if (missing.length > 0) {
    // WordPress lists missing parameters in declaration order.
    const ordered = [
      ...requiredOrder.filter((name) => missing.includes(name)),
      ...missing.filter((name) => !requiredOrder.includes(name)),
    ];
    return missingParams([...new Set(ordered)]);
  }
  const params: Record<string, InvalidParam> = {};
  for (const issue of issues) {
    const name = paramName(issue);
    if (name === '')
      return new ApiError('rest_bad_request', { args: ['the request body must be a JSON object or form fields'] });
    // anyOf reports each branch; the first specific failure is the informative one.
    if (!(name in params) || (params[name]!.detail === undefined && issue.keyword !== 'anyOf'))
      params[name] = describe(name, issue);
  }
  return invalidParams(params);
}

/** Fastify's own request errors (body parsing, size, media type) mapped into the API's envelope. */
function fromFastify(error: FastifyError): ApiError | undefined {
  switch (error.code) {
    // A method Fastify has no router for (e.g. a tunnelled `_method=BOGUS`): no route, as WordPress answers.
    case 'FST_ERR_NOT_FOUND':
      return new ApiError('rest_no_route');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new ApiError('rest_invalid_json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ApiError('rest_payload_too_large', { args: [String(BODY_LIMIT)] });
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new ApiError('rest_unsupported_media_type', {
        args: ['send application/json, application/x-www-form-urlencoded or multipart/form-data'],
      });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
      return new ApiError('rest_bad_request', { args: [error.message] });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_PROTO_VIOLATION':
      return new ApiError('rest_bad_request', { args: [error.message] });
    default:
      if (error instanceof SyntaxError) return new ApiError('rest_invalid_json');
      if (error.statusCode === 413) return new ApiError('rest_payload_too_large', { args: [String(BODY_LIMIT)] });
      if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
        return new ApiError('rest_bad_request', { args: [error.message], status: error.statusCode });
      }
      return undefined;
  }
}

/**
 * Fastify's `frameworkErrors`: the failures it meets before any route or hook runs, which it would
 * otherwise answer in its own format, echoing the URL.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  let apiError: ApiError;
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      apiError = new ApiError('rest_bad_request', { args: ['the URL path is not valid percent-encoded UTF-8'] });
      break;
    case 'FST_ERR_MAX_PARAM_LENGTH':
      apiError = new ApiError('rest_bad_request', { args: ['a path parameter is too long'], status: 414 });
      break;
    default:
      request.log.error({ err: error }, 'unhandled framework error');
      apiError = new ApiError('internal_error');
  }
  // The app's onSend hook does not run for these replies; the headers that matter for safety are set here.
  void reply
    .code(apiError.status)
    .headers({
      'content-type': 'application/json; charset=UTF-8',
      'x-content-type-options': 'nosniff',
      'x-request-id': request.id,
    })
    .send(apiError.toBody());
}

/** Node's bound on a request's line and headers together (`--max-http-header-size`, 16 KiB by default). */
export const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses before Fastify sees them
 * (a request line and headers over MAX_HEADER_BYTES, a malformed request, a client too slow to
 * send its headers), answered in the envelope and the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const apiError =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ApiError('rest_headers_too_large', { args: [MAX_HEADER_BYTES] })
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ApiError('rest_bad_request', { args: ['the request was not received in time'], status: 408 })
        : new ApiError('rest_bad_request', { args: ['the request is not valid HTTP/1.1'] });
  const body = JSON.stringify(apiError.toBody());
  socket.end(
    `HTTP/1.1 ${apiError.status} ${STATUS_CODES[apiError.status]}\r\n` +
      'Content-Type: application/json; charset=UTF-8\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** One error handler for the whole service: every failure leaves in the `{code, message, data}` envelope. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    let apiError: ApiError | undefined;
    if (error instanceof ApiError) apiError = error;
    else if (error instanceof TimedOut) {
      request.log.warn({ err: error }, 'request abandoned: it took longer than allowed');
      apiError = new ApiError('request_timeout');
    } else if (error.validation) {
      const body = request.routeOptions.schema?.body as { required?: string[] } | undefined;
      const query = request.routeOptions.schema?.querystring as { required?: string[] } | undefined;
      apiError = fromValidation(error.validation, [...(body?.required ?? []), ...(query?.required ?? [])]);
    } else apiError = fromFastify(error);

    if (!apiError) {
      // Unexpected: log it whole, answer without internals (no stack, no SQL).
      request.log.error({ err: error }, 'unhandled error');
      apiError = new ApiError('internal_error');
    }
    reply.code(apiError.status).headers(apiError.headers);
    return apiError.toBody();
  });

  app.setNotFoundHandler(async (_request, reply) => {
    const error = new ApiError('rest_no_route');
    reply.code(error.status);
    return error.toBody();
  });
}
