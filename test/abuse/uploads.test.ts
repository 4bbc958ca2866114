import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { API, DIALECT } from '../fixtures/app.ts';
import {
  AbuseServer,
  answerBeforeBody,
  assertAnswers,
  assertWithinBounds,
  headersOf,
  isClientError,
  MB,
  multipart,
  refusedOrReset,
  send,
  summary,
  type Caller,
} from '../fixtures/abuse.ts';

/*
 * Uploads as attacks (issue 43, items 1 and 3; decision 0096): anonymous uploads of 10 MB in every
 * form, an author's legitimate 10 MB uploads, alone and forty at once, and image bombs sent side
 * by side, anonymously through the community form and as an author, while `/healthz` and an
 * uploaded image's file are probed.
 */

const NAMESPACES = [API, '/tribe/events/v1'] as const;
const COMMUNITY_FORM = '/events/community/add/';
const PROPOSAL = { title: 'Abuse Picnic', start_date: '2027-06-12', start_time: '14:00', end_time: '17:30' };

/** Memory an anonymous upload may cost the server: its body is never read, so next to nothing. */
const ANONYMOUS_GROWTH_MB = 64;
/** The example bound: forty 10 MB uploads at once must not cost the server more than this. */
const UPLOADS_GROWTH_MB = 300;
/** Image bombs: each decodes to 294 MB of pixels at 16 bits; the server may hold no more than this at once. */
const BOMBS_GROWTH_MB = 300;
const PARALLEL_UPLOADS = 40;
/** Community proposals with a 10 MB image sent at once. */
const PARALLEL_PROPOSALS = 4;
/** Bombs sent at once, anonymously and as an author each. */
const PARALLEL_BOMBS = 4;

/** A legitimate photo of just under 10 MiB (CALENDAR_MEDIA_MAX_BYTES' default): a PNG stored without compression. */
const photo = () =>
  sharp({ create: { width: 1780, height: 1780, channels: 3, background: '#4a7a8c' } })
    .png({ compressionLevel: 0 })
    .toBuffer();
/** The issue's bomb: 7000 × 7000 at 16 bits a channel, some 300 KB, 49 million pixels, under CALENDAR_MEDIA_MAX_PIXELS' 50 million. */
const bomb = () =>
  sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#808080' } })
    .toColourspace('rgb16')
    .png({ compressionLevel: 9 })
    .toBuffer();

/** The two forms of `POST /media`: multipart with the file in `file`, and WordPress' raw body. */
function uploadForms(bytes: Buffer, name: string): { form: string; body: Buffer; headers: Record<string, string> }[] {
  const form = multipart([
    ['title', 'Abuse'],
    ['file', { bytes, name, type: 'image/png' }],
  ]);
  return [
    { form: 'multipart', body: form.body, headers: { 'content-type': form.contentType } },
    {
      form: 'raw',
      body: bytes,
      headers: { 'content-type': 'image/png', 'content-disposition': `attachment; filename="${name}"` },
    },
  ];
}

/** A community proposal with `bytes` as its image, as a browser sends the form. */
function proposalWith(bytes: Buffer): { body: Buffer; headers: Record<string, string> } {
  const form = multipart([...Object.entries(PROPOSAL), ['file', { bytes, name: 'poster.png', type: 'image/png' }]]);
  return { body: form.body, headers: { 'content-type': form.contentType } };
}

