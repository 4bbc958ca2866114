import type { Static } from '@sinclair/typebox';
import { can, ROLE_CAPABILITIES, type Caller, type Role } from '../../auth/roles.ts';
import { hashPassword } from '../../auth/passwords.ts';
import {
  appPasswordName,
  newAppPasswordSecret,
  UserInputError,
  type AppPasswordSecret,
  type CreateUserInput,
  type UserChanges,
  type UsersService,
} from '../../auth/users.service.ts';
import { ApiError, type ErrorCode } from '../../errors.ts';
import { totalHeaders } from '../../http/pagination.ts';
import { defineRoute, EDITABLE, type AnyRoute } from '../../http/route-definition.ts';
import { USERS_PATH } from '../../http/wordpress-paths.ts';
import { pageWindow, totalPages } from '../../paging.ts';
import { slugify } from '../../slugs.ts';
import type { ReadTx } from '../../storage/types.ts';
import type { AppPasswordRow, UserRow } from '../../storage/tables.ts';
import type { Urls } from '../../urls.ts';
import {
  AppPassword,
  AppPasswordParams,
  AppPasswords,
  ContextQuery,
  CreateAppPasswordBody,
  CreateUserBody,
  DeletedAppPassword,
  DeletedAppPasswords,
  DeletedUser,
  DeleteUserQuery,
  ListUsersQuery,
  UpdateUserBody,
  UserIdParams,
  UserRefParams,
  WpUser,
  WpUsers,
} from './users.schemas.ts';

type WpContextName = 'view' | 'embed' | 'edit';

const MAX_USERS_PER_PAGE = 100;

const utc = (stored: string) => stored.replace(' ', 'T').slice(0, 19);

/**
 * A user in WordPress' shape (decisions 0050 and 0067): with `context=edit` also the login, e-mail,
 * role and capabilities. No `avatar_urls`, as WordPress with avatars switched off: a Gravatar URL
 * would hand the user's e-mail digest to a third party.
 */
export function toWpUser(user: UserRow, context: WpContextName, urls: Urls): Static<typeof WpUser> {
  const slug = slugify(user.login);
  const view = {
    id: user.id,
    name: user.display_name || user.login,
    url: '',
    description: '',
    link: `${urls.siteOrigin}/author/${slug}/`,
    slug,
  };
  const _links = {
    self: [{ href: `${urls.restRoot}${USERS_PATH}/${user.id}` }],
    collection: [{ href: `${urls.restRoot}${USERS_PATH}` }],
  };
  if (context === 'embed') return { ...view, _links };
  if (context === 'view') return { ...view, meta: [], _links };
  const role = user.role as Role;
  const capabilities = Object.fromEntries([...(ROLE_CAPABILITIES[role] ?? [])].map((capability) => [capability, true]));
  return {
    ...view,
    username: user.login,
    first_name: '',
    last_name: '',
    email: user.email,
    locale: 'en_US',
    nickname: user.login,
    registered_date: `${utc(user.created_at)}+00:00`,
    roles: [role],
    // WordPress lists the role itself among a user's capabilities.
    capabilities: { ...capabilities, [role]: true },
    extra_capabilities: { [role]: true },
    meta: [],
    _links,
  };
}

const appPasswordUrl = (urls: Urls, row: AppPasswordRow) =>
  `${urls.restRoot}${USERS_PATH}/${row.user_id}/application-passwords/${row.uuid}`;

function toAppPassword(row: AppPasswordRow, urls: Urls): Static<typeof AppPassword> {
  return {
    uuid: row.uuid,
    // WordPress' app_id is a client's own uuid; the service keeps none, so it is empty as WordPress' default.
    app_id: '',
    name: row.name,
    created: utc(row.created_at),
    last_used: row.last_used_at === null ? null : utc(row.last_used_at),
    // No address is kept: a sign of use is enough, and addresses are personal data.
    last_ip: null,
    _links: { self: [{ href: appPasswordUrl(urls, row) }] },
  };
}

/** WordPress' `rest_authorization_required_code()`: 401 for an anonymous caller, 403 for a signed-in one. */
function refused(code: ErrorCode, caller: Caller | null): ApiError {
  return new ApiError(code, { status: caller === null ? 401 : 403 });
}

