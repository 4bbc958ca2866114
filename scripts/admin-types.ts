import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { createTestApp } from '../test/fixtures/app.ts';

/*
 * The admin client's wire types, generated from the service's own OpenAPI document (issue 45): the
 * TypeBox schemas that validate and serialize the API are the one statement of its records, so a
 * renamed field fails `tsc -p src/admin` rather than only the browser tests.
 * Run: npm run admin-types. test/unit/admin-types.test.ts fails when the committed file is stale.
 */

export const ADMIN_TYPES_FILE = fileURLToPath(new URL('../src/admin/api-types.ts', import.meta.url));

const HEADER = `// Generated from the service's OpenAPI document by \`npm run admin-types\` (scripts/admin-types.ts): do not edit.
`;

/** The text of src/admin/api-types.ts for the API as it is now: an app on a scratch SQLite database answers its document. */
export async function generateAdminTypes(): Promise<string> {
  const t = await createTestApp({ dialect: 'sqlite', withUsers: false });
  try {
    const response = await t.request('anonymous', 'GET', 'doc');
    if (response.statusCode !== 200) throw new Error(`GET doc answered ${response.statusCode}: ${response.body}`);
    return HEADER + astToString(await openapiTS(response.json<OpenAPI3>()));
  } finally {
    await t.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(ADMIN_TYPES_FILE, await generateAdminTypes());
  console.log(`wrote ${ADMIN_TYPES_FILE}`);
}
