/**
 * The memory of token callers (decision 010), seen through the service itself: what it keeps,
 * for how long, how many, and what it must not keep. An account renamed in the database
 * behind the service's back shows whether an answer came from memory (the old name) or from
 * the database (the new one).
 */
import { hash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import type { Database } from '../db/schema';
import { createUsersService } from '../modules/users/users.service';
import { signUpWithToken } from '../test/identity';
import { type TestApp, createTestApp } from '../test/test-app';
import { type SessionTokensOptions, createSessionTokens } from './session-tokens';

describeEachDatabase('remembered token callers', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  const tokensWith = (
    options: Omit<SessionTokensOptions, 'ttlMinutes' | 'callerQuery'>,
    db: Kysely<Database> = app.database.db,
  ) => {
    const tokens = createSessionTokens(db, {
      ttlMinutes: 60,
      callerQuery: (owner) => users.callerQuery(owner),
      ...options,
    });
    const users = createUsersService(app.database.db, { tokens });
    return tokens;
  };
  const rename = (email: string, name: string) =>
    app.database.db.updateTable('users').set({ name }).where('email', '=', email).execute();
  const nameOf = async (tokens: ReturnType<typeof tokensWith>, token: string) =>
    (await tokens.authenticate(token))?.name;
  const customer = async (name: string) => {
    const account = await signUpWithToken(app);
    await rename(account.email, name);
    const { id } = await app.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', account.email)
      .executeTakeFirstOrThrow();
    return { ...account, id };
  };

  it('remembers a caller, and forgets one token when told (a sign-out elsewhere)', async () => {
    const tokens = tokensWith({ cacheMs: 60_000 });
    const { email, token } = await customer('Ann');
    expect(await nameOf(tokens, token)).toBe('Ann');
    await rename(email, 'Ann Renamed');
    expect(await nameOf(tokens, token)).toBe('Ann');
    tokens.forgetToken(hash('sha256', token, 'base64url'));
    expect(await nameOf(tokens, token)).toBe('Ann Renamed');
  });

  it('neither keeps nor reads callers while changes could be missed', async () => {
    let on = false;
    const tokens = tokensWith({ cacheMs: 60_000, cacheOn: () => on });
    const { email, token } = await customer('Bea');
    expect(await nameOf(tokens, token)).toBe('Bea');
    await rename(email, 'Bea Two');
    on = true;
    expect(await nameOf(tokens, token)).toBe('Bea Two');
    on = false;
    await rename(email, 'Bea Three');
    expect(await nameOf(tokens, token)).toBe('Bea Three');
  });

  it('does not keep a caller read before a change that came while it was read', async () => {
    let reached: () => void = () => {};
    let hold: Promise<void> | undefined;
    // The statement's answer is held after its connection is free (PGlite has only one).
    const { db } = app.database;
    const slow = new Proxy(db, {
      get(target, property) {
        if (property === 'executeQuery') {
          return async (query: Parameters<typeof db.executeQuery>[0]) => {
            const result = await target.executeQuery(query);
            if (hold) {
              reached();
              await hold;
            }
            return result;
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const tokens = tokensWith({ cacheMs: 60_000 }, slow);
    const { email, token, id } = await customer('Cid');
    let release: () => void = () => {};
    hold = new Promise((resolve) => (release = resolve));
    const read = new Promise<void>((resolve) => (reached = resolve));
    const pending = tokens.authenticate(token);
    await read;
    // The account changes after the read and before its answer: the answer is already old.
    await rename(email, 'Cid Renamed');
    tokens.forgetUser(id);
    hold = undefined;
    release();
    expect((await pending)?.name).toBe('Cid');
    expect(await nameOf(tokens, token)).toBe('Cid Renamed');
  });

  it('keeps a caller until its time or its token ends, and no more callers than allowed', async () => {
    const older = await customer('Yan');
    const newer = await customer('Xia');
    const third = await customer('Zed');
    const start = Date.now();
    let now = start;
    const tokens = tokensWith({ cacheMs: 120_000, cacheEntries: 2, now: () => now });
    expect(await nameOf(tokens, older.token)).toBe('Yan');
    // The newer caller's token ends first: it is remembered until then, not for 120 s.
    await app.database.db
      .updateTable('access_tokens')
      .set({ expires_at: new Date(start + 60_000) })
      .where('user_id', '=', newer.id)
      .execute();
    expect(await nameOf(tokens, newer.token)).toBe('Xia');
    await rename(newer.email, 'Xia Renamed');
    now = start + 59_999;
    expect(await nameOf(tokens, newer.token)).toBe('Xia');
    now = start + 60_000;
    expect(await nameOf(tokens, newer.token)).toBe('Xia Renamed');
    // Read again, it took its own place back: the older caller is still remembered.
    await rename(older.email, 'Yan Renamed');
    expect(await nameOf(tokens, older.token)).toBe('Yan');
    // A third caller at the limit of two pushes out the oldest, the older one.
    expect(await nameOf(tokens, third.token)).toBe('Zed');
    expect(await nameOf(tokens, older.token)).toBe('Yan Renamed');
  });
});
