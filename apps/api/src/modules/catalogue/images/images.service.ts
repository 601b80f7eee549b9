import {
  messages,
  PART_IMAGE_MAX_BYTES,
  PART_IMAGES_PATH,
  type PartImage,
  type PartImageUpdate,
} from '@shop/shared';
import { type Expression, type Kysely, type Transaction, sql } from 'kysely';
import { ADVISORY_LOCKS } from '../../../db/advisory-locks';
import type { Database } from '../../../db/schema';
import { AppError, notFound } from '../../../lib/errors';
import type { ImageStorage } from './image-storage';
import {
  CONTENT_TYPES,
  IMAGE_FORMATS,
  type ProcessedImage,
  processImage,
  variantFormatOf,
  variantName,
  variantNames,
  variantWidths,
} from './image-variants';

/** What a page needs of an image's row. */
export interface ImageRow {
  id: string;
  position: number;
  alt: string;
  content_hash: string;
  width: number;
  height: number;
}

/** What names an image's files: its picture's hash, and its width (its variants' widths). */
type Picture = Pick<ImageRow, 'content_hash' | 'width'>;

/** The width of the JPEG a page without srcset gets: the one nearest a card's or a page's. */
const FALLBACK_WIDTH = 800;

const imageUrl = (hash: string, width: number, format: (typeof IMAGE_FORMATS)[number]) =>
  `${PART_IMAGES_PATH}/${variantName(hash, width, format)}`;

/** A picture's JPEG for what reads no srcset: its `src`, and the part's `img` it stands for. */
const fallbackSrc = ({ content_hash, width }: Picture) => {
  const widths = variantWidths(width);
  return imageUrl(content_hash, widths.find((w) => w >= FALLBACK_WIDTH) ?? widths.at(-1)!, 'jpeg');
};

/** An image's row as pages show it: its files' URLs, by format, best first. */
export function toPartImage(row: ImageRow): PartImage {
  const widths = variantWidths(row.width);
  const url = (width: number, format: (typeof IMAGE_FORMATS)[number]) =>
    imageUrl(row.content_hash, width, format);
  return {
    id: row.id,
    position: row.position,
    alt: row.alt,
    width: row.width,
    height: row.height,
    src: fallbackSrc(row),
    sources: IMAGE_FORMATS.map((format) => ({
      type: CONTENT_TYPES[format] as PartImage['sources'][number]['type'],
      srcset: widths.map((width) => `${url(width, format)} ${width}w`).join(', '),
    })),
  };
}

/** PostgreSQL's answer when a row names a parent that is not there (the part went meanwhile). */
const isMissingParent = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';

