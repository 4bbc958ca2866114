#!/usr/bin/env node
// The installed command runs the build in dist/ with plain Node: `npm ci` makes it (the `prepare`
// script), `npm run build` remakes it. Development and the tests run src/ through tsx instead.
import fs from 'node:fs';

const cli = new URL('../dist/cli.js', import.meta.url);
if (!fs.existsSync(cli)) {
  process.stderr.write('calendar-events: there is no build in dist/; run `npm run build` (npm ci runs it too).\n');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv.slice(2));
