/**
 * Add Tool with an uploaded picture (issue 49, point 11): the picture is enough, it becomes the
 * part's image, and a part never ends up with neither an image URL nor a picture.
 */
import fs from 'node:fs';
import { messages, type PartImage, type Tool } from '@shop/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { bearer, send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type TestApp, createTestApp } from '../../test/test-app';
import { toolBody } from '../../security/route-table';

type Account = Awaited<ReturnType<typeof signUpWithToken>>;
type ErrorAnswer = { error: { code: string; message: string; fields?: Record<string, string[]> } };

const photo = (seed: number) =>
  sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: seed, g: 90, b: 160 } },
  })
    .jpeg()
    .toBuffer();

describeEachDatabase('Add Tool with a picture', (kind) => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    admin = await signUpAdmin(app);
  });
  afterAll(() => app.close());

  const addWithPicture = (tool: Record<string, unknown>, file?: Uint8Array) => {
    const form = new FormData();
    form.set('tool', JSON.stringify(tool));
    form.set('alt', 'The part');
    if (file) form.set('file', new File([file], 'photo.jpg', { type: 'image/jpeg' }));
    return app.request('/api/tools/with-picture', {
      method: 'POST',
      headers: bearer(admin.token),
      body: form,
    });
  };
  const { img: _img, ...withoutUrl } = toolBody;
  const images = async (id: string) =>
    (await (await app.request(`/api/tools/${id}/images`)).json()) as PartImage[];
  const toolsNamed = async (name: string) =>
    (await app.database.db.selectFrom('tools').select('id').where('name', '=', name).execute())
      .length;

  it('takes a part without an image URL when a picture comes with it: the picture is its image', async () => {
    const response = await addWithPicture({ ...withoutUrl, name: 'Photo Only' }, await photo(1));
    expect(response.status).toBe(201);
    const tool = (await response.json()) as Tool & { message: string };
    expect(tool.message).toBe(messages.success.toolAdded);
    const [first, ...others] = await images(tool._id);
    expect(others).toEqual([]);
    expect(tool.img).toBe(first!.src);
    const read = (await (await app.request(`/api/tools/${tool._id}`)).json()) as Tool;
    expect(read.img).toBe(first!.src);
    expect((await app.request(first!.src)).status).toBe(200);
  });

  it('keeps an image URL given beside the picture', async () => {
    const response = await addWithPicture({ ...toolBody, name: 'Url And Photo' }, await photo(2));
    expect(response.status).toBe(201);
    expect(((await response.json()) as Tool).img).toBe(toolBody.img);
  });

  it('refuses a part with neither an image URL nor a picture, as Add Tool always has', async () => {
    const plain = await send(app, 'POST', '/api/tools', admin.token, {
      ...withoutUrl,
      name: 'No Image',
    });
    expect(plain.status).toBe(400);
    expect(((await plain.json()) as ErrorAnswer).error.fields?.img).toEqual([
      'Image URL is required',
    ]);
    const noFile = await addWithPicture({ ...withoutUrl, name: 'No Image' });
    expect(noFile.status).toBe(400);
    expect(((await noFile.json()) as ErrorAnswer).error.fields?.file).toEqual([
      'Choose one image file',
    ]);
    expect(await toolsNamed('No Image')).toBe(0);
  });

  it('writes nothing when the picture or the fields are refused', async () => {
    const notAnImage = await addWithPicture(
      { ...withoutUrl, name: 'Bad Picture' },
      new TextEncoder().encode('<svg onload="alert(1)"></svg>'),
    );
    expect(notAnImage.status).toBe(400);
    expect(await toolsNamed('Bad Picture')).toBe(0);
    const longName = await addWithPicture({ ...withoutUrl, name: 'N'.repeat(21) }, await photo(3));
    expect(longName.status).toBe(400);
    expect(((await longName.json()) as ErrorAnswer).error.fields?.name).toEqual([
      'Name must have at most 20 characters',
    ]);
    const notJson = new FormData();
    notJson.set('tool', '{');
    notJson.set('alt', 'x');
    notJson.set('file', new File([await photo(4)], 'p.jpg'));
    const broken = await app.request('/api/tools/with-picture', {
      method: 'POST',
      headers: bearer(admin.token),
      body: notJson,
    });
    expect(broken.status).toBe(400);
  });

  it('writes neither row nor file when the part is refused once its picture is checked', async () => {
    const holder = await send(app, 'POST', '/api/tools', admin.token, {
      ...toolBody,
      name: 'Sku Holder',
      sku: 'LPS-PICTURED-1',
    });
    expect(holder.status).toBe(201);
    const stored = async () => ({
      tools: await toolsNamed('Refused Part'),
      images: (await app.database.db.selectFrom('part_images').select('id').execute()).length,
      files: fs.existsSync(app.imagesDir) ? fs.readdirSync(app.imagesDir).sort() : [],
    });
    const before = await stored();
    const skuTaken = await addWithPicture(
      { ...withoutUrl, name: 'Refused Part', sku: 'lps-pictured-1' },
      await photo(8),
    );
    expect(skuTaken.status).toBe(409);
    expect(((await skuTaken.json()) as ErrorAnswer).error.fields?.sku).toEqual([
      messages.catalogue.skuTaken('lps-pictured-1'),
    ]);
    const unknownType = await addWithPicture(
      { ...withoutUrl, name: 'Refused Part', category: 'no-such-type' },
      await photo(9),
    );
    expect(unknownType.status).toBe(400);
    expect(((await unknownType.json()) as ErrorAnswer).error.fields?.category).toEqual([
      messages.catalogue.unknownCategory('no-such-type'),
    ]);
    const unknownField = await addWithPicture(
      { ...withoutUrl, name: 'Refused Part', featured: true },
      await photo(10),
    );
    expect(unknownField.status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('keeps the first picture as the image while pictures move, and never lets the last go', async () => {
    const tool = (await (
      await addWithPicture({ ...withoutUrl, name: 'Follows First' }, await photo(5))
    ).json()) as Tool;
    const [only] = await images(tool._id);
    const last = await app.request(`/api/tools/${tool._id}/images/${only!.id}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(last.status).toBe(409);
    expect(((await last.json()) as ErrorAnswer).error.message).toBe(
      messages.partEntry.lastPictureIsTheImage,
    );
    const form = new FormData();
    form.set('alt', 'Second');
    form.set('file', new File([await photo(6)], 'second.jpg'));
    const second = (await (
      await app.request(`/api/tools/${tool._id}/images`, {
        method: 'POST',
        headers: bearer(admin.token),
        body: form,
      })
    ).json()) as PartImage;
    const imgOf = async () =>
      ((await (await app.request(`/api/tools/${tool._id}`)).json()) as Tool).img;
    expect(await imgOf()).toBe(only!.src);
    const moved = await send(
      app,
      'PATCH',
      `/api/tools/${tool._id}/images/${second.id}`,
      admin.token,
      {
        position: 1,
      },
    );
    expect(moved.status).toBe(200);
    expect(await imgOf()).toBe(second.src);
    const removed = await app.request(`/api/tools/${tool._id}/images/${second.id}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(204);
    expect(await imgOf()).toBe(only!.src);
  });

  it('lets the only picture of a part with its own image URL go', async () => {
    const tool = (await (
      await addWithPicture({ ...toolBody, name: 'Own Url' }, await photo(7))
    ).json()) as Tool;
    const [only] = await images(tool._id);
    const removed = await app.request(`/api/tools/${tool._id}/images/${only!.id}`, {
      method: 'DELETE',
      headers: bearer(admin.token),
    });
    expect(removed.status).toBe(204);
  });
});
