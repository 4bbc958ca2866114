import { Type, type TProperties } from '@sinclair/typebox';
import { invalidParams, type InvalidParam } from '../../errors.ts';
import { NAMESPACE, withQuery, type Urls } from '../../urls.ts';
import type { SyncPage } from './sync.service.ts';

/*
 * What the archives of events, venues, organizers, categories and tags share for sync
 * (decision 0029): the parameters, the token of every listing, and the sync answer itself.
 */

export const SYNC_TOKEN_HEADER = 'x-sync-token';

/** `sync_token` and `modified_after`, on every archive's query. */
export function syncParams(plural: string) {
  return {
    sync_token: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          `Return every ${plural} created, changed or deleted since this token (from X-Sync-Token or next_sync_token of an earlier answer), in the order of the changes, ` +
          'removed or no longer visible ones as {"id", "deleted": true, "deleted_at"}; follow next_rest_url to the last page, which carries next_sync_token. ' +
          'Paging and the language combine with it, other filters do not (400); a token older than the kept history answers 410 rest_sync_token_expired (additive)',
      }),
    ),
    modified_after: Type.Optional(
      Type.Unsafe<string | number>({
        type: ['string', 'integer'],
        description: `Only ${plural} last modified after this date (a UTC time unless it carries an offset; additive)`,
      }),
    ),
  };
}

/** The envelope's sync members (the listing's token; a sync answer's page or next token). */
export const SyncEnvelopeFields = {
  next_sync_token: Type.Optional(
    Type.String({ description: 'The token to pass as sync_token to get the changes after this answer (additive)' }),
  ),
  next_page_token: Type.Optional(
    Type.String({
      description: 'A sync answer with more pages: the token of the next one, which next_rest_url carries (additive)',
    }),
  ),
};

/** Parameters that keep their meaning with `sync_token`: paging, language, password and context. */
const WITH_SYNC_TOKEN = new Set(['sync_token', 'per_page', 'translation_language', 'password', 'context']);

/**
 * A sync answer holds every change of the resource for this caller: a filter given with
 * `sync_token` is refused (400) rather than silently ignored or half applied.
 */
export function refuseFiltersBesideSyncToken(query: Readonly<Record<string, unknown>>, properties: TProperties): void {
  const invalid: Record<string, InvalidParam> = {};
  for (const [name, property] of Object.entries(properties)) {
    const value = query[name];
    if (WITH_SYNC_TOKEN.has(name) || value === undefined || value === (property as { default?: unknown }).default)
      continue;
    invalid[name] = { message: `${name} cannot be combined with sync_token: a sync answer holds every change.` };
  }
  if (Object.keys(invalid).length > 0) throw invalidParams(invalid);
}

/**
 * The token of a listing's snapshot: the `X-Sync-Token` header everywhere, and `next_sync_token`
 * in our namespace's envelope only: the tribe/events/v1 alias keeps the original's (decision 0018).
 */
export function listingToken(
  token: string,
  urls: Urls,
): { headers: Record<string, string>; field: { next_sync_token?: string } } {
  return {
    headers: { [SYNC_TOKEN_HEADER]: token },
    field: urls.namespace === NAMESPACE ? { next_sync_token: token } : {},
  };
}

/** A sync page as the archive answers it: its entries under the collection's key, and where to go on. */
export function syncAnswer<Item>(page: SyncPage<Item>, collection: string, urls: Urls, token: string, perPage: number) {
  const { next } = page;
  const link = (syncToken: string) =>
    withQuery(
      urls.collection(collection),
      new URLSearchParams([['sync_token', syncToken], ['per_page', String(perPage)], ...urls.languageArgs]).toString(),
    );
  const body: Record<string, unknown> = {
    [collection]: page.entries,
    rest_url: link(token),
    ...(page.last ? { next_sync_token: next } : { next_page_token: next, next_rest_url: link(next) }),
  };
  return {
    headers: { [SYNC_TOKEN_HEADER]: next, 'content-type': 'application/json; charset=utf-8' },
    // Sent as written: tombstones are not records of the collection's schema, whose serializer
    // would drop their members; a string is not serialized again (routes.ts, the read cache).
    body: JSON.stringify(body) as never,
  };
}
