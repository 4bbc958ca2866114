import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

/*
 * Issue 45: a module folder of more than ten files has a README that says which file holds what.
 * A file added to such a folder without a line in its README fails here, so the table stays true.
 */
const MODULES = join(import.meta.dirname, '../../src/modules');
const MOST_FILES_WITHOUT_README = 10;

for (const module of readdirSync(MODULES, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
  const folder = join(MODULES, module.name);
  const files = readdirSync(folder).filter((name) => /\.tsx?$/.test(name));
  if (files.length <= MOST_FILES_WITHOUT_README) continue;
  test(`modules/${module.name} (${files.length} files) has a README naming each file`, () => {
    const readme = join(folder, 'README.md');
    assert.ok(existsSync(readme), `modules/${module.name}/README.md is missing`);
    const text = readFileSync(readme, 'utf8');
    assert.deepEqual(
      files.filter((name) => !text.includes(`\`${name}\``)),
      [],
      `files that modules/${module.name}/README.md does not name`,
    );
  });
}
