import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { test } from 'node:test';
import jsQRModule from 'jsqr';
import QRCode from 'qrcode';
import { QR_MASK_PATTERN, qrPng } from '../../src/modules/mail/qr-png.ts';

/** jsqr is CommonJS whose `default` is the decoder. */
const jsQR = jsQRModule as unknown as typeof jsQRModule.default;

/*
 * The QR code's PNG (decisions 0133, 0134): each module drawn as `scale` × `scale` pixels, black on a
 * white quiet zone of `margin` modules, every pixel row written (a module row's first drawn, the
 * others filtered as the same as the row above), checked pixel by pixel against `qrcode`'s modules drawn with the one mask pattern every
 * code uses (decision 0134), and read back by a decoder.
 */

/** The PNG's size and its pixels (true: black), read back from its IHDR and IDAT. */
function pixels(png: Buffer): { side: number; black: (x: number, y: number) => boolean } {
  const side = png.readUInt32BE(16);
  assert.equal(png.readUInt32BE(20), side);
  assert.deepEqual([...png.subarray(24, 29)], [1, 0, 0, 0, 0], '1-bit greyscale');
  const idat = png.indexOf('IDAT');
  const raw = zlib.inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const stride = Math.ceil(side / 8) + 1;
  assert.equal(raw.length, stride * side);
  // Filter type 0 (none), or 2 (Up: each byte added to the one above it) on any row but the first.
  for (let y = 0; y < side; y++) {
    const filter = raw[y * stride];
    assert.ok(filter === 0 || (filter === 2 && y > 0), `row ${y}: filter type ${filter}`);
    if (filter === 2)
      for (let at = y * stride + 1; at < (y + 1) * stride; at++) raw[at] = (raw[at]! + raw[at - stride]!) & 0xff;
  }
  return { side, black: (x, y) => (raw[y * stride + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0 };
}

test('every pixel of the PNG is its module, in the quiet zone white', () => {
  for (const [text, scale, margin] of [
    ['https://example.com/?event_qr_code=1&ticket_id=12&event_id=3&security_code=0123456789abcdef', 6, 4],
    ['A', 1, 0],
    ['x'.repeat(200), 3, 2],
  ] as const) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M', maskPattern: QR_MASK_PATTERN });
    const { side, black } = pixels(qrPng(text, { errorCorrectionLevel: 'M', scale, margin }));
    assert.equal(side, (modules.size + 2 * margin) * scale);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) {
        const [mx, my] = [Math.floor(x / scale) - margin, Math.floor(y / scale) - margin];
        const inside = mx >= 0 && my >= 0 && mx < modules.size && my < modules.size;
        assert.equal(black(x, y), inside && modules.get(my, mx) === 1, `${text.slice(0, 10)}: pixel ${x},${y}`);
      }
  }
});

test('codes drawn with the fixed mask pattern decode to their text', () => {
  const texts = [
    ...Array.from(
      { length: 40 },
      (_, n) =>
        `https://calendar.example.org/events/?event_qr_code=1&ticket_id=${1000 + n * 7919}&event_id=${n * 31}&security_code=${(n * 2654435761).toString(16).padStart(16, '0')}`,
    ),
    'A',
    'Ünïcödé ✓ 日本語',
  ];
  for (const text of texts) {
    const { side, black } = pixels(qrPng(text, { errorCorrectionLevel: 'M', scale: 4, margin: 4 }));
    const rgba = new Uint8ClampedArray(side * side * 4);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) rgba.fill(black(x, y) ? 0 : 255, (y * side + x) * 4, (y * side + x) * 4 + 4);
    assert.equal(jsQR(rgba, side, side)?.data, text);
  }
});
