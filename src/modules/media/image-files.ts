import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { BoundedWork } from '../../bounded-work.ts';
import { ConfigError, type MediaSettings } from '../../config.ts';
import { TimedOut, type Deadline } from '../../deadline.ts';
import { ApiError } from '../../errors.ts';

/*
 * The files of uploaded images (decision 0052): the type read from the bytes, the image decoded
 * only when its header's pixel count is within the limit, re-encoded without its metadata (EXIF,
 * GPS, XMP, comments) after its orientation is applied, WordPress' sizes made from it, and every
 * file written under a new name that is never reused or overwritten (served as immutable).
 */

/** The image types an upload may be: their media type, the extension of the files written, and the extensions a file name may carry. */
export const IMAGE_TYPES = {
  jpeg: { mime: 'image/jpeg', extension: 'jpg', names: ['jpg', 'jpeg', 'jpe'] },
  png: { mime: 'image/png', extension: 'png', names: ['png'] },
  webp: { mime: 'image/webp', extension: 'webp', names: ['webp'] },
  gif: { mime: 'image/gif', extension: 'gif', names: ['gif'] },
} as const;

export type ImageType = keyof typeof IMAGE_TYPES;

/** The media type of a stored file, by the extension this module gave it. */
export const MEDIA_TYPE_OF_EXTENSION: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(IMAGE_TYPES).map((type) => [type.extension, type.mime]),
);

/** The type of an image from its first bytes (the files' signatures), whatever its name or declared type says. */
export function sniffImageType(bytes: Buffer): ImageType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP')
    return 'webp';
  const gif = bytes.toString('latin1', 0, 6);
  if (gif === 'GIF87a' || gif === 'GIF89a') return 'gif';
  return undefined;
}

/** An intermediate size WordPress registers by default, in its order (wp-includes/media.php; `1536x1536` and `2048x2048` since 5.3). */
interface SizeDefinition {
  readonly name: string;
  readonly width: number;
  /** 0: no bound. */
  readonly height: number;
  readonly crop: boolean;
}

export const IMAGE_SIZES: readonly SizeDefinition[] = [
  { name: 'thumbnail', width: 150, height: 150, crop: true },
  { name: 'medium', width: 300, height: 300, crop: false },
  { name: 'medium_large', width: 768, height: 0, crop: false },
  { name: 'large', width: 1024, height: 1024, crop: false },
  { name: '1536x1536', width: 1536, height: 1536, crop: false },
  { name: '2048x2048', width: 2048, height: 2048, crop: false },
];

/** WordPress' big_image_size_threshold: a larger upload is scaled to fit it, and the scaled image is the one kept. */
export const BIG_IMAGE_THRESHOLD = 2560;

/**
 * The dimensions of `size` made from a `width` × `height` image, as WordPress' image_resize_dimensions
 * computes them; undefined when the image is not larger than the size (no size is made: WordPress
 * never enlarges).
 */
export function sizeDimensions(
  width: number,
  height: number,
  size: SizeDefinition,
): { width: number; height: number } | undefined {
  if (size.crop) {
    const cropped = { width: Math.min(size.width || width, width), height: Math.min(size.height || height, height) };
    return cropped.width === width && cropped.height === height ? undefined : cropped;
  }
  const ratio = Math.min(size.width ? size.width / width : 1, size.height ? size.height / height : 1);
  if (ratio >= 1) return undefined;
  return { width: Math.max(1, Math.round(width * ratio)), height: Math.max(1, Math.round(height * ratio)) };
}

/** One file written: its path under the media folder (`2026/11/name.jpg`), and what the wire says of it. */
export interface WrittenFile {
  readonly file: string;
  readonly width: number;
  readonly height: number;
  readonly filesize: number;
}

/** An upload's files: the image itself and its sizes by name. */
export interface StoredImage extends WrittenFile {
  readonly type: ImageType;
  readonly sizes: Readonly<Record<string, WrittenFile>>;
}

