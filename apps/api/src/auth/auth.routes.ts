import {
  AuthRedirectSchema,
  AuthSessionSchema,
  AuthSignedInSchema,
  AuthStatusSchema,
  AuthSuccessSchema,
  ChangePasswordSchema,
  LoginSchema,
  messages,
  noControlCharacters,
  PasswordResetRequestedSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  RevokeSessionSchema,
  SendVerificationEmailSchema,
  SignInOptionsSchema,
  SocialSignInSchema,
  UpdateAuthUserSchema,
  type ErrorStatus,
} from '@shop/shared';
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
import { defineRoute, errors, json, jsonBody, routesOf, SESSION_COOKIE } from '../lib/openapi';
import {
  controlCharacterParameters,
  controlCharacterPaths,
  fieldsOf,
  refuseControlCharacters,
} from '../lib/validation';
import { RESET_ANSWER_FLOOR_MS, type PasswordResetLimiter } from './password-reset-limits';
import { FAILURE_WINDOW_MINUTES, type SignInLimiter } from './sign-in-limiter';

/** Finds the caller's network address (the socket, or the proxy's header when trusted). */
export type ClientAddress = (c: Context) => string | undefined;

const optionalFields = {
  callbackURL: z.string().check(noControlCharacters('callbackURL')).max(2000).optional(),
  rememberMe: z.boolean().optional(),
};
const SignUpSchema = RegisterSchema.extend(optionalFields).strict();
const SignInSchema = LoginSchema.extend(optionalFields).strict();
const RequestResetSchema = RequestPasswordResetSchema.strict();
const ResetSchema = ResetPasswordSchema.strict();
const ChangeSchema = ChangePasswordSchema.strict();
const UpdateUserSchema = UpdateAuthUserSchema.strict();
const SendVerificationSchema = SendVerificationEmailSchema.strict();
const REQUEST_RESET_PATH = '/api/auth/request-password-reset';
const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
const SEND_VERIFICATION_PATH = '/api/auth/send-verification-email';
/** Our shared schemas check the forms' fields before Better Auth sees them: same messages. */
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

const session = [{ [SESSION_COOKIE]: [] }];
/**
 * Better Auth's refusals, in the one error shape (`toErrorShape`): any call may break the text
 * rule (400, checked here first) or the rate limit (429); a body that is not JSON is refused (415).
 */
const refusals = (...statuses: ErrorStatus[]) => errors(...statuses, 400, 429);

/**
 * The endpoints of Better Auth the shop's clients call, for the published document. Better Auth
 * serves them (the catch-all below); these declarations only describe them.
 */
const betterAuthEndpoints = [
  defineRoute({
    method: 'post',
    path: '/auth/sign-up/email',
    tags: ['Sign-in'],
    summary: 'Register with email and password; signs in (sets the session cookie)',
    request: { body: jsonBody(SignUpSchema) },
    responses: {
      200: json(AuthSignedInSchema, 'Registered and signed in'),
      ...refusals(400, 403, 415, 422),
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-in/email',
    tags: ['Sign-in'],
    summary: 'Sign in with email and password (sets the session cookie)',
    description: 'Too many failed sign-ins for an email from one network answer 429 for a while.',
    request: { body: jsonBody(SignInSchema) },
    responses: {
      200: json(AuthSignedInSchema.extend({ redirect: z.boolean() }), 'Signed in'),
      ...refusals(400, 401, 403, 415),
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-in/social',
    tags: ['Sign-in'],
    summary:
      "Sign in with Google, GitHub or the OpenID Connect provider ('oidc'): answers the provider's page to go to",
    request: { body: jsonBody(SocialSignInSchema) },
    responses: {
      200: json(AuthRedirectSchema, "The provider's sign-in page"),
      ...refusals(400, 403, 404, 415),
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/callback/{provider}',
    tags: ['Sign-in'],
    summary:
      'Where the provider (Google, GitHub, oidc) sends the browser back; sets the session cookie',
    request: { params: z.object({ provider: z.string() }) },
    responses: {
      302: { description: 'On to the page the sign-in started from (with ?error= if it failed)' },
      ...refusals(),
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/get-session',
    tags: ['Sign-in'],
    summary: 'The signed-in identity of the session cookie, or null',
    security: session,
    responses: { 200: json(AuthSessionSchema.nullable(), 'The session, or null'), ...refusals() },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/sign-out',
    tags: ['Sign-in'],
    summary: 'End the session (clears the cookie)',
    description: 'Better Auth reads no field, but answers 415 to a POST without a JSON body.',
    security: session,
    request: { body: jsonBody(z.object({})) },
    responses: { 200: json(AuthSuccessSchema, 'Signed out'), ...refusals(401, 403, 415) },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/update-user',
    tags: ['Sign-in'],
    summary: "Change the signed-in account's name or picture",
    security: session,
    request: { body: jsonBody(UpdateUserSchema) },
    responses: { 200: json(AuthStatusSchema, 'Changed'), ...refusals(400, 401, 403, 415) },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/change-password',
    tags: ['Sign-in'],
    summary:
      "Change the signed-in account's password: ends its other sessions and every access token",
    description:
      'Needs the current password (400 INVALID_PASSWORD otherwise). Answers the new session (its cookie is set); the caller asks a new access token.',
    security: session,
    request: { body: jsonBody(ChangeSchema) },
    responses: {
      200: json(AuthSignedInSchema, 'Changed'),
      ...refusals(400, 401, 403, 415),
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/revoke-session',
    tags: ['Sign-in'],
    summary: "End one of the signed-in account's sessions",
    security: session,
    request: { body: jsonBody(RevokeSessionSchema) },
    responses: { 200: json(AuthStatusSchema, 'Ended'), ...refusals(400, 401, 403, 415) },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/request-password-reset',
    tags: ['Sign-in'],
    summary: 'Email a password reset link, valid for one hour, if an account has this email',
    description: `Always the same answer, after the same time, whether or not an account exists. Too many requests from one network or for one email answer 429 for a while.`,
    request: { body: jsonBody(RequestResetSchema) },
    responses: {
      200: json(PasswordResetRequestedSchema, 'Asked (an email is sent if the account exists)'),
      ...refusals(400, 403, 415),
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    tags: ['Sign-in'],
    summary: "Set a new password with the reset link's token; ends every session and token",
    request: { body: jsonBody(ResetSchema) },
    responses: {
      200: json(AuthStatusSchema, 'Changed'),
      ...refusals(400, 403, 415),
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/send-verification-email',
    tags: ['Sign-in'],
    summary: 'Email a new verification link (valid one hour) to an account not verified yet',
    description:
      'Without a session: the same answer, after the same time, whether or not the account exists or needs it. With one: only for its own email (400 otherwise, or when it is verified already). Limited per network.',
    security: [{}, ...session],
    request: { body: jsonBody(SendVerificationSchema) },
    responses: {
      200: json(AuthStatusSchema, 'Asked (an email is sent if the account needs one)'),
      ...refusals(400, 403, 415),
    },
  }),
  defineRoute({
    method: 'get',
    path: '/auth/verify-email',
    tags: ['Sign-in'],
    summary: "Confirm an email address with the link's token",
    request: {
      query: z.object({ token: z.string(), callbackURL: z.string().optional() }),
    },
    responses: {
      200: json(AuthStatusSchema, 'Verified'),
      302: { description: 'Verified; on to the callback URL' },
      ...refusals(400, 401),
    },
  }),
];

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
