import {
  centsToDollars,
  countryName,
  dollarsToCents,
  type ShippingClass,
  type ShippingMethod,
  type ShippingMethodInput,
  type ShippingZone,
  type ShippingZoneInput,
} from '@shop/shared';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, WeightBand } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { uniqueViolation } from '../../db/pg-errors';
import { taxAdmin } from './tax-admin';

/** A set of classes as a `text[]` value, the same on PGlite and PostgreSQL. */
const classArray = (classes: readonly ShippingClass[]) =>
  classes.length === 0
    ? sql<ShippingClass[]>`'{}'::text[]`
    : sql<ShippingClass[]>`array[${sql.join(classes)}]::text[]`;

const conflict = (field: string, message: string) =>
  new AppError('CONFLICT', message, { [field]: [message] });

interface MethodRow {
  id: string;
  zone_id: string;
  name: string;
  rate_kind: ShippingMethod['rateKind'];
  rate_cents: number;
  free_over_cents: number | null;
  weight_bands: WeightBand[];
  min_days: number;
  max_days: number;
  refused_classes: ShippingClass[];
  position: number;
}

const toMethod = (row: MethodRow): ShippingMethod => ({
  id: row.id,
  zoneId: row.zone_id,
  name: row.name,
  rateKind: row.rate_kind,
  price: centsToDollars(row.rate_cents),
  freeOver: row.free_over_cents === null ? null : centsToDollars(row.free_over_cents),
  weightBands: row.weight_bands.map((band) => ({
    upToGrams: band.upToGrams,
    price: centsToDollars(band.cents),
  })),
  minDays: row.min_days,
  maxDays: row.max_days,
  refusedClasses: row.refused_classes,
  position: row.position,
});

/** A method's columns from what an admin sent: the rule's figures in cents, nothing else kept. */
const methodColumns = (input: ShippingMethodInput) => ({
  name: input.name,
  rate_kind: input.rateKind,
  rate_cents: input.rateKind === 'weight' ? 0 : dollarsToCents(input.price ?? 0),
  free_over_cents: input.rateKind === 'free_over' ? dollarsToCents(input.freeOver ?? 0) : null,
  weight_bands: JSON.stringify(
    input.rateKind === 'weight'
      ? (input.weightBands ?? []).map((band) => ({
          upToGrams: band.upToGrams,
          cents: dollarsToCents(band.price),
        }))
      : [],
  ),
  min_days: input.minDays,
  max_days: input.maxDays,
  refused_classes: classArray(input.refusedClasses),
});

const methodFields = [
  'id',
  'zone_id',
  'name',
  'rate_kind',
  'rate_cents',
  'free_over_cents',
  'weight_bands',
  'min_days',
  'max_days',
  'refused_classes',
  'position',
] as const;

export interface ShippingAdminOptions {
  /** Told after every committed change: the catalogue's caches forget (tools service). */
  onChange?: () => void;
}

/**
 * The back office of shipping and tax (issue 35): zones and their countries, their methods, and
 * the tax rates and settings (`tax-admin.ts`). The rules the database cannot say with a name (a
 * country in another zone, a second rest of the world, a name taken) are checked here and
 * refused naming what is in the way; the database's indexes stay the last word in a race.
 */
