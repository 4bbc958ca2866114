import { Type } from '@sinclair/typebox';
import { CommonQuery, Id, WriteQuery } from '../../http/params.ts';

/** An ISO 8601 UTC instant (`2026-11-24T12:00:00Z`). */
const Instant = (description: string) => Type.String({ format: 'date-time', description });

export const SessionParams = Type.Object({ id: Id({ description: 'The session ID' }) });
export const ReadQuery = Type.Object(CommonQuery);
export { WriteQuery };

export const SessionUser = Type.Object(
  {
    id: Type.Integer(),
    login: Type.String(),
    name: Type.String({ description: 'The display name' }),
    email: Type.String(),
    role: Type.String(),
    capabilities: Type.Array(Type.String(), {
      description: "The role's capabilities (roles.ts), which decide what the admin offers",
    }),
  },
  { $id: 'SessionUser' },
);

export const CurrentSession = Type.Object(
  {
    user: SessionUser,
    nonce: Type.String({
      description: 'Send it as X-WP-Nonce (or _wpnonce) with the cookie: without it a request is anonymous',
    }),
    expires_at: Instant('When the session ends unless used before: the earlier of its idle and absolute expiry'),
  },
  { $id: 'CurrentSession' },
);

export const Session = Type.Object(
  {
    id: Type.Integer(),
    created_at: Instant('The sign-in'),
    last_seen_at: Instant('The last use, to within a minute'),
    expires_at: Instant('When it ends unless used before'),
    user_agent: Type.String(),
    current: Type.Boolean({ description: 'The session of the request itself' }),
  },
  { $id: 'Session' },
);

export const Sessions = Type.Array(Session);

export const Removed = Type.Object({
  deleted: Type.Boolean(),
  count: Type.Integer({ description: 'How many sessions ended' }),
});
