/**
 * Backups of the embedded database, in this process: the copy is taken between transactions,
 * a restore gives back what was copied, and a restore refuses (leaving nothing behind) a target
 * that holds data or a file that is not a whole backup.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_SECRET_FILE,
  BACKUP_SIGNATURE,
  BackupError,
  decodeBackup,
  encodeBackup,
  IMAGES_FOLDER,
  readImagesFolder,
  restoreBackup,
  writeFileAtomically,
} from './backup';
import { type DatabaseHandle, migrateToLatest, openDatabase } from './database';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-unit-'));
const dataDir = path.join(root, 'data');
let database: DatabaseHandle;
let backupFile: Buffer;
const savedImages: Record<string, Buffer> = {
  [`${'a'.repeat(64)}-400.webp`]: Buffer.from('RIFF....WEBPVP8 the picture'),
  [`${'a'.repeat(64)}-400.jpg`]: Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x0a, 0xff, 0xd9]),
  [`${'b'.repeat(64)}-1600.avif`]: Buffer.alloc(3000, 7),
};

/** The product images' files in a data folder, by name. */
const imagesIn = (folder: string) =>
  Object.fromEntries(
    fs
      .readdirSync(path.join(folder, IMAGES_FOLDER))
      .map((name) => [name, fs.readFileSync(path.join(folder, IMAGES_FOLDER, name))]),
  );

const addTool = (db: DatabaseHandle['db'], name: string) =>
  db
    .insertInto('tools')
    .values({
      name,
      img: '/images/tools/cooling-fan.svg',
      description: 'for the backup test',
      min_order_quantity: 1,
      available_quantity: 7,
      price_cents: 100,
    })
    .execute();

const toolNames = async (db: DatabaseHandle['db']) =>
  (await db.selectFrom('tools').select('name').orderBy('name').execute()).map((row) => row.name);

/** Opens a restored folder, reads from it, closes it again. */
async function inRestored<T>(folder: string, read: (db: DatabaseHandle['db']) => Promise<T>) {
  const restored = await openDatabase({ dataDir: folder });
  try {
    return await read(restored.db);
  } finally {
    await restored.close();
  }
}

/** Folders beside `folder` that a restore left behind. */
const leftovers = (folder: string) =>
  fs.readdirSync(path.dirname(folder)).filter((name) => name.includes('.restoring-'));

beforeAll(async () => {
  database = await openDatabase({ dataDir });
  await migrateToLatest(database.db);
  await addTool(database.db, 'Saved Fan');
  fs.writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), 'the-generated-secret');
  // Product images' files, and a half-written one (a temporary name) that is left out.
  fs.mkdirSync(path.join(dataDir, IMAGES_FOLDER));
  for (const [name, data] of Object.entries(savedImages)) {
    fs.writeFileSync(path.join(dataDir, IMAGES_FOLDER, name), data);
  }
  fs.writeFileSync(path.join(dataDir, IMAGES_FOLDER, '.0a1b2c.writing'), 'half');
  backupFile = encodeBackup(
    await database.backup!(),
    fs.readFileSync(path.join(dataDir, AUTH_SECRET_FILE)),
    await readImagesFolder(dataDir),
  );
}, 60_000);

