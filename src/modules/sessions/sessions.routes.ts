import type { Static } from '@sinclair/typebox';
import { ROLE_CAPABILITIES } from '../../auth/roles.ts';
import type { SessionsService, SessionSummary } from '../../auth/sessions.service.ts';
import { ApiError } from '../../errors.ts';
import { defineRoute, type AnyRoute } from '../../http/route-definition.ts';
import {
  CurrentSession,
  ReadQuery,
  Removed,
  Session,
  SessionParams,
  Sessions,
  WriteQuery,
} from './sessions.schemas.ts';

/** Every signed-in user may see and end their own sessions, and only their own. */
const SIGNED_IN = { all: ['read'] } as const;
/** An answer about a session is its user's alone: no cache keeps it. */
const PRIVATE = { 'cache-control': 'no-store', vary: 'Cookie' } as const;

const iso = (instant: Date) => `${instant.toISOString().slice(0, 19)}Z`;

function toSession(session: SessionSummary, currentId: number | undefined): Static<typeof Session> {
  return {
    id: session.id,
    created_at: iso(session.createdAt),
    last_seen_at: iso(session.lastSeenAt),
    expires_at: iso(session.expiresAt),
    user_agent: session.userAgent,
    current: session.id === currentId,
  };
}

/**
 * The admin's sessions over the API (decision 0040): who the cookie signs in, with the nonce the
 * admin sends with every other request; the caller's own sessions, to end one or all of them.
 */
export function sessionRoutes(sessions: SessionsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      path: '/sessions/current',
      // The cookie alone answers here (no nonce yet to send): a page of another site cannot read the
      // answer (CORS; the cookie is SameSite=Lax and only honoured from the service's own origin).
      permission: 'public',
      readsSession: true,
      schema: {
        summary: "Returns the user the session cookie signs in, the session's nonce and its expiry",
        querystring: ReadQuery,
        response: { 200: CurrentSession },
      },
      handle: async ({ session }) => {
        if (session === null) throw new ApiError('rest_not_logged_in');
        const { user } = session;
        return {
          headers: PRIVATE,
          body: {
            user: {
              id: user.id,
              login: user.login,
              name: user.display_name || user.login,
              email: user.email,
              role: session.caller.role,
              capabilities: [...ROLE_CAPABILITIES[session.caller.role]],
            },
            nonce: session.nonce,
            expires_at: iso(session.expiresAt),
          },
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/sessions',
      permission: SIGNED_IN,
      readsSession: true,
      schema: {
        summary: "Returns the caller's live sessions, the most recently used first",
        querystring: ReadQuery,
        response: { 200: Sessions },
      },
      handle: async ({ caller, session }, tx) => ({
        headers: PRIVATE,
        body: (await sessions.list(tx, caller!.id)).map((row) => toSession(row, session?.id)),
      }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/sessions',
      permission: SIGNED_IN,
      schema: {
        summary: 'Ends every session of the caller ("Sign out everywhere"), this one included',
        querystring: WriteQuery,
        response: { 200: Removed },
      },
      handle: async ({ caller }, tx) => ({ body: { deleted: true, count: await sessions.removeAll(tx, caller!.id) } }),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/sessions/:id(^\\d+$)',
      permission: SIGNED_IN,
      schema: {
        summary: "Ends one of the caller's sessions",
        params: SessionParams,
        querystring: WriteQuery,
        response: { 200: Removed },
      },
      handle: async ({ caller, params }, tx) => {
        if (!(await sessions.remove(tx, caller!.id, params.id)))
          throw new ApiError('rest_session_not_found', { args: [params.id] });
        return { body: { deleted: true, count: 1 } };
      },
    }),
  ];
}
