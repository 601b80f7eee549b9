import {
  idParams,
  PART_IMAGE_MAX_BYTES,
  PartImageSchema,
  PartImageUpdateSchema,
  PartImageUploadFieldsSchema,
} from '@shop/shared';
import type { Handler, MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../../auth/guards';
import { notFound } from '../../../lib/errors';
import { bearer, defineRoute, errors, json, jsonBody, routesOf } from '../../../lib/openapi';
import { MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE } from './image-variants';
import type { ImagesService } from './images.service';

/**
 * The upload's path, by its shape: its body may be larger than a JSON body (app.ts): the file,
 * and room for the form's other parts and boundaries.
 */
export const IMAGE_UPLOAD_PATH = /^\/api\/tools\/(?:[^/]+\/images|with-picture)$/;
export const IMAGE_UPLOAD_LIMIT_BYTES = PART_IMAGE_MAX_BYTES + 64 * 1024;

const PartParams = idParams('Tool');
const ImageParams = PartParams.extend({ imageId: z.uuid({ error: 'Image not found' }) });

/** An upload's fields: `file`, one image file, and its `alt` text (Add Tool's too). */
export const UploadSchema = PartImageUploadFieldsSchema.extend({
  file: z
    .custom<File>((value) => value instanceof File, { error: 'Choose one image file' })
    .meta({ type: 'string', format: 'binary' }),
});

/** What the upload routes say of the file they take. */
export const UPLOAD_DESCRIPTION =
  'A JPEG, PNG, WebP or AVIF image of at most 10 MB, judged by its ' +
  `content (its first bytes and the decoder agree; no markup anywhere in it; at most ` +
  `${MAX_IMAGE_SIDE} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels), with ` +
  '`alt`, its alternative text. It is stored as AVIF, WebP and JPEG at widths 400, 800 and ' +
  '1600 (never wider than the original), turned upright, without any metadata.';

const listImages = defineRoute({
  method: 'get',
  path: '/tools/{id}/images',
  tags: ['Images'],
  summary: "A part's images, in order, with the URLs of their sizes and formats",
  request: { params: PartParams },
  responses: { 200: json(z.array(PartImageSchema), 'The images, first first'), ...errors(404) },
});

const addImage = defineRoute({
  method: 'post',
  path: '/tools/{id}/images',
  tags: ['Images'],
  summary: 'Add an image to a part, after its others (admins)',
  description: `A multipart form: \`file\` and \`alt\`. ${UPLOAD_DESCRIPTION}`,
  security: bearer,
  request: {
    params: PartParams,
    body: { required: true, content: { 'multipart/form-data': { schema: UploadSchema } } },
  },
  responses: { 201: json(PartImageSchema, 'Added'), ...errors(400, 401, 403, 404, 415) },
});

const updateImage = defineRoute({
  method: 'patch',
  path: '/tools/{id}/images/{imageId}',
  tags: ['Images'],
  summary: "Change an image's alt text, or move it among the part's images (admins)",
  description: 'A `position` past the last puts it last; the others move up or down.',
  security: bearer,
  request: { params: ImageParams, body: jsonBody(PartImageUpdateSchema) },
  responses: { 200: json(PartImageSchema, 'Changed'), ...errors(400, 401, 403, 404, 415) },
});

const removeImage = defineRoute({
  method: 'delete',
  path: '/tools/{id}/images/{imageId}',
  tags: ['Images'],
  summary: 'Remove an image of a part, and its files unless another image is the same (admins)',
  description:
    'A part whose image is its first picture (Add Tool without an image URL) takes its next ' +
    'one; its last picture cannot go (409).',
  security: bearer,
  request: { params: ImageParams },
  responses: { 204: { description: 'Removed' }, ...errors(401, 403, 404, 409) },
});

export function imagesRoutes(images: ImagesService, signedIn: MiddlewareHandler<AuthedEnv>) {
  return (
    routesOf<AuthedEnv>()
      .openapi(listImages, async (c) => {
        // Public and the same for everyone: browsers may keep it, asking again each time.
        c.header('Cache-Control', 'no-cache');
        return c.json(await images.list(c.req.valid('param').id), 200);
      })
      // The catalogue changes only by an admin.
      .openapi({ ...addImage, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { file, alt } = c.req.valid('form');
        const bytes = new Uint8Array(await file.arrayBuffer());
        return c.json(await images.add(c.req.valid('param').id, bytes, alt), 201);
      })
      .openapi({ ...updateImage, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { id, imageId } = c.req.valid('param');
        return c.json(await images.update(id, imageId, c.req.valid('json')), 200);
      })
      .openapi({ ...removeImage, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { id, imageId } = c.req.valid('param');
        await images.remove(id, imageId);
        return c.body(null, 204);
      })
  );
}

/**
 * `GET /images/parts/{file}`: a variant's file. Its name is its content's hash, so it never
 * changes: any cache may keep it for a year without asking again.
 */
export const partImageFile =
  (images: ImagesService): Handler =>
  async (c) => {
    const file = await images.file(c.req.param('file') ?? '');
    if (!file) throw notFound('Image');
    return c.body(file.body, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    });
  };