/** What one upload may be, and how long it may wait and take (decision 0090). */
export interface StoreOptions {
  /** The most pixels its header may declare: CALENDAR_MEDIA_MAX_PIXELS, or its anonymous limit. */
  readonly maxPixels: number;
  /** Its request's deadline: waiting for a turn, and libvips' work, stop at it (TimedOut). */
  readonly deadline?: Deadline;
  /** Fewer waiting places than the queue's own for this upload (a community submission's). */
  readonly maxWaiting?: number;
}

/** libvips' threads per image: the decode concurrency is then also the most CPU cores images take (decision 0090). */
const THREADS_PER_IMAGE = 1;

/**
 * The turns in which images are decoded and encoded: each holds one of libuv's threads for its
 * whole run, and there are fewer turns than threads (config.ts), so file reads and password checks
 * always find one; uploads past the waiting places are refused with 429 media_busy (and, before
 * their bodies are read, those past the places of the images in flight: MediaService.reservePlace).
 */
export function imageTurns(settings: Pick<MediaSettings, 'decodeConcurrency' | 'decodeQueue'>): BoundedWork {
  sharp.concurrency(THREADS_PER_IMAGE);
  return new BoundedWork(
    settings.decodeConcurrency,
    settings.decodeQueue,
    (seconds) => new ApiError('media_busy', { args: [seconds], headers: { 'retry-after': String(seconds) } }),
  );
}

const encode = (image: Sharp, type: ImageType): Sharp => {
  // Metadata is left out: sharp keeps none unless asked (keepMetadata/withMetadata), EXIF and GPS included.
  if (type === 'jpeg') return image.jpeg({ quality: 90 });
  if (type === 'png') return image.png();
  if (type === 'webp') return image.webp({ quality: 90 });
  return image.gif();
};

/** A file name's stem as a URL-safe slug (at most 40 characters), `image` when nothing is left. */
function stemOf(name: string): string {
  const stem = path
    .basename(name)
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return stem === '' ? 'image' : stem;
}

/** Uploaded images' files under one folder. */
export class ImageFiles {
  constructor(
    readonly dir: string,
    /** The turns images are decoded in (their load is what operators and tests watch). */
    readonly turns: BoundedWork,
  ) {}

  /**
   * Makes the folder if it is missing and checks that files can be written in it, at start-up:
   * otherwise the first upload would be the first to find out, with a 500 (issue 44).
   */
  async checkWritable(): Promise<void> {
    try {
      await fs.mkdir(this.dir, { recursive: true });
      await fs.access(this.dir, fs.constants.W_OK);
    } catch (error) {
      throw new ConfigError(
        `CALENDAR_MEDIA_DIR: the media folder ${this.dir} cannot be created or written: ${(error as Error).message}`,
      );
    }
  }

  /** The absolute path of a stored file (`2026/11/name.jpg`); the name was made here or checked by the route that serves it. */
  pathOf(file: string): string {
    return path.join(this.dir, ...file.split('/'));
  }

  /**
   * Checks and stores an upload: the type from its bytes (a file name's extension must agree with
   * it), the pixel count from its header before anything is decoded, then, in its turn, the image
   * and its sizes.
   */
  async store(bytes: Buffer, fileName: string, now: Date, options: StoreOptions): Promise<StoredImage> {
    const type = sniffImageType(bytes);
    if (type === undefined) throw new ApiError('media_unsupported_type');
    const named = /\.([^./\\]+)$/.exec(fileName)?.[1]?.toLowerCase();
    // The message shows the extension's letters and digits only: a file name's markup is never shown back.
    if (named !== undefined && !(IMAGE_TYPES[type].names as readonly string[]).includes(named))
      throw new ApiError('media_type_mismatch', {
        args: [named.replace(/[^\p{L}\p{N}]/gu, ''), IMAGE_TYPES[type].mime],
      });
    const header = await this.header(bytes);
    if (header.width * header.height > options.maxPixels)
      throw new ApiError('media_too_many_pixels', { args: [header.width, header.height, options.maxPixels] });
    return this.turns.run(
      () => this.write(bytes, type, header, `${stemOf(fileName)}-${randomBytes(6).toString('hex')}`, now, options),
      options,
    );
  }

