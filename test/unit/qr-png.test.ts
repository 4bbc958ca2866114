import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { test } from 'node:test';
import QRCode from 'qrcode';
import { qrPng } from '../../src/modules/mail/qr-png.ts';

/*
 * The QR code's PNG (decision 0133): each module drawn as `scale` × `scale` pixels, black on a
 * white quiet zone of `margin` modules, every pixel row written (a module row drawn once and
 * copied), checked pixel by pixel against `qrcode`'s modules.
 */

/** The PNG's size and its pixels (true: black), read back from its IHDR and IDAT (filter 0 on every row). */
function pixels(png: Buffer): { side: number; black: (x: number, y: number) => boolean } {
  const side = png.readUInt32BE(16);
  assert.equal(png.readUInt32BE(20), side);
  assert.deepEqual([...png.subarray(24, 29)], [1, 0, 0, 0, 0], '1-bit greyscale');
  const idat = png.indexOf('IDAT');
  const raw = zlib.inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
  const stride = Math.ceil(side / 8) + 1;
  assert.equal(raw.length, stride * side);
  for (let y = 0; y < side; y++) assert.equal(raw[y * stride], 0, `row ${y}: filter type 0`);
  return { side, black: (x, y) => (raw[y * stride + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0 };
}

test('every pixel of the PNG is its module, in the quiet zone white', () => {
  for (const [text, scale, margin] of [
    ['https://example.com/?event_qr_code=1&ticket_id=12&event_id=3&security_code=0123456789abcdef', 6, 4],
    ['A', 1, 0],
    ['x'.repeat(200), 3, 2],
  ] as const) {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
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
