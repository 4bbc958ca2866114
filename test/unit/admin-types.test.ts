import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { ADMIN_TYPES_FILE, generateAdminTypes } from '../../scripts/admin-types.ts';

/*
 * The admin client's wire types (src/admin/api-types.ts) are generated from the OpenAPI document:
 * a schema changed without regenerating them fails here, before any browser test.
 */

test('src/admin/api-types.ts is what the OpenAPI document generates', async () => {
  assert.ok(
    fs.readFileSync(ADMIN_TYPES_FILE, 'utf8') === (await generateAdminTypes()),
    'src/admin/api-types.ts is stale: run npm run admin-types',
  );
});
