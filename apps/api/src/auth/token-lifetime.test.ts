import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { bearer, newPerson, requestToken, signUp } from '../test/identity';
import { type TestApp, createTestApp } from '../test/test-app';

const TTL_MINUTES = 60;
/** Room for a slow machine between issuing a token and using it. */
const MARGIN_MS = 10_000;

/**
 * A token lives ACCESS_TOKEN_TTL_MINUTES from its issue. Its end is stamped from the app's clock
 * and checked against the database's, so a token issued with the app's clock set back by nearly
 * (or just over) the lifetime is one whose life ends just after (or just before) now. Each test
 * has its own users and sets the clock back itself: no test depends on another's order.
 */
describeEachDatabase('token lifetime', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    // No remembered callers: each use asks the database. (A remembered caller is kept no later
    // than its token's end anyway: see session-tokens.ts, authenticate.)
    app = await createTestApp(kind, {
      seed: false,
      env: { ACCESS_TOKEN_TTL_MINUTES: TTL_MINUTES, TOKEN_CACHE_MS: 0 },
    });
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A token issued `ageMs` ago by the app's clock; the user's own profile is the probe. */
  async function tokenIssuedAgo(ageMs: number) {
    const person = newPerson();
    const cookie = await signUp(app, person);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now - ageMs);
    const response = await requestToken(app, person.email, cookie);
    vi.useRealTimers();
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };
    return () =>
      app.request(`/api/userInfo/${encodeURIComponent(person.email)}`, {
        headers: bearer(token),
      });
  }

  it(`works just before ${TTL_MINUTES} minutes`, async () => {
    const use = await tokenIssuedAgo(TTL_MINUTES * 60_000 - MARGIN_MS);
    expect((await use()).status).toBe(200);
  });

  it(`answers 401 just after ${TTL_MINUTES} minutes`, async () => {
    const use = await tokenIssuedAgo(TTL_MINUTES * 60_000 + MARGIN_MS);
    expect((await use()).status).toBe(401);
  });
});
