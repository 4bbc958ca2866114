import assert from 'node:assert/strict';
import { test } from 'node:test';
import { IMAGE_SIZES, sizeDimensions, sniffImageType } from '../../src/modules/media/image-files.ts';

/* WordPress' image_resize_dimensions for its default sizes, and the signatures uploads are typed by (decision 0052). */

const sizesOf = (width: number, height: number) =>
  Object.fromEntries(
    IMAGE_SIZES.flatMap((size) => {
      const dimensions = sizeDimensions(width, height, size);
      return dimensions ? [[size.name, [dimensions.width, dimensions.height]]] : [];
    }),
  );

test('the sizes of a landscape photo: cropped thumbnail, the others scaled to fit, none enlarged', () => {
  assert.deepEqual(sizesOf(2560, 1707), {
    thumbnail: [150, 150],
    medium: [300, 200],
    medium_large: [768, 512],
    large: [1024, 683],
    '1536x1536': [1536, 1024],
    '2048x2048': [2048, 1366],
  });
});

test('a portrait image: medium_large bounds only the width, the others the larger side', () => {
  assert.deepEqual(sizesOf(1000, 2000), {
    thumbnail: [150, 150],
    medium: [150, 300],
    medium_large: [768, 1536],
    large: [512, 1024],
    '1536x1536': [768, 1536],
  });
});

test('a small image: a thumbnail cropped in the one dimension larger than 150, no other size; an image no larger than 150 has none', () => {
  assert.deepEqual(sizesOf(200, 100), { thumbnail: [150, 100] });
  assert.deepEqual(sizesOf(150, 150), {});
  assert.deepEqual(sizesOf(300, 300), { thumbnail: [150, 150] });
});

test('types come from the first bytes only', () => {
  assert.equal(sniffImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0])), 'jpeg');
  assert.equal(sniffImageType(Buffer.from('89504e470d0a1a0a0000', 'hex')), 'png');
  assert.equal(sniffImageType(Buffer.from('RIFF\0\0\0\0WEBPVP8 ', 'latin1')), 'webp');
  assert.equal(sniffImageType(Buffer.from('GIF89a', 'latin1')), 'gif');
  assert.equal(sniffImageType(Buffer.from('GIF88a', 'latin1')), undefined);
  assert.equal(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), undefined);
  assert.equal(sniffImageType(Buffer.from('RIFF\0\0\0\0WAVEfmt ', 'latin1')), undefined);
  assert.equal(sniffImageType(Buffer.alloc(0)), undefined);
});
