import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOGIN_THROTTLE } from '../src/auth/login-throttle.ts';
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { composeApplication } from '../src/container.ts';
import { headerOf } from '../src/modules/csv/csv-columns.ts';
import { migrate, openStorage } from '../src/storage/database.ts';

/*
 * Issue 47's CSV import target (decision 0115): ROWS rows (default 100,000) of events, each at one
 * of 500 venues with one of 200 organizers, 2 categories and a tag, imported into a fresh SQLite
 * file through the service `import-csv` runs (target: under 30 s), timed with the rows per second.
 *
 *   node --import tsx bench/csv-import.ts
 */

const ROWS = Number(process.env.ROWS ?? 100_000);

function csvFile(rows: number): string {
  const lines = [headerOf('events').join(',')];
  const quote = (cell: string) => `"${cell.replace(/"/g, '""')}"`;
  for (let n = 0; n < rows; n++) {
    const day = new Date(Date.UTC(2027, 0, 1) + (n % 700) * 86_400_000).toISOString().slice(0, 10);
    const cells: Record<string, string> = {
      'Event Name': `Imported concert ${n}`,
      'Event Description': quote(`<p>Row ${n}, with "quotes", a comma</p>\n<p>and a second line</p>`),
      'Event Start Date': day,
      'Event Start Time': `${String(9 + (n % 10)).padStart(2, '0')}:00`,
      'Event End Date': day,
      'Event End Time': `${String(10 + (n % 10)).padStart(2, '0')}:30`,
      'Event Time Zone': 'America/New_York',
      'All Day Event': 'FALSE',
      'Event Venue Name': `Hall ${n % 500}`,
      'Event Organizer Name(s) or ID(s)': `Society ${n % 200}`,
      'Event Cost': `$${n % 50}`,
      'Event Category': quote(`Music, Genre ${n % 20}`),
      'Event Tags': `tag${n % 100}`,
    };
    lines.push(
      headerOf('events')
        .map((label) => cells[label] ?? '')
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'csv-import-'));
try {
  const config = loadConfig({ ...process.env, DATABASE_URL: path.join(dir, 'calendar.sqlite'), LOG_LEVEL: 'warn' });
  const storage = openStorage(config.database);
  try {
    await migrate(storage);
    const { services } = await composeApplication(storage, config, systemClock, LOGIN_THROTTLE);
    const { user: admin } = await services.users.create({
      login: 'admin',
      email: 'admin@example.com',
      password: 'admin-password-long',
      role: 'administrator',
    });
    const text = csvFile(ROWS);
    console.log(`${ROWS} rows, ${(text.length / 2 ** 20).toFixed(1)} MB, SQLite`);
    const started = performance.now();
    const report = await services.csvImport.import(text, {
      type: 'events',
      dryRun: false,
      caller: { id: admin.id, login: 'admin', role: 'administrator' },
      language: 'en',
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `imported ${report.imported}, refused ${report.failed} in ${seconds.toFixed(1)} s (${Math.round(report.imported / seconds)} rows/s; target: under 30 s)`,
    );
    if (report.failed > 0) console.log(JSON.stringify(report.problems.slice(0, 3)));
  } finally {
    await storage.close();
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
