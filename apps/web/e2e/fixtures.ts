import { test as base, expect } from '@playwright/test';
import type { Tool } from '@shop/shared';
import {
  type AdminApi,
  createPart,
  openAdminApi,
  type PartFields,
  removePart,
  uniquePartName,
} from './support/parts';

/** Makes a part of the test's own (removed after it): a name prefix, and fields over the defaults. */
export type MakePart = (prefix: string, fields?: PartFields) => Promise<Tool>;

/**
 * Every browser test fails on an unexpected console error or page error (docs/contributing.md),
 * since a broken page can still pass its assertions. `makePart` gives a test the parts it needs,
 * with their stock and price, instead of the demo catalogue's, which other tests share
 * (docs/testing.md, "Each test makes its own world").
 */
export const test = base.extend<
  { consoleErrors: string[]; makePart: MakePart },
  { adminApi: AdminApi }
>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
  adminApi: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error('baseURL is not set in playwright.config.ts');
      const admin = await openAdminApi(browser, baseURL);
      await use(admin);
      await admin.close();
    },
    { scope: 'worker' },
  ],
  makePart: async ({ adminApi }, use, testInfo) => {
    const made: string[] = [];
    await use(async (prefix, fields) => {
      const part = await createPart(
        adminApi,
        fields?.name ?? uniquePartName(prefix, testInfo.workerIndex),
        fields,
      );
      made.push(part._id);
      return part;
    });
    for (const id of made) await removePart(adminApi, id);
  },
});

export { expect };
