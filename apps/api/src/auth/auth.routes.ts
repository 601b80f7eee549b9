import { LoginSchema, noControlCharacters, RegisterSchema, type SignInOptions } from '@shop/shared';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { type Auth, type AuthEnv, CLIENT_IP_HEADER, signInOptions } from './better-auth';
import { normaliseEmail } from './identity';
import { AppError, errorBody } from '../lib/errors';
import {
  controlCharacterParameters,
  controlCharacterPaths,
  refuseControlCharacters,
} from '../lib/validation';
import { FAILURE_WINDOW_MINUTES, type SignInLimiter } from './sign-in-limiter';

/** Finds the caller's network address (the socket, or the proxy's header when trusted). */
export type ClientAddress = (c: Context) => string | undefined;

const optionalFields = {
  callbackURL: z.string().check(noControlCharacters('callbackURL')).max(2000).optional(),
  rememberMe: z.boolean().optional(),
};
/** Our shared schemas check the forms' fields before Better Auth sees them: same messages. */
const bodySchemas: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': RegisterSchema.extend(optionalFields).strict(),
  '/api/auth/sign-in/email': LoginSchema.extend(optionalFields).strict(),
};

/** Better Auth answers `{ code, message }` (or, for an unknown path, nothing); we answer the one error shape. */
async function toErrorShape(response: Response): Promise<Response> {
  if (response.ok || response.status < 400) return response;
  const isJson = response.headers.get('content-type')?.includes('application/json');
  const body = isJson
    ? ((await response
        .clone()
        .json()
        .catch(() => undefined)) as { code?: string; message?: string } | undefined)
    : undefined;
  const fallbackCode =
    response.status === 401
      ? 'UNAUTHENTICATED'
      : response.status === 404
        ? 'NOT_FOUND'
        : 'BAD_REQUEST';
  const code = response.status === 429 ? 'RATE_LIMITED' : body?.code || fallbackCode;
  const message =
    body?.message ||
    (response.status === 404
      ? 'No such sign-in endpoint'
      : 'The sign-in service refused the request');
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  // A 5xx from Better Auth is ours to fix; the body still keeps the one shape.
  return new Response(JSON.stringify(errorBody(code, message)), {
    status: response.status,
    headers,
  });
}

function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string[]> = {};
  for (const issue of error.issues)
    (fields[issue.path.join('.') || '_'] ??= []).push(issue.message);
  return new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? 'Invalid request', fields);
}

export function authRoutes(
  auth: Auth,
  env: AuthEnv,
  limiter: SignInLimiter,
  clientAddress: ClientAddress,
) {
  return new Hono()
    .get('/sign-in-options', (c) => c.json(signInOptions(env) satisfies SignInOptions))
    .on(['GET', 'POST'], '/auth/*', async (c) => {
      const request = c.req.raw;
      const headers = new Headers(request.headers);
      const address = clientAddress(c);
      if (address) headers.set(CLIENT_IP_HEADER, address);
      else headers.delete(CLIENT_IP_HEADER);
      // The shared text rule holds for Better Auth's own fields too (its tokens, callbacks, names).
      refuseControlCharacters(controlCharacterParameters(new URL(request.url).searchParams));

      let body: string | undefined;
      let signInEmail: string | undefined;
      if (request.method === 'POST') {
        body = await c.req.text();
        const schema = bodySchemas[c.req.path];
        if (schema) {
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            throw new AppError('BAD_REQUEST', 'The request body is not valid JSON');
          }
          const parsed = schema.safeParse(json);
          if (!parsed.success) throw validationError(parsed.error);
          if (c.req.path.endsWith('/sign-in/email')) {
            signInEmail = normaliseEmail((parsed.data as { email: string }).email);
            if (await limiter.isLocked(signInEmail, address)) {
              throw new AppError(
                'RATE_LIMITED',
                `Too many failed sign-ins for this email from your network. Please try again in ${FAILURE_WINDOW_MINUTES} minutes.`,
              );
            }
          }
        } else {
          // Better Auth's other endpoints (update-user, revoke-session...) would hand a NUL to
          // the database. A body that is not JSON is Better Auth's to refuse.
          let json: unknown;
          try {
            json = JSON.parse(body);
          } catch {
            json = undefined;
          }
          refuseControlCharacters(controlCharacterPaths(json));
        }
      }

      const response = await auth.handler(
        new Request(request.url, { method: request.method, headers, body }),
      );
      if (signInEmail) {
        if (response.status === 401) await limiter.recordFailure(signInEmail, address);
        else if (response.ok) await limiter.clear(signInEmail, address);
      }
      return toErrorShape(response);
    });
}
