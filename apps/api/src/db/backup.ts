import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { type DatabaseContents, type DatabaseCopy, countContents, openDatabase } from './database';
import { LOCK_FOLDER } from './data-dir-lock';

/**
 * A backup file: a first line naming the format, a line of JSON (the manifest: what it holds,
 * and the length and SHA-256 of each section), then the sections one after the other. `head -2`
 * shows what a file holds; the checksums catch a truncated or damaged file before a restore.
 */
export const BACKUP_SIGNATURE = 'laptop-parts-shop backup 1';

/** Generated into DATA_DIR when AUTH_SECRET is not set (auth/auth-secret.ts). */
export const AUTH_SECRET_FILE = 'auth-secret';

const PGDATA_SECTION = 'pgdata.tar.gz';

/**
 * The product images' folder in DATA_DIR (modules/catalogue/images/image-storage.ts), kept in backups as
 * one section: a line of JSON listing each file's name and length, then the files one after
 * the other.
 */
export const IMAGES_FOLDER = 'images';
const IMAGES_SECTION = 'images';

/** A file name a restore may write: no folder, no dot-dot, not a half-written temporary file. */
const isPlainFileName = (name: string) =>
  path.basename(name) === name && !name.startsWith('.') && name.length <= 255;

export interface BackupManifest {
  createdAt: string;
  contents: DatabaseContents;
  sections: { name: string; bytes: number; sha256: string }[];
}