afterAll(async () => {
  await database?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('a backup of the embedded database', () => {
  it('says what it holds in its first two lines', () => {
    const [signature, manifest] = backupFile.subarray(0, 2000).toString('latin1').split('\n');
    expect(signature).toBe(BACKUP_SIGNATURE);
    expect(JSON.parse(manifest!).contents).toEqual({
      tools: 1,
      orders: 0,
      users: 0,
      latestMigration: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('restores into a missing folder and into an empty one, with the signing secret', async () => {
    const missing = path.join(root, 'restored-missing');
    const empty = path.join(root, 'restored-empty');
    fs.mkdirSync(empty);
    for (const folder of [missing, empty]) {
      await restoreBackup(backupFile, folder);
      expect(await inRestored(folder, toolNames)).toEqual(['Saved Fan']);
      expect(fs.readFileSync(path.join(folder, AUTH_SECRET_FILE), 'utf8')).toBe(
        'the-generated-secret',
      );
      expect(imagesIn(folder)).toEqual(savedImages);
      expect(fs.statSync(folder).mode & 0o077).toBe(0); // its owner's only
      expect(leftovers(folder)).toEqual([]);
    }
  }, 60_000);

  it('waits for a transaction in progress, and holds it once committed', async () => {
    let commit!: () => void;
    const committed = new Promise<void>((resolve) => (commit = resolve));
    const transaction = database.db.transaction().execute(async (trx) => {
      await addTool(trx, 'Fan Bought Mid-Backup');
      await committed;
    });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the insert has run
    let copied = false;
    const copy = database.backup!().then((result) => {
      copied = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A copy taken now would hold half a transaction (or, restored, lose one acknowledged).
    expect(copied).toBe(false);
    commit();
    await transaction;
    const folder = path.join(root, 'restored-after-commit');
    await restoreBackup(encodeBackup(await copy), folder);
    expect(await inRestored(folder, toolNames)).toEqual(['Fan Bought Mid-Backup', 'Saved Fan']);
  }, 60_000);

  it('holds no images section when there are no images', async () => {
    const bare = path.join(root, 'no-images');
    fs.mkdirSync(bare);
    expect(await readImagesFolder(bare)).toBeUndefined();
    fs.mkdirSync(path.join(bare, IMAGES_FOLDER));
    expect(await readImagesFolder(bare)).toBeUndefined();
  });

  it('is written whole or not at all, readable by its owner only', () => {
    const file = path.join(root, 'written.backup');
    fs.writeFileSync(file, 'the previous backup');
    writeFileAtomically(file, backupFile);
    expect(fs.readFileSync(file).equals(backupFile)).toBe(true);
    expect(fs.statSync(file).mode & 0o077).toBe(0);
    expect(fs.readdirSync(root).filter((name) => name.includes('.writing-'))).toEqual([]);
  });
});

describe('a restore refuses, and changes nothing', () => {
  const target = path.join(root, 'refused');

  const refusal = async (file: Buffer, folder = target) => {
    const error = await restoreBackup(file, folder).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect(leftovers(folder)).toEqual([]);
    return (error as Error).message;
  };

  /** The file with its manifest rewritten, checksums and all recomputed to match. */
  const rewritten = (change: (manifest: ReturnType<typeof decodeBackup>['manifest']) => void) => {
    const { manifest, sections } = decodeBackup(backupFile);
    change(manifest);
    for (const section of manifest.sections) {
      const data = sections.get(section.name)!;
      section.bytes = data.length;
      section.sha256 = createHash('sha256').update(data).digest('hex');
    }
    return Buffer.concat([
      Buffer.from(`${BACKUP_SIGNATURE}\n${JSON.stringify(manifest)}\n`),
      ...manifest.sections.map((section) => sections.get(section.name)!),
    ]);
  };

  it('a folder that holds anything', async () => {
    const occupied = path.join(root, 'occupied');
    fs.mkdirSync(occupied);
    fs.writeFileSync(path.join(occupied, 'notes.txt'), 'keep me');
    expect(await refusal(backupFile, occupied)).toMatch(/is not empty \(it holds notes\.txt\)/);
    expect(fs.readdirSync(occupied)).toEqual(['notes.txt']);
  });

  it('a file that is not a backup', async () => {
    expect(await refusal(Buffer.from('hello\n'))).toMatch(/not a backup of the shop/);
    expect(await refusal(Buffer.alloc(0))).toMatch(/not a backup of the shop/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('a backup cut short, one with a changed byte, one with bytes added', async () => {
    expect(await refusal(backupFile.subarray(0, backupFile.length - 1))).toMatch(
      /incomplete: it ends 1 bytes early/,
    );
    const damaged = Buffer.from(backupFile);
    // A byte of the database, its first section, after the two lines of the head.
    const inDatabase = backupFile.indexOf('\n', BACKUP_SIGNATURE.length + 1) + 1000;
    damaged[inDatabase] = damaged[inDatabase]! ^ 0xff;
    expect(await refusal(damaged)).toMatch(/checksum of its pgdata\.tar\.gz does not match/);
    expect(await refusal(Buffer.concat([backupFile, Buffer.from('x')]))).toMatch(
      /1 unexpected bytes at its end/,
    );
    const badManifest = Buffer.from(backupFile);
    badManifest[BACKUP_SIGNATURE.length + 2] = 0x7b; // '{' inside the JSON
    expect(await refusal(badManifest)).toMatch(/description \(second line\) is unreadable/);
    expect(fs.existsSync(target)).toBe(false);
  });

  it('images whose names would leave the images folder, or whose lengths do not add up', async () => {
    const withImages = (section: Buffer) => {
      const { manifest, sections } = decodeBackup(backupFile);
      sections.set('images', section);
      manifest.sections = manifest.sections.map((entry) =>
        entry.name === 'images'
          ? {
              name: 'images',
              bytes: section.length,
              sha256: createHash('sha256').update(section).digest('hex'),
            }
          : entry,
      );
      return Buffer.concat([
        Buffer.from(`${BACKUP_SIGNATURE}\n${JSON.stringify(manifest)}\n`),
        ...manifest.sections.map((entry) => sections.get(entry.name)!),
      ]);
    };
    for (const name of ['../escaped.jpg', '/tmp/escaped.jpg', '.hidden', 'a/b.jpg']) {
      const section = Buffer.from(`${JSON.stringify([[name, 1]])}\nx`);
      expect(await refusal(withImages(section))).toMatch(/its images are unreadable/);
    }
    expect(await refusal(withImages(Buffer.from('[["a.jpg", 5]]\nx')))).toMatch(
      /its images are unreadable/,
    );
    expect(await refusal(withImages(Buffer.from('not json\n')))).toMatch(
      /its images are unreadable/,
    );
    expect(fs.existsSync(path.join(root, 'escaped.jpg'))).toBe(false);
    expect(fs.existsSync(target)).toBe(false);
  }, 60_000);

  it('a whole file whose database does not open, or does not hold what it lists', async () => {
    const { manifest } = decodeBackup(backupFile);
    const section = Buffer.from('not a tarball at all');
    manifest.sections = [
      {
        name: 'pgdata.tar.gz',
        bytes: section.length,
        sha256: createHash('sha256').update(section).digest('hex'),
      },
    ];
    const unopenable = Buffer.concat([
      Buffer.from(`${BACKUP_SIGNATURE}\n${JSON.stringify(manifest)}\n`),
      section,
    ]);
    expect(await refusal(unopenable)).toMatch(/could not be opened as a database/);

    const overstated = rewritten((m) => (m.contents.tools += 1));
    expect(await refusal(overstated)).toMatch(/does not hold what the backup lists/);
    expect(fs.existsSync(target)).toBe(false);
  }, 60_000);
});
