import zlib from 'node:zlib';
import QRCode from 'qrcode';

/*
 * A QR code as a PNG, written here rather than by `qrcode`'s own PNG renderer (pngjs, in
 * JavaScript: 36 ms a code on the bench machine, inside every RSVP's unit of work, which held
 * RSVPs near 26 a second; issue 46's target is 300). The code's modules come from `qrcode`
 * (`QRCode.create`), and the image is a 1-bit greyscale PNG, deflated by zlib: well under a
 * millisecond, and the same image (black modules on white, quiet zone, pixels per module).
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

export interface QrImageOptions {
  readonly errorCorrectionLevel: 'L' | 'M' | 'Q' | 'H';
  /** Pixels per module. */
  readonly scale: number;
  /** The quiet zone, in modules. */
  readonly margin: number;
}

export function qrPng(text: string, options: QrImageOptions): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: options.errorCorrectionLevel });
  const size = modules.size;
  const side = (size + 2 * options.margin) * options.scale;
  const rowBytes = Math.ceil(side / 8);
  // Each row: filter type 0, then one bit per pixel, 1 white, 0 black; white is the background.
  const raw = Buffer.alloc((rowBytes + 1) * side, 0xff);
  for (let y = 0; y < side; y++) {
    const start = y * (rowBytes + 1);
    raw[start] = 0;
    const my = Math.floor(y / options.scale) - options.margin;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / options.scale) - options.margin;
      const dark = my >= 0 && my < size && mx >= 0 && mx < size && modules.get(my, mx) === 1;
      if (dark) raw[start + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
    // The padding bits past the image's width stay 1, which no decoder reads.
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  header[10] = 0;
  header[11] = 0;
  header[12] = 0;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