  /** Decodes the image and writes it and its sizes, under `base` in the month's folder; on any failure, nothing is left. */
  private async write(
    bytes: Buffer,
    type: ImageType,
    header: { width: number; height: number; pages: number },
    base: string,
    now: Date,
    options: StoreOptions,
  ): Promise<StoredImage> {
    const { deadline, maxPixels } = options;
    // libvips stops at the deadline too (sharp's timeout, in whole seconds), so an abandoned request's image gives its turn back.
    const timed = (image: Sharp) =>
      deadline === undefined ? image : image.timeout({ seconds: Math.max(1, Math.ceil(deadline.remainingMs / 1000)) });
    const folder = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
    const { extension } = IMAGE_TYPES[type];
    const written: string[] = [];
    try {
      // An animated GIF stays animated; its sizes are made from its first frame, as WordPress' editors do.
      const animated = type === 'gif' && header.pages > 1;
      const source = sharp(bytes, { limitInputPixels: maxPixels, animated })
        .rotate()
        .resize({ width: BIG_IMAGE_THRESHOLD, height: BIG_IMAGE_THRESHOLD, fit: 'inside', withoutEnlargement: true });
      const full = await timed(encode(source, type)).toBuffer();
      const fullFile = await this.writeFile(`${folder}/${base}.${extension}`, full, written);
      const fullHeader = await sharp(full).metadata();
      const fullSize = { width: fullHeader.width, height: fullHeader.pageHeight ?? fullHeader.height };
      const sizes: Record<string, WrittenFile> = {};
      const made = new Map<string, WrittenFile>();
      for (const size of IMAGE_SIZES) {
        const dimensions = sizeDimensions(fullSize.width, fullSize.height, size);
        if (!dimensions) continue;
        const file = `${folder}/${base}-${dimensions.width}x${dimensions.height}.${extension}`;
        let sized = made.get(file);
        if (!sized) {
          deadline?.throwIfExpired();
          const resized = await timed(
            encode(
              sharp(full, { limitInputPixels: maxPixels }).resize({ ...dimensions, fit: 'cover', position: 'centre' }),
              type,
            ),
          ).toBuffer();
          sized = { file: await this.writeFile(file, resized, written), ...dimensions, filesize: resized.length };
          made.set(file, sized);
        }
        sizes[size.name] = sized;
      }
      return { type, file: fullFile, ...fullSize, filesize: full.length, sizes };
    } catch (error) {
      await this.remove(written);
      if (error instanceof ApiError || error instanceof TimedOut) throw error;
      // The file system's errors carry a code (EACCES, ENOSPC): the server's trouble. libvips' carry none: the bytes past the header did not decode.
      if ((error as NodeJS.ErrnoException).code !== undefined) throw error;
      if (/^timeout/.test((error as Error).message))
        throw new TimedOut('the image took longer than the request may', { cause: error });
      if (/pixel limit/i.test((error as Error).message))
        throw new ApiError('media_too_many_pixels', { args: [header.width, header.height, maxPixels] });
      throw new ApiError('media_unreadable');
    }
  }

  /** Removes stored files; one already gone is no error. */
  async remove(files: readonly string[]): Promise<void> {
    await Promise.all(files.map((file) => fs.rm(this.pathOf(file), { force: true })));
  }

  /** The image's dimensions and frame count from its header alone; an undecodable header is the client's mistake. */
  private async header(bytes: Buffer): Promise<{ width: number; height: number; pages: number }> {
    try {
      const metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
      return { width: metadata.width, height: metadata.pageHeight ?? metadata.height, pages: metadata.pages ?? 1 };
    } catch {
      throw new ApiError('media_unreadable');
    }
  }

  private async writeFile(file: string, bytes: Buffer, written: string[]): Promise<string> {
    const target = this.pathOf(file);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // `wx`: a name is never written twice (the URL is cached as immutable).
    await fs.writeFile(target, bytes, { flag: 'wx' });
    written.push(file);
    return file;
  }
}
