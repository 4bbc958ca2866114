/**
 * The error catalogue: every code the API emits, with its HTTP status and message, in one place.
 * Codes and messages are the original plugin's and WordPress core's (wire-format.md section 8);
 * docs/errors.md documents the same list and a test keeps the two in step.
 */
export const ERROR_CATALOGUE = {
  rest_no_route: { status: 404, message: 'No route was found matching the URL and request method.' },
  rest_missing_callback_param: { status: 400, message: 'Missing parameter(s): %s' },
  rest_invalid_param: { status: 400, message: 'Invalid parameter(s): %s' },
  rest_forbidden: { status: 401, message: 'Sorry, you are not allowed to do that.' },
  rest_not_logged_in: { status: 401, message: 'You are not currently logged in.' },
  incorrect_password: { status: 401, message: 'The provided password is an invalid application password.' },
  invalid_username: { status: 401, message: 'Unknown username. Check again or try your email address.' },
  rest_cookie_invalid_nonce: { status: 403, message: 'Cookie check failed' },
  rest_session_not_found: { status: 404, message: 'Session %d does not exist.' },
  rest_user_invalid_id: { status: 404, message: 'Invalid user ID.' },
  rest_user_cannot_view: { status: 403, message: 'Sorry, you are not allowed to list users.' },
  rest_forbidden_context: { status: 403, message: 'Sorry, you are not allowed to edit this user.' },
  rest_cannot_create_user: { status: 403, message: 'Sorry, you are not allowed to create new users.' },
  rest_cannot_edit: { status: 403, message: 'Sorry, you are not allowed to edit this user.' },
  rest_cannot_edit_roles: { status: 403, message: 'Sorry, you are not allowed to edit roles of this user.' },
  rest_user_cannot_delete: { status: 403, message: 'Sorry, you are not allowed to delete this user.' },
  rest_trash_not_supported: { status: 501, message: "Users do not support trashing. Set 'force' to true to delete." },
  rest_user_invalid_reassign: { status: 400, message: 'Invalid user ID for reassignment.' },
  rest_user_invalid_password: { status: 400, message: 'Invalid password: %s' },
  rest_user_invalid_email: { status: 400, message: 'Invalid email address.' },
  rest_user_invalid_username: {
    status: 400,
    message: 'This username is invalid because it uses illegal characters. Please enter a valid username.',
  },
  rest_user_invalid_argument: { status: 400, message: "Username isn't editable." },
  rest_user_invalid_role: { status: 400, message: 'Invalid user role: %s' },
  existing_user_login: { status: 400, message: 'Sorry, that username already exists!' },
  existing_user_email: { status: 400, message: 'Sorry, that email address is already used!' },
  rest_cannot_manage_application_passwords: {
    status: 403,
    message: 'Sorry, you are not allowed to manage application passwords for this user.',
  },
  rest_application_password_not_found: { status: 404, message: 'Application password not found.' },
  application_password_duplicate_name: { status: 409, message: 'Each application name should be unique.' },
  rest_origin_not_allowed: { status: 403, message: 'Credentials are not accepted from the origin %s.' },
  too_many_login_attempts: { status: 429, message: 'Too many failed login attempts. Try again in %d seconds.' },
  rest_too_many_requests: { status: 429, message: 'Too many requests. Try again in %d seconds.' },
  community_daily_limit: {
    status: 429,
    message: 'This address has sent %d community submissions in the last 24 hours, the most allowed.',
  },
  rest_invalid_json: { status: 400, message: 'Invalid JSON body passed.' },
  rest_unsupported_media_type: { status: 415, message: 'Unsupported content type: %s' },
  rest_payload_too_large: { status: 413, message: 'The request body is larger than the allowed %s bytes.' },
  rest_headers_too_large: {
    status: 431,
    message: 'The request line and headers are larger than the allowed %s bytes.',
  },
  rest_bad_request: { status: 400, message: 'The request could not be understood: %s' },
  ical_invalid: { status: 400, message: 'The iCalendar document cannot be imported: %s' },
  csv_invalid: { status: 400, message: 'The CSV file cannot be imported: %s' },
  term_exists: { status: 400, message: 'A term with the name provided already exists with this parent.' },
  duplicate_term_slug: { status: 400, message: 'The slug &#8220;%s&#8221; is already in use by another term.' },
  rest_taxonomy_not_hierarchical: { status: 400, message: 'Cannot set parent term, taxonomy is not hierarchical.' },
  rest_term_invalid_parent: { status: 400, message: 'A term cannot be its own ancestor.' },
  'rest-event-not-found': { status: 404, message: 'Event with ID %d does not exist.' },
  'rest-invalid-event-id': { status: 400, message: 'The specified ID is not a valid event.' },
  'event-no-longer-available': { status: 403, message: 'This event is no longer available' },
  'event-not-accessible': { status: 403, message: 'The requested event is not accessible' },
  'event-password-protected': { status: 403, message: 'The requested event is not accessible without a password' },
  'event-archive-page-not-found': { status: 404, message: 'The requested event archive page does not exist' },
  'event-is-in-trash': { status: 410, message: 'The event is already trashed' },
  'venue-not-accessible': { status: 403, message: 'The requested venue is not accessible' },
  'organizer-not-accessible': { status: 403, message: 'The requested organizer is not accessible' },
  'venue-archive-page-not-found': { status: 404, message: 'The requested venue archive page does not exist' },
  'organizer-archive-page-not-found': { status: 404, message: 'The requested organizer archive page does not exist' },
  'venue-is-in-trash': { status: 410, message: 'The venue is already trashed' },
  'organizer-is-in-trash': { status: 410, message: 'The organizer is already trashed' },
  rest_cannot_edit_others: {
    status: 403,
    message: 'Sorry, you are not allowed to create or update records as this user.',
  },
  rest_sync_token_expired: {
    status: 410,
    message:
      'The sync token is older than the kept history of changes: read the whole archive again, and sync from the token it carries.',
  },
  rest_precondition_failed: {
    status: 412,
    message: 'The record has changed since the ETag given in If-Match was issued.',
  },
  'translation-not-found': { status: 404, message: 'The record has no translation in this language.' },
  webhook_not_found: { status: 404, message: 'Webhook subscription %d does not exist.' },
  webhook_delivery_not_found: { status: 404, message: 'Delivery %d of this webhook subscription does not exist.' },
  webhook_url_refused: { status: 400, message: 'The webhook URL is refused: %s' },
  mail_not_found: { status: 404, message: 'E-mail %d does not exist in the outbox.' },
  mail_not_retryable: {
    status: 409,
    message: 'E-mail %d is %s: only a failed message, or one kept while e-mail was off, can be sent again.',
  },
  mail_off: { status: 409, message: 'E-mail is off: set CALENDAR_SMTP_URL and CALENDAR_MAIL_FROM to send messages.' },
  webhook_secrets_unavailable: {
    status: 503,
    message: 'Webhook secrets cannot be stored: set CALENDAR_SECRETS_KEY (32 bytes, base64) on every node.',
  },
  site_import_not_found: { status: 404, message: 'Site import %d does not exist.' },
  site_import_url_refused: { status: 400, message: 'The site import URL is refused: %s' },
  site_import_source_unusable: { status: 422, message: 'No The Events Calendar site can be read there: %s' },
  site_import_credentials_refused: {
    status: 422,
    message: 'The source refused the login and application password (HTTP %d).',
  },
  site_import_running: {
    status: 409,
    message: 'A site import is already running (import %d): wait for it to end, or cancel it.',
  },
  site_import_not_running: { status: 409, message: 'Site import %d is not running.' },
  import_source_not_found: { status: 404, message: 'Import source %d does not exist.' },
  import_source_run_not_found: { status: 404, message: 'Run %d of import source %d does not exist.' },
  import_source_url_refused: { status: 400, message: 'The import source URL is refused: %s' },
  import_source_forbidden: {
    status: 403,
    message: 'Sorry, only administrators may import a site of The Events Calendar.',
  },
  import_source_invalid_author: { status: 400, message: 'Invalid author: user %d does not exist.' },
  import_source_running: { status: 409, message: 'Import source %d is running: wait for its run to end.' },
  calendar_import_not_found: { status: 404, message: 'Calendar import %d does not exist.' },
  calendar_import_not_running: { status: 409, message: 'Calendar import %d is not running.' },
  media_not_found: { status: 404, message: 'Media item %d does not exist.' },
  rest_upload_no_data: { status: 400, message: 'No data supplied.' },
  rest_upload_no_content_disposition: { status: 400, message: 'No Content-Disposition supplied.' },
  media_too_large: { status: 413, message: 'The file is larger than the allowed %s bytes.' },
  media_unsupported_type: { status: 415, message: 'The file is not a JPEG, PNG, WebP or GIF image.' },
  media_type_mismatch: { status: 400, message: 'The file name ends in .%s but the file is %s.' },
  media_too_many_pixels: { status: 400, message: 'The image is %d × %d pixels, more than the allowed %d.' },
  media_unreadable: { status: 400, message: 'The image cannot be read: the file is damaged or incomplete.' },
  media_busy: { status: 429, message: 'Too many images are being processed; try again in %d seconds.' },
  'invalid-page-number': {
    status: 400,
    message: 'The page number requested is larger than the number of pages available.',
  },
  'ticket-not-found': { status: 404, message: 'The requested ticket post could not be found' },
  'ticket-not-accessible': { status: 403, message: 'The requested ticket is not accessible' },
  'ticket-capacity-not-available': {
    status: 409,
    message: 'The ticket "%s" does not have that many available: %d left.',
  },
  ticket_sale_closed: { status: 409, message: 'The ticket "%s" is not on sale: %s.' },
  ticket_invalid_capacity: { status: 400, message: 'Invalid capacity: %s' },
  ticket_invalid_event: { status: 400, message: 'The event %d does not exist or cannot be ticketed.' },
  'attendee-not-found': { status: 404, message: 'The requested post ID does not exist or is not an attendee' },
  'attendee-not-accessible': { status: 403, message: 'The requested attendee is not accessible' },
  attendee_invalid_answers: { status: 400, message: 'The attendee information is not complete: %s' },
  rsvp_link_invalid: {
    status: 403,
    message: 'This link to an RSVP is not valid: it was changed, or not made by this site.',
  },
  rsvp_link_expired: { status: 410, message: 'This link to an RSVP has expired.' },
  rsvp_not_found: { status: 404, message: 'This RSVP no longer exists: its ticket was deleted.' },
  rsvp_cancelled: { status: 409, message: "This RSVP is cancelled: RSVP again from the event's page." },
  attendee_security_code_mismatch: { status: 403, message: 'The security code does not match the attendee.' },
  rest_cannot_delete: { status: 403, message: 'Sorry, you are not allowed to delete this item.' },
  service_unavailable: { status: 503, message: 'The service is not ready: %s' },
  request_timeout: {
    status: 503,
    message: 'The request took too long and was abandoned; nothing was changed. Try again later.',
  },
  internal_error: { status: 500, message: 'The server could not complete the request.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

/** Extra members of the `data` object (WordPress puts `params`, `details`, `term_id` there). */
export type ErrorData = Record<string, unknown>;

function format(template: string, args: readonly (string | number)[]): string {
  let index = 0;
  return template.replace(/%[sd]/g, () => String(args[index++] ?? ''));
}

/**
 * An error the API answers with: `{code, message, data: {status, ...data}}`.
 * Services throw it; the HTTP layer serializes it, so services never see Fastify.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data: ErrorData;
  /** Top-level members WordPress adds beside `data` (e.g. `additional_data` of `term_exists`). */
  readonly extra: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    options: {
      args?: readonly (string | number)[];
      status?: number;
      data?: ErrorData;
      extra?: Record<string, unknown>;
      headers?: Record<string, string>;
    } = {},
  ) {
    const entry = ERROR_CATALOGUE[code];
    super(format(entry.message, options.args ?? []));
    this.code = code;
    this.status = options.status ?? entry.status;
    this.data = options.data ?? {};
    this.extra = options.extra ?? {};
    this.headers = options.headers ?? {};
  }

  toBody(): Record<string, unknown> {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data }, ...this.extra };
  }
}

