import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase, type TestDatabase } from '../test/databases';
import { isForeignKeyViolation, isUniqueViolation, uniqueViolation } from './pg-errors';

/** The refusals as each database's driver reports them, not as a test would imagine them. */
describeEachDatabase('PostgreSQL refusals', (kind) => {
  let database: TestDatabase;
  const refusal = async (statement: ReturnType<typeof sql>) => {
    try {
      await statement.execute(database.db);
    } catch (error) {
      return error;
    }
    throw new Error('the statement was accepted');
  };
  beforeAll(async () => {
    // A database of its own, with two tables and no shop schema.
    database = await createTestDatabase(kind, async ({ db }) => {
      await sql`create table parent (id int primary key)`.execute(db);
      await sql`create table child (parent int references parent (id),
        name text constraint child_name_key unique)`.execute(db);
      await sql`insert into parent values (1)`.execute(db);
      await sql`insert into child values (1, 'a')`.execute(db);
    });
  });
  afterAll(() => database.close());

  it('names the unique index that refused a row', async () => {
    const error = await refusal(sql`insert into child values (1, 'a')`);
    expect(uniqueViolation(error)).toBe('child_name_key');
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'child_name_key')).toBe(true);
    expect(isUniqueViolation(error, 'another_key')).toBe(false);
    expect(isForeignKeyViolation(error)).toBe(false);
  });

  it('tells a foreign key refusal from a unique one', async () => {
    const error = await refusal(sql`insert into child values (2, 'b')`);
    expect(isForeignKeyViolation(error)).toBe(true);
    expect(uniqueViolation(error)).toBeUndefined();
    expect(isUniqueViolation(new Error('not a database error'))).toBe(false);
    expect(isForeignKeyViolation(null)).toBe(false);
  });
});
