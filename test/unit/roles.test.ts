import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  can,
  isRole,
  permits,
  ROLE_CAPABILITIES,
  ROLE_NAMES,
  siteCapabilities,
  type Caller,
  type Permission,
  type Role,
} from '../../src/auth/roles.ts';
import { CATEGORY, TAG } from '../../src/modules/terms/taxonomy.ts';

const caller = (role: Role): Caller => ({ id: 1, login: role, role });

/** Who holds each capability (wire-format 7.2): true for the roles listed, false for the others. */
const HOLDERS: Record<string, readonly Role[]> = {
  read: ROLE_NAMES,
  edit_tribe_events: ['administrator', 'editor', 'author', 'contributor'],
  delete_tribe_venues: ['administrator', 'editor', 'author', 'contributor'],
  publish_tribe_events: ['administrator', 'editor', 'author'],
  publish_tribe_organizers: ['administrator', 'editor', 'author'],
  edit_published_tribe_events: ['administrator', 'editor', 'author'],
  delete_published_tribe_venues: ['administrator', 'editor', 'author'],
  upload_files: ['administrator', 'editor', 'author'],
  manage_post_tags: ['administrator', 'editor'],
  edit_others_tribe_events: ['administrator', 'editor'],
  delete_others_tribe_organizers: ['administrator', 'editor'],
  read_private_tribe_venues: ['administrator', 'editor'],
  edit_private_tribe_events: ['administrator', 'editor'],
  unfiltered_html: ['administrator', 'editor'],
  list_users: ['administrator'],
  edit_users: ['administrator'],
  read_webhooks: ['administrator', 'editor'],
  manage_webhooks: ['administrator'],
  import_sites: ['administrator'],
  manage_mail: ['administrator'],
  manage_import_sources: ['administrator', 'editor'],
};

describe('roles', () => {
  for (const [capability, holders] of Object.entries(HOLDERS)) {
    test(`${capability} belongs to ${holders.join(', ')} only`, () => {
      for (const role of ROLE_NAMES)
        assert.equal(can(caller(role), capability), holders.includes(role), `${role} ${capability}`);
    });
  }

  test('DISALLOW_UNFILTERED_HTML takes unfiltered_html from every role and nothing else', () => {
    assert.equal(siteCapabilities({ disallowUnfilteredHtml: false }), ROLE_CAPABILITIES);
    const disallowing = siteCapabilities({ disallowUnfilteredHtml: true });
    for (const role of ROLE_NAMES) {
      assert.deepEqual(
        [...disallowing[role]],
        [...ROLE_CAPABILITIES[role]].filter((capability) => capability !== 'unfiltered_html'),
        role,
      );
    }
  });

  test('a subscriber can only read', () => {
    assert.deepEqual([...ROLE_CAPABILITIES.subscriber], ['read']);
  });

  test('each role holds every capability of the roles below it', () => {
    for (let index = 1; index < ROLE_NAMES.length; index++) {
      const higher = ROLE_CAPABILITIES[ROLE_NAMES[index - 1]!];
      for (const capability of ROLE_CAPABILITIES[ROLE_NAMES[index]!])
        assert.ok(higher.has(capability), `${ROLE_NAMES[index - 1]} lacks ${capability}`);
    }
  });

  test('anonymous callers hold no capability, not even read', () => {
    assert.equal(can(null, 'read'), false);
  });

  test('isRole knows exactly the five roles', () => {
    for (const role of ROLE_NAMES) assert.equal(isRole(role), true);
    for (const other of ['admin', 'Administrator', 'guest', '']) assert.equal(isRole(other), false);
  });
});

describe('permits', () => {
  const cases: [string, Permission, Record<Role | 'anonymous', boolean>][] = [
    [
      'public',
      'public',
      { anonymous: true, subscriber: true, contributor: true, author: true, editor: true, administrator: true },
    ],
    [
      'category writes',
      CATEGORY.writePermission,
      { anonymous: false, subscriber: false, contributor: false, author: true, editor: true, administrator: true },
    ],
    [
      'tag writes',
      TAG.writePermission,
      { anonymous: false, subscriber: false, contributor: false, author: false, editor: true, administrator: true },
    ],
    [
      'an empty list of capabilities',
      { all: [] },
      { anonymous: true, subscriber: true, contributor: true, author: true, editor: true, administrator: true },
    ],
    [
      'an unknown capability',
      { all: ['read', 'fly'] },
      { anonymous: false, subscriber: false, contributor: false, author: false, editor: false, administrator: false },
    ],
  ];
  for (const [name, permission, expected] of cases) {
    test(name, () => {
      for (const [who, allowed] of Object.entries(expected)) {
        assert.equal(permits(permission, who === 'anonymous' ? null : caller(who as Role)), allowed, who);
      }
    });
  }
});
