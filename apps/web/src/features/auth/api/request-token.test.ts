import {
  environmentManager,
  focusManager,
  QueryClient,
  QueryObserver,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { queryClient as appQueryClient } from '../../../lib/query-client';
import { tokenRetryDelay } from '../utils/sign-in-refused';
import { ADMIN_RECHECK_MS, getAdminStatusQueryOptions } from './get-admin-status';
import { getAccessTokenQueryOptions } from './request-token';

const EMAIL = 'casey@example.com';
const TOKEN = 'a-fresh-access-token-from-the-shop';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const refusal = (status: number, code: string) =>
  json(status, { error: { code, message: 'no', requestId: 'r' } });

let fetchMock: Mock<typeof fetch>;
let client: QueryClient;

/** Watches a query as a mounted component would: interval, focus and reconnect included. */
function watch<TData, TKey extends QueryKey>(
  options: QueryObserverOptions<TData, Error, TData, TData, TKey>,
) {
  const observer = new QueryObserver(client, options);
  observer.subscribe(() => undefined);
  return { observer };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Node is a "server" to TanStack Query, which then runs no interval.
  environmentManager.setIsServer(() => false);
  focusManager.setFocused(true);
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  // The app's defaults (retries, stale time, no refetch on focus), in a client of its own.
  client = new QueryClient({ defaultOptions: appQueryClient.getDefaultOptions() });
  // As QueryClientProvider does: the client hears focus and reconnection.
  client.mount();
});

afterEach(() => {
  client.clear();
  client.unmount();
  focusManager.setFocused(undefined);
  environmentManager.setIsServer(() => typeof window === 'undefined');
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the access token query', () => {
  it('after a 503, fails at once (to be told) and asks again by itself a second later', async () => {
    fetchMock
      .mockResolvedValueOnce(refusal(503, 'DATABASE_UNAVAILABLE'))
      .mockResolvedValueOnce(json(200, { token: TOKEN }));
    const { observer } = watch(getAccessTokenQueryOptions(EMAIL));
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', errorUpdateCount: 1 });
    expect((observer.getCurrentResult().error as ApiError).status).toBe(503);

    await vi.advanceTimersByTimeAsync(999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'success', data: TOKEN });
    expect(localStorage.getItem('accessToken')).toBe(TOKEN);
    // Had, the token is not asked for again.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without an answer, asks again with a wait that doubles up to 30 s, and at once on focus', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { observer } = watch(getAccessTokenQueryOptions(EMAIL));
    await vi.advanceTimersByTimeAsync(0);
    expect((observer.getCurrentResult().error as ApiError).status).toBe(0);

    const callTimes: number[] = [];
    const start = Date.now();
    fetchMock.mockImplementation(() => {
      callTimes.push(Date.now() - start);
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(callTimes.slice(0, 7)).toEqual([1000, 3000, 7000, 15_000, 31_000, 61_000, 91_000]);
    expect(observer.getCurrentResult()).toMatchObject({ status: 'error', data: undefined });

    // The tab shown again asks at once.
    const before = fetchMock.mock.calls.length;
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock.mock.calls.length).toBe(before + 1);
  });

  it.each([
    [401, 'UNAUTHENTICATED'],
    [403, 'FORBIDDEN'],
  ])('after a %i, is never asked again', async (status, code) => {
    fetchMock.mockResolvedValue(refusal(status, code));
    const { observer } = watch(getAccessTokenQueryOptions(EMAIL));
    await vi.advanceTimersByTimeAsync(120_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((observer.getCurrentResult().error as ApiError).status).toBe(status);
  });

  it('the wait before the next try', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(tokenRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});

describe('the admin check', () => {
  it('is asked again every minute and when the tab is shown again, so a new role shows', async () => {
    fetchMock
      .mockResolvedValueOnce(json(200, { admin: false }))
      .mockResolvedValueOnce(json(200, { admin: false }))
      .mockResolvedValueOnce(json(200, { admin: true }));
    const { observer } = watch(getAdminStatusQueryOptions(EMAIL, true));
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual({ admin: false });

    // Shown again a moment later (fresh by the app's stale time): asked all the same.
    await vi.advanceTimersByTimeAsync(1000);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await vi.advanceTimersByTimeAsync(ADMIN_RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(observer.getCurrentResult().data).toEqual({ admin: true });
  });

  it('leaves the other queries as the app sets them: no refetch on focus nor on an interval', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(json(200, [])));
    watch({ queryKey: ['tools', {}], queryFn: () => fetch('/api/tools') });
    await vi.advanceTimersByTimeAsync(ADMIN_RECHECK_MS * 2);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
