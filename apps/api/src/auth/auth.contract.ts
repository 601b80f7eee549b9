import {
  AuthRedirectSchema,
  AuthSessionSchema,
  AuthSignedInSchema,
  AuthStatusSchema,
  AuthSuccessSchema,
  ChangePasswordSchema,
  LoginSchema,
  noControlCharacters,
  PasswordResetRequestedSchema,
  RegisterSchema,
  RequestPasswordResetSchema,
  ResetPasswordSchema,
  RevokeSessionSchema,
  SendVerificationEmailSchema,
  SocialSignInSchema,
  UpdateAuthUserSchema,
  type ErrorStatus,
} from '@shop/shared';
import { z } from 'zod';
import { defineRoute, errors, json, jsonBody, SESSION_COOKIE } from '../lib/openapi';

/**
 * The sign-in contract: the bodies the shop checks before Better Auth sees them, and the
 * description of Better Auth's endpoints for the published document (auth.routes.ts mounts them).
 */

const optionalFields = {
  callbackURL: z.string().check(noControlCharacters('callbackURL')).max(2000).optional(),
  rememberMe: z.boolean().optional(),
};
export const SignUpSchema = RegisterSchema.extend(optionalFields).strict();
export const SignInSchema = LoginSchema.extend(optionalFields).strict();
export const RequestResetSchema = RequestPasswordResetSchema.strict();
export const ResetSchema = ResetPasswordSchema.strict();
export const ChangeSchema = ChangePasswordSchema.strict();
export const UpdateUserSchema = UpdateAuthUserSchema.strict();
export const SendVerificationSchema = SendVerificationEmailSchema.strict();
export const REQUEST_RESET_PATH = '/api/auth/request-password-reset';
export const CHANGE_PASSWORD_PATH = '/api/auth/change-password';
export const SEND_VERIFICATION_PATH = '/api/auth/send-verification-email';
/** Our shared schemas check the forms' fields before Better Auth sees them: same messages. */
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
export const betterAuthEndpoints = [
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
