import { messages, SignInOptionsSchema } from '@shop/shared';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  type Auth,
  type AuthEnv,
  CLIENT_IP_HEADER,
  handleAuthRequest,
  signInOptions,
} from './better-auth';
import { normaliseEmail } from './identity';
import { AppError, errorBody } from '../lib/errors';
import { defineRoute, json, routesOf } from '../lib/openapi';
import {
  controlCharacterParameters,
  controlCharacterPaths,
  fieldsOf,
  refuseControlCharacters,
} from '../lib/validation';
import { RESET_ANSWER_FLOOR_MS, type PasswordResetLimiter } from './password-reset-limits';
import { FAILURE_WINDOW_MINUTES, type SignInLimiter } from './sign-in-limiter';
import {
  SignUpSchema,
  SignInSchema,
  RequestResetSchema,
  ResetSchema,
  ChangeSchema,
  UpdateUserSchema,
  SendVerificationSchema,
  REQUEST_RESET_PATH,
  CHANGE_PASSWORD_PATH,
  SEND_VERIFICATION_PATH,
  betterAuthEndpoints,
} from './auth.contract';

/** Finds the caller's network address (the socket, or the proxy's header when trusted). */
export type ClientAddress = (c: Context) => string | undefined;

const bodySchemas: Record<string, z.ZodType> = {
  '/api/auth/sign-up/email': SignUpSchema,
  '/api/auth/sign-in/email': SignInSchema,
  [REQUEST_RESET_PATH]: RequestResetSchema,
  '/api/auth/reset-password': ResetSchema,
  [CHANGE_PASSWORD_PATH]: ChangeSchema,
  '/api/auth/update-user': UpdateUserSchema,
  // Better Auth compares and looks up its email in lower case itself.
  [SEND_VERIFICATION_PATH]: SendVerificationSchema,
};

/** Better Auth's refusal code of an answer, if it is one of its JSON refusals. */
const refusalCode = async (response: Response) =>
  response.ok
    ? undefined
    : (
        (await response
          .clone()
          .json()
          .catch(() => undefined)) as { code?: string } | undefined
      )?.code;

const waitUntil = (deadline: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())));

const signInOptionsRoute = defineRoute({
  method: 'get',
  path: '/sign-in-options',
  tags: ['Sign-in'],
  summary: 'Which sign-in buttons work on this server',
  responses: { 200: json(SignInOptionsSchema, 'The sign-in options') },
});

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
  return new AppError(
    'VALIDATION_FAILED',
    error.issues[0]?.message ?? 'Invalid request',
    fieldsOf(error),
  );
}

export function authRoutes(
  auth: Auth,
  env: AuthEnv,
  limiter: SignInLimiter,
  clientAddress: ClientAddress,
  resetLimiter: PasswordResetLimiter,
) {
  const routes = routesOf();
  for (const endpoint of betterAuthEndpoints) routes.openAPIRegistry.registerPath(endpoint);
  return routes
    .openapi(signInOptionsRoute, (c) => c.json(signInOptions(env), 200))
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
      let answerNoSoonerThan: number | undefined;
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
          // Better Auth gets what the schema made of the body (names and emails trimmed), never
          // the body as sent.
          body = JSON.stringify(parsed.data);
          if (c.req.path === REQUEST_RESET_PATH) {
            const email = normaliseEmail((parsed.data as { email: string }).email);
            await resetLimiter.count(email, address);
            answerNoSoonerThan = performance.now() + RESET_ANSWER_FLOOR_MS;
            body = JSON.stringify({ email });
          }
          if (c.req.path === CHANGE_PASSWORD_PATH) {
            // A new password always ends the account's other sessions (and, below, its tokens).
            body = JSON.stringify({ ...(parsed.data as object), revokeOtherSessions: true });
          }
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

      const response = await handleAuthRequest(
        auth,
        new Request(request.url, { method: request.method, headers, body }),
      );
      if (signInEmail) {
        if (response.status === 401) await limiter.recordFailure(signInEmail, address);
        else if (response.ok) await limiter.clear(signInEmail, address);
      }
      if (c.req.path === CHANGE_PASSWORD_PATH) {
        if (response.ok) {
          const { user } = (await response.clone().json()) as { user: { id: string } };
          await auth.passwordChanged(user.id);
        } else {
          const code = await refusalCode(response);
          if (code === 'INVALID_PASSWORD') {
            const message = messages.account.wrongPassword;
            throw new AppError('INVALID_PASSWORD', message, { currentPassword: [message] });
          }
          if (code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
            throw new AppError('BAD_REQUEST', messages.account.noPassword);
          }
        }
      }
      // Better Auth's bare "Invalid origin" says neither what is wrong nor what to do.
      if (response.status === 403 && (await refusalCode(response)) === 'INVALID_ORIGIN') {
        throw new AppError('FORBIDDEN', messages.wrongAddress(env.PUBLIC_URL));
      }
      if (signInEmail && response.status === 403) {
        if ((await refusalCode(response)) === 'EMAIL_NOT_VERIFIED') {
          throw new AppError('EMAIL_NOT_VERIFIED', messages.emailVerification.required);
        }
      }
      if (answerNoSoonerThan !== undefined) {
        await waitUntil(answerNoSoonerThan);
        // One answer, in our words, whether or not the account exists.
        if (response.ok) return c.json({ status: true, message: messages.passwordReset.sent }, 200);
      }
      return toErrorShape(response);
    });
}
