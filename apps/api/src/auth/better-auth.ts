import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth, type BetterAuthOptions } from 'better-auth';
import { getMigrations } from 'better-auth/db/migration';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import { EMAIL_VERIFIED_PAGE, PASSWORD_RESET_PAGE, type SignInOptions } from '@shop/shared';
import { type Kysely, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import { isDatabaseUnavailable } from '../lib/database-unavailable';
import type { Mail } from '../mail/mail-queue';

export type AuthEnv = Pick<
  Env,
  | 'PUBLIC_URL'
  | 'CORS_ORIGINS'
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GITHUB_CLIENT_ID'
  | 'GITHUB_CLIENT_SECRET'
  | 'OIDC_ISSUER'
  | 'OIDC_CLIENT_ID'
  | 'OIDC_CLIENT_SECRET'
  | 'OIDC_NAME'
  | 'AUTH_RATE_LIMIT_PER_MINUTE'
> &
  Partial<Pick<Env, 'REQUIRE_EMAIL_VERIFICATION' | 'PUBLIC_URL_SET'>>;

/** The header our server sets to the caller's address; a client's own value is replaced. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';
export const OIDC_PROVIDER_ID = 'oidc';
/** How long a password reset link works (Better Auth's verification row expires then). */
export const RESET_LINK_TTL_SECONDS = 60 * 60;
/** How long an email verification link works. */
export const VERIFY_LINK_TTL_SECONDS = 60 * 60;
/** Verification emails one network may ask Better Auth to send per minute. */
export const VERIFY_REQUESTS_PER_MINUTE = 5;

export interface AuthServices {
  /** The shop's emails: without it, password resets are refused (tools that need no email). */
  mail?: Pick<Mail, 'enqueue'>;
}

/** Told of each new password (reset or change), after the bearer tokens ended: caches forget. */
type PasswordResetListener = (authUserId: string) => void;
/** Told of a shop user whose name changed with their sign-in identity's: caches forget. */
type NameChangeListener = (shopUserId: string) => void;

/** A sign-in through a provider (Google, GitHub, OpenID Connect) that verified the email now. */
export interface ProviderVerifiedSignIn {
  authUserId: string;
  /** The session this sign-in made: the one kept when the account's other ways in end. */
  sessionId: string;
  /** Lower case, as Better Auth stores it. */
  email: string;
  name: string;
}
/** Told of each provider-verified sign-in, before its answer goes (ADMIN_EMAIL's claim). */
type ProviderSignInListener = (signIn: ProviderVerifiedSignIn) => Promise<void>;

interface Listeners {
  passwordReset: Set<PasswordResetListener>;
  nameChange: Set<NameChangeListener>;
  providerSignIn: Set<ProviderSignInListener>;
}

/**
 * Ends every bearer token of an account (auth user id) and tells the caches: a password reset
 * and a password change both end them (with Better Auth's sessions).
 */
async function endAccessTokens(db: Kysely<Database>, listeners: Listeners, authUserId: string) {
  await sql`delete from access_tokens
    where user_id in (select id from users where auth_user_id = ${authUserId})`.execute(db);
  for (const listener of listeners.passwordReset) listener(authUserId);
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins whose pages may sign in: PUBLIC_URL and CORS_ORIGINS. With no PUBLIC_URL (a shop
 * on this machine) the address is the shop's guess, so each loopback name on its port is the
 * shop's own too: `http://127.0.0.1:3000` signs up as `http://localhost:3000` does. Any other
 * origin stays refused. Unless told otherwise, PUBLIC_URL counts as set.
 */
export function trustedOrigins(
  env: Pick<AuthEnv, 'PUBLIC_URL' | 'CORS_ORIGINS' | 'PUBLIC_URL_SET'>,
) {
  const own = new URL(env.PUBLIC_URL);
  const loopback =
    env.PUBLIC_URL_SET === false
      ? LOOPBACK_HOSTS.map((host) => `${own.protocol}//${host}${own.port ? `:${own.port}` : ''}`)
      : [];
  return [...new Set([own.origin, ...loopback, ...env.CORS_ORIGINS])];
}

export function signInOptions(env: AuthEnv): SignInOptions {
  return {
    google: Boolean(env.GOOGLE_CLIENT_ID),
    github: Boolean(env.GITHUB_CLIENT_ID),
    oidc: { enabled: Boolean(env.OIDC_ISSUER), name: env.OIDC_NAME },
  };
}

function authOptions(
  db: Kysely<Database>,
  env: AuthEnv,
  secret: string,
  logger: Logger,
  { mail }: AuthServices,
  listeners: Listeners,
) {
  return {
    // Better Auth's messages go to our structured log, not the console.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const unavailable = args.find((arg) => isDatabaseUnavailable(arg));
        if (unavailable) {
          const seen = authRequests.getStore();
          if (seen) seen.error ??= unavailable;
          logger.warn({ component: 'better-auth', err: unavailable }, message);
          return;
        }
        // A failed sign-in is a routine event for an auth service, not an error of ours.
        const pinoLevel =
          level === 'error' && /invalid (email or )?password/i.test(message) ? 'info' : level;
        logger[pinoLevel](
          { component: 'better-auth', details: args.length > 0 ? args : undefined },
          message,
        );
      },
    },
    appName: 'Laptop Parts Shop',
    baseURL: env.PUBLIC_URL,
    basePath: '/api/auth',
    secret,
    // Better Auth takes any Kysely; its tables are its own, so the typing is erased here.
    database: { db: db as unknown as Kysely<Record<string, never>>, type: 'postgres' },
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    // An error that is not one of Better Auth's refusals reaches our error handler (503 when
    // the database is unavailable, 500 otherwise, logged as ours) instead of an empty 500.
    onAPIError: { throw: true },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // Better Auth's reset flow (issue 19): a single-use token kept in its `verification`
      // table for an hour; the email (queued, sent by the mail worker) links to our page.
      sendResetPassword: mail
        ? async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
            await mail.enqueue({
              to: user.email,
              template: 'password-reset',
              data: {
                name: user.name,
                url: `${env.PUBLIC_URL}${PASSWORD_RESET_PAGE}?token=${encodeURIComponent(token)}`,
              },
            });
          }
        : undefined,
      resetPasswordTokenExpiresIn: RESET_LINK_TTL_SECONDS,
      // A new password ends every session of the account, and (below) its bearer tokens.
      revokeSessionsOnPasswordReset: true,
      onPasswordReset: ({ user }: { user: { id: string } }) =>
        endAccessTokens(db, listeners, user.id),
      // REQUIRE_EMAIL_VERIFICATION: a password sign-in waits for the emailed link (403).
      requireEmailVerification: env.REQUIRE_EMAIL_VERIFICATION ?? false,
    },
    // Better Auth's email verification (issue 19): a signed token in a link to its
    // /verify-email, which lands on Login. Sent at every sign-up, whether or not sign-in waits
    // for it (decision 028), and again on request (/send-verification-email).
    emailVerification: {
      sendVerificationEmail: mail
        ? async ({ user, token }: { user: { email: string; name: string }; token: string }) => {
            await mail.enqueue({
              to: user.email,
              template: 'verify-email',
              data: {
                name: user.name,
                url: `${env.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(EMAIL_VERIFIED_PAGE)}`,
              },
            });
          }
        : undefined,
      sendOnSignUp: Boolean(mail),
      expiresIn: VERIFY_LINK_TTL_SECONDS,
    },
    // What a provider says of the email at this sign-in (not what the account said before: an
    // emailed link may have verified it for whoever signed it up): kept for handleAuthRequest.
    user: {
      validateUserInfo: ({ user, source }) => {
        const seen = authRequests.getStore();
        if (seen && source.method === 'oauth' && user.emailVerified === true && user.email)
          seen.providerVerifiedEmail = user.email.toLowerCase();
        return undefined;
      },
    },
    // My Profile's new name is the shop user's too: the navbar, the token's caller and the
    // orders placed from now on say it (earlier orders keep the name they were placed with).
    databaseHooks: {
      session: {
        create: {
          after: async (session: { id: string; userId: string }) => {
            const seen = authRequests.getStore();
            if (seen) seen.newSession = { id: session.id, userId: session.userId };
          },
        },
      },
      user: {
        update: {
          after: async (user: { id: string; name: string }) => {
            if (!user.name) return;
            const changed = await sql<{ id: string }>`update users set name = ${user.name}
              where auth_user_id = ${user.id} and name <> ${user.name} returning id`.execute(db);
            for (const row of changed.rows)
              for (const listener of listeners.nameChange) listener(row.id);
          },
        },
      },
    },
    socialProviders: {
      ...(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { google: { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } }
        : {}),
      ...(env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
        ? { github: { clientId: env.GITHUB_CLIENT_ID, clientSecret: env.GITHUB_CLIENT_SECRET } }
        : {}),
    },
    plugins:
      env.OIDC_ISSUER && env.OIDC_CLIENT_ID
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  discoveryUrl: `${env.OIDC_ISSUER.replace(/\/$/, '')}/.well-known/openid-configuration`,
                  clientId: env.OIDC_CLIENT_ID,
                  clientSecret: env.OIDC_CLIENT_SECRET,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : [],
    // Counters live in the database, so several servers share them (docs/architecture.md: several processes).
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        '/sign-up/email': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        // A provider's sign-in (the admin's way in, too) counts like a password one, not by
        // Better Auth's default of 3 per 10 seconds.
        '/sign-in/social': { window: 60, max: env.AUTH_RATE_LIMIT_PER_MINUTE },
        '/get-session': false,
        // Counted by address and by email in auth.routes.ts (password-reset-limits.ts).
        '/request-password-reset': false,
        '/send-verification-email': { window: 60, max: VERIFY_REQUESTS_PER_MINUTE },
      },
    },
    advanced: {
      // The origin check runs under Vitest too (Better Auth skips it there by default), so the
      // tests prove the check production runs.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: env.PUBLIC_URL.startsWith('https://'),
    },
  } satisfies BetterAuthOptions;
}