/** The service's refusals as WordPress' codes. */
function fromInput(error: unknown): never {
  if (!(error instanceof UserInputError)) throw error;
  switch (error.problem) {
    case 'login-taken':
      throw new ApiError('existing_user_login');
    case 'email-taken':
      throw new ApiError('existing_user_email');
    case 'invalid-login':
      throw new ApiError('rest_user_invalid_username');
    case 'invalid-email':
      throw new ApiError('rest_user_invalid_email');
    case 'invalid-role':
      throw new ApiError('rest_user_invalid_role', { args: [error.message] });
    case 'weak-password':
      throw new ApiError('rest_user_invalid_password', { args: [error.message] });
    case 'no-user':
      throw new ApiError('rest_user_invalid_id');
    case 'no-reassign':
      throw new ApiError('rest_user_invalid_reassign');
    case 'name-taken':
      throw new ApiError('application_password_duplicate_name');
    case 'no-app-password':
      throw new ApiError('rest_application_password_not_found');
    default:
      throw new ApiError('rest_invalid_param', { args: [error.message] });
  }
}

/** Runs a service call, its refusals (`UserInputError`) answered in WordPress' codes. */
async function attempt<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    return fromInput(error);
  }
}

/** WordPress' `edit_user` meta capability: oneself, or anyone with `edit_users`. */
const mayEdit = (caller: Caller | null, user: UserRow) =>
  caller !== null && (caller.id === user.id || can(caller, 'edit_users'));

/** Every role has `read`: a route any signed-in user may call, whose record decides the rest. */
const SIGNED_IN = { all: ['read'] } as const;

/**
 * The reads of WordPress' `wp/v2/users` (decisions 0050 and 0067), declared as the namespaces'
 * routes are and mounted under `wp/v2`: their permissions are data, with WordPress' own refusal
 * codes; what depends on the user named (oneself, or anyone for administrators) is checked once
 * the caller passed the permission, before the user is looked up, as WordPress orders it.
 */