/** The file is not a backup, or not a whole one: the message says which. */
export class BackupError extends Error {}

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The generated signing secret, so sessions stay valid after a restore; none with AUTH_SECRET. */
export function readAuthSecretFile(dataDir: string): Buffer | undefined {
  try {
    return fs.readFileSync(path.join(dataDir, AUTH_SECRET_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * The product images' files as a backup's section, or undefined when there are none. Read
 * after the database is copied: every row copied names files written before it (an upload
 * writes its files, then its row). The files are read one at a time, not holding the shop up.
 */
export async function readImagesFolder(dataDir: string): Promise<Buffer | undefined> {
  const folder = path.join(dataDir, IMAGES_FOLDER);
  let names: string[];
  try {
    names = (await fs.promises.readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isPlainFileName(entry.name))
      .map((entry) => entry.name)
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const files: [string, Buffer][] = [];
  for (const name of names) {
    try {
      files.push([name, await fs.promises.readFile(path.join(folder, name))]);
    } catch (error) {
      // Removed since the listing (its image was): nothing names it any more.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  if (files.length === 0) return undefined;
  const index = JSON.stringify(files.map(([name, data]) => [name, data.length]));
  return Buffer.concat([Buffer.from(`${index}\n`), ...files.map(([, data]) => data)]);
}

/** Writes an images section's files into `folder`; refuses a section that is not one. */
function unpackImages(section: Buffer, folder: string) {
  const damaged = () => new BackupError('This backup is damaged: its images are unreadable.');
  const indexEnd = section.indexOf('\n');
  let index: unknown;
  try {
    index = JSON.parse(section.subarray(0, indexEnd).toString());
  } catch {
    throw damaged();
  }
  if (indexEnd < 0 || !Array.isArray(index)) throw damaged();
  fs.mkdirSync(folder, { mode: 0o700 });
  let offset = indexEnd + 1;
  for (const entry of index as unknown[]) {
    const [name, bytes] = Array.isArray(entry) ? entry : [];
    if (typeof name !== 'string' || !isPlainFileName(name) || !Number.isInteger(bytes)) {
      throw damaged();
    }
    const data = section.subarray(offset, offset + (bytes as number));
    if (data.length !== bytes) throw damaged();
    fs.writeFileSync(path.join(folder, name), data, { mode: 0o600, flag: 'wx' });
    offset += data.length;
  }
  if (offset !== section.length) throw damaged();
}

export function encodeBackup(copy: DatabaseCopy, authSecret?: Buffer, images?: Buffer): Buffer {
  const sections: [string, Uint8Array][] = [[PGDATA_SECTION, copy.pgdata]];
  if (authSecret) sections.push([AUTH_SECRET_FILE, authSecret]);
  if (images) sections.push([IMAGES_SECTION, images]);
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    contents: copy.contents,
    sections: sections.map(([name, data]) => ({ name, bytes: data.length, sha256: sha256(data) })),
  };
  return Buffer.concat([
    Buffer.from(`${BACKUP_SIGNATURE}\n${JSON.stringify(manifest)}\n`),
    ...sections.map(([, data]) => data),
  ]);
}

export function decodeBackup(file: Buffer): {
  manifest: BackupManifest;
  sections: Map<string, Buffer>;
} {
  const signatureEnd = file.indexOf('\n');
  if (signatureEnd < 0 || file.subarray(0, signatureEnd).toString() !== BACKUP_SIGNATURE) {
    throw new BackupError('This file is not a backup of the shop (made by npm run backup).');
  }
  const manifestEnd = file.indexOf('\n', signatureEnd + 1);
  let manifest: BackupManifest;
  try {
    if (manifestEnd < 0) throw new Error('no end of line');
    manifest = JSON.parse(file.subarray(signatureEnd + 1, manifestEnd).toString());
    if (!Array.isArray(manifest.sections) || typeof manifest.contents !== 'object')
      throw new Error('no sections');
  } catch {
    throw new BackupError('This backup is damaged: its description (second line) is unreadable.');
  }
  const sections = new Map<string, Buffer>();
  let offset = manifestEnd + 1;
  for (const { name, bytes, sha256: expected } of manifest.sections) {
    const data = file.subarray(offset, offset + bytes);
    if (data.length !== bytes) {
      throw new BackupError(
        `This backup is incomplete: it ends ${offset + bytes - file.length} bytes early (copied before it was finished?).`,
      );
    }
    if (sha256(data) !== expected) {
      throw new BackupError(`This backup is damaged: the checksum of its ${name} does not match.`);
    }
    sections.set(name, data);
    offset += bytes;
  }
  if (offset !== file.length) {
    throw new BackupError(
      `This backup is damaged: ${file.length - offset} unexpected bytes at its end.`,
    );
  }
  if (!sections.has(PGDATA_SECTION)) {
    throw new BackupError('This backup is damaged: it holds no database.');
  }
  return { manifest, sections };
}

/**
 * The data folder's tarball, uncompressed and checked here: PGlite's own unzip lets a bad
 * gzip stream escape as an unhandled error, which would end the process mid-restore.
 */
function unpackTarball(gzipped: Buffer): Buffer {
  let tarball: Buffer;
  try {
    tarball = gunzipSync(gzipped);
  } catch (error) {
    throw new BackupError(
      `This backup could not be opened as a database: ${(error as Error).message}`,
    );
  }
  if (tarball.subarray(257, 262).toString() !== 'ustar') {
    throw new BackupError('This backup could not be opened as a database: it holds no tarball.');
  }
  return tarball;
}

/** A name beside `target`, in the same folder so that a rename can move it into place. */
const besides = (target: string, purpose: string) =>
  path.join(
    path.dirname(target),
    `.${path.basename(target)}.${purpose}-${process.pid}-${randomBytes(4).toString('hex')}`,
  );

/**
 * Writes the whole file beside its place, flushes it to disk, then renames it into place: a
 * reader sees the old file or the new one, never half of one, even after a crash or a full
 * disk. Readable by its owner only: a backup holds every account.
 */
export function writeFileAtomically(file: string, data: Uint8Array): void {
  const draft = besides(file, 'writing');
  try {
    const fd = fs.openSync(draft, 'wx', 0o600);
    try {
      fs.writeFileSync(fd, data);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(draft, file);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  syncFolder(path.dirname(file));
}

function syncFolder(folder: string) {
  const fd = fs.openSync(folder, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Why `dataDir` cannot receive a restore, or undefined when it is missing or empty. */
export function whyNotEmpty(dataDir: string): string | undefined {
  let entries: string[];
  try {
    entries = fs.readdirSync(dataDir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    if (code === 'ENOTDIR') return `${dataDir} is a file, not a folder.`;
    throw error;
  }
  if (entries.length === 0) return undefined;
  return (
    `${dataDir} is not empty (it holds ${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', ...' : ''}): ` +
    `a restore never overwrites data. Restore into a new folder, or move this one away first.`
  );
}

/**
 * Restores a backup into `dataDir`, which must be missing or empty. The database is rebuilt in
 * a folder beside it, opened and counted against the manifest, and only then renamed into
 * place: a failure at any step leaves `dataDir` as it was.
 */
export async function restoreBackup(file: Buffer, dataDir: string): Promise<BackupManifest> {
  const { manifest, sections } = decodeBackup(file);
  const refusal = whyNotEmpty(dataDir);
  if (refusal) throw new BackupError(refusal);

  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const draft = besides(dataDir, 'restoring');
  fs.mkdirSync(draft, { mode: 0o700 });
  try {
    const authSecret = sections.get(AUTH_SECRET_FILE);
    if (authSecret) {
      fs.writeFileSync(path.join(draft, AUTH_SECRET_FILE), authSecret, { mode: 0o600 });
    }
    const images = sections.get(IMAGES_SECTION);
    if (images) unpackImages(images, path.join(draft, IMAGES_FOLDER));
    const pgdata = new Blob([unpackTarball(sections.get(PGDATA_SECTION)!)], {
      type: 'application/x-tar',
    });
    let restored: DatabaseContents;
    try {
      const database = await openDatabase({ dataDir: draft, from: pgdata });
      try {
        restored = await countContents(database.db);
      } finally {
        await database.close();
      }
    } catch (error) {
      throw new BackupError(
        `This backup could not be opened as a database: ${(error as Error).message}`,
      );
    }
    if (JSON.stringify(restored) !== JSON.stringify(manifest.contents)) {
      throw new BackupError(
        `The restored database does not hold what the backup lists ` +
          `(${JSON.stringify(restored)} instead of ${JSON.stringify(manifest.contents)}).`,
      );
    }
    // The lock records of the check above; the shop takes the folder afresh.
    fs.rmSync(path.join(draft, LOCK_FOLDER), { recursive: true, force: true });
    // rename(2) replaces an empty folder, and fails if one appeared with files meanwhile.
    fs.renameSync(draft, dataDir);
    syncFolder(path.dirname(dataDir));
    return manifest;
  } catch (error) {
    fs.rmSync(draft, { recursive: true, force: true });
    if ((error as NodeJS.ErrnoException).code === 'ENOTEMPTY') {
      throw new BackupError(`${dataDir} received files during the restore; nothing was changed.`);
    }
    throw error;
  }
}
