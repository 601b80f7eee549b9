import type { APIRequestContext, Browser } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Tool, ToolInput } from '@shop/shared';
import { signInWithProvider, storedToken } from './accounts';
import type { ApiAnswer } from './orders';

/**
 * The admin's own session for a worker's set-up calls (parts made, changed and removed): signed
 * in through the OpenID provider in a browser context of its own, so no test's sign-out or
 * resumed session ends it. `call` sends a request with its access token from the test runner.
 */
export interface AdminApi {
  call: <T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
  ) => Promise<ApiAnswer<T>>;
  close: () => Promise<void>;
}

/**
 * Sends once more when the runner's client reused a connection the server had just closed after
 * its keep-alive pause (ECONNRESET): the request never reached the shop.
 */
async function send(request: APIRequestContext, ...args: Parameters<APIRequestContext['fetch']>) {
  try {
    return await request.fetch(...args);
  } catch (error) {
    if (!String(error).includes('ECONNRESET')) throw error;
    return request.fetch(...args);
  }
}

export async function openAdminApi(browser: Browser, baseURL: string): Promise<AdminApi> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInWithProvider(page, 'shopadmin');
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  await page.close();
  return {
    call: async <T>(method: string, path: string, body?: unknown) => {
      const response = await send(context.request, path, {
        method,
        headers: { Authorization: `Bearer ${token}`, Origin: baseURL },
        ...(body === undefined ? {} : { data: body }),
      });
      return { status: response.status(), body: (await response.json()) as T };
    },
    close: () => context.close(),
  };
}

let sequence = 0;
/**
 * A part name no other part of the run has, at most 20 characters (the spec's limit): the
 * prefix, the worker and a counter.
 */
export const uniquePartName = (prefix: string, worker: number) =>
  `${prefix.slice(0, 9)} ${worker}-${Date.now() % 100_000}${(sequence += 1) % 10}`.slice(0, 20);

export type PartFields = Partial<ToolInput>;

/** A part made through `POST /api/tools` by the admin, with these fields over the defaults. */
export async function createPart(admin: AdminApi, name: string, fields: PartFields = {}) {
  const { status, body } = await admin.call<Tool>('POST', '/api/tools', {
    description: 'A part made for one browser test.',
    minOrderQuantity: 1,
    availableQuantity: 50,
    price: 10,
    img: '/images/tools/screwdriver-kit.svg',
    ...fields,
    name,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body;
}

/** Removes a part (retired when it has orders), so the next tests' lists stay as they were. */
export async function removePart(admin: AdminApi, id: string) {
  const { status } = await admin.call('DELETE', `/api/tools/${id}`);
  expect([200, 404]).toContain(status);
}
