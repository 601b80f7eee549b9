import { hash as digest, randomBytes } from 'node:crypto';
import { type AliasableExpression, type Compilable, type Kysely, sql } from 'kysely';
import { ADVISORY_LOCKS } from '../db/advisory-locks';
import { compileOnce } from '../db/compile-once';
import type { Database } from '../db/schema';
import { AppError } from '../lib/errors';
import type { CurrentUser } from './identity';
import { createRequestCounters } from './request-counters';

// One-shot digest: a third of createHash()'s cost, paid on every authenticated request.
const hashToken = (token: string) => digest('sha256', token, 'base64url');

/** At most this many tokens are remembered; the oldest go first. */
const TOKEN_CACHE_ENTRIES = 10_000;
/** Live tokens one sign-in session may hold; a new one replaces the oldest beyond this. */
export const TOKENS_PER_SESSION = 3;
/** Token requests one session may make per minute (`PUT /api/user/{email}`). */
export const TOKEN_REQUESTS_PER_MINUTE = 20;

export interface SessionTokensOptions {
  /** How long a token lives (ACCESS_TOKEN_TTL_MINUTES). */
  ttlMinutes: number;
  /** How long a token's caller may be remembered in memory (decision 010); 0: not at all. */
  cacheMs?: number;
  /** How many callers may be remembered at most; TOKEN_CACHE_ENTRIES unless a test says. */
  cacheEntries?: number;
  /** The clock of the remembered callers' times; the process's, unless a test gives its own. */
  now?: () => number;
  /**
   * The statement reading the account of a live token's owner, as it is now, with the
   * token's expiry; no row once removed. The users module keeps the accounts: app.ts passes
   * its query in, so auth/ imports nothing from modules/. It gets the owner as a subquery, so
   * a request's caller costs one statement, compiled once (db/compile-once.ts).
   */
  callerQuery: (owner: TokenOwner) => Compilable<TokenCaller>;
  /** False while changes made by other processes could be missed: nothing is remembered. */
  cacheOn?: () => boolean;
}

/** A live token's owner and expiry: at most one row. */
export type TokenOwner = AliasableExpression<{ user_id: string; expires_at: Date }>;

export type TokenCaller = CurrentUser & { tokenExpiresAt: Date };

/**
 * The API's bearer tokens: random, stored only as their hash, tied to the Better Auth session
 * that asked for them, and their callers remembered for a moment.
 */
export function createSessionTokens(db: Kysely<Database>, options: SessionTokensOptions) {
  const cacheMs = options.cacheMs ?? 0;
  const remembering = cacheMs > 0;
  const cacheEntries = options.cacheEntries ?? TOKEN_CACHE_ENTRIES;
  const cacheOn = options.cacheOn ?? (() => true);
  const clock = options.now ?? Date.now;
  /**
   * Callers of recently seen tokens, by token hash. Every change here that could change an
   * answer (sign-out, removal, promotion, a new name) forgets them at once; a change made by
   * another process too when it is announced (lib/cache-sync.ts), and otherwise within
   * `cacheMs`. No entry outlives its token.
   */
  const callers = new Map<string, { user: CurrentUser; until: number }>();
  let changes = 0; // a lookup that began before a change is not remembered
  const forgetTokens = (hashes: string[]) => {
    changes++;
    for (const hash of hashes) callers.delete(hash);
  };
  const requestCounters = createRequestCounters(db);
  const callerOfToken = compileOnce(db, (hash: string) =>
    options.callerQuery(
      db
        .selectFrom('access_tokens')
        .select(['user_id', 'expires_at'])
        .where('token_hash', '=', hash)
        .where('expires_at', '>', sql<Date>`now()`),
    ),
  );

  return {
    /** Counts a token request of a session: 429 beyond TOKEN_REQUESTS_PER_MINUTE, across servers. */
    async limitRequests(sessionId: string): Promise<void> {
      const hits = await requestCounters.hit(`token:${sessionId}`, 60);
      if (hits > TOKEN_REQUESTS_PER_MINUTE) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many token requests for this sign-in. Please try again in a minute.',
        );
      }
    },

    /**
     * A new random bearer token for the session (only its hash is stored). A session keeps
     * its newest TOKENS_PER_SESSION tokens; older ones end at once.
     */
    async issue(userId: string, sessionId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const replaced = await db.transaction().execute(async (trx) => {
        // One issue at a time per session, so two at once cannot both keep the oldest.
        await sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.tokenIssue}, hashtext(${sessionId}))`.execute(
          trx,
        );
        await trx
          .deleteFrom('access_tokens')
          .where('user_id', '=', userId)
          .where('expires_at', '<=', sql<Date>`now()`)
          .execute();
        await trx
          .insertInto('access_tokens')
          .values({
            token_hash: hashToken(token),
            user_id: userId,
            session_id: sessionId,
            expires_at: new Date(Date.now() + options.ttlMinutes * 60_000),
            // The clock after the lock, not the transaction's start: the newest is issued last.
            created_at: sql<Date>`clock_timestamp()`,
          })
          .execute();
        return trx
          .deleteFrom('access_tokens')
          .where('session_id', '=', sessionId)
          .where('token_hash', 'not in', (qb) =>
            qb
              .selectFrom('access_tokens')
              .select('token_hash')
              .where('session_id', '=', sessionId)
              .orderBy('created_at', 'desc')
              .limit(TOKENS_PER_SESSION),
          )
          .returning('token_hash')
          .execute();
      });
      forgetTokens(replaced.map((row) => row.token_hash));
      return token;
    },

    async revoke(token: string): Promise<void> {
      const hash = hashToken(token);
      await db.deleteFrom('access_tokens').where('token_hash', '=', hash).execute();
      forgetTokens([hash]);
    },

    /** The user a live token belongs to; expired, revoked and removed users' tokens give none. */
    async authenticate(token: string): Promise<CurrentUser | undefined> {
      const hash = hashToken(token);
      const now = clock();
      const known = remembering && cacheOn() ? callers.get(hash) : undefined;
      if (known && known.until > now) return known.user;
      if (known) callers.delete(hash);
      const changesBefore = changes;
      const [caller] = await callerOfToken(hash);
      if (!caller) return undefined;
      const { tokenExpiresAt, ...user } = caller;
      if (remembering && changes === changesBefore && cacheOn()) {
        if (callers.size >= cacheEntries) callers.delete(callers.keys().next().value!);
        callers.set(hash, { user, until: Math.min(now + cacheMs, tokenExpiresAt.getTime()) });
      }
      return user;
    },

    /** Forgets the remembered caller of one token (it ended, maybe through another process). */
    forgetToken(tokenHash: string): void {
      forgetTokens([tokenHash]);
    },

    /** Forgets the remembered callers of one account (a new name, email or role). */
    forgetUser(userId: string): void {
      changes++;
      for (const [hash, known] of callers) if (known.user.id === userId) callers.delete(hash);
    },

    /** Forgets every remembered caller (an account removed: its tokens are gone). */
    forgetAll(): void {
      changes++;
      callers.clear();
    },
  };
}

export type SessionTokens = ReturnType<typeof createSessionTokens>;
