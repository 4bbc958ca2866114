import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE_CAPABILITIES } from '../../auth/roles.ts';
import type { UsersService } from '../../auth/users.service.ts';
import { ApiError } from '../../errors.ts';
import { USERS_ME_PATH } from '../../http/wordpress-paths.ts';
import { slugify } from '../../slugs.ts';
import type { Urls } from '../../urls.ts';

export interface UsersMeDependencies {
  readonly prefix: string;
  readonly users: UsersService;
  readonly urlsOf: (request: FastifyRequest) => Urls;
}

const UserAnswer = Type.Object({}, { additionalProperties: true });

/**
 * `GET {prefix}/wp/v2/users/me` (and `/wp-json/wp/v2/users/me`), how WordPress clients check a
 * login (decision 0050): the authenticated user in WordPress' shape, with `context=edit` also the
 * login, e-mail, roles and capabilities (a user may always read their own); 401
 * `rest_not_logged_in` without credentials, as WordPress answers. Only `me`: the service keeps no
 * public author pages, so the rest of `wp/v2/users` is not served. No `avatar_urls`, as WordPress
 * with avatars switched off: a Gravatar URL would hand the user's e-mail digest to a third party.
 */
export function registerUsersMe(app: FastifyInstance, deps: UsersMeDependencies): void {
  app.route({
    method: 'GET',
    url: `${deps.prefix}${USERS_ME_PATH}`,
    schema: {
      hide: true,
      querystring: Type.Object({ context: Type.Optional(Type.Union([Type.Literal('view'), Type.Literal('embed'), Type.Literal('edit')])) }, { additionalProperties: true }),
      response: { 200: UserAnswer },
    },
    handler: async (request) => {
      const caller = request.caller;
      if (caller === null) throw new ApiError('rest_not_logged_in');
      const user = await deps.users.get(caller.id);
      if (!user) throw new ApiError('rest_not_logged_in');
      const urls = deps.urlsOf(request);
      const slug = slugify(user.login);
      const view = {
        id: user.id,
        name: user.display_name || user.login,
        url: '',
        description: '',
        link: `${urls.siteOrigin}/author/${slug}/`,
        slug,
      };
      const context = (request.query as { context?: string }).context ?? 'view';
      const links = {
        _links: {
          self: [{ href: `${urls.restRoot}/wp/v2/users/${user.id}` }],
          collection: [{ href: `${urls.restRoot}/wp/v2/users` }],
        },
      };
      if (context === 'embed') return { ...view, ...links };
      if (context === 'view') return { ...view, meta: [], ...links };
      const capabilities = Object.fromEntries([...ROLE_CAPABILITIES[caller.role]].map((capability) => [capability, true]));
      return {
        ...view,
        username: user.login,
        first_name: '',
        last_name: '',
        email: user.email,
        locale: 'en_US',
        nickname: user.login,
        registered_date: `${user.created_at.replace(' ', 'T').slice(0, 19)}+00:00`,
        roles: [caller.role],
        capabilities: { ...capabilities, [caller.role]: true },
        extra_capabilities: { [caller.role]: true },
        meta: [],
        ...links,
      };
    },
  });
}
