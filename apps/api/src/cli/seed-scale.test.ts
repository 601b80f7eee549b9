import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { seedDemoData } from '../db/seed';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/databases';
import { runEntry } from '../test/processes';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-seed-scale-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe.each(testDatabaseKinds)('npm run seed:scale [%s]', (kind) => {
  it('adds as many valid orders, users, tools, parts, models and fitment rows as asked', async () => {
    const postgres = kind === 'postgres' ? await createEmptyPostgresDatabase() : undefined;
    const target: Record<string, string> = postgres
      ? { DATABASE_URL: postgres.url }
      : { DATA_DIR: dataDir };
    try {
      const seeded = await runEntry(
        'src/cli/seed-scale.ts',
        // prettier-ignore
        ['--orders', '1200', '--users', '70', '--tools', '13', '--parts', '40', '--models', '120', '--fitment', '200'],
        target,
      ).exited;
      expect(seeded.code, seeded.stderr).toBe(0);
      expect(seeded.stdout).toMatch(
        /Added 1200 orders, 70 users, 13 tools, 40 parts, 120 models and 200 fitment rows in [\d.]+ s\./,
      );

      const database = await openDatabase(postgres ? { databaseUrl: postgres.url } : { dataDir });
      try {
        const { db } = database;
        const counted = await sql<{ orders: number; lines: number; users: number; tools: number }>`
          select (select count(*)::int from orders) as orders,
            (select count(*)::int from order_lines) as lines,
            (select count(*)::int from users) as users,
            (select count(*)::int from tools) as tools`.execute(db);
        expect(counted.rows[0]).toEqual({ orders: 1200, lines: 1200, users: 70, tools: 53 });
        // Parts have numbers, a search document, and 5 models each; models two aliases each.
        const catalogue = await sql<Record<string, number>>`
          select (select count(*)::int from part_numbers) as numbers,
            (select count(*)::int from part_search) as documents,
            (select count(*)::int from laptop_models) as models,
            (select count(*)::int from model_aliases) as aliases,
            (select count(*)::int from fitment) as fitment,
            (select count(distinct tool_id)::int from fitment) as fitting,
            (select count(*)::int from laptop_series) as series`.execute(db);
        expect(catalogue.rows[0]).toEqual({
          numbers: 80,
          documents: 53,
          models: 120,
          aliases: 240,
          fitment: 200,
          fitting: 40,
          series: 3,
        });
        // A part fits models of the laptop brand it is for, when that brand has a series (here
        // three of eight do), and each part type's parts have one name.
        const fits = await sql<{ own: number; other: number; misnamed: number }>`
          select count(*) filter (where t.description like '% for ' || b.name || ' laptops.')::int
              as own,
            count(*) filter (where t.description not like '% for ' || b.name || ' laptops.'
              and exists (select 1 from laptop_series s2 join laptop_brands b2
                on b2.id = s2.brand_id where t.description like '% for ' || b2.name || ' laptops.'))::int
              as other,
            (select count(distinct (c.slug, split_part(t2.name, ' ', 1)))::int
              - count(distinct c.slug)::int
              from tools t2 join categories c on c.id = t2.category_id
              where t2.description like 'Scale part %')
              as misnamed
          from fitment f join tools t on t.id = f.tool_id
          join laptop_models m on m.id = f.model_id join laptop_series s on s.id = m.series_id
          join laptop_brands b on b.id = s.brand_id`.execute(db);
        expect(fits.rows[0]!.other).toBe(0);
        expect(fits.rows[0]!.own).toBeGreaterThan(50);
        expect(fits.rows[0]!.misnamed).toBe(0);
        // Every order is whole and consistent with its status.
        const broken = await sql<{ id: string }>`
          select o.id from orders o left join order_lines l on l.order_id = o.id
          where l.order_id is null or o.price_cents <> o.quantity * o.unit_price_cents
            or l.price_cents <> o.price_cents or o.line_count <> 1
            or ((o.status in ('paid', 'shipped')) <> (o.transaction_id is not null))
            or ((o.status = 'unpaid') <> (o.pay_by is not null))`.execute(db);
        expect(broken.rows).toEqual([]);
        const statuses = await sql<{ status: string; count: number }>`
          select status, count(*)::int as count from orders group by status order by status`.execute(
          db,
        );
        expect(statuses.rows).toEqual([
          { status: 'cancelled', count: 48 },
          { status: 'paid', count: 760 },
          { status: 'shipped', count: 380 },
          { status: 'unpaid', count: 12 },
        ]);
        // The trigger kept each customer's count of unpaid orders.
        const counts = await sql<{ id: string }>`
          select u.id from users u where u.unpaid_orders <> (select count(*) from orders o
            where o.user_id = u.id and o.status = 'unpaid')`.execute(db);
        expect(counts.rows).toEqual([]);
        // The shop's first start then seeds its demo catalogue there, under the brands the
        // scale made (its "Asus" is the demo's "ASUS": one link name, one brand).
        expect(await seedDemoData(db)).toBe(true);
        const brands = await sql<{ n: number; models: number }>`
          select (select count(*)::int from laptop_brands) as n,
            (select count(*)::int from laptop_models) as models`.execute(db);
        expect(brands.rows[0]).toEqual({ n: 8, models: 154 });
      } finally {
        await database.close();
      }
      for (const args of [
        ['--orders', '5'],
        ['--fitment', '5', '--parts', '3'],
      ]) {
        const refused = await runEntry('src/cli/seed-scale.ts', args, target).exited;
        expect(refused.code, args.join(' ')).toBe(2);
        expect(refused.stderr).toContain('Usage: npm run seed:scale');
      }
    } finally {
      await postgres?.drop();
    }
  }, 120_000);
});