export function createImagesService(
  db: Kysely<Database>,
  storage: ImageStorage,
  /** Told after each committed change to a part's images: its page shows them (app.ts). */
  onChange: () => void = () => {},
) {
  /**
   * One change at a time to a part's images' order: an advisory lock per part, never the
   * part's row, which every purchase locks (an upload must not hold a sale up).
   */
  const lockOrder = (trx: Transaction<Database>, toolId: string) =>
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.partImageOrder}, hashtext(${toolId}))`.execute(
      trx,
    );
  /** One writer at a time of a picture's files: an upload and the removal of its last row. */
  const lockFiles = (trx: Transaction<Database>, hash: string) =>
    sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.partImageFiles}, hashtext(${hash}))`.execute(
      trx,
    );

  const partExists = async (toolId: string) =>
    Boolean(await db.selectFrom('tools').select('id').where('id', '=', toolId).executeTakeFirst());

  /** A part's images 1, 2, 3... in their order, after one left or moved. */
  const renumber = (trx: Transaction<Database>, toolId: string, ids?: string[]) =>
    ids
      ? sql`update part_images p set position = o.n
          from unnest(${ids}::uuid[]) with ordinality as o(id, n)
          where p.id = o.id and p.position <> o.n`.execute(trx)
      : sql`update part_images p set position = o.n
          from (select id, row_number() over (order by position, id) as n
            from part_images where tool_id = ${toolId}) as o
          where p.id = o.id and p.position <> o.n`.execute(trx);

  /**
   * Removes a picture's files unless a row still names them (the same picture on another
   * part, or uploaded again meanwhile: under the same lock as an upload's writes and insert).
   */
  async function removeFilesUnlessUsed(hash: string, width: number) {
    await db.transaction().execute(async (trx) => {
      await lockFiles(trx, hash);
      const used = await trx
        .selectFrom('part_images')
        .select('id')
        .where('content_hash', '=', hash)
        .limit(1)
        .executeTakeFirst();
      if (used) return;
      for (const name of variantNames(hash, width)) await storage.delete(name);
    });
  }

  const picturesIn = (trx: Transaction<Database>, toolId: string) =>
    trx
      .selectFrom('part_images')
      .select(['content_hash', 'width'])
      .where('tool_id', '=', toolId)
      .orderBy('position')
      .execute();

  /**
   * A part whose image (`img`) is one of its own pictures, as Add Tool makes it when no URL is
   * given (issue 49), keeps its first picture as its image while they move or go; its last
   * picture cannot go, for a part has an image URL or a picture. An image URL typed by hand
   * stays as it is. Inside the change's transaction, after it, with the pictures before it.
   */
  async function followFirstPicture(trx: Transaction<Database>, toolId: string, before: Picture[]) {
    const tool = await trx
      .selectFrom('tools')
      .select('img')
      .where('id', '=', toolId)
      .executeTakeFirst();
    if (!tool || !before.some((picture) => fallbackSrc(picture) === tool.img)) return;
    const [first] = await picturesIn(trx, toolId);
    if (!first) throw new AppError('CONFLICT', messages.partEntry.lastPictureIsTheImage);
    const img = fallbackSrc(first);
    if (img !== tool.img) {
      await trx.updateTable('tools').set({ img }).where('id', '=', toolId).execute();
    }
  }

  /**
   * A new picture's files and its row, last of the part's, in the caller's transaction: the
   * files first, so a row never names a file that is not there.
   */
  async function insertPicture(
    trx: Transaction<Database>,
    toolId: string,
    image: ProcessedImage,
    alt: string,
  ) {
    await lockFiles(trx, image.hash);
    for (const variant of image.variants) await storage.put(variant.name, variant.data);
    await lockOrder(trx, toolId);
    return trx
      .insertInto('part_images')
      .values({
        tool_id: toolId,
        alt,
        content_hash: image.hash,
        width: image.width,
        height: image.height,
        position: sql<number>`(select coalesce(max(position), 0) + 1
          from part_images where tool_id = ${toolId})`,
      })
      .returning(['id', 'position', 'alt', 'content_hash', 'width', 'height'])
      .executeTakeFirstOrThrow();
  }

  /** An upload checked and its variants made, outside any transaction (a second or more). */
  function checkSize(file: Uint8Array) {
    if (file.byteLength > PART_IMAGE_MAX_BYTES) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        messages.images.tooLarge(PART_IMAGE_MAX_BYTES / 1024 / 1024),
      );
    }
  }

  async function prepare(file: Uint8Array): Promise<ProcessedImage> {
    checkSize(file);
    return processImage(file);
  }

  return {
    prepare,

    /** The `img` a part gets from this picture when it is its first and no URL was given. */
    imageOf: (image: ProcessedImage) =>
      fallbackSrc({ content_hash: image.hash, width: image.width }),

    /** A new part's first picture, in the transaction that writes the part (tools service). */
    attachFirst: (trx: Transaction<Database>, toolId: string, image: ProcessedImage, alt: string) =>
      insertPicture(trx, toolId, image, alt),

    /** After a transaction that would have attached it failed: its files, unless used. */
    discard: (image: ProcessedImage) => removeFilesUnlessUsed(image.hash, image.width),

    /** The images of the part `toolId` names, in order, as one JSON column of another query. */
    imagesColumn: (toolId: Expression<string>) =>
      sql<ImageRow[]>`coalesce((select json_agg(json_build_object('id', i.id,
          'position', i.position, 'alt', i.alt, 'content_hash', i.content_hash,
          'width', i.width, 'height', i.height) order by i.position)
        from part_images i where i.tool_id = ${toolId}), '[]'::json)`,

    async list(toolId: string): Promise<PartImage[]> {
      if (!(await partExists(toolId))) throw notFound('Tool');
      const rows = await db
        .selectFrom('part_images')
        .select(['id', 'position', 'alt', 'content_hash', 'width', 'height'])
        .where('tool_id', '=', toolId)
        .orderBy('position')
        .execute();
      return rows.map(toPartImage);
    },

    /**
     * A new image, last of the part's. The picture is checked and its variants made first,
     * outside any transaction (a large photo takes a second or more); then, in one short
     * transaction, its files are written and its row inserted. Should the insert fail, the
     * files no row names are removed again.
     */
    async add(toolId: string, file: Uint8Array, alt: string): Promise<PartImage> {
      checkSize(file);
      if (!(await partExists(toolId))) throw notFound('Tool');
      const image = await processImage(file);
      try {
        const row = await db.transaction().execute((trx) => insertPicture(trx, toolId, image, alt));
        onChange();
        return toPartImage(row);
      } catch (error) {
        await removeFilesUnlessUsed(image.hash, image.width);
        if (isMissingParent(error)) throw notFound('Tool');
        throw error;
      }
    },

    /** New alt text, a new place among the part's images (others move up or down), or both. */
    async update(toolId: string, imageId: string, change: PartImageUpdate): Promise<PartImage> {
      const row = await db.transaction().execute(async (trx) => {
        await lockOrder(trx, toolId);
        const before = await trx
          .selectFrom('part_images')
          .select(['id', 'content_hash', 'width'])
          .where('tool_id', '=', toolId)
          .orderBy('position')
          .execute();
        const ids = before.map((image) => image.id);
        const from = ids.indexOf(imageId);
        if (from < 0) throw notFound('Image');
        if (change.alt !== undefined) {
          await trx
            .updateTable('part_images')
            .set({ alt: change.alt })
            .where('id', '=', imageId)
            .execute();
        }
        if (change.position !== undefined) {
          ids.splice(from, 1);
          ids.splice(Math.min(change.position, ids.length + 1) - 1, 0, imageId);
          await renumber(trx, toolId, ids);
          await followFirstPicture(trx, toolId, before);
        }
        return trx
          .selectFrom('part_images')
          .select(['id', 'position', 'alt', 'content_hash', 'width', 'height'])
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow();
      });
      onChange();
      return toPartImage(row);
    },

    /** A part's pictures, read before the part is erased (its rows go with it). */
    picturesOf: (toolId: string): Promise<Picture[]> =>
      db
        .selectFrom('part_images')
        .select(['content_hash', 'width'])
        .where('tool_id', '=', toolId)
        .execute(),

    /** After their rows went with their part: the files no other row names. */
    async removeFilesOf(pictures: Picture[]) {
      for (const { content_hash, width } of pictures)
        await removeFilesUnlessUsed(content_hash, width);
    },

    /** Removes the image; its files too, once no other row names the same picture. */
    async remove(toolId: string, imageId: string): Promise<void> {
      const removed = await db.transaction().execute(async (trx) => {
        await lockOrder(trx, toolId);
        const before = await picturesIn(trx, toolId);
        const row = await trx
          .deleteFrom('part_images')
          .where('id', '=', imageId)
          .where('tool_id', '=', toolId)
          .returning(['content_hash', 'width'])
          .executeTakeFirst();
        if (!row) throw notFound('Image');
        await renumber(trx, toolId);
        await followFirstPicture(trx, toolId, before);
        return row;
      });
      onChange();
      await removeFilesUnlessUsed(removed.content_hash, removed.width);
    },

    /**
     * A variant's file, to serve, with its type; undefined when there is none. A name that is
     * not one we make (`{hash}-{width}.{ext}`: no folder, no dot-dot) is not looked for.
     */
    async file(name: string) {
      const format = variantFormatOf(name);
      const stored = format && (await storage.read(name));
      return stored && { ...stored, contentType: CONTENT_TYPES[format] };
    },
  };
}

export type ImagesService = ReturnType<typeof createImagesService>;
