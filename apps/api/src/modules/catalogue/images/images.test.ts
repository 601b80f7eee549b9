/**
 * Product images (issue 34): an upload is judged by its content, its variants are made without
 * metadata and served for good under content-hashed names; an image's files leave with its
 * last row, and never stay behind an insert that failed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import {
  messages,
  PART_IMAGE_MAX_BYTES,
  type PartImage,
  type PartPage,
  partSlug,
  type Tool,
} from '@shop/shared';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'kysely';
import pino from 'pino';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabaseKind } from '../../../test/databases';
import { bearer, send, signUpAdmin, signUpWithToken } from '../../../test/identity';
import { purchaseBody, postPurchase } from '../../../test/shop';
import { type TestApp, createTestApp } from '../../../test/test-app';
import { toolBody } from '../../../security/route-table';
import { createResponseReplay } from '../../../lib/response-replay';
import { type ImageStorage, folderImageStorage, s3ImageStorage } from './image-storage';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;
type ErrorAnswer = { error: { code: string; message: string } };

/** A picture of one colour with some noise, so that each is a different file. */
async function photo(
  width: number,
  height: number,
  seed: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' = 'jpeg',
) {
  const picture = sharp({
    create: { width, height, channels: 3, background: { r: seed % 256, g: 90, b: 160 } },
  });
  return picture.toFormat(format).toBuffer();
}

/** A JPEG as a phone takes it: GPS position, camera, and XMP in its metadata. */
const phonePhoto = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Phone Maker', Model: 'Phone 9' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 2400/100' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF></rdf:RDF></x:xmpmeta>')
    .toBuffer();

/** A small PNG whose header says it is `width` x `height`: its picture data is far too short. */
function pngClaiming(width: number, height: number, base: Buffer) {
  const png = Buffer.from(base);
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

const variantFiles = (image: PartImage) =>
  image.sources.flatMap((source) =>
    source.srcset.split(', ').map((entry) => entry.split(' ')[0]!.replace('/images/parts/', '')),
  );

/** Where a suite's files are kept, and what a test reads and writes there behind the shop. */
interface StoredFiles {
  storage: ImageStorage;
  names(): Promise<string[]>;
  plant(name: string, data: string): Promise<void>;
  close(): Promise<void>;
}

async function inFolder(): Promise<StoredFiles> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-images-'));
  return {
    storage: folderImageStorage(folder),
    names: async () => fs.readdirSync(folder).sort(),
    plant: async (name, data) => fs.writeFileSync(path.join(folder, name), data),
    close: async () => fs.rmSync(folder, { recursive: true, force: true }),
  };
}

