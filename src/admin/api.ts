import type { components } from './api-types.ts';

/*
 * The admin's one way to the service: its public REST API, same origin, with the session's cookie
 * and the REST nonce in `X-WP-Nonce` on every request (a cookie alone authorizes no write). Errors
 * come back in the API's envelope: `{ code, message, data: { status, params?, details? } }`.
 */

const data = document.body.dataset;

/** What the server put on the shell's body (src/modules/admin/admin.routes.ts). */
export const SETTINGS = {
  /** `{site}/admin`, without a trailing slash. */
  base: data.base ?? '/admin',
  /** The namespace's root path, e.g. `/wp-json/calendar/events/v1`. */
  api: data.api ?? '/wp-json/calendar/events/v1',
  /** The REST root, e.g. `/wp-json`: WordPress' `wp/v2/users` sit there, beside the namespace. */
  rest: data.rest ?? '/wp-json',
  site: data.site ?? '',
  zone: data.zone ?? 'UTC',
  language: data.language ?? 'en',
};

/** `GET sessions/current` (the API's `CurrentSession` schema, in api-types.ts generated from it). */
export type Session = Readonly<components['schemas']['CurrentSession']>;

export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: { params?: Record<string, string>; details?: Record<string, unknown>; [key: string]: unknown },
  ) {
    super(message);
  }
}

let nonce = '';
export const setNonce = (value: string) => {
  nonce = value;
};
export const currentNonce = () => nonce;

export type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined>;

export const queryString = (query: Query = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value))
      for (const item of value as readonly (string | number)[]) search.append(`${key}[]`, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

export interface Answer<T> {
  readonly body: T;
  readonly headers: Headers;
}

export interface RequestOptions {
  readonly query?: Query;
  readonly body?: unknown;
  readonly headers?: Record<string, string>;
}

/** One request to `{api}/{path}` (a path starting with `/` to `{rest}{path}`); throws ApiFailure on any error status. */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
  // No nonce before the session is known: `sessions/current` reads the cookie alone, and an empty nonce is a wrong one (403).
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(nonce === '' ? {} : { 'x-wp-nonce': nonce }),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  // A form or a file goes as it is (a file with its type in `options.headers`); anything else as JSON.
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(
    `${path.startsWith('/') ? SETTINGS.rest : `${SETTINGS.api}/`}${path}${queryString(options.query)}`,
    { method, headers, body, credentials: 'same-origin' },
  );
  const text = await response.text();
  const parsed: unknown = text === '' ? null : JSON.parse(text);
  if (!response.ok) {
    const envelope = (parsed ?? {}) as { code?: string; message?: string; data?: ApiFailure['data'] };
    throw new ApiFailure(
      response.status,
      envelope.code ?? 'unknown',
      envelope.message ?? response.statusText,
      envelope.data ?? {},
    );
  }
  return { body: parsed as T, headers: response.headers };
}

export const get = <T>(path: string, query?: Query) => request<T>('GET', path, query === undefined ? {} : { query });

/**
 * Downloads a list as CSV (decision 0114): the same query with `Accept: text/csv` answers every
 * record of the filters, not a page; saved under `fileName` through a link to the file's bytes.
 */
export async function downloadCsv(path: string, query: Query, fileName: string): Promise<void> {
  const response = await fetch(`${SETTINGS.api}/${path}${queryString(query)}`, {
    headers: { accept: 'text/csv', 'x-wp-nonce': nonce },
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as {
      code?: string;
      message?: string;
      data?: ApiFailure['data'];
    };
    throw new ApiFailure(
      response.status,
      envelope.code ?? 'unknown',
      envelope.message ?? response.statusText,
      envelope.data ?? {},
    );
  }
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = fileName;
  link.click();
  // After the click has started the download: the bytes are no longer needed in the page.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}

/** The API's largest page (wire-format 3.3: `per_page` is clamped to 50). */
export const LARGEST_PAGE = 50;
/** WordPress' largest page of `wp/v2` lists (its `per_page` maximum). */
const LARGEST_WP_PAGE = 100;

/** Every item of a paged list: the first page read first, then the others together. */
async function everyPage<T, B>(
  path: string,
  query: Query,
  perPage: number,
  read: (answer: Answer<B>) => { items: T[]; pages: number },
): Promise<T[]> {
  const page = async (number: number) => read(await get<B>(path, { ...query, per_page: perPage, page: number }));
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.pages - 1) }, (_, index) => page(index + 2)));
  return [first, ...rest].flatMap(({ items }) => items);
}

/**
 * Every record of a collection (`{ [collection]: [...] }`), all its pages: for pickers whose
 * options must all be there (terms, the list's filters).
 */
export const getEvery = <T>(collection: string, query: Query = {}): Promise<T[]> =>
  // Every archive's envelope has `total_pages` (its headers, X-TEC-TotalPages, say the same).
  everyPage<T, { total_pages?: number } & Record<string, T[] | undefined>>(
    collection,
    query,
    LARGEST_PAGE,
    ({ body }) => ({ items: body[collection] ?? [], pages: Number(body.total_pages ?? 1) }),
  );

/**
 * A list's pages and items as its headers count them: `wp/v2` lists (and venues, organizers) send
 * `X-WP-Total(Pages)`, the events archive the original's `X-TEC-Total(Pages)`; either is read, so
 * every list's pager works whichever family its API sends.
 */
export function listTotals(headers: Headers, fallbackTotal: number): { total: number; pages: number } {
  const header = (name: string) => headers.get(`x-wp-${name}`) ?? headers.get(`x-tec-${name}`);
  return { total: Number(header('total') ?? fallbackTotal), pages: Number(header('totalpages') ?? 1) };
}

/** Every item of a `wp/v2` list (a bare array, its pages counted in `X-WP-TotalPages`), all its pages. */
export const getEveryWp = <T>(path: string, query: Query = {}): Promise<T[]> =>
  everyPage<T, T[]>(path, query, LARGEST_WP_PAGE, ({ body, headers }) => ({
    items: body,
    pages: listTotals(headers, body.length).pages,
  }));

/** Who is signed in, or null (401): the shell then goes to the sign-in form. */
export async function currentSession(): Promise<Session | null> {
  try {
    const { body } = await get<Session>('sessions/current');
    setNonce(body.nonce);
    return body;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) return null;
    throw error;
  }
}

/** The sign-in form, coming back here afterwards. */
export const signInUrl = (next: string) => `${SETTINGS.base}/sign-in?next=${encodeURIComponent(next)}`;

/** Field errors of a 400 by field name: `data.params` (the original's) and `data.details`. */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure)) return {};
  const found: Record<string, string> = {};
  for (const [field, message] of Object.entries(error.data.params ?? {})) found[field] = String(message);
  for (const [field, detail] of Object.entries(error.data.details ?? {}))
    found[field] ??= typeof detail === 'string' ? detail : JSON.stringify(detail);
  return found;
}
