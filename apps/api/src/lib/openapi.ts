/**
 * How a route declares its contract (issue 14): params, query, headers, body and every answer,
 * from the schemas in `@shop/shared`. `@hono/zod-openapi` validates the input from the same
 * declaration and the app publishes them all as `GET /api/openapi.json`.
 */
import { createRoute, OpenAPIHono, type RouteConfig, z } from '@hono/zod-openapi';
import {
  ApiErrorBodySchema,
  type ErrorCode,
  type ErrorStatus,
  errorStatus,
  TOTAL_COUNT_HEADER,
} from '@shop/shared';
import type { Env } from 'hono';
import { validationHook } from './validation';

/** What each refusal status means; the codes it carries come from `errorStatus` in shared. */
const statusMeanings: Record<ErrorStatus, string> = {
  400: 'The request is malformed, or a field is invalid (VALIDATION_FAILED names each field)',
  401: 'Not signed in, or the session has ended',
  402: 'The payment was not made or could not be verified',
  403: 'Signed in, but not allowed to do this',
  404: "No such record, or it is not the caller's",
  409: "The record's state does not allow this now",
  410: 'The record existed and is gone for good (a retired part)',
  413: 'The body is larger than the limit',
  415: 'The body is not JSON',
  422: 'The Idempotency-Key was used for another purchase, or the parts cannot be shipped to that destination',
  429: 'Too many attempts; try again later',
  500: 'Something went wrong on our side',
  503: 'The database (or, for GET /api/ready, the data folder) or the payment provider cannot be reached; try again after Retry-After seconds',
};

const codesAnswering = (status: ErrorStatus) =>
  (Object.keys(errorStatus) as ErrorCode[]).filter((code) => errorStatus[code] === status);

const errorAnswer = (status: ErrorStatus) => ({
  description: `${statusMeanings[status]}: ${codesAnswering(status).join(', ')}`,
  content: { 'application/json': { schema: ApiErrorBodySchema } },
});

/** Answers in the one error shape, for the statuses given. */
export const errors = <const Statuses extends ErrorStatus[]>(...statuses: Statuses) =>
  Object.fromEntries(statuses.map((status) => [status, errorAnswer(status)])) as {
    [Status in Statuses[number]]: ReturnType<typeof errorAnswer>;
  };

/** A JSON answer. */
export const json = <Schema extends z.ZodType>(schema: Schema, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** One page of a list paged on the server, with how many rows match in `X-Total-Count`. */
export const jsonPage = <Schema extends z.ZodType>(
  item: Schema,
  description: string,
  counted: string,
) => ({
  ...json(z.array(item), description),
  headers: z.object({
    [TOTAL_COUNT_HEADER]: z
      .string()
      .openapi({ description: `How many ${counted} match, over all pages` }),
  }),
});

/** A required JSON body. */
export const jsonBody = <Schema extends z.ZodType>(schema: Schema) => ({
  required: true,
  content: { 'application/json': { schema } },
});

/** The access token from `PUT /api/user/{email}`, as `Authorization: Bearer <token>`. */
export const BEARER = 'bearerAuth';
/** Better Auth's session cookie, set by signing in. */
export const SESSION_COOKIE = 'sessionCookie';
/** A route's `security`: it needs the bearer token. */
export const bearer = [{ [BEARER]: [] }];

/**
 * A route's declaration. Any route can fail on our side (500) or find the database unavailable
 * (503), and any route that takes a body can be sent one over the limit (413, `jsonBodyLimit`),
 * so those are added here.
 */
export const defineRoute = <const Route extends RouteConfig>(route: Route): Route =>
  createRoute({
    ...route,
    responses: {
      ...route.responses,
      ...errors(...(route.method === 'get' ? [] : [413 as const]), 500, 503),
    },
  });

/** The routes of one module: their inputs are checked as they declare, failing in the one shape. */
export const routesOf = <E extends Env = Env>() =>
  new OpenAPIHono<E>({ defaultHook: validationHook });
