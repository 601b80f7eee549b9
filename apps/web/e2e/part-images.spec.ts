import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { messages, type PartImage, partSlug, type Tool } from '@shop/shared';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { signInAsAdmin, storedToken } from './support/accounts';
import { animationsDone, callApi, expectOnlyStatusErrors } from './support/orders';

// A part's pictures (issue 34): uploaded, described, ordered and removed by an admin in Manage
// Tools' editor, or chosen in Add Tool before the part exists; the part's public page follows.

let sequence = 0;
/** A tool name of at most 20 characters that no other tool has. */
const uniqueName = (prefix: string) =>
  `${prefix} ${(Date.now() % 100_000) * 10 + (sequence++ % 10)}`.slice(0, 20);

interface FixtureFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A real small JPEG, made now: a flat picture of one colour (each colour its own file). */
async function jpeg(name: string, red: number): Promise<FixtureFile> {
  const buffer = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: red, g: 90, b: 160 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** An SVG named as a JPEG: the API judges the content (not a JPEG, PNG, WebP or AVIF). */
const svgNamedJpeg: FixtureFile = {
  name: 'not-a-photo.jpg',
  mimeType: 'image/jpeg',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  ),
};

async function addTool(page: Page, name: string) {
  const { status, body } = await callApi<Tool>(page, 'POST', '/api/tools', {
    name,
    description: 'A part made by the pictures tests.',
    minOrderQuantity: 1,
    availableQuantity: 10,
    price: 31,
    img: '/images/tools/laptop-battery.svg',
  });
  expect(status).toBe(201);
  return body;
}

const removeTool = (page: Page, id: string) => callApi(page, 'DELETE', `/api/tools/${id}`);

const imagesOf = async (page: Page, id: string) => {
  const { status, body } = await callApi<PartImage[]>(page, 'GET', `/api/tools/${id}/images`);
  expect(status).toBe(200);
  return body;
};

/** An image uploaded through the API, as the page's admin. */
async function uploadByApi(page: Page, toolId: string, file: FixtureFile, alt: string) {
  const response = await page.request.post(`/api/tools/${toolId}/images`, {
    headers: { Authorization: `Bearer ${await storedToken(page)}` },
    multipart: { file, alt },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Opens Manage Tools, finds the tool by name, opens its editor: answers its Pictures section. */
async function openPictures(page: Page, name: string): Promise<Locator> {
  await page.goto('/dashboard/manageTools');
  await page.getByRole('searchbox', { name: 'Search tools by name' }).fill(name);
  await page
    .getByTestId('tool-row')
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole('form', { name: `Edit ${name}` })).toBeVisible();
  const section = page.getByRole('region', { name: 'Pictures' });
  await expect(section).toBeVisible();
  return section;
}

/** The alt texts of the listed pictures, in their order. */
const altTexts = (list: Locator) =>
  list
    .getByRole('textbox', { name: /^Alt text of picture \d+$/ })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/**
 * Drops files on the zone as a browser does: dragenter, dragover (the zone lights up), then
 * drop, with a DataTransfer made in the page.
 */
async function dropFiles(page: Page, zone: Locator, files: FixtureFile[]) {
  const dataTransfer = await page.evaluateHandle(
    (sent) => {
      const transfer = new DataTransfer();
      for (const file of sent) {
        const bytes = Uint8Array.from(atob(file.base64), (char) => char.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.mimeType }));
      }
      return transfer;
    },
    files.map(({ name, mimeType, buffer }) => ({
      name,
      mimeType,
      base64: buffer.toString('base64'),
    })),
  );
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toContainText('Drop them here');
  await expect(zone).toHaveClass(/border-primary/);
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(zone).toContainText('Choose pictures');
}

/** The part's public page: its first picture's alt text and every picture its Product names. */
async function publicPictures(page: Page, tool: Tool) {
  await page.goto(`/parts/${partSlug(tool.name, tool.sku)}`);
  const first = page.locator('article picture img').first();
  await expect(first).toBeVisible();
  const product = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) =>
      scripts
        .map((script) => JSON.parse(script.textContent ?? '{}') as Record<string, unknown>)
        .find((data) => data['@type'] === 'Product'),
    );
  return { firstAlt: await first.getAttribute('alt'), images: product?.image as string[] };
}

