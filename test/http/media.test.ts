import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../fixtures/app.ts';
import { claimedPng, form, picture } from '../fixtures/images.ts';

/*
 * The media library (issue 33, decision 0052): uploads in both forms and every type, what is
 * refused (types read from the bytes, lying names, size and pixel limits), metadata removed,
 * WordPress' sizes, the files as served, who may do what, and `image` given an upload's id.
 */

type Json = Record<string, unknown>;
type Size = { width: number; height: number; 'mime-type': string; filesize: number; url: string };
type Media = Json & { id: number; url: string; width: number; height: number; sizes: Record<string, Size> };

const MAX_BYTES = 256 * 1024;
const MAX_PIXELS = 4_000_000;

describe('media', () => {
  let app: TestApp;
  let mediaDir: string;

  before(async () => {
    mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-media-'));
    app = await createTestApp({
      env: {
        CALENDAR_MEDIA_DIR: mediaDir,
        CALENDAR_MEDIA_MAX_BYTES: String(MAX_BYTES),
        CALENDAR_MEDIA_MAX_PIXELS: String(MAX_PIXELS),
        CALENDAR_SITE_URL: 'https://example.org/calendar',
      },
    });
  });
  after(async () => {
    await app.close();
    fs.rmSync(mediaDir, { recursive: true, force: true });
  });

  const upload = (
    bytes: Buffer,
    filename: string,
    as: Parameters<TestApp['request']>[0] = 'author',
    fields: Record<string, string> = {},
  ) => {
    const { payload, headers } = form([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      { name: 'file', value: bytes, filename, type: 'application/octet-stream' },
    ]);
    return app.request(as, 'POST', 'media', payload, headers);
  };
  const uploaded = async (bytes: Buffer, filename: string, fields: Record<string, string> = {}): Promise<Media> => {
    const response = await upload(bytes, filename, 'author', fields);
    assert.equal(response.statusCode, 201, response.body);
    return response.json<Media>();
  };
  /** The path under the site an uploaded file's URL names (served by the app at that path). */
  const served = (url: string) => app.app.inject({ method: 'GET', url: new URL(url).pathname });
  const storedFiles = () =>
    fs
      .readdirSync(mediaDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name));

  test('each type uploads, in both forms; the record gives its URL, type, dimensions, size and sizes', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif'] as const) {
      const extension = format === 'jpeg' ? 'jpg' : format;
      const media = await uploaded(await picture(400, 300, format), `Poster ${format}.${extension}`, {
        alt_text: 'A poster',
      });
      assert.equal(media.mime_type, `image/${format}`);
      assert.equal(media.extension, extension);
      assert.deepEqual(
        [media.width, media.height, media.title, media.alt_text, media.author],
        [400, 300, `Poster ${format}`, 'A poster', String(app.ids.author)],
      );
      assert.match(
        media.url,
        new RegExp(`^https://example\\.org/calendar/media/\\d{4}/\\d{2}/poster-${format}-[0-9a-f]{12}\\.${extension}$`),
      );
      const file = await served(media.url);
      assert.equal(file.statusCode, 200);
      assert.equal(file.headers['content-type'], `image/${format}`);
      assert.equal(file.rawPayload.length, media.filesize);
    }
    // WordPress' raw form: the image as the body, named by Content-Disposition, fields in the query.
    const raw = await app.request('author', 'POST', 'media?title=Raw', await picture(200, 100, 'png'), {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="raw.png"',
    });
    assert.equal(raw.statusCode, 201, raw.body);
    assert.deepEqual([raw.json<Media>().title, raw.json<Media>().width], ['Raw', 200]);
  });

  test('the upload is a route like the others: under tribe/events/v1, /wp-json and ?rest_route=', async () => {
    const png = await picture(30, 30, 'png');
    for (const url of [
      '/tribe/events/v1/media',
      '/wp-json/tribe/events/v1/media',
      '/?rest_route=/tribe/events/v1/media',
    ]) {
      const response = await app.request('author', 'POST', url, png, {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename="alias.png"',
      });
      assert.equal(response.statusCode, 201, `${url}: ${response.body}`);
    }
    // An image body on any other route is refused, not read.
    const elsewhere = await app.request('author', 'POST', 'events', png, {
      'content-type': 'image/png',
      'content-disposition': 'attachment; filename="x.png"',
    });
    assert.deepEqual([elsewhere.statusCode, elsewhere.json<Json>().code], [415, 'rest_unsupported_media_type']);
    const json = await app.request('author', 'POST', 'media', { file: 'x' });
    assert.deepEqual([json.statusCode, json.json<Json>().code], [415, 'rest_unsupported_media_type']);
  });

  test("sizes: WordPress' sizes smaller than the image, with their dimensions, type, bytes and served files", async () => {
    const media = await uploaded(await picture(1200, 800, 'jpeg'), 'big.jpg');
    const dimensions = Object.fromEntries(
      Object.entries(media.sizes).map(([name, size]) => [name, [size.width, size.height]]),
    );
    // thumbnail is cropped; the others keep the ratio; nothing is enlarged (no 1536x1536 or 2048x2048).
    assert.deepEqual(dimensions, {
      thumbnail: [150, 150],
      medium: [300, 200],
      medium_large: [768, 512],
      large: [1024, 683],
    });
    for (const size of Object.values(media.sizes)) {
      assert.equal(size['mime-type'], 'image/jpeg');
      const file = await served(size.url);
      assert.equal(file.statusCode, 200);
      assert.equal(file.rawPayload.length, size.filesize);
      const header = await sharp(file.rawPayload).metadata();
      assert.deepEqual([header.width, header.height, header.format], [size.width, size.height, 'jpeg']);
    }
  });

  test('the type comes from the bytes: a PNG named .jpg, text named .png, an SVG are refused and nothing is stored', async () => {
    const before = storedFiles().length;
    const lying = await upload(await picture(50, 50, 'png'), 'photo.jpg');
    assert.equal(lying.statusCode, 400, lying.body);
    assert.equal(lying.json<Json>().code, 'media_type_mismatch');
    const text = await upload(Buffer.from('hello, not an image'), 'notes.png');
    assert.deepEqual([text.statusCode, text.json<Json>().code], [415, 'media_unsupported_type']);
    const svg = await app.request('author', 'POST', 'media', '<svg xmlns="http://www.w3.org/2000/svg"/>', {
      'content-type': 'image/svg+xml',
      'content-disposition': 'attachment; filename="x.svg"',
    });
    assert.deepEqual([svg.statusCode, svg.json<Json>().code], [415, 'media_unsupported_type']);
    const script = await upload(await picture(50, 50, 'gif'), 'shell.php');
    assert.deepEqual([script.statusCode, script.json<Json>().code], [400, 'media_type_mismatch']);
    const damaged = await upload((await picture(300, 300, 'jpeg')).subarray(0, 400), 'cut.jpg');
    assert.deepEqual([damaged.statusCode, damaged.json<Json>().code], [400, 'media_unreadable']);
    assert.equal(storedFiles().length, before);
  });

  test('limits: a file over CALENDAR_MEDIA_MAX_BYTES (413), an image of too many pixels (400), no file (400)', async () => {
    // Random pixels, stored uncompressed: larger than the limit.
    const rows = Math.ceil(MAX_BYTES / 1800) + 4;
    const big = await sharp(randomBytes(600 * rows * 3), { raw: { width: 600, height: rows, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    assert.ok(big.length > MAX_BYTES);
    for (const response of [
      await upload(big, 'big.png'),
      await app.request('author', 'POST', 'media', big, {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename=big.png',
      }),
    ]) {
      assert.deepEqual([response.statusCode, response.json<Json>().code], [413, 'media_too_large'], response.body);
    }
    // 2,001 × 2,000 pixels of one colour: a few kilobytes that decode to 4 million pixels, one more row than allowed.
    const wide = await sharp({ create: { width: 2001, height: 2000, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    assert.ok(wide.length < MAX_BYTES);
    const bomb = await upload(wide, 'bomb.png');
    assert.deepEqual([bomb.statusCode, bomb.json<Json>().code], [400, 'media_too_many_pixels'], bomb.body);
    // A header claiming 100,000 × 100,000 pixels (10 billion): refused from the header, never decoded.
    const claimed = await upload(await claimedPng(100_000, 100_000), 'claimed.png');
    assert.deepEqual([claimed.statusCode, claimed.json<Json>().code], [400, 'media_too_many_pixels'], claimed.body);
    assert.match(claimed.json<{ message: string }>().message, /100000 × 100000 pixels/);
    const { payload, headers } = form([{ name: 'title', value: 'No file' }]);
    const none = await app.request('author', 'POST', 'media', payload, headers);
    assert.deepEqual([none.statusCode, none.json<Json>().code], [400, 'rest_upload_no_data']);
    const unnamed = await app.request('author', 'POST', 'media', await picture(20, 20, 'png'), {
      'content-type': 'image/png',
    });
    assert.deepEqual([unnamed.statusCode, unnamed.json<Json>().code], [400, 'rest_upload_no_content_disposition']);
  });

  test('a form of two files, or two titles, is a 400 and stores nothing', async () => {
    const before = storedFiles().length;
    const png = await picture(20, 20, 'png');
    const two = form([
      { name: 'file', value: png, filename: 'a.png' },
      { name: 'file', value: png, filename: 'b.png' },
    ]);
    const twoFiles = await app.request('author', 'POST', 'media', two.payload, two.headers);
    assert.deepEqual([twoFiles.statusCode, twoFiles.json<Json>().code], [400, 'rest_bad_request'], twoFiles.body);
    const titles = form([
      { name: 'title', value: 'One' },
      { name: 'title', value: 'Two' },
      { name: 'file', value: png, filename: 'c.png' },
    ]);
    const twoTitles = await app.request('author', 'POST', 'media', titles.payload, titles.headers);
    assert.deepEqual(
      [twoTitles.statusCode, Object.keys(twoTitles.json<{ data: { params: Json } }>().data.params)],
      [400, ['title']],
      twoTitles.body,
    );
    assert.equal(storedFiles().length, before);
  });

  test('EXIF and GPS are removed from every stored file; the orientation is applied first', async () => {
    // 300 × 200 pixels stored, orientation 6 (rotate 90° clockwise to show): shown 200 wide, 300 high.
    const tagged = await sharp(await picture(300, 200, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: 'Secret Owner', Artist: 'Jane Photographer' },
        IFD3: {
          GPSLatitudeRef: 'N',
          GPSLatitude: '48/1 51/1 24/1',
          GPSLongitudeRef: 'E',
          GPSLongitude: '2/1 21/1 3/1',
        },
      })
      .jpeg()
      .toBuffer();
    assert.ok((await sharp(tagged).metadata()).exif, 'the upload has EXIF');
    assert.ok(tagged.includes('Jane Photographer'));
    const media = await uploaded(tagged, 'located.jpg');
    assert.deepEqual([media.width, media.height], [200, 300]);
    for (const url of [media.url, ...Object.values(media.sizes).map((size) => size.url)]) {
      const bytes = (await served(url)).rawPayload;
      const header = await sharp(bytes).metadata();
      assert.equal(header.exif, undefined, url);
      assert.equal(header.orientation, undefined, url);
      assert.ok(
        !bytes.includes('Jane Photographer') && !bytes.includes('Secret Owner') && !bytes.includes('Exif\0\0'),
        url,
      );
    }
  });

  test('an animated GIF stays animated; its sizes are its first frame', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 400, height: 400, channels: 4, background } })
        .png()
        .toBuffer();
    const three = await sharp([await frame('#36c'), await frame('#c63'), await frame('#3c6')], {
      join: { animated: true },
    })
      .gif({ delay: [100, 100, 100], loop: 0 })
      .toBuffer();
    assert.equal((await sharp(three, { animated: true }).metadata()).pages, 3);
    const media = await uploaded(three, 'spinner.gif');
    assert.deepEqual([media.width, media.height], [400, 400]);
    assert.equal((await sharp((await served(media.url)).rawPayload, { animated: true }).metadata()).pages, 3);
    assert.equal(
      (await sharp((await served(media.sizes.medium!.url)).rawPayload, { animated: true }).metadata()).pages ?? 1,
      1,
    );
  });

  test('files are served for a year as immutable, with their type and nosniff; only stored names are served', async () => {
    const media = await uploaded(await picture(100, 100, 'webp'), 'cached.webp');
    const file = await served(media.url);
    assert.equal(file.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(file.headers['content-type'], 'image/webp');
    assert.equal(file.headers['x-content-type-options'], 'nosniff');
    const again = await app.app.inject({
      method: 'GET',
      url: new URL(media.url).pathname,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    assert.equal(again.statusCode, 304);
    // Signed in, the same file is still public and cacheable.
    const signedIn = await app.request('editor', 'GET', new URL(media.url).pathname);
    assert.equal(signedIn.headers['cache-control'], 'public, max-age=31536000, immutable');
    fs.writeFileSync(path.join(mediaDir, 'secret.txt'), 'not for the web');
    for (const url of [
      '/calendar/media/',
      '/calendar/media/2026',
      '/calendar/media/../media/secret.txt',
      '/calendar/media/%2e%2e/secret.txt',
      '/calendar/media/secret.txt',
      '/calendar/media/2026/11/..%2f..%2fsecret.txt',
      '/calendar/media/2026/11/missing-000000000000.png',
    ]) {
      const response = await app.app.inject({ method: 'GET', url });
      assert.equal(response.statusCode, 404, url);
      assert.ok(!response.body.includes('not for the web'), url);
    }
  });

  test('permissions: anonymous and subscribers and contributors may not upload or list; authors delete their own only', async () => {
    const png = await picture(40, 40, 'png');
    assert.equal((await upload(png, 'a.png', 'anonymous')).statusCode, 401);
    assert.equal((await upload(png, 'a.png', 'subscriber')).statusCode, 403);
    assert.equal((await upload(png, 'a.png', 'contributor')).statusCode, 403);
    assert.equal((await app.request('subscriber', 'GET', 'media')).statusCode, 403);
    const editors = await upload(png, 'editors.png', 'editor');
    assert.equal(editors.statusCode, 201);
    const id = editors.json<Media>().id;
    const refused = await app.request('author', 'DELETE', `media/${id}`);
    assert.deepEqual([refused.statusCode, refused.json<Json>().code], [403, 'rest_cannot_delete']);
    assert.equal((await app.request('administrator', 'DELETE', `media/${id}`)).statusCode, 200);
  });

  test('list (newest first, search, pages), get, delete (files removed, 404 after)', async () => {
    const first = await uploaded(await picture(60, 60, 'png'), 'sunrise.png', { alt_text: 'Morning over the lake' });
    const second = await uploaded(await picture(60, 60, 'png'), 'sunset.png');
    const list = await app.request('author', 'GET', 'media?per_page=2');
    assert.equal(list.statusCode, 200);
    const body = list.json<{ total: number; total_pages: number; media: Media[] }>();
    assert.deepEqual(
      body.media.map((item) => item.id),
      [second.id, first.id],
    );
    assert.equal(list.headers['x-tec-total'], String(body.total));
    const search = await app.request('author', 'GET', 'media?search=lake');
    assert.deepEqual(
      search.json<{ media: Media[] }>().media.map((item) => item.id),
      [first.id],
    );
    assert.deepEqual((await app.request('author', 'GET', `media/${first.id}`)).json(), first);
    const files = [first.url, ...Object.values(first.sizes).map((size) => size.url)];
    const removed = await app.request('author', 'DELETE', `media/${first.id}`);
    assert.equal(removed.statusCode, 200);
    for (const url of files) assert.equal((await served(url)).statusCode, 404, url);
    const gone = await app.request('author', 'GET', `media/${first.id}`);
    assert.deepEqual([gone.statusCode, gone.json<Json>().code], [404, 'media_not_found']);
  });

  test('a delete whose unit fails at its commit keeps the record and its files; the files go only after a commit (issue 45)', async () => {
    // The commit fails on a deferred foreign key that names the deleted image: checked at the
    // commit, after every statement of the unit succeeded, on both engines.
    let breakCommitOf: number | undefined;
    const breaking = await createTestApp({
      env: { CALENDAR_MEDIA_DIR: mediaDir },
      routeStorage: (storage) => ({
        ...storage,
        write: (work, deadline) =>
          storage.write(async (tx) => {
            const result = await work(tx);
            if (breakCommitOf !== undefined)
              await sql`insert into commit_breaker (media_id) values (${breakCommitOf})`.execute(tx);
            return result;
          }, deadline),
      }),
    });
    try {
      await breaking.storage.write((tx) =>
        sql`create table commit_breaker (media_id integer references media (id) deferrable initially deferred)`.execute(
          tx,
        ),
      );
      const { payload, headers } = form([
        { name: 'file', value: await picture(60, 60, 'png'), filename: 'kept.png', type: 'image/png' },
      ]);
      const uploadedThere = await breaking.request('author', 'POST', 'media', payload, headers);
      assert.equal(uploadedThere.statusCode, 201, uploadedThere.body);
      const media = uploadedThere.json<Media>();
      const files = [media.url, ...Object.values(media.sizes).map((size) => size.url)];
      const filesServed = async () =>
        Promise.all(
          files.map(
            async (url) => (await breaking.app.inject({ method: 'GET', url: new URL(url).pathname })).statusCode,
          ),
        );
      breakCommitOf = media.id;
      const failed = await breaking.request('author', 'DELETE', `media/${media.id}`);
      assert.ok(failed.statusCode >= 500, `the commit failed: ${failed.statusCode}`);
      breakCommitOf = undefined;
      assert.deepEqual(
        (await breaking.request('author', 'GET', `media/${media.id}`)).json(),
        media,
        'the record is there',
      );
      assert.deepEqual(
        await filesServed(),
        files.map(() => 200),
        'and so are its files',
      );
      assert.equal((await breaking.request('author', 'DELETE', `media/${media.id}`)).statusCode, 200);
      assert.deepEqual(
        await filesServed(),
        files.map(() => 404),
        'a committed delete removes them',
      );
    } finally {
      await breaking.close();
    }
  });

  test("title, alternative text and the file name a title defaults to keep only inline markup for authors, in the answer and later reads; an editor's are kept (decision 0022)", async () => {
    const sent = {
      title: '<script>alert(1)</script>Harbour <b onmouseover=alert(1)>at dusk</b>',
      alt_text: '<img src=x onerror=alert(1)>Boats <em>moored</em>',
    };
    const media = await uploaded(await picture(40, 40, 'png'), 'harbour.png', sent);
    assert.deepEqual([media.title, media.alt_text], ['Harbour <b>at dusk</b>', 'Boats <em>moored</em>']);
    const named = await uploaded(await picture(40, 40, 'png'), '<img src=x onerror=alert(1)>Quay.png');
    assert.equal(named.title, 'Quay');
    assert.match(named.url, /\/img-src-x-onerror-alert-1-quay-[0-9a-f]{12}\.png$/, "the file's own name is a slug");
    for (const item of [media, named])
      assert.deepEqual((await app.request('author', 'GET', `media/${item.id}`)).json(), item);
    const listed = (await app.request('author', 'GET', 'media?search=moored')).json<{ media: Media[] }>().media;
    assert.deepEqual(
      listed.map((item) => [item.title, item.alt_text]),
      [['Harbour <b>at dusk</b>', 'Boats <em>moored</em>']],
    );
    // Editors write unfiltered HTML, in media as in every title.
    const editors = await upload(await picture(40, 40, 'png'), 'editor.png', 'editor', sent);
    assert.deepEqual([editors.json<Media>().title, editors.json<Media>().alt_text], [sent.title, sent.alt_text]);
    // A refused name's extension is shown back without its markup.
    const mismatch = await upload(await picture(40, 40, 'png'), 'x.<svg onload=alert(1)>');
    assert.deepEqual([mismatch.statusCode, mismatch.json<Json>().code], [400, 'media_type_mismatch']);
    assert.equal(mismatch.json<Json>().message, 'The file name ends in .svgonloadalert1 but the file is image/png.');
  });

  test("an event's image by an upload's id (number or digits), on create and update, on every read path; an unknown id is a 400; deleting the upload leaves the event without one", async () => {
    const media = await uploaded(await picture(800, 600, 'jpeg'), 'concert.jpg');
    const created = await app.request('author', 'POST', 'events', {
      title: 'Concert',
      start_date: '2026-12-01 20:00:00',
      end_date: '2026-12-01 22:00:00',
      status: 'publish',
      image: media.id,
    });
    assert.equal(created.statusCode, 201, created.body);
    const event = created.json<Json & { id: number; image: Json }>();
    const expected = {
      url: media.url,
      id: media.id,
      extension: 'jpg',
      width: 800,
      height: 600,
      filesize: media.filesize,
      sizes: media.sizes,
    };
    assert.deepEqual(event.image, expected);
    const other = await uploaded(await picture(500, 500, 'png'), 'other.png');
    const updated = await app.request('author', 'POST', `events/${event.id}`, { image: String(other.id) });
    assert.equal(updated.statusCode, 200, updated.body);
    assert.equal(updated.json<{ image: Json }>().image.url, other.url);
    await app.request('author', 'POST', `events/${event.id}`, { image: media.id });
    const single = (await app.request('anonymous', 'GET', `events/${event.id}`)).json<{ image: Json; json_ld: Json }>();
    assert.deepEqual(single.image, expected);
    assert.equal(single.json_ld.image, media.url);
    const listed = (await app.request('anonymous', 'GET', 'events?start_date=2026-11-30')).json<{
      events: { id: number; image: Json }[];
    }>();
    assert.deepEqual(listed.events.find((item) => item.id === event.id)?.image, expected);
    const ics = await app.request('anonymous', 'GET', `events/${event.id}.ics`);
    assert.match(ics.body.replace(/\r\n /g, ''), new RegExp(`ATTACH:${media.url.replace(/\./g, '\\.')}`));
    const page = await app.app.inject({ method: 'GET', url: `/calendar/event/${String((single as Json).slug)}/` });
    assert.ok(page.body.includes(`src="${media.url}"`), 'the event page shows the image');
    const unknown = await app.request('author', 'POST', 'events', {
      title: 'X',
      start_date: '2026-12-01 20:00:00',
      end_date: '2026-12-01 22:00:00',
      image: 987654,
    });
    assert.equal(unknown.statusCode, 400);
    assert.deepEqual(Object.keys(unknown.json<{ data: { params: Json } }>().data.params), ['image']);
    const tag = (await app.request('author', 'GET', `events/${event.id}`)).headers.etag;
    const syncToken = String(
      (await app.request('anonymous', 'GET', 'events?start_date=2026-11-30')).headers['x-sync-token'],
    );
    assert.equal((await app.request('author', 'DELETE', `media/${media.id}`)).statusCode, 200);
    const after = await app.request('anonymous', 'GET', `events/${event.id}`);
    assert.equal(after.json<{ image: unknown }>().image, false);
    assert.notEqual(after.headers.etag, tag, 'the event changed: a new ETag');
    // A change of the event's own: a sync from before the deletion is sent it again (decision 0029).
    const synced = (await app.request('anonymous', 'GET', `events?sync_token=${syncToken}`)).json<{
      events: { id: number; image: unknown }[];
    }>();
    assert.deepEqual(
      synced.events.map((item) => [item.id, item.image]),
      [[event.id, false]],
    );
  });

  test('OpenAPI documents the upload and the library', async () => {
    const doc = (await app.request('anonymous', 'GET', 'doc')).json<{
      paths: Record<string, Record<string, { requestBody?: { content: Json } }>>;
    }>();
    const paths = Object.keys(doc.paths);
    assert.ok(paths.some((p) => /\/media$/.test(p)) && paths.some((p) => /\/media\/\{id\}$/.test(p)), paths.join(' '));
    const post = Object.entries(doc.paths).find(([p]) => /\/media$/.test(p))![1].post!;
    assert.deepEqual(Object.keys(post.requestBody!.content).sort(), [
      'image/gif',
      'image/jpeg',
      'image/png',
      'image/webp',
      'multipart/form-data',
    ]);
  });
});

describe('media: an upload whose unit does not commit', () => {
  test('leaves no file behind', async () => {
    const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'calendar-media-'));
    // Every write unit of the routes does its work, then fails before its commit (a lost connection, a full disk).
    const app = await createTestApp({
      env: { CALENDAR_MEDIA_DIR: mediaDir },
      routeStorage: (storage) => ({
        ...storage,
        write: (work, deadline) =>
          storage.write(async (tx) => {
            await work(tx);
            throw new Error('the commit failed');
          }, deadline),
      }),
    });
    try {
      const response = await app.request('author', 'POST', 'media', await picture(400, 300, 'png'), {
        'content-type': 'image/png',
        'content-disposition': 'attachment; filename=lost.png',
      });
      assert.equal(response.statusCode, 500, response.body);
      const left = fs.readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      assert.deepEqual(left, []);
    } finally {
      await app.close();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