describe(`abuse: uploads (${DIALECT})`, () => {
  let server: AbuseServer;
  let tenMegabytes: Buffer;
  let bombPng: Buffer;

  const upload = (caller: Caller, namespace: string, shape: { body: Buffer; headers: Record<string, string> }) =>
    send(server.url(`${namespace}/media`), {
      method: 'POST',
      headers: headersOf(caller, shape.headers),
      body: shape.body,
    });
  const propose = (caller: Caller, bytes: Buffer) => {
    const proposal = proposalWith(bytes);
    // A signed-in visitor's proposal must come from the site's own pages (decision 0062).
    return send(server.url(COMMUNITY_FORM), {
      method: 'POST',
      headers: headersOf(caller, {
        ...proposal.headers,
        ...(caller === 'anonymous' ? {} : { origin: server.server.base }),
      }),
      body: proposal.body,
    });
  };

  before(async () => {
    server = await AbuseServer.start({ CALENDAR_COMMUNITY_SUBMISSIONS: 'true' });
    [tenMegabytes, bombPng] = await Promise.all([photo(), bomb()]);
    assert.ok(tenMegabytes.length > 9 * MB && tenMegabytes.length < 10 * MB, `${tenMegabytes.length} bytes`);
  });
  after(() => server?.close());

  test('an anonymous upload of 10 MB is answered 401 before its body is read: both forms, both namespaces', async () => {
    for (const namespace of NAMESPACES) {
      for (const { form, body, headers } of uploadForms(tenMegabytes, 'big.png')) {
        const answer = await answerBeforeBody(server.url(`${namespace}/media`), {
          method: 'POST',
          headers,
          declaredBytes: body.length,
          prefix: body.subarray(0, 64 * 1024),
        });
        assert.equal(answer.status, 401, `${namespace} ${form}: ${answer.error ?? answer.body}`);
      }
    }
  });

  test(`${PARALLEL_UPLOADS} anonymous uploads of 10 MB at once: 401 (or the connection reset after it), the server responsive, next to no memory`, async (t) => {
    const forms = NAMESPACES.flatMap((namespace) =>
      uploadForms(tenMegabytes, 'big.png').map((shape) => ({ namespace, shape })),
    );
    const measured = await server.underAttack(
      () =>
        Promise.all(
          Array.from({ length: PARALLEL_UPLOADS }, (_, index) =>
            upload('anonymous', forms[index % forms.length]!.namespace, forms[index % forms.length]!.shape),
          ),
        ),
      (answers) => assertAnswers(answers, { answer: refusedOrReset((status) => status === 401) }, '401'),
    );
    t.diagnostic(summary('anonymous 10 MB uploads', measured));
    assertWithinBounds(measured, ANONYMOUS_GROWTH_MB);
  });

  test(`${PARALLEL_PROPOSALS} anonymous community proposals with a 10 MB image at once: never a 5xx, the server responsive`, async (t) => {
    // The form is open to anonymous visitors (decision 0062): whether it stores, refuses (413) or caps (429) is the form's choice.
    const measured = await server.underAttack(
      () => Promise.all(Array.from({ length: PARALLEL_PROPOSALS }, () => propose('anonymous', tenMegabytes))),
      (answers) =>
        assertAnswers(
          answers,
          { answer: refusedOrReset((status) => status !== 0 && status < 500) },
          'answered without a 5xx',
        ),
    );
    t.diagnostic(summary('anonymous proposals with a 10 MB image', measured));
    assertWithinBounds(measured, UPLOADS_GROWTH_MB);
  });

  test("an author's legitimate 10 MB upload is stored without stalling the server", async (t) => {
    const measured = await server.underAttack(
      () => upload('author', API, uploadForms(tenMegabytes, 'photo.png')[0]!),
      (answer) => assertAnswers([answer], (status) => status === 201, '201'),
    );
    t.diagnostic(summary('author 10 MB upload', measured));
    assertWithinBounds(measured, UPLOADS_GROWTH_MB);
  });

  test(`${PARALLEL_UPLOADS} legitimate 10 MB uploads of an author at once: stored or refused with a 4xx, the server responsive, its memory bounded`, async (t) => {
    const measured = await server.underAttack(
      () =>
        Promise.all(
          Array.from({ length: PARALLEL_UPLOADS }, (_, index) =>
            upload('author', NAMESPACES[index % 2]!, uploadForms(tenMegabytes, `photo-${index}.png`)[index % 2]!),
          ),
        ),
      (answers) => {
        // Past the places of the images in flight, an upload is refused (429 media_busy) before its body is read,
        // so its client may meet the closed connection first, as the anonymous ones do.
        assertAnswers(
          answers,
          { answer: refusedOrReset((status) => status === 201 || isClientError(status)) },
          '201 or a 4xx',
        );
        assert.ok(
          answers.some((answer) => answer.status === 201),
          'some are stored',
        );
      },
    );
    t.diagnostic(summary(`author ${PARALLEL_UPLOADS} x 10 MB uploads`, measured));
    assertWithinBounds(measured, UPLOADS_GROWTH_MB);
  });

  test(`image bombs, ${PARALLEL_BOMBS} anonymous proposals and ${PARALLEL_BOMBS} uploads of an author at once: a 4xx or stored; /healthz and an image's file stay served`, async (t) => {
    const small = await upload(
      'author',
      API,
      uploadForms(
        await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c63' } })
          .png()
          .toBuffer(),
        'small.png',
      )[0]!,
    );
    assert.equal(small.status, 201, small.body);
    const file = new URL((JSON.parse(small.body) as { url: string }).url).pathname;
    const measured = await server.underAttack(
      async () => {
        const proposals = Array.from({ length: PARALLEL_BOMBS }, () => propose('anonymous', bombPng));
        const uploads = Array.from({ length: PARALLEL_BOMBS }, (_, index) =>
          upload('author', API, uploadForms(bombPng, `bomb-${index}.png`)[index % 2]!),
        );
        return [...(await Promise.all(proposals)), ...(await Promise.all(uploads))];
      },
      (answers) =>
        assertAnswers(
          answers,
          (status) => status === 201 || status === 303 || isClientError(status),
          'stored (201, or 303 for a proposal) or a 4xx',
        ),
      [file],
    );
    t.diagnostic(summary('image bombs', measured));
    assertWithinBounds(measured, BOMBS_GROWTH_MB);
  });
});
