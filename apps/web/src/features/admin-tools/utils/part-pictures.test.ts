import { messages, PART_IMAGE_MAX_BYTES } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import {
  altOrName,
  altTextProblem,
  isPictureRefusal,
  movedTo,
  moveItem,
  pictureFileProblem,
  PictureRefusedError,
  smallestVariant,
  uploadFailureMessage,
} from './part-pictures';

const images = ['a', 'b', 'c'].map((id, index) => ({ id, position: index + 1 }));

describe('pictureFileProblem', () => {
  it("refuses a file over the API's limit in the API's words, and takes one at the limit", () => {
    expect(pictureFileProblem(new Blob([new Uint8Array(PART_IMAGE_MAX_BYTES)]))).toBeNull();
    expect(pictureFileProblem(new Blob([new Uint8Array(PART_IMAGE_MAX_BYTES + 1)]))).toBe(
      messages.images.tooLarge(10),
    );
    expect(messages.images.tooLarge(10)).toBe('The file is larger than 10 MB');
  });
});

describe('uploadFailureMessage', () => {
  it("says the API's refusal as it is, and a body refused for its size in the file's terms", () => {
    expect(uploadFailureMessage(new ApiError(400, 'BAD_REQUEST', messages.images.markup))).toBe(
      messages.images.markup,
    );
    expect(
      uploadFailureMessage(
        new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Request body is larger than 10551296 bytes'),
      ),
    ).toBe('The file is larger than 10 MB');
    expect(uploadFailureMessage(new Error(''))).toBe('Something went wrong. Please try again.');
  });
});

describe('altTextProblem', () => {
  it('follows the shared rule: required, at most 200 characters, one line', () => {
    expect(altTextProblem('ThinkPad T480 battery, front')).toBeNull();
    expect(altTextProblem('x'.repeat(200))).toBeNull();
    expect(altTextProblem('x'.repeat(201))).toBe('Alt text must be at most 200 characters');
    expect(altTextProblem('   ')).toBe('Alt text is required');
    expect(altTextProblem('two\nlines')).toMatch(/Alt text/);
  });

  it("gives a new picture the part's name when its alt text is left empty", () => {
    expect(altOrName('  ', ' T480 battery ')).toBe('T480 battery');
    expect(altOrName(' Its back ', 'T480 battery')).toBe('Its back');
  });
});

describe('moveItem and movedTo', () => {
  it('moves one item, the others shifting, and keeps a move past either end inside', () => {
    expect(moveItem(['a', 'b', 'c'], 1, 0)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 2)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -1)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });

  it("orders a part's images as the API will, numbered from 1 again", () => {
    expect(movedTo(images, 'b', 1)).toEqual([
      { id: 'b', position: 1 },
      { id: 'a', position: 2 },
      { id: 'c', position: 3 },
    ]);
    expect(movedTo(images, 'a', 1000).map((image) => image.id)).toEqual(['b', 'c', 'a']);
    expect(movedTo(images, 'gone', 1)).toEqual(images);
  });
});

describe('smallestVariant', () => {
  it('takes the first width of each srcset, the JPEG as the fallback', () => {
    const hash = 'f'.repeat(64);
    const srcset = (ext: string) =>
      [400, 800, 1600].map((width) => `/images/parts/${hash}-${width}.${ext} ${width}w`).join(', ');
    expect(
      smallestVariant({
        src: `/images/parts/${hash}-800.jpg`,
        sources: [
          { type: 'image/avif', srcset: srcset('avif') },
          { type: 'image/webp', srcset: srcset('webp') },
          { type: 'image/jpeg', srcset: srcset('jpg') },
        ],
      }),
    ).toEqual({
      src: `/images/parts/${hash}-400.jpg`,
      sources: [
        { type: 'image/avif', srcSet: `/images/parts/${hash}-400.avif` },
        { type: 'image/webp', srcSet: `/images/parts/${hash}-400.webp` },
      ],
    });
  });
});

describe('isPictureRefusal', () => {
  it("tells a picture the shop refused from a refusal of the part's own fields", () => {
    expect(isPictureRefusal(new ApiError(400, 'BAD_REQUEST', messages.images.notAnImage))).toBe(
      true,
    );
    expect(isPictureRefusal(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Too large'))).toBe(true);
    const fileField = { file: ['Choose one image file'] };
    expect(isPictureRefusal(new ApiError(400, 'VALIDATION_FAILED', 'file', fileField))).toBe(true);
    const altField = { alt: ['Alt text is required'] };
    expect(isPictureRefusal(new ApiError(400, 'VALIDATION_FAILED', 'alt', altField))).toBe(true);
    const nameField = { name: ['Name must have at most 20 characters'] };
    expect(isPictureRefusal(new ApiError(400, 'VALIDATION_FAILED', 'name', nameField))).toBe(false);
    const skuField = { sku: ['SKU X is already used by another part'] };
    expect(isPictureRefusal(new ApiError(409, 'CONFLICT', 'sku', skuField))).toBe(false);
    expect(isPictureRefusal(new ApiError(0, 'NETWORK', 'Could not reach the shop.'))).toBe(false);
    expect(isPictureRefusal(new Error('boom'))).toBe(false);
  });

  it('says what was refused, and that nothing was added', () => {
    expect(new PictureRefusedError('fan.jpg', messages.images.notAnImage).message).toBe(
      `Nothing was added, for the picture fan.jpg was refused: ${messages.images.notAnImage}. ` +
        'Remove it or give an image URL, then add the tool again.',
    );
  });
});
