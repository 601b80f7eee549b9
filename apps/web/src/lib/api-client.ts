import { type ApiErrorBody, TOTAL_COUNT_HEADER } from '@shop/shared';

/** The API's base; another host when the API is deployed apart (VITE_API_URL). */
const API_BASE = `${import.meta.env.VITE_API_URL ?? ''}/api`;

export const ACCESS_TOKEN_KEY = 'accessToken';

/** What a user is told when no answer came: the network, or the shop's server, is away. */
export const unreachableMessage = 'Could not reach the shop. Check your connection and try again.';

/** An answer of the API other than 2xx, carrying the error shape's code, message and fields. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: ApiErrorBody['error']['fields'],
  ) {
    super(message);
  }
}

/** A hand check rather than the zod schema: zod stays out of the home page's bundle. */
function isApiErrorBody(payload: unknown): payload is ApiErrorBody {
  const error = (payload as ApiErrorBody | undefined)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Extra request headers, such as an `Idempotency-Key`. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A JSON answer (the default), or a file such as a CSV export, answered as a Blob. */
  as?: 'json' | 'file';
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

/** One page of a list paged on the server, and how many rows the list has over all its pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The one way the web app calls the API: JSON in and out, bearer token, one error type. */
export async function apiRequest<T>(
  path: string,
  {
    method = 'GET',
    body,
    query,
    headers: extraHeaders,
    signal,
    as = 'json',
  }: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const url = `${API_BASE}${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = {
    Accept: as === 'file' ? '*/*' : 'application/json',
    ...extraHeaders,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const token = localStorage.getItem(ACCESS_TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'include',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', unreachableMessage);
  }

  if (response.ok && as === 'file') {
    return { data: (await response.blob()) as T, headers: response.headers };
  }
  const payload: unknown =
    response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    if (isApiErrorBody(payload)) {
      const { code, message, fields } = payload.error;
      throw new ApiError(response.status, code, message, fields);
    }
    throw new ApiError(
      response.status,
      'HTTP_ERROR',
      `The shop answered ${response.status}. Please try again.`,
    );
  }
  return { data: payload as T, headers: response.headers };
}

/**
 * Whether asking again may help: no answer (the network) or a server failure (5xx). A 4xx
 * ("Tool not found", a refusal) is the same the next time.
 */
export const isRetriable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

export const api = {
  get: async <T>(path: string, options?: Omit<ApiRequestOptions, 'method' | 'body'>) =>
    (await apiRequest<T>(path, options)).data,
  /** A page of a list, with its total from `X-Total-Count`. */
  page: async <T>(
    path: string,
    options?: Omit<ApiRequestOptions, 'method' | 'body'>,
  ): Promise<ListPage<T>> => {
    const { data, headers } = await apiRequest<T[]>(path, options);
    return { items: data, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? data.length) };
  },
  /** A file the API sends (a CSV export), with the name its Content-Disposition gives. */
  file: async (
    path: string,
    options?: Pick<ApiRequestOptions, 'query' | 'signal'>,
  ): Promise<{ blob: Blob; fileName: string | null }> => {
    const { data, headers } = await apiRequest<Blob>(path, { ...options, as: 'file' });
    const fileName = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1];
    return { blob: data, fileName: fileName ?? null };
  },
  post: async <T>(
    path: string,
    body?: unknown,
    options?: Pick<ApiRequestOptions, 'headers' | 'signal'>,
  ) => (await apiRequest<T>(path, { ...options, method: 'POST', body })).data,
  put: async <T>(path: string, body?: unknown) =>
    (await apiRequest<T>(path, { method: 'PUT', body })).data,
  patch: async <T>(path: string, body?: unknown) =>
    (await apiRequest<T>(path, { method: 'PATCH', body })).data,
  delete: async <T>(path: string) => (await apiRequest<T>(path, { method: 'DELETE' })).data,
};
