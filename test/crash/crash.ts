import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { basicAuth, DIALECT, freshDatabase } from '../fixtures/app.ts';
import { ApiClient } from './api-client.ts';
import { checkPostgres, checkSqlite, type IntegrityReport } from './integrity.ts';
import { startServer, type ServerProcess } from '../fixtures/server-process.ts';
import { probeAbsentAnswers, verifyAfterRestart } from './verify.ts';
import { acknowledged, startWriteStream, untilAcknowledged, WriteLog } from './workload.ts';

/**
 * Crash safety (`npm run test:crash`): under a stream of concurrent writes over HTTP the server
 * is killed with SIGKILL, the database is checked, the server restarted, and every write it had
 * answered with 2xx must be there, intact; a write in flight at the kill may have landed, but
 * whole or not at all. Runs on the dialect DATABASE_URL selects, as the test suite does.
 */

const ROUNDS = 5;
const WRITERS = 12;
/** Acknowledged writes a round waits for, so the kill lands in a running stream, not its start. */
const WARM_UP_WRITES = 30;
/** The kill comes at a random moment up to this long after the warm-up. */
const MAX_KILL_DELAY_MS = 2000;
const ADMIN_PASSWORD = 'crash-test-administrator';
const AUTHORIZATION = basicAuth('admin', ADMIN_PASSWORD);

const errorLines = (server: ServerProcess) =>
  server
    .output()
    .split('\n')
    .filter((line) => /"level":(50|60)/.test(line));

interface Outcome {
  roundsRun: number;
  roundsPassed: number;
  acknowledged: number;
  inFlight: number;
  landed: number;
  notLanded: number;
  /** Records in a state they may legitimately be in, after the last restart. */
  intact: number;
  integrity: IntegrityReport | undefined;
  readonly failures: string[];
}

/** The rounds of write, kill, check and restart on the database at `url`; stops after the first round that fails. */
async function crashRounds(url: string): Promise<Outcome> {
  const outcome: Outcome = {
    roundsRun: 0,
    roundsPassed: 0,
    acknowledged: 0,
    inFlight: 0,
    landed: 0,
    notLanded: 0,
    intact: 0,
    integrity: undefined,
    failures: [],
  };
  const env = { DATABASE_URL: url, CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD };
  const log = new WriteLog();
  let server = await startServer(env);
  let client = new ApiClient(server.base, AUTHORIZATION);
  try {
    const absent = await probeAbsentAnswers(client);
    for (let round = 1; round <= ROUNDS && outcome.failures.length === 0; round++) {
      outcome.roundsRun = round;
      const roundStart = performance.now();
      const stream = startWriteStream(client, log, { round, writers: WRITERS });
      await untilAcknowledged(stream.counts, WARM_UP_WRITES, stream.finished);
      await sleep(Math.random() * MAX_KILL_DELAY_MS);
      stream.stop();
      await server.kill();
      const killedAt = performance.now() - roundStart;
      await stream.finished;
      client.close();
      const inFlight = log.inFlight();
      const killedServer = server;

      const integrity = DIALECT === 'sqlite' ? checkSqlite(url) : await checkPostgres(url);
      server = await startServer(env);
      client = new ApiClient(server.base, AUTHORIZATION);
      const verification = await verifyAfterRestart(client, log, absent);

      const { counts } = stream;
      outcome.acknowledged += acknowledged(counts);
      outcome.inFlight += inFlight;
      outcome.landed += verification.landed;
      outcome.notLanded += verification.notLanded;
      outcome.intact = verification.intact;
      outcome.integrity = integrity;
      console.log(
        `round ${round}: killed after ${Math.round(killedAt)} ms; ${acknowledged(counts)} writes acknowledged ` +
          `(${counts.creates} creates, ${counts.updates} updates, ${counts.deletes} deletes), ${inFlight} in flight at the kill ` +
          `(${verification.landed} landed whole, ${verification.notLanded} left no trace); after the restart ` +
          `${verification.intact} of ${log.records.length} records intact; integrity ${integrity.problems.length === 0 ? 'ok' : 'FAILED'}`,
      );
      outcome.failures.push(...log.anomalies, ...integrity.problems, ...verification.failures);
      if (log.anomalies.length > 0) outcome.failures.push(...errorLines(killedServer));
      if (outcome.failures.length === 0) outcome.roundsPassed++;
      log.anomalies.length = 0;
    }
  } finally {
    client.close();
    // The last server has nothing left to finish; killed, it cannot hang the run on its way out.
    await server.kill();
  }
  return outcome;
}

async function run(): Promise<boolean> {
  const started = performance.now();
  console.log(`crash test on ${DIALECT}: ${ROUNDS} rounds of ${WRITERS} concurrent writers`);
  const database = await freshDatabase();
  const outcome = await crashRounds(database.url).finally(() => database.drop());
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `crash test on ${DIALECT}: ${outcome.roundsRun} of ${ROUNDS} rounds run, ${outcome.acknowledged} writes acknowledged, ` +
      `${outcome.inFlight} in flight at the kills (${outcome.landed} landed whole, ${outcome.notLanded} left no trace), ` +
      `${outcome.intact} records found intact after the last restart, ${seconds} s`,
  );
  if (outcome.integrity) console.log(`integrity check: ${outcome.integrity.method}`);
  if (outcome.failures.length === 0)
    console.log('every acknowledged write was found intact; the database passed its integrity checks');
  else {
    console.error(`${outcome.failures.length} failure(s):`);
    for (const failure of outcome.failures) console.error(`  ${failure}`);
  }
  // The closing line CI reads, one round a test.
  console.log(`crash: ${outcome.roundsPassed} passed, ${outcome.roundsRun - outcome.roundsPassed} failed`);
  return outcome.failures.length === 0;
}

try {
  process.exitCode = (await run()) ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