/** axe-core on the pictures section alone, at WCAG A and AA and best practices. */
async function expectSectionAccessible(page: Page, selector: string) {
  await animationsDone(page);
  const results = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(found, `axe-core violations in ${selector}`).toEqual([]);
}

const scrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test.describe("a part's pictures", () => {
  test("an admin uploads by the file input and by dropping, describes, reorders and removes; the part's page follows", async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    // Two uploads, a move, the part's page, a removal and three refusals.
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    const name = uniqueName('Pic Battery');
    const tool = await addTool(page, name);
    const section = await openPictures(page, name);
    await expect(section.getByText('No pictures yet.')).toBeVisible();
    const list = section.getByRole('list', { name: `Pictures of ${name}` });
    const newAlt = section.getByLabel('Alt text for new pictures');
    await expect(newAlt).toHaveValue(name);

    // By the file input, with the alt text typed for it.
    await newAlt.fill('Front of the battery');
    const firstUpload = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/tools/${tool._id}/images`) &&
        response.request().method() === 'POST',
    );
    await section.getByLabel('Picture files').setInputFiles(await jpeg('front.jpg', 200));
    expect((await firstUpload).status()).toBe(201);
    await expect(list.getByRole('listitem')).toHaveCount(1);
    expect(await altTexts(list)).toEqual(['Front of the battery']);
    // The thumbnail is the smallest file.
    await expect(list.locator('img').first()).toHaveAttribute('src', /-400\.jpg$/);

    // By dropping on the zone.
    await newAlt.fill('Back of the battery');
    await dropFiles(page, section.getByTestId('picture-drop-zone'), [await jpeg('back.jpg', 40)]);
    await expect(list.getByRole('listitem')).toHaveCount(2);
    expect(await altTexts(list)).toEqual(['Front of the battery', 'Back of the battery']);
    await expect(section.getByRole('button', { name: 'Move picture 1 up' })).toBeDisabled();
    await expect(section.getByRole('button', { name: 'Move picture 2 down' })).toBeDisabled();

    // The second first, from the keyboard: the focus stays with the moved picture.
    const moved = page.waitForRequest((request) => request.method() === 'PATCH', {
      timeout: 10_000,
    });
    await section.getByRole('button', { name: 'Move picture 2 up' }).focus();
    await page.keyboard.press('Enter');
    expect((await moved).postDataJSON()).toEqual({ position: 1 });
    // The list shows the new order once React has drawn it, which the request may precede.
    await expect
      .poll(() => altTexts(list))
      .toEqual(['Back of the battery', 'Front of the battery']);
    await expect(section.getByRole('button', { name: 'Move picture 1 down' })).toBeFocused();
    await expect
      .poll(async () => (await imagesOf(page, tool._id)).map((image) => image.alt))
      .toEqual(['Back of the battery', 'Front of the battery']);

    // An alt text is saved when its field is left.
    const described = page.waitForRequest((request) => request.method() === 'PATCH', {
      timeout: 10_000,
    });
    await list.getByLabel('Alt text of picture 1').fill('Back of the T480 battery');
    await page.keyboard.press('Tab');
    expect((await described).postDataJSON()).toEqual({ alt: 'Back of the T480 battery' });
    await expect(list.getByRole('listitem').first().getByText('Saved')).toBeVisible();
    // An empty one is refused in the shared rule's words, and not sent.
    await list.getByLabel('Alt text of picture 2').fill(' ');
    await page.keyboard.press('Tab');
    await expect(list.getByText('Alt text is required')).toBeVisible();
    await list.getByLabel('Alt text of picture 2').focus();
    await page.keyboard.press('Escape');
    await expect(list.getByLabel('Alt text of picture 2')).toHaveValue('Front of the battery');

    // The part's page shows the picture moved first, its alt text as set, and names both.
    const uploaded = await imagesOf(page, tool._id);
    let shown = await publicPictures(page, tool);
    expect(shown.firstAlt).toBe('Back of the T480 battery');
    expect(shown.images.map((url) => new URL(url).pathname)).toEqual(
      uploaded.map((image) => image.src),
    );
    // Each picture small below the large one; choosing one shows it large (once the page is
    // live: its scripts start after it has painted).
    await page.waitForLoadState('networkidle');
    const pictures = page.getByRole('list', { name: 'Pictures' }).getByRole('button');
    await expect(pictures).toHaveCount(uploaded.length);
    await expect(pictures.first()).toHaveAttribute('aria-pressed', 'true');
    const second = uploaded[1]!;
    await page
      .getByRole('button', { name: `Picture 2 of ${uploaded.length}: ${second.alt}` })
      .click();
    await expect(pictures.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(pictures.first()).toHaveAttribute('aria-pressed', 'false');
    await expect(page.locator('article figure picture img')).toHaveAttribute('alt', second.alt);

    // Remove, after the question.
    const again = await openPictures(page, name);
    await again.getByRole('button', { name: 'Remove picture 2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this picture?' });
    await expect(dialog).toContainText('Front of the battery');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    const left = again.getByRole('list', { name: `Pictures of ${name}` });
    await expect(left.getByRole('listitem')).toHaveCount(1);
    await expect(again.getByRole('heading', { name: 'Pictures' })).toBeFocused();
    expect((await imagesOf(page, tool._id)).map((image) => image.alt)).toEqual([
      'Back of the T480 battery',
    ]);
    shown = await publicPictures(page, tool);
    expect(shown.images).toHaveLength(1);

    // Refusals: an SVG named .jpg in the API's words; a file over 10 MB before it is sent; a
    // body the server refused for its size (413) in the same words.
    const refusals = await openPictures(page, name);
    await refusals.getByLabel('Picture files').setInputFiles(svgNamedJpeg);
    await expect(refusals.getByRole('alert')).toContainText(
      `${svgNamedJpeg.name}: ${messages.images.notAnImage}`,
    );
    const posts: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/images')) posts.push(request);
    });
    await refusals.getByLabel('Picture files').setInputFiles({
      name: 'huge.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(refusals.getByRole('alert')).toContainText(
      'huge.jpg: The file is larger than 10 MB',
    );
    expect(posts).toEqual([]);
    await page.route(`**/api/tools/${tool._id}/images`, (route) =>
      route.fulfill({
        status: 413,
        json: {
          error: {
            code: 'PAYLOAD_TOO_LARGE',
            message: 'Request body is larger than 10551296 bytes',
            requestId: 'r',
          },
        },
      }),
    );
    await refusals.getByLabel('Picture files').setInputFiles(await jpeg('proxied.jpg', 120));
    await expect(refusals.getByRole('alert')).toContainText(
      'proxied.jpg: The file is larger than 10 MB',
    );
    await page.unroute(`**/api/tools/${tool._id}/images`);
    await refusals.getByRole('button', { name: 'Dismiss huge.jpg' }).click();
    await expect(refusals.getByRole('alert')).not.toContainText('huge.jpg');
    await expect(
      refusals.getByRole('list', { name: `Pictures of ${name}` }).getByRole('listitem'),
    ).toHaveCount(1);
    expectOnlyStatusErrors(consoleErrors, [400, 413]);

    await removeTool(page, tool._id);
  });

  test('Add Tool uploads its queued pictures in order once the part is added, and names the one refused', async ({
    page,
    baseURL,
    consoleErrors,
  }) => {
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/addTool');
    const name = uniqueName('Pic Keyboard');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('A keyboard with pictures.');
    await page.getByLabel('Minimum order quantity').fill('1');
    await page.getByLabel('Available quantity').fill('5');
    await page.getByLabel('Price per unit ($)').fill('39');
    await page.getByLabel('Image URL').fill('/images/tools/laptop-keyboard.svg');

    const queue = page.getByRole('group', { name: /Pictures/ });
    await expect(queue.getByText('No pictures yet.')).toBeVisible();
    // The zone is a button: from the keyboard, it opens the file chooser.
    const chooser = page.waitForEvent('filechooser');
    await queue.getByRole('button', { name: 'Choose pictures or drop them here' }).focus();
    await page.keyboard.press('Enter');
    const files = await chooser;
    expect(files.isMultiple()).toBe(true);
    await files.setFiles([await jpeg('keys.jpg', 220), svgNamedJpeg]);
    await dropFiles(page, queue.getByTestId('picture-drop-zone'), [await jpeg('hinge.jpg', 10)]);
    const list = queue.getByRole('list', { name: 'Pictures to upload' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    // Previews from the browser's own copy of each file.
    for (const preview of await list.locator('img').all()) {
      await expect(preview).toHaveAttribute('src', /^blob:/);
    }
    expect(await altTexts(list)).toEqual([name, name, name]);
    await list.getByLabel('Alt text of picture 3').fill('The hinge side');
    // The hinge first: the order they are uploaded in.
    await list.getByRole('button', { name: 'Move picture 3 up' }).click();
    await list.getByRole('button', { name: 'Move picture 2 up' }).click();
    await list.getByLabel('Alt text of picture 2').fill('');
    expect(await altTexts(list)).toEqual(['The hinge side', '', name]);

    const created = page.waitForResponse(
      (response) => response.url().endsWith('/api/tools') && response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Tool' }).click();
    const tool = (await (await created).json()) as Tool;
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Tool Added' }),
    ).toBeVisible();
    const report = page.getByRole('alert').filter({ hasText: 'could not be uploaded' });
    await expect(report).toContainText(`${name} was added, but a picture could not be uploaded`);
    await expect(report).toContainText(`${svgNamedJpeg.name}: ${messages.images.notAnImage}`);
    await expect(report.getByRole('link', { name: 'Manage Tools' })).toHaveAttribute(
      'href',
      '/dashboard/manageTools',
    );
    // The queue is empty again, ready for the next part.
    await expect(queue.getByText('No pictures yet.')).toBeVisible();
    expectOnlyStatusErrors(consoleErrors, [400]);

    const uploaded = await imagesOf(page, tool._id);
    expect(uploaded.map((image) => image.alt)).toEqual(['The hinge side', name]);
    const shown = await publicPictures(page, tool);
    expect(shown.firstAlt).toBe('The hinge side');
    expect(shown.images.map((url) => new URL(url).pathname)).toEqual(
      uploaded.map((image) => image.src),
    );
    await removeTool(page, tool._id);
  });

  test('Add Tool takes an uploaded picture instead of an image URL: it is the image, and a refused one adds nothing', async ({
    page,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    await page.goto('/dashboard/addTool');
    const name = uniqueName('Pic Only');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Description').fill('A fan with a photo and no image URL.');
    await page.getByLabel('Minimum order quantity').fill('1');
    await page.getByLabel('Available quantity').fill('4');
    await page.getByLabel('Price per unit ($)').fill('27');
    const imageUrl = page.getByLabel('Image URL');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/tools')) {
        posts.push(new URL(request.url()).pathname);
      }
    });

    // Neither a URL nor a picture: the spec's words, and nothing sent.
    await page.getByRole('button', { name: 'Add Tool' }).click();
    await expect(page.getByText('Image URL is required')).toBeVisible();
    await expect(imageUrl).toBeFocused();
    expect(posts).toEqual([]);

    // A picture chosen is enough: the URL is no longer asked for.
    const queue = page.getByRole('group', { name: /Pictures/ });
    await queue
      .getByLabel('Picture files')
      .setInputFiles([svgNamedJpeg, await jpeg('fan.jpg', 70)]);
    const list = queue.getByRole('list', { name: 'Pictures to upload' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Image URL is required')).toBeHidden();
    await expect(list.getByRole('listitem').first()).toContainText(
      "The part's image: it goes with the tool.",
    );

    // The first picture is refused by its content: nothing is added, and it is named.
    const refused = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/tools/with-picture') &&
        response.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Add Tool' }).click();
    expect((await refused).status()).toBe(400);
    const alert = page.getByRole('alert').filter({ hasText: 'Nothing was added' });
    await expect(alert).toContainText(
      `Nothing was added, for the picture ${svgNamedJpeg.name} was refused: ${messages.images.notAnImage}. Remove it or give an image URL, then add the tool again.`,
    );
    await expect(list.getByRole('listitem').first()).toContainText(
      `Refused: ${messages.images.notAnImage}`,
    );
    const none = await callApi<Tool[]>(
      page,
      'GET',
      `/api/tools?search=${encodeURIComponent(name)}`,
    );
    expect(none.body).toEqual([]);
    expect(posts).toEqual(['/api/tools/with-picture']);
    expectOnlyStatusErrors(consoleErrors, [400]);
    await page.setViewportSize({ width: 360, height: 900 });
    expect(await scrollsSideways(page), 'the refusal scrolls sideways at 360 px').toBe(false);
    await page.screenshot({
      path: testInfo.outputPath('add-tool-refused-360.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 720 });

    // Without it, from the keyboard: the form waits while the part and its picture are sent.
    await list.getByRole('button', { name: 'Remove picture 1' }).focus();
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/tools/with-picture', async (route) => {
      await held;
      await route.continue();
    });
    const created = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/tools/with-picture') &&
        response.request().method() === 'POST',
    );
    await page.getByLabel('Name', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Add Tool' })).toBeDisabled();
    await expect(list.getByRole('listitem').first()).toContainText('Uploading...');
    await expect(list.getByLabel('Alt text of picture 1')).toBeDisabled();
    release();
    const answer = await created;
    expect(answer.status()).toBe(201);
    await page.unroute('**/api/tools/with-picture');
    const tool = (await answer.json()) as Tool;
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Tool Added' }),
    ).toBeVisible();
    await expect(queue.getByText('No pictures yet.')).toBeVisible();
    await expect(imageUrl).toHaveValue('');
    // Only the picture went with the part; nothing was uploaded after it.
    expect(posts).toEqual(['/api/tools/with-picture', '/api/tools/with-picture']);

    // The picture is the part's image, in the shop's lists and on its page.
    const [image, ...others] = await imagesOf(page, tool._id);
    expect(others).toEqual([]);
    expect(image!.alt).toBe(name);
    expect(tool.img).toBe(image!.src);
    const read = await callApi<Tool>(page, 'GET', `/api/tools/${tool._id}`);
    expect(read.body.img).toBe(image!.src);
    const shown = await publicPictures(page, tool);
    expect(shown.firstAlt).toBe(name);
    expect(shown.images.map((url) => new URL(url).pathname)).toEqual([image!.src]);

    // The form with a picture chosen in place of a URL, on a phone and on a screen.
    await page.goto('/dashboard/addTool');
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.getByLabel('Picture files').setInputFiles(await jpeg('fan.jpg', 90));
      await expect(
        page.getByText("The part's image: it goes with the tool.", { exact: true }),
      ).toBeVisible();
      expect(await scrollsSideways(page), `Add Tool scrolls sideways at ${width} px`).toBe(false);
      await expectSectionAccessible(page, 'form');
      await page.screenshot({
        path: testInfo.outputPath(`add-tool-picture-${width}.png`),
        fullPage: true,
      });
      await page.getByRole('button', { name: 'Remove picture 1' }).click();
    }
    await removeTool(page, tool._id);
  });

  test('the pictures hold at 360 and 1280 px, and axe finds nothing in them', async ({
    page,
    baseURL,
    consoleErrors,
  }, testInfo) => {
    // Two widths, each: empty, three pictures, a refusal, and Add Tool's queue.
    test.slow();
    await signInAsAdmin(page, baseURL ?? '');
    const name = uniqueName('Pic Wide');
    const tool = await addTool(page, name);
    const files = [await jpeg('a.jpg', 250), await jpeg('b.jpg', 150), await jpeg('c.jpg', 60)];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const shot = (what: string) => testInfo.outputPath(`pictures-${what}-${width}.png`);
      if (width === 360) {
        const empty = await openPictures(page, name);
        await expect(empty.getByText('No pictures yet.')).toBeVisible();
        await expectSectionAccessible(page, '[data-testid="part-pictures"]');
        await empty.screenshot({ path: shot('empty') });
        for (const [index, file] of files.entries()) {
          await uploadByApi(page, tool._id, file, `Battery, view ${index + 1}`);
        }
      }
      const section = await openPictures(page, name);
      await expect(section.getByRole('listitem')).toHaveCount(3);
      expect(await scrollsSideways(page), `the page scrolls sideways at ${width} px`).toBe(false);
      await expectSectionAccessible(page, '[data-testid="part-pictures"]');
      await section.screenshot({ path: shot('three') });

      await section.getByLabel('Picture files').setInputFiles(svgNamedJpeg);
      await expect(section.getByRole('alert')).toContainText(messages.images.notAnImage);
      await expectSectionAccessible(page, '[data-testid="part-pictures"]');
      await section.screenshot({ path: shot('refused') });
      expectOnlyStatusErrors(consoleErrors, [400]);

      await page.goto('/dashboard/addTool');
      await page.getByLabel('Name', { exact: true }).fill(name);
      const queue = page.getByRole('group', { name: /Pictures/ });
      await queue.getByLabel('Picture files').setInputFiles(files.slice(0, 2));
      await expect(queue.getByRole('listitem')).toHaveCount(2);
      expect(await scrollsSideways(page), `Add Tool scrolls sideways at ${width} px`).toBe(false);
      await expectSectionAccessible(page, 'form fieldset');
      await queue.screenshot({ path: shot('add-tool') });
    }
    await removeTool(page, tool._id);
  });
});
