import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { startServer } from '../test/fixtures/server-process.ts';

/*
 * `node --import tsx bench/media-decodes.ts [--decodes 8] [--pixels 7000]`: issue 43 item 3 against
 * a real `serve` process on a fresh SQLite database. It sends `--decodes` community submissions at
 * once, each with a small-in-bytes, large-in-pixels 16-bit PNG (the issue's 7000 × 7000), and while
 * they run it probes, one after another, an uploaded file (`GET /media/...`), `/healthz` and a
 * password check (`GET /wp/v2/users/me` with an application password), then prints the worst and
 * median latency of each probe and how each submission was answered (decision 0090).
 */

const { values } = parseArgs({
  options: { decodes: { type: 'string', default: '8' }, pixels: { type: 'string', default: '7000' } },
});
const decodes = Number(values.decodes);
const side = Number(values.pixels);

const ADMIN_PASSWORD = 'bench-admin-password';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-media-decodes-'));
const server = await startServer({
  DATABASE_URL: path.join(dir, 'calendar.sqlite'),
  CALENDAR_ADMIN_PASSWORD: ADMIN_PASSWORD,
  CALENDAR_COMMUNITY_SUBMISSIONS: 'true',
  // The issue's submissions were decoded: its images within the anonymous limit too (ignored by code without one).
  CALENDAR_MEDIA_MAX_PIXELS_ANONYMOUS: String(side * side),
});

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
try {
  const small = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3c6e71' } })
    .jpeg()
    .toBuffer();
  const uploaded = await fetch(`${server.base}/calendar/events/v1/media`, {
    method: 'POST',
    headers: {
      authorization: basic('admin', ADMIN_PASSWORD),
      'content-type': 'image/jpeg',
      'content-disposition': 'attachment; filename=probe.jpg',
    },
    body: small,
  });
  if (uploaded.status !== 201)
    throw new Error(`the probe's upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const fileUrl = new URL(((await uploaded.json()) as { url: string }).url).pathname;
  const created = await fetch(`${server.base}/wp/v2/users/me/application-passwords`, {
    method: 'POST',
    headers: { authorization: basic('admin', ADMIN_PASSWORD), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  if (created.status !== 201)
    throw new Error(`the application password answered ${created.status}: ${await created.text()}`);
  const appPassword = ((await created.json()) as { password: string }).password;

  const big = await sharp({ create: { width: side, height: side, channels: 3, background: '#3c6e71' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();
  const submission = () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      title: 'Big picture',
      start_date: '2026-12-12',
      start_time: '14:00',
      end_time: '15:00',
    }))
      form.append(name, value);
    form.append('file', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    return form;
  };

  const started = performance.now();
  const answers: string[] = [];
  let running = decodes;
  const submissions = Array.from({ length: decodes }, () =>
    fetch(`${server.base}/events/community/add/`, {
      method: 'POST',
      headers: { origin: server.base },
      body: submission(),
      redirect: 'manual',
    })
      .then(
        async (response) => {
          await response.arrayBuffer();
          answers.push(
            `${response.status} after ${((performance.now() - started) / 1000).toFixed(1)} s${response.headers.get('retry-after') ? ` (Retry-After ${response.headers.get('retry-after')})` : ''}`,
          );
        },
        (error: Error) => answers.push(`failed: ${error.message}`),
      )
      .finally(() => running--),
  );
  const probes = {
    'GET /media/<file>': () => fetch(`${server.base}${fileUrl}`),
    'GET /healthz': () => fetch(`${server.base}/healthz`),
    'password check': () =>
      fetch(`${server.base}/wp/v2/users/me`, { headers: { authorization: basic('admin', appPassword) } }),
  };
  const latencies: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((name) => [name, []]));
  while (running > 0) {
    for (const [name, probe] of Object.entries(probes)) {
      const sent = performance.now();
      const response = await probe();
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${name} answered ${response.status}`);
      latencies[name]!.push(performance.now() - sent);
    }
  }
  await Promise.all(submissions);
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log(
    `${decodes} submissions of a ${side} × ${side} 16-bit PNG (${Math.round(big.length / 1024)} KiB), ${os.availableParallelism()} cores, load ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const [name, values] of Object.entries(latencies)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${name}: worst ${ms(sorted.at(-1)!)}, median ${ms(sorted[Math.floor(sorted.length / 2)]!)}, ${sorted.length} probes`,
    );
  }
  console.log(`submissions: ${answers.sort().join('; ')}`);
} finally {
  await server.kill();
  fs.rmSync(dir, { recursive: true, force: true });
}
