import zlib from 'node:zlib';
import QRCode from 'qrcode';

/*
 * A QR code as a PNG, written here rather than by `qrcode`'s own PNG renderer (pngjs, in
 * JavaScript: 36 ms a code on the bench machine, inside every RSVP's unit of work, which held
 * RSVPs near 26 a second; issue 46's target is 300). The code's modules come from `qrcode`
 * (`QRCode.create`), and the image is a 1-bit greyscale PNG, deflated by zlib: well under a
 * millisecond, and the same image (black modules on white, quiet zone, pixels per module).
 */

/**
 * The mask pattern every code is drawn with (decision 0134). The standard lets the writer choose
 * any of the 8 and every reader reads the one the code names; `qrcode` would try all 8 and score
 * each by the standard's penalty rules, about 1.4 ms a code, most of an RSVP's QR code. Pattern 2
 * (every third column inverted) is the one those rules chose for 85% of check-in links like ours,
 * and its penalty is within 1% of the best on average, so the codes scan as well.
 */
export const QR_MASK_PATTERN = 2;

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
  const { modules } = QRCode.create(text, {
    errorCorrectionLevel: options.errorCorrectionLevel,
    maskPattern: QR_MASK_PATTERN,
  });
  const size = modules.size;
  const side = (size + 2 * options.margin) * options.scale;
  const rowBytes = Math.ceil(side / 8);
  const stride = rowBytes + 1;
  // A module row's `scale` pixel rows are alike: the first is written with filter type 0 (none),
  // white, then its black modules drawn; the others with filter type 2 (Up: each byte the same as
  // the row above) and no bytes set. Drawing every pixel was about a sixth of an RSVP's confirmation
  // (decision 0133), and deflating the rows copied as they are took twice as long as these (0134).
  // The padding bits past the image's width stay 1, which no decoder reads.
  const raw = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y++) {
    if (y % options.scale === 0) raw.fill(0xff, y * stride + 1, (y + 1) * stride);
    else raw[y * stride] = 2;
  }
  for (let my = 0; my < size; my++) {
    const first = (options.margin + my) * options.scale * stride;
    for (let mx = 0; mx < size; mx++) {
      if (modules.get(my, mx) !== 1) continue;
      const left = (options.margin + mx) * options.scale;
      for (let x = left; x < left + options.scale; x++) raw[first + 1 + (x >> 3)]! &= ~(0x80 >> (x & 7));
    }
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
