import {
  messages,
  PART_IMAGE_MAX_BYTES,
  type PartImage,
  PartImageUploadFieldsSchema,
} from '@shop/shared';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';

/** What the file chooser offers: the four formats the API takes (it judges by content). */
export const PICTURE_FILE_TYPES = 'image/jpeg,image/png,image/webp,image/avif';

/** "The file is larger than 10 MB": the API's words for a file over its limit. */
export const pictureTooLargeMessage = messages.images.tooLarge(PART_IMAGE_MAX_BYTES / 1024 / 1024);

/** Why a file is not sent at all: over the API's limit, it would be refused after the wait. */
export const pictureFileProblem = (file: Blob): string | null =>
  file.size > PART_IMAGE_MAX_BYTES ? pictureTooLargeMessage : null;

/**
 * The words for a failed upload: the API's own (a refused file: "The file holds markup..."),
 * but for a body refused by its size before it was read (413), whose words count bytes.
 */
export const uploadFailureMessage = (error: unknown) =>
  error instanceof ApiError && error.status === 413 ? pictureTooLargeMessage : errorMessage(error);

/**
 * Whether a failed send of a part with its picture was the picture's fault: a file the shop
 * does not take as an image (400 without fields), one too large (413), or its `file` or `alt`
 * field refused. The part's own fields are refused by their names.
 */
export const isPictureRefusal = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 413 ||
    (error.code === 'BAD_REQUEST' && !error.fields) ||
    error.fields?.file !== undefined ||
    error.fields?.alt !== undefined);

/** Add Tool refused as a whole because the picture sent with the part was refused. */
export class PictureRefusedError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: string,
  ) {
    super(
      `Nothing was added, for the picture ${fileName} was refused: ${reason.replace(/\.$/, '')}. ` +
        'Remove it or give an image URL, then add the tool again.',
    );
  }
}

/** The shared rule of an image's alt text (required, at most 200 characters, one line). */
export function altTextProblem(alt: string): string | null {
  const checked = PartImageUploadFieldsSchema.shape.alt.safeParse(alt);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'Alt text is invalid');
}

/** The alt text a new picture is sent with: what was typed, else the part's name. */
export const altOrName = (alt: string, name: string) => alt.trim() || name.trim();

/** `items` with the one at `from` moved to `to` (indexes; the others shift). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  if (item === undefined) return [...items];
  moved.splice(Math.max(0, Math.min(to, moved.length)), 0, item);
  return moved;
}

/**
 * A part's images as the API will have them once `imageId` is at `position` (1 is first; past
 * the last is last), numbered again from 1.
 */
export function movedTo<T extends Pick<PartImage, 'id' | 'position'>>(
  images: readonly T[],
  imageId: string,
  position: number,
): T[] {
  const from = images.findIndex((image) => image.id === imageId);
  if (from < 0) return [...images];
  return moveItem(images, from, position - 1).map((image, index) => ({
    ...image,
    position: index + 1,
  }));
}

/**
 * An image's smallest variant in each format (the first of each srcset, widths going up) and
 * its smallest JPEG: a thumbnail fetches no more than it shows.
 */
export function smallestVariant(image: Pick<PartImage, 'src' | 'sources'>) {
  const first = (srcset: string) => srcset.split(',')[0]?.trim().split(/\s+/)[0] ?? '';
  const sources = image.sources
    .map((source) => ({ type: source.type, srcSet: first(source.srcset) }))
    .filter((source) => source.srcSet !== '');
  const jpeg = sources.find((source) => source.type === 'image/jpeg')?.srcSet;
  return {
    src: jpeg ?? image.src,
    sources: sources.filter((source) => source.type !== 'image/jpeg'),
  };
}
