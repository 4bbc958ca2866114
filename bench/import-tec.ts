import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { seed } from '../src/seed/seed.ts';
import { TecSource } from '../src/modules/tec-import/tec-source.ts';
import { createTestApp } from '../test/fixtures/app.ts';

/*
 * import-tec throughput (decision 0030): a source seeded with `--events` events (and the seed's
 * venues, organizers and terms) served by this service's tribe/events/v1 alias on a local port, read
 * by the importer into an empty database, then read again (the re-run of every day until the switch).
 * The database is DATABASE_URL's dialect, as in the tests:
 *   node --import tsx bench/import-tec.ts --events 2000
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/import-tec.ts --events 2000
 */

const { values } = parseArgs({
  options: { events: { type: 'string', default: '2000' }, concurrency: { type: 'string', default: '4' } },
});
const events = Number(values.events);
const env = { CALENDAR_REST_PREFIX: '/wp-json', CALENDAR_TIMEZONE: 'UTC' };
const source = await createTestApp({
  env,
  prepare: async (storage, config) => void (await seed(storage, { events, force: true, siteZone: config.timezone })),
});
const target = await createTestApp({ env });
try {
  await source.app.listen({ host: '127.0.0.1', port: 0 });
  const { password } = await source.users.createAppPassword('administrator', 'bench');
  const tec = await TecSource.discover(`http://127.0.0.1:${(source.app.server.address() as AddressInfo).port}/`, {
    concurrency: Number(values.concurrency),
    delayMs: 0,
    user: 'administrator',
    appPassword: password,
  });
  const caller = { id: target.ids.administrator, login: 'administrator', role: 'administrator' as const };
  for (const label of ['first run (empty database)', 're-run (nothing changed)']) {
    const report = await target.services.tecImport.run(tec, { caller, language: 'en' });
    const records = Object.values(report.counts).reduce(
      (sum, counts) => sum + Object.values(counts).reduce((all, count) => all + count, 0),
      0,
    );
    const written = Object.values(report.counts).reduce((sum, counts) => sum + counts.created + counts.updated, 0);
    console.log(
      `${label}: ${records} records (${written} written, ${report.failed.length} failed) in ${report.seconds.toFixed(1)} s = ${(records / report.seconds).toFixed(0)} records/s`,
    );
  }
} finally {
  await source.close();
  await target.close();
}
