import { type ApiErrorBody, TOTAL_COUNT_HEADER } from '@shop/shared';
import type { paths } from './api-schema';

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

/** One page of a list paged on the server, and how many rows the list has over all its pages. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** The API's paths as the web app names them, without the `/api` base: `/tools/{id}`. */
type ApiPaths = {
  [Path in keyof paths as Path extends `/api${infer Rest}` ? Rest : never]: paths[Path];
};
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The paths the contract declares `method` on. */
export type ApiPath<M extends Method> = {
  [Path in keyof ApiPaths]: ApiPaths[Path][M] extends { responses: object } ? Path : never;
}[keyof ApiPaths];
type Operation<M extends Method, P extends ApiPath<M>> = Extract<
  ApiPaths[P][M],
  { responses: object }
>;
type JsonOf<Part> = Part extends { content: { 'application/json': infer Body } } ? Body : undefined;
type Responses<M extends Method, P extends ApiPath<M>> = Operation<M, P>['responses'];

/** What `method path` answers on success, as the contract declares it. */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = JsonOf<
  Responses<M, P>[Extract<keyof Responses<M, P>, 200 | 201 | 204>]
>;
/** The JSON body `method path` takes. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = JsonOf<
  NonNullable<Operation<M, P>['requestBody']>
>;
/** The query `method path` takes. */
export type ApiQuery<M extends Method, P extends ApiPath<M>> = NonNullable<
  Operation<M, P>['parameters']['query']
>;

/**
 * A request's parts, as the contract declares them: `path` parameters (filled into the path's
 * `{name}`s and encoded), `query`, `header` (such as `Idempotency-Key`) and the JSON `body`;
 * each required when the route requires it.
 */
export type ApiRequest<M extends Method, P extends ApiPath<M>> = Omit<
  Operation<M, P>['parameters'],
  'cookie'
> &
  (Operation<M, P> extends { requestBody?: never }
    ? { body?: never }
    : Operation<M, P> extends { requestBody: object }
      ? { body: ApiBody<M, P> }
      : { body?: ApiBody<M, P> }) & { signal?: AbortSignal };
/** The request, optional when the route needs nothing. */
type RequestArgs<M extends Method, P extends ApiPath<M>> =
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- "needs no field"
  {} extends ApiRequest<M, P> ? [request?: ApiRequest<M, P>] : [request: ApiRequest<M, P>];

