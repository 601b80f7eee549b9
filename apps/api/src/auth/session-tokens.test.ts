import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { type Person, newPerson, postAuth, requestToken, send, signUp } from '../test/identity';
import { type TestApp, createTestApp } from '../test/test-app';
import { TOKEN_REQUESTS_PER_MINUTE, TOKENS_PER_SESSION } from './session-tokens';

/** `PUT /api/user/{email}`: a few live tokens per sign-in session, a bounded pace. */
describeEachDatabase('tokens per session', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // Tokens are remembered for a minute: a replaced one must end anyway.
    app = await createTestApp(kind, { seed: false, env: { TOKEN_CACHE_MS: 60_000 } });
  });
  afterAll(() => app.close());

  const tokenFor = async (email: string, cookie: string) => {
    const response = await requestToken(app, email, cookie);
    return {
      status: response.status,
      token: ((await response.json()) as { token?: string }).token,
    };
  };
  const works = async (email: string, token: string) =>
    (await send(app, 'GET', `/api/admin/${email}`, token)).status;
  const liveTokens = async (email: string) => {
    const { count } = await app.database.db
      .selectFrom('access_tokens')
      .innerJoin('users', 'users.id', 'access_tokens.user_id')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('users.email', '=', email)
      .where('access_tokens.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirstOrThrow();
    return count;
  };
  /** A second sign-in of the same person: another Better Auth session. */
  const signInAgain = async (person: Person) => {
    const response = await postAuth(app, '/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
  };

  it(`keeps the newest ${TOKENS_PER_SESSION} tokens of a session; the ones it replaced end at once`, async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const tokens: string[] = [];
    for (let i = 0; i < TOKENS_PER_SESSION + 2; i++) {
      const { status, token } = await tokenFor(person.email, cookie);
      expect(status).toBe(200);
      expect(await works(person.email, token!)).toBe(200); // remembered from now on
      tokens.push(token!);
    }
    const statuses = await Promise.all(tokens.map((token) => works(person.email, token)));
    expect(statuses).toEqual([401, 401, 200, 200, 200]);
    expect(await liveTokens(person.email)).toBe(TOKENS_PER_SESSION);
  });

  it(`leaves at most ${TOKENS_PER_SESSION} live tokens after 200 requests from one session, and limits their pace`, async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const otherSession = await signInAgain(person);
    const otherToken = (await tokenFor(person.email, otherSession)).token!;

    // All at once: the pace and the cap hold under concurrency too.
    const answers = await Promise.all(
      Array.from({ length: 200 }, () => tokenFor(person.email, cookie)),
    );
    const granted = answers.filter((answer) => answer.status === 200);
    expect(granted).toHaveLength(TOKEN_REQUESTS_PER_MINUTE);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(
      200 - TOKEN_REQUESTS_PER_MINUTE,
    );
    // This session's newest few, plus the other session's one.
    expect(await liveTokens(person.email)).toBe(TOKENS_PER_SESSION + 1);
    const working = await Promise.all(granted.map(({ token }) => works(person.email, token!)));
    expect(working.filter((status) => status === 200)).toHaveLength(TOKENS_PER_SESSION);
    expect(working.filter((status) => status === 401)).toHaveLength(
      TOKEN_REQUESTS_PER_MINUTE - TOKENS_PER_SESSION,
    );
    // The other session is untouched and keeps its own pace.
    expect(await works(person.email, otherToken)).toBe(200);
    expect((await tokenFor(person.email, otherSession)).status).toBe(200);

    const refused = await requestToken(app, person.email, cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    // A minute later (the clock moved), the session may ask again; the newest token works.
    await app.database.db
      .updateTable('request_counters')
      .set({ window_started_at: sql<Date>`now() - interval '61 seconds'` })
      .execute();
    const later = await tokenFor(person.email, cookie);
    expect(later.status).toBe(200);
    expect(await works(person.email, later.token!)).toBe(200);
    expect(await liveTokens(person.email)).toBe(TOKENS_PER_SESSION + 2);
  });

  it(`grants exactly ${TOKEN_REQUESTS_PER_MINUTE} requests a minute, one by one`, async () => {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_REQUESTS_PER_MINUTE + 1; i++) {
      statuses.push((await tokenFor(person.email, cookie)).status);
    }
    expect(statuses.slice(0, TOKEN_REQUESTS_PER_MINUTE).every((status) => status === 200)).toBe(
      true,
    );
    expect(statuses[TOKEN_REQUESTS_PER_MINUTE]).toBe(429);
  });
});
