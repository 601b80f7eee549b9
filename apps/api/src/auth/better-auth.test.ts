import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { newPerson, postAuth } from '../test/identity';
import { errorOf } from '../test/shop';
import { type TestApp, createTestApp } from '../test/test-app';

describeEachDatabase('a fault inside Better Auth', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('answers 500 INTERNAL in the one error shape, as any fault of ours (not an empty 500)', async () => {
    // A fault that is not the database being away: a table Better Auth needs is gone.
    await sql`drop table "user" cascade`.execute(app.database.db);
    const response = await postAuth(app, '/sign-up/email', newPerson());
    expect(response.status).toBe(500);
    expect(await errorOf(response)).toEqual({
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
});