/** The parts of any request, as the one function below reads them. */
interface AnyRequest {
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  header?: Record<string, string | undefined>;
  body?: unknown;
  /** A file sent as the body, with its content type (a CSV import), instead of JSON. */
  file?: { data: Blob | string; type: string };
  /** A multipart form sent as the body (a product image and its alt text), instead of JSON. */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * The one way the web app calls the API: JSON in and out (or a file, `as: 'file'`), bearer token,
 * one error type. Typed by the callers below (`api`), from the contract's `paths`.
 */
async function apiRequest(
  method: Method,
  template: string,
  { path: params, query, header, body, file, form, signal }: AnyRequest = {},
  as: 'json' | 'file' = 'json',
): Promise<{ data: unknown; headers: Headers }> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params?.[name] ?? ''),
  );
  const url = `${API_BASE}${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = { Accept: as === 'file' ? '*/*' : 'application/json' };
  for (const [name, value] of Object.entries(header ?? {})) {
    if (value !== undefined) headers[name] = value;
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file) headers['Content-Type'] = file.type;
  // A form's Content-Type is the browser's to write: it names the parts' boundary.
  const token = localStorage.getItem(ACCESS_TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: method.toUpperCase(),
      headers,
      body: form ?? (file ? file.data : body === undefined ? undefined : JSON.stringify(body)),
      signal,
      credentials: 'include',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', unreachableMessage);
  }

  if (response.ok && as === 'file')
    return { data: await response.blob(), headers: response.headers };
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
  return { data: payload, headers: response.headers };
}

/**
 * Whether asking again may help: no answer (the network) or a server failure (5xx). A 4xx
 * ("Tool not found", a refusal) is the same the next time. For an order, these are the failures
 * whose outcome is unknown: its retry keeps the Idempotency-Key (idempotency-key.ts).
 */
export const isRetriable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/** `method path`'s answer, typed by the contract. */
const call =
  <M extends Method>(method: M) =>
  async <P extends ApiPath<M>>(path: P, ...[request]: RequestArgs<M, P>) =>
    (await apiRequest(method, path, request as AnyRequest)).data as ApiAnswer<M, P>;

type ListPath = {
  [P in ApiPath<'get'>]: ApiAnswer<'get', P> extends unknown[] ? P : never;
}[ApiPath<'get'>];

type ItemOf<List> = List extends (infer Item)[] ? Item : never;

type PostContent<P extends ApiPath<'post'>> =
  NonNullable<Operation<'post', P>['requestBody']> extends { content: infer Content }
    ? Content
    : never;
/** The content types other than JSON and forms a POST's contract takes as its body. */
type FileType<P extends ApiPath<'post'>> = Exclude<
  keyof PostContent<P>,
  'application/json' | 'multipart/form-data'
> &
  string;
/** The paths whose POST takes a file (a body other than JSON). */
type FilePath = {
  [P in ApiPath<'post'>]: [FileType<P>] extends [never] ? never : P;
}[ApiPath<'post'>];
/** The paths whose POST takes a multipart form. */
type FormPath = {
  [P in ApiPath<'post'>]: 'multipart/form-data' extends keyof PostContent<P> ? P : never;
}[ApiPath<'post'>];
/** A multipart form's fields as its contract names them; a binary one takes a file. */
type FormFields<P extends FormPath> =
  PostContent<P> extends { 'multipart/form-data': infer Fields }
    ? { [Name in keyof Fields]: string | Blob }
    : never;

export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
  /** A page of a list, with its total from `X-Total-Count`. */
  page: async <P extends ListPath>(
    path: P,
    ...[request]: RequestArgs<'get', P>
  ): Promise<ListPage<ItemOf<ApiAnswer<'get', P>>>> => {
    const { data, headers } = await apiRequest('get', path, request as AnyRequest);
    const items = data as ItemOf<ApiAnswer<'get', P>>[];
    return { items, total: Number(headers.get(TOTAL_COUNT_HEADER) ?? items.length) };
  },
  /**
   * A file sent to the API as the body, in the content type its contract declares (a CSV
   * import to `POST /api/catalogue/import`); the JSON answer.
   */
  sendFile: async <P extends FilePath>(
    path: P,
    request: Omit<ApiRequest<'post', P>, 'body'> & { file: Blob | string; type: FileType<P> },
  ) => {
    const { file, type, ...rest } = request;
    const sent = { ...(rest as AnyRequest), file: { data: file, type } };
    return (await apiRequest('post', path, sent)).data as ApiAnswer<'post', P>;
  },
  /**
   * A multipart form sent to the API, its fields as its contract names them (a product image:
   * `file` and `alt`, to `POST /api/tools/{id}/images`); the JSON answer.
   */
  sendForm: async <P extends FormPath>(
    path: P,
    request: Omit<ApiRequest<'post', P>, 'body'> & { fields: FormFields<P> },
  ) => {
    const { fields, ...rest } = request;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields as Record<string, string | Blob>)) {
      form.append(name, value);
    }
    return (await apiRequest('post', path, { ...(rest as AnyRequest), form })).data as ApiAnswer<
      'post',
      P
    >;
  },
  /** A file the API sends (a CSV export), with the name its Content-Disposition gives. */
  file: async <P extends ApiPath<'get'>>(
    path: P,
    ...[request]: RequestArgs<'get', P>
  ): Promise<{ blob: Blob; fileName: string | null }> => {
    const { data, headers } = await apiRequest('get', path, request as AnyRequest, 'file');
    const fileName = /filename="([^"]+)"/.exec(headers.get('Content-Disposition') ?? '')?.[1];
    return { blob: data as Blob, fileName: fileName ?? null };
  },
};
