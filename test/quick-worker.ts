import path from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

/*
 * A `test:quick` worker (test/quick.ts): one process that runs test files one after another, each
 * inside a suite named after the file, so that a file's top-level hooks (`before`, `after`) stay the
 * file's. Asks for a file, runs it, and asks again once its suite is reported (test/quick-reporter.ts
 * tells the parent); leaves when told there is none left.
 */

const root = path.resolve(import.meta.dirname, '..');

process.on('message', (message: { file?: string }) => {
  const file = message.file;
  if (file === undefined) {
    process.disconnect();
    return;
  }
  describe(path.relative(root, file), async () => {
    await import(pathToFileURL(file).href);
  });
});
process.send!({ type: 'ready' });