/** A real S3-compatible server (s3rver) on loopback, with a bucket of its own. */
async function inBucket(): Promise<StoredFiles> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const bucket = 'shop-images';
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  };
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
  });
  return {
    storage: s3ImageStorage(settings),
    names: async () => {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    plant: async (name, data) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: data }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

describeEachDatabase('product images in a folder', (kind) => productImages(kind, inFolder));
// The same suite on an S3-compatible server: the shop sees its storage only through ImageStorage.
describeEachDatabase('product images in an S3 bucket', (kind) => productImages(kind, inBucket));

function productImages(kind: TestDatabaseKind, openFiles: () => Promise<StoredFiles>) {
  let files: StoredFiles;
  let app: TestApp;
  let admin: Account;
  let customer: Account;
  let tool: Tool;
  // The server's copies of public pages, and how often they were told to forget.
  const copies = createResponseReplay({
    paths: ['/parts/:slug'],
    ttlMs: 60_000,
    logger: pino({ level: 'silent' }),
  });
  let forgotten = 0;
  const replay = { ...copies, clear: () => (forgotten++, copies.clear()) };
  beforeAll(async () => {
    files = await openFiles();
    app = await createTestApp(kind, { seed: false, imageStorage: files.storage, replay });
    admin = await signUpAdmin(app);
    customer = await signUpWithToken(app);
    tool = await newPart('Imaged Part');
  });
  afterAll(async () => {
    await app.close();
    await files.close();
  });

  async function newPart(name: string): Promise<Tool> {
    const response = await send(app, 'POST', '/api/tools', admin.token, { ...toolBody, name });
    expect(response.status).toBe(201);
    return (await response.json()) as Tool;
  }

  const upload = (
    file: Uint8Array,
    options: { name?: string; type?: string; alt?: string; token?: string; toolId?: string } = {},
  ) => {
    const form = new FormData();
    form.set(
      'file',
      new File([file], options.name ?? 'photo.jpg', { type: options.type ?? 'image/jpeg' }),
    );
    form.set('alt', options.alt ?? 'The part, from above');
    return app.request(`/api/tools/${options.toolId ?? tool._id}/images`, {
      method: 'POST',
      headers: options.token === '' ? {} : bearer(options.token ?? admin.token),
      body: form,
    });
  };
  const uploaded = async (file: Uint8Array, options: Parameters<typeof upload>[1] = {}) => {
    const response = await upload(file, options);
    const text = await response.text();
    expect(response.status, text).toBe(201);
    return JSON.parse(text) as PartImage;
  };
  const refusal = async (file: Uint8Array, options: Parameters<typeof upload>[1] = {}) => {
    const response = await upload(file, options);
    const { error } = (await response.json()) as ErrorAnswer;
    return { status: response.status, ...error };
  };
  const listed = async (toolId = tool._id) => {
    const response = await app.request(`/api/tools/${toolId}/images`);
    expect(response.status).toBe(200);
    return (await response.json()) as PartImage[];
  };
  const stored = () => files.names();
  const removeAll = async (toolId = tool._id) => {
    for (const image of await listed(toolId)) {
      const removed = await send(
        app,
        'DELETE',
        `/api/tools/${toolId}/images/${image.id}`,
        admin.token,
      );
      expect(removed.status).toBe(204);
    }
  };

  describe('a 6000 x 4000 JPEG with GPS in its EXIF', () => {
    let image: PartImage;
    let milliseconds: number;
    beforeAll(async () => {
      const file = await phonePhoto(6000, 4000);
      expect((await sharp(file).metadata()).exif).toBeDefined();
      const started = performance.now();
      image = await uploaded(file);
      milliseconds = performance.now() - started;
      console.log(`a 6000 x 4000 JPEG (${file.length} bytes) took ${Math.round(milliseconds)} ms`);
    }, 60_000);
    afterAll(() => removeAll());

    it('becomes AVIF, WebP and JPEG at 400, 800 and 1600 px, the box of its original', async () => {
      expect(image).toMatchObject({ width: 6000, height: 4000, alt: 'The part, from above' });
      expect(image.sources.map((source) => source.type)).toEqual([
        'image/avif',
        'image/webp',
        'image/jpeg',
      ]);
      for (const source of image.sources) {
        expect(source.srcset).toMatch(/-400\.\w+ 400w, \S+-800\.\w+ 800w, \S+-1600\.\w+ 1600w$/);
      }
      expect(image.src).toMatch(/^\/images\/parts\/[0-9a-f]{64}-800\.jpg$/);
      expect(await stored()).toEqual(variantFiles(image).sort());
      expect(await stored()).toHaveLength(9);
    });

    it('is served with no metadata left: no EXIF, no GPS, no XMP', async () => {
      for (const name of variantFiles(image)) {
        const response = await app.request(`/images/parts/${name}`);
        expect(response.status).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        const metadata = await sharp(bytes).metadata();
        const [, width, extension] = /-(\d+)\.(\w+)$/.exec(name)!;
        expect(metadata.width).toBe(Number(width));
        expect(metadata.format).toBe({ avif: 'heif', webp: 'webp', jpg: 'jpeg' }[extension!]);
        expect(metadata.exif, name).toBeUndefined();
        expect(metadata.xmp, name).toBeUndefined();
        expect(bytes.includes('Phone Maker'), name).toBe(false);
        expect(response.headers.get('content-type')).toBe(
          { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[extension!],
        );
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('content-length')).toBe(String(bytes.length));
      }
    });

    it('is listed with the part, and on its public page', async () => {
      expect(await listed()).toEqual([image]);
      const page = await app.request(`/api/parts/${partSlug(tool.name, tool.sku)}`);
      expect(page.status).toBe(200);
      const { images, part } = (await page.json()) as PartPage;
      expect(images).toEqual([image]);
      // The URL typed by hand stays as it was.
      expect(part.img).toBe(toolBody.img);
    });
  });

  it('is turned upright by its EXIF orientation, and never made wider than it is', async () => {
    const file = await sharp({
      create: { width: 300, height: 200, channels: 3, background: '#808080' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const image = await uploaded(file);
    expect(image).toMatchObject({ width: 200, height: 300 });
    expect(image.sources[0]!.srcset).toMatch(/^\S+-200\.avif 200w$/);
    const served = await app.request(image.src);
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height, metadata.orientation]).toEqual([200, 300, undefined]);
    await removeAll();
  });

  it('takes PNG, WebP and AVIF too, by their content whatever their names', async () => {
    for (const format of ['png', 'webp', 'avif'] as const) {
      const image = await uploaded(await photo(500, 400, 7, format), {
        name: 'picture.gif',
        type: 'application/octet-stream',
      });
      expect(image.width).toBe(500);
    }
    expect(await listed()).toHaveLength(3);
    await removeAll();
    expect(await stored()).toEqual([]);
  });

  describe('refuses with 400, storing nothing', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const html = '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>';

    it('an SVG and an HTML file renamed .jpg', async () => {
      for (const text of [svg, html, `\xff\xd8\xff${html}`]) {
        expect(await refusal(Buffer.from(text, 'latin1'))).toMatchObject({
          status: 400,
          code: 'BAD_REQUEST',
        });
      }
      expect(await refusal(Buffer.from(svg))).toMatchObject({
        message: messages.images.notAnImage,
      });
      expect(await stored()).toEqual([]);
    });

    it('a JPEG with an HTML page inside (a polyglot), renamed .jpg', async () => {
      const jpeg = await photo(64, 64, 1);
      // A comment segment (COM) right after the start: every decoder reads past it.
      const comment = Buffer.from(`<html><script>alert(1)</script></html>`);
      const segment = Buffer.concat([
        Buffer.from([0xff, 0xfe, (comment.length + 2) >> 8, (comment.length + 2) & 0xff]),
        comment,
      ]);
      const polyglot = Buffer.concat([jpeg.subarray(0, 2), segment, jpeg.subarray(2)]);
      expect((await sharp(polyglot).metadata()).format).toBe('jpeg'); // a real JPEG
      const appended = Buffer.concat([jpeg, Buffer.from('<script>alert(1)</script>')]);
      for (const file of [polyglot, appended]) {
        expect(await refusal(file)).toMatchObject({
          status: 400,
          message: messages.images.markup,
        });
      }
      // The same JPEG without the page is taken.
      await uploaded(jpeg);
      await removeAll();
      expect(await stored()).toEqual([]);
    });

    it('a file whose first bytes and decoder disagree, and a damaged one', async () => {
      const png = await photo(40, 40, 2, 'png');
      const gif = await sharp(png).gif().toBuffer();
      expect(await refusal(gif)).toMatchObject({
        status: 400,
        message: messages.images.notAnImage,
      });
      // A JPEG's first bytes before a PNG: no decoder reads it as a JPEG.
      const mixed = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), png]);
      expect(await refusal(mixed)).toMatchObject({
        status: 400,
        message: messages.images.notAnImage,
      });
      const jpeg = await photo(400, 300, 3);
      expect(await refusal(jpeg.subarray(0, jpeg.length / 2))).toMatchObject({
        status: 400,
        message: messages.images.unreadable,
      });
      expect(await stored()).toEqual([]);
    });

    it('an image past 12,000 px a side or 50 megapixels; at the limits, it is read', async () => {
      const tooMany = messages.images.tooManyPixels(12_000, 50);
      expect(await refusal(await photo(12_001, 8, 4, 'png'))).toMatchObject({
        status: 400,
        message: tooMany,
      });
      const wide = await uploaded(await photo(12_000, 8, 4, 'png'));
      expect(wide.width).toBe(12_000);
      await removeAll();
      // Headers alone, so no 50-megapixel picture is made: past the limit it is refused
      // unread; at the limit it is decoded, and found cut short.
      const base = await photo(8, 8, 5, 'png');
      expect(await refusal(pngClaiming(10_000, 5_001, base))).toMatchObject({
        message: tooMany,
      });
      expect(await refusal(pngClaiming(10_000, 5_000, base))).toMatchObject({
        message: messages.images.unreadable,
      });
      expect(await stored()).toEqual([]);
    }, 30_000);

    it('alt text missing, and a form without a file', async () => {
      const form = new FormData();
      form.set('alt', 'No file');
      const noFile = await app.request(`/api/tools/${tool._id}/images`, {
        method: 'POST',
        headers: bearer(admin.token),
        body: form,
      });
      expect(noFile.status).toBe(400);
      expect((await refusal(await photo(50, 50, 6), { alt: '  ' })).status).toBe(400);
      expect(await stored()).toEqual([]);
    });
  });

  describe('the size of the file', () => {
    it('10 MB is judged by its content; a byte more, and 11 MB, are too large (413)', async () => {
      // Noise: no image, whatever its size, so its refusal is for its content.
      const noise = Buffer.alloc(PART_IMAGE_MAX_BYTES, 0x41);
      expect(await refusal(noise)).toMatchObject({
        status: 400,
        message: messages.images.notAnImage,
      });
      expect(await refusal(Buffer.alloc(PART_IMAGE_MAX_BYTES + 1, 0x41))).toMatchObject({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      });
      expect(await refusal(Buffer.alloc(11 * 1024 * 1024, 0x41))).toMatchObject({
        status: 413,
        code: 'PAYLOAD_TOO_LARGE',
      });
      // Refused by its size before it is read: not even parsed as a form.
      const unread = await app.request(`/api/tools/${tool._id}/images`, {
        method: 'POST',
        headers: bearer(admin.token, { 'Content-Type': 'multipart/form-data; boundary=x' }),
        body: Buffer.alloc(11 * 1024 * 1024, 0x41),
      });
      expect(unread.status).toBe(413);
      expect(((await unread.json()) as ErrorAnswer).error.code).toBe('PAYLOAD_TOO_LARGE');
    }, 30_000);

    it('a 10 MB photo is taken', async () => {
      // A JPEG of noise at full quality, padded to just under the limit in a comment segment.
      const jpeg = await sharp(
        Buffer.alloc(1200 * 900 * 3).map(() => Math.random() * 256),
        {
          raw: { width: 1200, height: 900, channels: 3 },
        },
      )
        .jpeg({ quality: 100 })
        .toBuffer();
      const padding = Buffer.alloc(PART_IMAGE_MAX_BYTES - jpeg.length - 4 * 200, 0x20);
      const segments: Buffer[] = [];
      for (let at = 0; at < padding.length; at += 65_000) {
        const part = padding.subarray(at, at + 65_000);
        segments.push(
          Buffer.from([0xff, 0xfe, (part.length + 2) >> 8, (part.length + 2) & 0xff]),
          part,
        );
      }
      const file = Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
      expect(file.length).toBeLessThanOrEqual(PART_IMAGE_MAX_BYTES);
      expect(file.length).toBeGreaterThan(PART_IMAGE_MAX_BYTES - 1024);
      expect((await uploaded(file)).width).toBe(1200);
      await removeAll();
    }, 60_000);
  });

  it('is for admins: a customer is refused (403), nobody signed in too (401)', async () => {
    const file = await photo(50, 50, 8);
    expect(await refusal(file, { token: customer.token })).toMatchObject({ status: 403 });
    expect(await refusal(file, { token: '' })).toMatchObject({ status: 401 });
    const image = await uploaded(file);
    const path = `/api/tools/${tool._id}/images/${image.id}`;
    expect((await send(app, 'PATCH', path, customer.token, { alt: 'Mine' })).status).toBe(403);
    expect((await send(app, 'DELETE', path, customer.token)).status).toBe(403);
    expect((await send(app, 'DELETE', path)).status).toBe(401);
    expect(await listed()).toEqual([image]);
    await removeAll();
  });

  it("moves an image among the part's others, and changes its alt text", async () => {
    const [a, b, c] = [
      await uploaded(await photo(60, 40, 11), { alt: 'A' }),
      await uploaded(await photo(60, 40, 12), { alt: 'B' }),
      await uploaded(await photo(60, 40, 13), { alt: 'C' }),
    ];
    expect([a, b, c].map((image) => image!.position)).toEqual([1, 2, 3]);
    const move = (image: PartImage, change: object) =>
      send(app, 'PATCH', `/api/tools/${tool._id}/images/${image.id}`, admin.token, change);
    const order = async () => (await listed()).map((image) => `${image.position}${image.alt}`);

    expect((await move(c!, { position: 1 })).status).toBe(200);
    expect(await order()).toEqual(['1C', '2A', '3B']);
    expect(await (await move(c!, { position: 99 })).json()).toMatchObject({ position: 3 });
    expect(await order()).toEqual(['1A', '2B', '3C']);
    await move(a!, { position: 2, alt: 'A, from below' });
    expect(await order()).toEqual(['1B', '2A, from below', '3C']);
    expect((await move(a!, { position: 0 })).status).toBe(400);
    // Another part's image is not this part's to move.
    const other = await newPart('Other Part');
    const foreign = await send(
      app,
      'PATCH',
      `/api/tools/${other._id}/images/${a!.id}`,
      admin.token,
      { alt: 'Taken' },
    );
    expect(foreign.status).toBe(404);

    // Removing one closes the gap.
    await send(app, 'DELETE', `/api/tools/${tool._id}/images/${b!.id}`, admin.token);
    expect(await order()).toEqual(['1A, from below', '2C']);
    await removeAll();
  });

  it('removes its files with its last row: the same picture on two parts is stored once', async () => {
    const file = await photo(900, 600, 21);
    const other = await newPart('Twin Part');
    const first = await uploaded(file);
    const second = await uploaded(file, { toolId: other._id });
    expect(await stored()).toHaveLength(9);
    expect(await stored()).toEqual(variantFiles(second).sort());

    await removeAll();
    expect(await stored()).toEqual(variantFiles(first).sort()); // the other part still shows it
    await removeAll(other._id);
    expect(await stored()).toEqual([]);
    expect((await app.request(first.src)).status).toBe(404);
  });

  it("removes a part's files when the part is erased, keeps them when it is retired", async () => {
    const erased = await newPart('Erased Part');
    await uploaded(await photo(500, 500, 51), { toolId: erased._id });
    const removed = await send(app, 'DELETE', `/api/tools/${erased._id}`, admin.token);
    expect(await removed.json()).toMatchObject({ retired: false });
    expect(await stored()).toEqual([]);

    const sold = await newPart('Sold Part');
    const image = await uploaded(await photo(500, 500, 52), { toolId: sold._id });
    expect((await postPurchase(app, customer, purchaseBody(sold._id))).status).toBe(201);
    const retired = await send(app, 'DELETE', `/api/tools/${sold._id}`, admin.token);
    expect(await retired.json()).toMatchObject({ retired: true });
    expect(await stored()).toEqual(variantFiles(image).sort());
    await removeAll(sold._id);
  });

  /** Runs `act` while every insert into part_images fails, as a lost database would. */
  async function whileInsertsFail(act: () => Promise<void>) {
    const { db } = app.database;
    await sql`create function refuse_part_image() returns trigger language plpgsql as $$
      begin raise exception 'the insert fails'; end $$`.execute(db);
    await sql`create trigger refuse_part_image before insert on part_images
      for each row execute function refuse_part_image()`.execute(db);
    try {
      await act();
    } finally {
      await sql`drop trigger refuse_part_image on part_images`.execute(db);
      await sql`drop function refuse_part_image`.execute(db);
    }
  }

  it('leaves no file behind when its row cannot be written', async () => {
    await whileInsertsFail(async () => {
      expect((await upload(await photo(700, 500, 31))).status).toBe(500);
      expect(await stored()).toEqual([]);
    });
    // A picture another row names keeps its files when a second upload of it fails.
    const kept = await uploaded(await photo(700, 500, 32));
    await whileInsertsFail(async () => {
      expect((await upload(await photo(700, 500, 32))).status).toBe(500);
      expect(await stored()).toEqual(variantFiles(kept).sort());
    });
    await removeAll();
  });

  it("has the part's page forgotten at each change to its images (the page shows them)", async () => {
    const before = forgotten;
    const image = await uploaded(await photo(300, 200, 51));
    expect(forgotten).toBe(before + 1);
    const moved = await send(
      app,
      'PATCH',
      `/api/tools/${tool._id}/images/${image.id}`,
      admin.token,
      {
        alt: 'Another alt text',
      },
    );
    expect(moved.status).toBe(200);
    expect(forgotten).toBe(before + 2);
    await removeAll();
    expect(forgotten).toBe(before + 3);
    // The other processes hear it from the database (migration 0026), as for the parts' tables.
    const triggers = await sql<{ tgname: string }>`select tgname from pg_trigger
      where tgname = 'part_images_announce'`.execute(app.database.db);
    expect(triggers.rows).toHaveLength(1);
  });

  it('answers 404 for a part or an image that is not there', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await app.request(`/api/tools/${unknown}/images`)).status).toBe(404);
    expect((await upload(await photo(50, 50, 41), { toolId: unknown })).status).toBe(404);
    expect(
      (await send(app, 'DELETE', `/api/tools/${tool._id}/images/${unknown}`, admin.token)).status,
    ).toBe(404);
    expect(await stored()).toEqual([]);
  });

  it('serves only the names it makes: no other file, no path', async () => {
    const hash = 'a'.repeat(64);
    await files.plant(`${hash}-400.webp`, 'not really');
    await files.plant('notes.txt', 'private');
    expect((await app.request(`/images/parts/${hash}-400.webp`)).status).toBe(200);
    for (const name of [
      'notes.txt',
      `${hash}-400.png`,
      `${hash.toUpperCase()}-400.webp`,
      `${hash}-0400.webp`,
      `..%2F${hash}-400.webp`,
      `%2e%2e%2f%2e%2e%2fetc%2fpasswd`,
      `${hash}-800.webp`,
    ]) {
      const response = await app.request(`/images/parts/${name}`);
      expect(response.status, name).toBe(404);
    }
    await files.storage.delete(`${hash}-400.webp`);
    await files.storage.delete('notes.txt');
    expect(await stored()).toEqual([]);
  });
}
