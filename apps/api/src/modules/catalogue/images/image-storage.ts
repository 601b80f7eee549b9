import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { IMAGES_FOLDER } from '../../../db/backup';
import type { Env } from '../../../env';

/** A stored file, to send: its bytes as a stream, and how many there are. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  bytes: number;
}

/**
 * Where the product images' files live, by name (`{hash}-{width}.{ext}`, checked by the caller):
 * a folder in DATA_DIR, or an S3 bucket (AWS's or any S3-compatible store). Narrow on purpose: each call is one object.
 * A file is written whole or not at all; writing a name again writes the same bytes (its name
 * is its content's hash), so a retry or a race of two uploads of one picture is harmless.
 */
export interface ImageStorage {
  put(name: string, data: Uint8Array): Promise<void>;
  /** Removes the file; a missing one is no error. */
  delete(name: string): Promise<void>;
  /** The file to send, or undefined when there is none. */
  read(name: string): Promise<StoredFile | undefined>;
  exists(name: string): Promise<boolean>;
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * The images in a folder (`DATA_DIR/images` by the server; backed up with the database by
 * `npm run backup`). Each file is written beside its place under a temporary name, then
 * renamed: a reader sees the whole file or none, even after a crash or a full disk.
 */
export function folderImageStorage(folder: string): ImageStorage {
  const pathOf = (name: string) => path.join(folder, path.basename(name));
  let made: Promise<unknown> | undefined;
  return {
    async put(name, data) {
      made ??= fsp.mkdir(folder, { recursive: true, mode: 0o700 });
      await made;
      const draft = path.join(folder, `.${randomBytes(6).toString('hex')}.writing`);
      try {
        await fsp.writeFile(draft, data, { flag: 'wx', mode: 0o600 });
        await fsp.rename(draft, pathOf(name));
      } catch (error) {
        await fsp.rm(draft, { force: true });
        throw error;
      }
    },
    async delete(name) {
      await fsp.rm(pathOf(name), { force: true });
    },
    async read(name) {
      let handle: fsp.FileHandle;
      try {
        handle = await fsp.open(pathOf(name), 'r');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      const { size } = await handle.stat();
      // The stream owns the handle from here: it closes it at the end or when cut.
      const stream = handle.createReadStream();
      return { body: Readable.toWeb(stream) as ReadableStream<Uint8Array>, bytes: size };
    },
    async exists(name) {
      try {
        return (await fsp.stat(pathOf(name))).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },
  };
}

export interface S3Settings {
  /** Not set: AWS's own endpoint for the region. */
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** S3 answers "no such object" with a 404, named NoSuchKey (GET) or NotFound (HEAD). */
const isAbsent = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;

/**
 * The images in an S3 bucket, each file an object named as the file (an object is written
 * whole or not at all). Another endpoint than AWS's (MinIO, R2, a local server) is addressed
 * by path (`endpoint/bucket/name`), which they all take.
 */
export function s3ImageStorage(settings: S3Settings): ImageStorage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: Boolean(settings.endpoint),
  });
  const object = (name: string) => ({ Bucket: settings.bucket, Key: path.basename(name) });
  return {
    async put(name, data) {
      await client.send(new PutObjectCommand({ ...object(name), Body: data }));
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand(object(name)));
    },
    async read(name) {
      try {
        const answer = await client.send(new GetObjectCommand(object(name)));
        if (!answer.Body) return undefined;
        return { body: answer.Body.transformToWebStream(), bytes: answer.ContentLength ?? 0 };
      } catch (error) {
        if (isAbsent(error)) return undefined;
        throw error;
      }
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand(object(name)));
        return true;
      } catch (error) {
        if (isAbsent(error)) return false;
        throw error;
      }
    },
  };
}

/** The bucket when S3_BUCKET is set (env.ts checks the rest is), else `DATA_DIR/images`. */
export const imageStorageFor = (
  env: Pick<
    Env,
    | 'DATA_DIR'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): ImageStorage =>
  env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
    ? s3ImageStorage({
        endpoint: env.S3_ENDPOINT,
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      })
    : folderImageStorage(path.join(env.DATA_DIR, IMAGES_FOLDER));
