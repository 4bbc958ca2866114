import type { Insertable, Selectable } from 'kysely';
import type { Id } from './columns.ts';

/* Users, their application passwords and sign-ins, and the secrets the service makes for itself. */

export interface UsersTable {
  id: Id;
  login: string;
  email: string;
  display_name: string;
  role: string;
  password_hash: string;
  created_at: string;
}

export interface AppPasswordsTable {
  id: Id;
  user_id: number;
  name: string;
  uuid: string;
  password_hash: string;
  /** The password's first characters (`applicationPasswordPrefix`), to find its row by; null on rows made before issue 43 that have not signed in since. */
  lookup_prefix: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** Secrets the service makes for itself, shared by every node (the event-cookie key: decision 0094). */
export interface SiteSecretsTable {
  name: string;
  value: string;
}

/** Failed logins in the current window of one (address, login); login '' counts every login from the address. */
export interface LoginThrottleTable {
  address: string;
  login: string;
  failures: number;
  window_ends_at: string;
}

/** A one-time link that creates the first administrator (migration 20261128180000; decision 0097). */
export interface SetupTokensTable {
  token_hash: string;
  expires_at: string;
}

/** An admin sign-in (migration 20261126180000; decision 0040): times are UTC wire date-times. */
export interface SessionsTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  user_agent: string;
}

export type UserRow = Selectable<UsersTable>;

export type NewUser = Insertable<UsersTable>;

export type AppPasswordRow = Selectable<AppPasswordsTable>;

export type LoginThrottleRow = Selectable<LoginThrottleTable>;

export type SessionRow = Selectable<SessionsTable>;
