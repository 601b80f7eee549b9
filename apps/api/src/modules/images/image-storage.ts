import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

/** A stored file, to send: its bytes as a stream, and how many there are. */
export interface StoredFile {
  body: ReadableStream<Uint8Array>;
  bytes: number;
}

/**
 * Where the product images' files live, by name (`{hash}-{width}.{ext}`, checked by the caller):
 * a folder in DATA_DIR, or (later) an S3 bucket. Narrow on purpose: each call is one object.
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
