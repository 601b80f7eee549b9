import { vi } from 'vitest';

/** A request as the API sees it: `GET /api/purchase` with its query. */
export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** A JSON answer; `total` is a paged list's `X-Total-Count`. */
export const json = (
  body: unknown,
  { status = 200, total }: { status?: number; total?: number } = {},
) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      ...(total === undefined ? {} : { 'X-Total-Count': String(total) }),
    },
  });

/**
 * The API's error shape (packages/shared api-error.ts), as `ApiError` reads it; `fields` are a
 * refusal's messages by field (`{ email: ['Email is taken'] }`), which a form puts under them.
 */
export const apiError = (
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string[]>,
) => json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });

/**
 * Stands in for the API where the web app reaches it: `fetch`, which lib/api-client.ts calls for
 * every request. `answer` is handed each call; the mock records them. The setup file puts the
 * real fetch back after each test.
 */
export function stubApi(answer: (call: ApiCall) => Response | Promise<Response>) {
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shop.test');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    return answer({
      method: init?.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}