export function createAuth(
  db: Kysely<Database>,
  env: AuthEnv,
  secret: string,
  logger: Logger,
  services: AuthServices = {},
) {
  const listeners: Listeners = {
    passwordReset: new Set(),
    nameChange: new Set(),
    providerSignIn: new Set(),
  };
  const options = authOptions(db, env, secret, logger, services, listeners);
  return Object.assign(betterAuth(options), {
    /** Whether password resets work here (a mail service was given). */
    passwordResetEnabled: Boolean(services.mail),
    /** Calls `listener` after each password reset or change (the token cache forgets: app.ts). */
    onPasswordReset(listener: PasswordResetListener): void {
      listeners.passwordReset.add(listener);
    },
    /** Calls `listener` with the shop user whose name changed (the token cache forgets: app.ts). */
    onNameChange(listener: NameChangeListener): void {
      listeners.nameChange.add(listener);
    },
    /**
     * Calls `listener` after each sign-in whose provider verified the email in this very
     * exchange, before the answer goes (so the rights it grants hold at the first request).
     */
    onProviderVerifiedSignIn(listener: ProviderSignInListener): void {
      listeners.providerSignIn.add(listener);
    },
    /**
     * `handleAuthRequest`'s step after a sign-in during which a provider verified `email`:
     * when that is the new session's account's email, the listeners hear of it.
     */
    async providerSignedIn(email: string, session: { id: string; userId: string }) {
      if (listeners.providerSignIn.size === 0) return;
      const { rows } = await sql<{ email: string; name: string }>`select email, name
        from "user" where id = ${session.userId}`.execute(db);
      const user = rows[0];
      if (user?.email !== email) return;
      const signIn: ProviderVerifiedSignIn = {
        authUserId: session.userId,
        sessionId: session.id,
        email,
        name: user.name || email.split('@')[0] || email,
      };
      for (const listener of listeners.providerSignIn) await listener(signIn);
    },
    /**
     * After a password change (My Profile, `/change-password`, which ended the other sessions):
     * the account's bearer tokens end as after a reset; the caller asks a new one.
     */
    passwordChanged: (authUserId: string) => endAccessTokens(db, listeners, authUserId),
    /**
     * Creates or updates Better Auth's own tables; run at start before ours, on `db` when given
     * (the migrating handle, under the migration lock). Answers the tables it created or changed.
     */
    migrate: async (db?: Kysely<Database>): Promise<string[]> => {
      const { toBeCreated, toBeAdded, runMigrations } = await getMigrations(
        db
          ? {
              ...options,
              database: { ...options.database, db: db as unknown as typeof options.database.db },
            }
          : options,
      );
      await runMigrations();
      return [...toBeCreated, ...toBeAdded].map((change) => change.table);
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** Per request to Better Auth: what it did that we act on once it answered. */
interface AuthRequestState {
  /** The first database failure it logged. */
  error?: unknown;
  /** The email a provider said it verified, during this request's sign-in. */
  providerVerifiedEmail?: string;
  /** The session this request created. */
  newSession?: { id: string; userId: string };
}
const authRequests = new AsyncLocalStorage<AuthRequestState>();

/**
 * Better Auth's handler, but a request during which the database was unavailable fails with
 * that error (503 DATABASE_UNAVAILABLE from the error handler): Better Auth logs some database
 * failures, then answers a refusal of its own instead (a sign-up's 422 FAILED_TO_CREATE_USER,
 * a session's 500 FAILED_TO_GET_SESSION), which would tell the client something untrue.
 * A sign-in whose provider verified the account's email is told to the listeners first.
 */
export async function handleAuthRequest(auth: Auth, request: Request): Promise<Response> {
  const seen: AuthRequestState = {};
  const response = await authRequests.run(seen, () => auth.handler(request));
  if (response.status >= 400 && seen.error) throw seen.error;
  if (seen.providerVerifiedEmail && seen.newSession)
    await auth.providerSignedIn(seen.providerVerifiedEmail, seen.newSession);
  return response;
}