/** One invalid parameter: the short text for `data.params`, and the WordPress error object for `data.details` if any. */
export interface InvalidParam {
  readonly message: string;
  readonly detail?: { code: string; message: string; data: Record<string, unknown> };
}

/** `rest_invalid_param` listing every invalid parameter, as WordPress does. */
export function invalidParams(params: Record<string, InvalidParam>): ApiError {
  const names = Object.keys(params);
  const details: Record<string, unknown> = {};
  for (const [name, param] of Object.entries(params)) if (param.detail) details[name] = param.detail;
  return new ApiError('rest_invalid_param', {
    args: [names.join(', ')],
    data: {
      params: Object.fromEntries(names.map((name) => [name, params[name]!.message])),
      // WordPress emits an empty PHP array (`[]`) when no validator produced an error object.
      details: Object.keys(details).length > 0 ? details : [],
    },
  });
}

/** The plain "Invalid parameter." of a plugin validator that returned false. */
export function invalidParam(name: string, message = 'Invalid parameter.'): ApiError {
  return invalidParams({ [name]: { message } });
}

/** A WordPress type-check failure (`<param> is not of type <type>.`), with its `rest_invalid_type` detail. */
export function typeMismatch(name: string, message: string, code = 'rest_invalid_type'): InvalidParam {
  return { message, detail: { code, message, data: { param: name } } };
}

export function missingParams(names: readonly string[]): ApiError {
  return new ApiError('rest_missing_callback_param', { args: [names.join(', ')], data: { params: [...names] } });
}