export function createShippingAdminService(
  db: Kysely<Database>,
  options: ShippingAdminOptions = {},
) {
  const changed = () => options.onChange?.();

  async function zones(executor: Kysely<Database>, id?: string): Promise<ShippingZone[]> {
    const { rows } = await sql<{
      id: string;
      name: string;
      rest_of_world: boolean;
      refused_classes: ShippingClass[];
      countries: string[];
      methods: MethodRow[];
    }>`
      select z.id, z.name, z.rest_of_world, to_json(z.refused_classes) as refused_classes,
        coalesce((select json_agg(c.country order by c.country) from shipping_zone_countries c
          where c.zone_id = z.id), '[]'::json) as countries,
        coalesce((select json_agg(json_build_object('id', m.id, 'zone_id', m.zone_id,
            'name', m.name, 'rate_kind', m.rate_kind, 'rate_cents', m.rate_cents,
            'free_over_cents', m.free_over_cents, 'weight_bands', m.weight_bands,
            'min_days', m.min_days, 'max_days', m.max_days,
            'refused_classes', m.refused_classes, 'position', m.position)
            order by m.position, lower(m.name))
          from shipping_methods m where m.zone_id = z.id), '[]'::json) as methods
      from shipping_zones z
      where ${id === undefined ? sql`true` : sql`z.id = ${id}`}
      order by z.rest_of_world, lower(z.name)`.execute(executor);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      restOfWorld: row.rest_of_world,
      refusedClasses: row.refused_classes,
      countries: row.countries
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en')),
      methods: row.methods.map(toMethod),
    }));
  }

  const oneZone = async (executor: Kysely<Database>, id: string) => {
    const [zone] = await zones(executor, id);
    if (!zone) throw notFound('Shipping zone');
    return zone;
  };

  /** Refuses what another zone holds already: one of the countries, or the rest of the world. */
  async function checkZone(trx: Transaction<Database>, input: ShippingZoneInput, id?: string) {
    const sameName = await trx
      .selectFrom('shipping_zones')
      .select('name')
      .where(sql<boolean>`lower(name) = lower(${input.name})`)
      .$if(id !== undefined, (q) => q.where('id', '<>', id!))
      .executeTakeFirst();
    if (sameName) throw conflict('name', `A zone named ${sameName.name} already exists`);
    if (input.restOfWorld) {
      const world = await trx
        .selectFrom('shipping_zones')
        .select('name')
        .where('rest_of_world', '=', true)
        .$if(id !== undefined, (q) => q.where('id', '<>', id!))
        .executeTakeFirst();
      if (world) {
        throw conflict(
          'restOfWorld',
          `Only one zone can be the rest of the world, and it is ${world.name}`,
        );
      }
    }
    if (input.countries.length > 0) {
      const taken = await trx
        .selectFrom('shipping_zone_countries as c')
        .innerJoin('shipping_zones as z', 'z.id', 'c.zone_id')
        .select(['c.country', 'z.name'])
        .where('c.country', 'in', input.countries)
        .$if(id !== undefined, (q) => q.where('c.zone_id', '<>', id!))
        .orderBy('c.country')
        .execute();
      if (taken.length > 0) {
        const said = taken.map((row) => `${countryName(row.country)} is already in ${row.name}`);
        throw new AppError('CONFLICT', said.join('. '), { countries: said });
      }
    }
  }

  /** Writes a zone, turning a race lost to another admin into the same refusals. */
  async function writeZone(input: ShippingZoneInput, id?: string): Promise<ShippingZone> {
    try {
      const zone = await db.transaction().execute(async (trx) => {
        if (id !== undefined) {
          const found = await trx
            .selectFrom('shipping_zones')
            .select('id')
            .where('id', '=', id)
            .forUpdate()
            .executeTakeFirst();
          if (!found) throw notFound('Shipping zone');
        }
        await checkZone(trx, input, id);
        const values = {
          name: input.name,
          rest_of_world: input.restOfWorld,
          refused_classes: classArray(input.refusedClasses),
        };
        const zoneId =
          id === undefined
            ? (
                await trx
                  .insertInto('shipping_zones')
                  .values(values)
                  .returning('id')
                  .executeTakeFirstOrThrow()
              ).id
            : id;
        if (id !== undefined) {
          await trx.updateTable('shipping_zones').set(values).where('id', '=', id).execute();
          await trx.deleteFrom('shipping_zone_countries').where('zone_id', '=', id).execute();
        }
        if (input.countries.length > 0) {
          await trx
            .insertInto('shipping_zone_countries')
            .values(input.countries.map((country) => ({ country, zone_id: zoneId })))
            .execute();
        }
        return oneZone(trx, zoneId);
      });
      changed();
      return zone;
    } catch (error) {
      const index = uniqueViolation(error);
      if (index === 'shipping_zones_name_key') {
        throw conflict('name', `A zone named ${input.name} already exists`);
      }
      if (index === 'shipping_zones_one_rest_of_world') {
        throw conflict('restOfWorld', 'Only one zone can be the rest of the world');
      }
      if (index === 'shipping_zone_countries_pkey') {
        throw conflict('countries', 'One of these countries was just put in another zone');
      }
      throw error;
    }
  }

  /** Writes a method, refusing a name its zone has already, whatever its case. */
  async function writeMethod(
    input: ShippingMethodInput,
    target: { zoneId: string } | { methodId: string },
  ): Promise<ShippingMethod> {
    try {
      const method = await db.transaction().execute(async (trx) => {
        let zoneId: string;
        if ('zoneId' in target) {
          const zone = await trx
            .selectFrom('shipping_zones')
            .select('id')
            .where('id', '=', target.zoneId)
            .executeTakeFirst();
          if (!zone) throw notFound('Shipping zone');
          zoneId = zone.id;
        } else {
          const found = await trx
            .selectFrom('shipping_methods')
            .select('zone_id')
            .where('id', '=', target.methodId)
            .forUpdate()
            .executeTakeFirst();
          if (!found) throw notFound('Shipping method');
          zoneId = found.zone_id;
        }
        const sameName = await trx
          .selectFrom('shipping_methods')
          .select('name')
          .where('zone_id', '=', zoneId)
          .where(sql<boolean>`lower(name) = lower(${input.name})`)
          .$if('methodId' in target, (q) =>
            q.where('id', '<>', (target as { methodId: string }).methodId),
          )
          .executeTakeFirst();
        if (sameName) {
          throw conflict('name', `This zone already has a method named ${sameName.name}`);
        }
        const columns = methodColumns(input);
        if ('zoneId' in target) {
          const position =
            input.position ??
            (
              await trx
                .selectFrom('shipping_methods')
                .select(sql<number>`coalesce(max(position), 0) + 1`.as('next'))
                .where('zone_id', '=', zoneId)
                .executeTakeFirstOrThrow()
            ).next;
          return trx
            .insertInto('shipping_methods')
            .values({ ...columns, zone_id: zoneId, position })
            .returning(methodFields)
            .executeTakeFirstOrThrow();
        }
        return trx
          .updateTable('shipping_methods')
          .set({
            ...columns,
            ...(input.position === undefined ? {} : { position: input.position }),
          })
          .where('id', '=', target.methodId)
          .returning(methodFields)
          .executeTakeFirstOrThrow();
      });
      changed();
      return toMethod(method);
    } catch (error) {
      if (uniqueViolation(error) === 'shipping_methods_name_key') {
        throw conflict('name', `This zone already has a method named ${input.name}`);
      }
      throw error;
    }
  }

  return {
    listZones: () => zones(db),

    createZone: (input: ShippingZoneInput) => writeZone(input),

    /** Replaces the zone's name, countries, rest-of-the-world flag and refused classes. */
    updateZone: (id: string, input: ShippingZoneInput) => writeZone(input, id),

    /** Removes a zone and its methods; orders sent by them keep the method's name and figures. */
    async removeZone(id: string) {
      const removed = await db.deleteFrom('shipping_zones').where('id', '=', id).executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw notFound('Shipping zone');
      changed();
    },

    createMethod: (zoneId: string, input: ShippingMethodInput) => writeMethod(input, { zoneId }),

    updateMethod: (methodId: string, input: ShippingMethodInput) =>
      writeMethod(input, { methodId }),

    async removeMethod(id: string) {
      const removed = await db
        .deleteFrom('shipping_methods')
        .where('id', '=', id)
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw notFound('Shipping method');
      changed();
    },

    ...taxAdmin(db, changed),
  };
}

export type ShippingAdminService = ReturnType<typeof createShippingAdminService>;
