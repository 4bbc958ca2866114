import { Type } from '@sinclair/typebox';
import { ROLE_NAMES } from '../../auth/roles.ts';

/* WordPress' `wp/v2/users` and application-password shapes (decision 0067), for validation and the OpenAPI document. */

const Links = Type.Object({}, { additionalProperties: true, description: 'HAL links: self, collection' });

export const WpContext = Type.Union([Type.Literal('view'), Type.Literal('embed'), Type.Literal('edit')], {
  description: 'view, embed, or edit (login, e-mail, roles and capabilities)',
});

export const WpUser = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    url: Type.String(),
    description: Type.String(),
    link: Type.String(),
    slug: Type.String(),
    username: Type.Optional(Type.String({ description: 'context=edit' })),
    first_name: Type.Optional(Type.String()),
    last_name: Type.Optional(Type.String()),
    email: Type.Optional(Type.String({ description: 'context=edit' })),
    locale: Type.Optional(Type.String()),
    nickname: Type.Optional(Type.String()),
    registered_date: Type.Optional(Type.String()),
    roles: Type.Optional(Type.Array(Type.String(), { description: 'context=edit' })),
    capabilities: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
    extra_capabilities: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
    meta: Type.Optional(Type.Array(Type.Unknown())),
    _links: Links,
  },
  { $id: 'WpUser', description: "A user in WordPress' shape; the members marked context=edit only in that context" },
);

export const WpUsers = Type.Array(WpUser);

export const UserIdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
/** `me` in place of the id, as WordPress' application-password routes take it. */
export const UserRefParams = Type.Object({ id: Type.Union([Type.Literal('me'), Type.Integer({ minimum: 1 })]) });
export const AppPasswordParams = Type.Object({
  id: Type.Union([Type.Literal('me'), Type.Integer({ minimum: 1 })]),
  uuid: Type.String({ format: 'uuid' }),
});

export const ContextQuery = Type.Object({ context: Type.Optional(WpContext) }, { additionalProperties: true });

export const ListUsersQuery = Type.Object(
  {
    context: Type.Optional(WpContext),
    page: Type.Integer({ minimum: 1, default: 1 }),
    per_page: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    search: Type.Optional(Type.String({ maxLength: 200, description: 'Part of the login, e-mail address or name' })),
    roles: Type.Optional(
      Type.String({
        pattern: `^(${ROLE_NAMES.join('|')})(,(${ROLE_NAMES.join('|')}))*$`,
        description: 'Users with any of these roles, comma-separated',
      }),
    ),
  },
  { additionalProperties: true },
);

export const CreateUserBody = Type.Object(
  {
    username: Type.String({ minLength: 1 }),
    email: Type.String({ minLength: 1 }),
    password: Type.String(),
    name: Type.Optional(Type.String({ maxLength: 250 })),
    roles: Type.Optional(
      Type.Array(Type.String(), { maxItems: 1, description: 'One role; the default is subscriber' }),
    ),
  },
  { additionalProperties: true },
);

export const UpdateUserBody = Type.Object(
  {
    username: Type.Optional(Type.String({ description: 'Not editable: only the current login is accepted' })),
    email: Type.Optional(Type.String({ minLength: 1 })),
    password: Type.Optional(Type.String({ description: "A new password ends the user's sessions" })),
    name: Type.Optional(Type.String({ maxLength: 250 })),
    roles: Type.Optional(
      Type.Array(Type.String(), { minItems: 1, maxItems: 1, description: 'Administrators only, not their own' }),
    ),
  },
  { additionalProperties: true },
);

export const DeleteUserQuery = Type.Object(
  {
    force: Type.Optional(Type.Boolean({ description: 'Must be true: users are not trashed' })),
    reassign: Type.Integer({ minimum: 1, description: "The user who receives the deleted user's posts" }),
  },
  { additionalProperties: true },
);

export const DeletedUser = Type.Object({ deleted: Type.Boolean(), previous: WpUser });

export const AppPassword = Type.Object(
  {
    uuid: Type.String(),
    app_id: Type.String(),
    name: Type.String(),
    created: Type.String({ description: 'UTC, as WordPress gives it' }),
    last_used: Type.Union([Type.String(), Type.Null()]),
    last_ip: Type.Null(),
    password: Type.Optional(Type.String({ description: 'Only in the answer to its creation: never shown again' })),
    _links: Links,
  },
  { $id: 'WpApplicationPassword' },
);

export const AppPasswords = Type.Array(AppPassword);
export const CreateAppPasswordBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100 }), app_id: Type.Optional(Type.String()) },
  { additionalProperties: true },
);
export const DeletedAppPassword = Type.Object({ deleted: Type.Boolean(), previous: AppPassword });
export const DeletedAppPasswords = Type.Object({
  deleted: Type.Boolean(),
  count: Type.Integer({ description: 'How many were revoked' }),
});