export function userReadRoutes(users: UsersService): AnyRoute[] {
  /** The user an `{id}` names, or 404 `rest_user_invalid_id`. */
  const found = async (tx: ReadTx, id: number): Promise<UserRow> => {
    const user = await users.user(tx, id);
    if (!user) throw new ApiError('rest_user_invalid_id');
    return user;
  };
  return [
    // `GET users/me`: how WordPress clients check a login (decision 0050); 401 without credentials.
    defineRoute({
      method: 'GET',
      path: '/users/me',
      permission: SIGNED_IN,
      refusal: 'rest_not_logged_in',
      schema: { summary: 'Returns the authenticated user', querystring: ContextQuery, response: { 200: WpUser } },
      handle: async ({ caller, query, urls }, tx) => ({
        body: toWpUser(await found(tx, caller!.id), query.context ?? 'view', urls),
      }),
    }),
    // The service has no public author pages (decision 0050), so only administrators list users (decision 0067).
    defineRoute({
      method: 'GET',
      path: '/users',
      permission: { all: ['list_users'] },
      refusal: 'rest_user_cannot_view',
      schema: {
        summary: 'Lists the users (administrators only), by id, with X-WP-Total and X-WP-TotalPages',
        querystring: ListUsersQuery,
        response: { 200: WpUsers },
      },
      // WordPress refuses the edit context first, with its own code.
      validate: async ({ caller, query }) => {
        if (query.context === 'edit' && !can(caller, 'list_users')) throw refused('rest_forbidden_context', caller);
      },
      handle: async ({ query, urls }, tx) => {
        const window = pageWindow(query.page, query.per_page, MAX_USERS_PER_PAGE);
        const { rows, total } = await users.page(tx, {
          search: query.search,
          roles: query.roles?.split(','),
          offset: window.offset,
          limit: window.perPage,
        });
        return {
          body: rows.map((user) => toWpUser(user, query.context ?? 'view', urls)),
          headers: totalHeaders(total, totalPages(total, window.perPage), 'wp'),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/users/:id(^\\d+$)',
      permission: SIGNED_IN,
      refusal: 'rest_user_cannot_view',
      schema: {
        summary: 'Returns a user: oneself, or anyone for administrators',
        params: UserIdParams,
        querystring: ContextQuery,
        response: { 200: WpUser },
      },
      handle: async ({ caller, params, query, urls }, tx) => {
        if (caller!.id !== params.id && !can(caller, 'list_users')) throw refused('rest_user_cannot_view', caller);
        return { body: toWpUser(await found(tx, params.id), query.context ?? 'view', urls) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/users/:id(^(?:\\d+|me)$)/application-passwords',
      permission: SIGNED_IN,
      refusal: 'rest_cannot_manage_application_passwords',
      schema: {
        summary:
          "Lists a user's application passwords (their own, or anyone's for administrators); the secrets are never shown",
        params: UserRefParams,
        querystring: ContextQuery,
        response: { 200: AppPasswords },
      },
      handle: async ({ caller, params, urls }, tx) => {
        const user = await found(tx, params.id === 'me' ? caller!.id : params.id);
        if (!mayEdit(caller, user)) throw refused('rest_cannot_manage_application_passwords', caller);
        return { body: (await users.appPasswordsOf(tx, user.id)).map((row) => toAppPassword(row, urls)) };
      },
    }),
  ];
}

/** The user fields of a create or update body, as the service takes them. */
const changesOf = (body: Static<typeof UpdateUserBody>, role: string | undefined): UserChanges => ({
  ...(body.name === undefined ? {} : { displayName: body.name }),
  ...(body.email === undefined ? {} : { email: body.email }),
  ...(role === undefined ? {} : { role }),
  ...(body.password === undefined ? {} : { password: body.password }),
});
const newUserOf = (body: Static<typeof CreateUserBody>): CreateUserInput => ({
  login: body.username,
  email: body.email,
  password: body.password,
  role: body.roles?.[0] ?? 'subscriber',
  ...(body.name === undefined ? {} : { displayName: body.name }),
});

/** An empty password would make the service generate one no one is shown: WordPress refuses it too. */
const refuseEmptyPassword = (password: string | undefined) => {
  if (password === '') throw new ApiError('rest_user_invalid_password', { args: ['Passwords cannot be empty.'] });
};

/**
 * The writes of WordPress' `wp/v2/users` and application passwords (decisions 0050, 0067 and 0121),
 * declared as the reads are: their permissions are data, each runs in the pipeline's one write unit
 * through `UsersService`'s `...In` methods (the CLI's forms open their own unit around the same
 * ones), and a password is hashed in `prepare`, outside the unit, as scrypt is slow. What depends
 * on the user named (oneself, or anyone for administrators) is checked in the unit, in WordPress'
 * order. Administrators create, change the role of and delete users; every user edits themselves
 * (name, e-mail, password) and manages their own application passwords.
 */
export function userWriteRoutes(users: UsersService): AnyRoute[] {
  /** The user an `{id}` names (oneself for `me`: the permission admitted a signed-in caller), or 404 `rest_user_invalid_id`. */
  const found = async (tx: ReadTx | null, caller: Caller | null, id: number | 'me'): Promise<UserRow> => {
    const userId = id === 'me' ? caller!.id : id;
    const user = await (tx === null ? users.get(userId) : users.user(tx, userId));
    if (!user) throw new ApiError('rest_user_invalid_id');
    return user;
  };
  /** WordPress' `update_item_permissions_check` past the user's lookup: `edit_user`, the login unchanged, a role only by administrators, not their own. */
  const mayUpdate = (caller: Caller | null, user: UserRow, body: Static<typeof UpdateUserBody>) => {
    if (!mayEdit(caller, user)) throw refused('rest_cannot_edit', caller);
    if (body.username !== undefined && body.username !== user.login) throw new ApiError('rest_user_invalid_argument');
    const role = body.roles?.[0];
    // An administrator keeps their own role: the caller's own demotion could leave no administrator.
    if (role !== undefined && role !== user.role && (!can(caller, 'promote_users') || caller!.id === user.id))
      throw new ApiError('rest_cannot_edit_roles');
  };
  /** The user whose application passwords a request names, when the caller may manage them. */
  const passwordsOwner = async (tx: ReadTx | null, caller: Caller | null, id: number | 'me'): Promise<UserRow> => {
    const user = await found(tx, caller, id);
    if (!mayEdit(caller, user)) throw refused('rest_cannot_manage_application_passwords', caller);
    return user;
  };
  return [
    defineRoute({
      method: 'POST',
      path: '/users',
      permission: { all: ['create_users'] },
      refusal: 'rest_cannot_create_user',
      schema: {
        summary: 'Creates a user (administrators only)',
        querystring: ContextQuery,
        body: CreateUserBody,
        response: { 201: WpUser },
      },
      prepare: async ({ body }) => {
        refuseEmptyPassword(body.password);
        await attempt(() => users.checkNewUser(newUserOf(body)));
        return { made: await hashPassword(body.password) };
      },
      handle: async ({ body, urls }, tx, _loaded, passwordHash: string) => {
        const user = await attempt(() => users.createIn(tx, newUserOf(body), passwordHash));
        return {
          status: 201,
          body: toWpUser(user, 'edit', urls),
          headers: { location: `${urls.restRoot}${USERS_PATH}/${user.id}` },
        };
      },
    }),
    defineRoute({
      method: EDITABLE,
      path: '/users/:id(^\\d+$)',
      permission: SIGNED_IN,
      refusal: 'rest_cannot_edit',
      // WordPress looks the user up before the capability: an unknown user is 404 to anyone.
      missingRecord: async (params) => ((await users.get(Number(params.id))) ? undefined : 'rest_user_invalid_id'),
      schema: {
        summary:
          "Updates a user's name, e-mail or password (oneself, or anyone for administrators) or role (administrators, not their own)",
        params: UserIdParams,
        querystring: ContextQuery,
        body: UpdateUserBody,
        response: { 200: WpUser },
      },
      validate: async ({ caller, params, body }, tx) => {
        const user = await found(tx, caller, params.id);
        mayUpdate(caller, user, body);
        return user;
      },
      // A new password is hashed here, outside the unit, once the refusals that come before its own have been made.
      prepare: async ({ caller, params, body }) => {
        if (body.password === undefined) return { made: undefined };
        mayUpdate(caller, await found(null, caller, params.id), body);
        refuseEmptyPassword(body.password);
        await attempt(() => users.checkChanges(changesOf(body, body.roles?.[0])));
        return { made: await hashPassword(body.password) };
      },
      handle: async ({ body, urls }, tx, user: UserRow, passwordHash: string | undefined) => {
        const changes = changesOf(body, body.roles?.[0]);
        await attempt(() => users.checkChanges(changes));
        return {
          body: toWpUser(await attempt(() => users.updateIn(tx, user.id, changes, passwordHash)), 'edit', urls),
        };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/users/:id(^\\d+$)',
      permission: { all: ['delete_users'] },
      refusal: 'rest_user_cannot_delete',
      schema: {
        summary: 'Deletes a user (administrators only, not themselves), their posts reassigned to another user',
        params: UserIdParams,
        querystring: DeleteUserQuery,
        response: { 200: DeletedUser },
      },
      handle: async ({ caller, params, query, urls }, tx) => {
        // Deleting oneself is refused (WordPress allows it): it could leave the site without an administrator.
        if (caller!.id === params.id) throw new ApiError('rest_user_cannot_delete');
        if (query.force !== true) throw new ApiError('rest_trash_not_supported');
        const user = await found(tx, caller, params.id);
        await attempt(() => users.removeIn(tx, user.id, query.reassign));
        return { body: { deleted: true, previous: toWpUser(user, 'edit', urls) } };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/users/:id(^(?:\\d+|me)$)/application-passwords',
      permission: SIGNED_IN,
      refusal: 'rest_cannot_manage_application_passwords',
      schema: {
        summary: 'Creates an application password; the answer shows the password, once',
        params: UserRefParams,
        querystring: ContextQuery,
        body: CreateAppPasswordBody,
        response: { 201: AppPassword },
      },
      // The secret is hashed here, outside the unit, once the user's refusals and the name's have been made.
      prepare: async ({ caller, params, body }) => {
        await passwordsOwner(null, caller, params.id);
        const name = await attempt(() => appPasswordName(body.name));
        return { made: { name, secret: await newAppPasswordSecret() } };
      },
      handle: async ({ caller, params, urls }, tx, _loaded, made: { name: string; secret: AppPasswordSecret }) => {
        const user = await passwordsOwner(tx, caller, params.id);
        const row = await attempt(() => users.createAppPasswordIn(tx, user, made.name, made.secret));
        return {
          status: 201,
          body: { ...toAppPassword(row, urls), password: made.secret.password },
          headers: { location: appPasswordUrl(urls, row) },
        };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/users/:id(^(?:\\d+|me)$)/application-passwords',
      permission: SIGNED_IN,
      refusal: 'rest_cannot_manage_application_passwords',
      schema: {
        summary: 'Revokes every application password of the user: they stop working at once',
        params: UserRefParams,
        querystring: ContextQuery,
        response: { 200: DeletedAppPasswords },
      },
      handle: async ({ caller, params }, tx) => {
        const user = await passwordsOwner(tx, caller, params.id);
        return { body: { deleted: true, count: await users.revokeAllAppPasswordsIn(tx, user.id) } };
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/users/:id(^(?:\\d+|me)$)/application-passwords/:uuid',
      permission: SIGNED_IN,
      refusal: 'rest_cannot_manage_application_passwords',
      schema: {
        summary: 'Revokes an application password: it stops working at once',
        params: AppPasswordParams,
        querystring: ContextQuery,
        response: { 200: DeletedAppPassword },
      },
      handle: async ({ caller, params, urls }, tx) => {
        const user = await passwordsOwner(tx, caller, params.id);
        const row = (await users.appPasswordsOf(tx, user.id)).find((candidate) => candidate.uuid === params.uuid);
        if (!row) throw new ApiError('rest_application_password_not_found');
        await attempt(() => users.revokeAppPasswordIn(tx, user, { uuid: row.uuid }));
        return { body: { deleted: true, previous: toAppPassword(row, urls) } };
      },
    }),
  ];
}
