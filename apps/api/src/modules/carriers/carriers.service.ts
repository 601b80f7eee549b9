import {
  type Carrier,
  type CarrierInput,
  type OrderShipment,
  TRACKING_PLACEHOLDER,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isUniqueViolation } from '../../db/pg-errors';

const nameTaken = (name: string) => {
  const message = `A carrier named ${name} exists already`;
  return new AppError('CONFLICT', message, { name: [message] });
};

const toCarrier = (row: { id: string; name: string; tracking_url_template: string }): Carrier => ({
  id: row.id,
  name: row.name,
  trackingUrlTemplate: row.tracking_url_template,
});

/** The carrier's tracking page for this number: the number URL-encoded where `{tracking}` is. */
export const trackingUrlOf = (template: string, trackingNumber: string) =>
  template.replaceAll(TRACKING_PLACEHOLDER, encodeURIComponent(trackingNumber));

/**
 * Carriers (issue 49) own `carriers`: the list admins keep, and how an order's shipment is
 * told (its carrier's name, the tracking number and its link) when it is shipped.
 */
export function createCarriersService(db: Kysely<Database>) {
  const columns = ['id', 'name', 'tracking_url_template'] as const;

  async function write<T>(name: string, change: () => Promise<T>): Promise<T> {
    try {
      return await change();
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(name);
      throw error;
    }
  }

  return {
    async list(): Promise<Carrier[]> {
      const rows = await db.selectFrom('carriers').select(columns).orderBy('name').execute();
      return rows.map(toCarrier);
    },

    async create(input: CarrierInput): Promise<Carrier> {
      const row = await write(input.name, () =>
        db
          .insertInto('carriers')
          .values({ name: input.name, tracking_url_template: input.trackingUrlTemplate })
          .returning(columns)
          .executeTakeFirstOrThrow(),
      );
      return toCarrier(row);
    },

    async update(id: string, input: CarrierInput): Promise<Carrier> {
      const row = await write(input.name, () =>
        db
          .updateTable('carriers')
          .set({ name: input.name, tracking_url_template: input.trackingUrlTemplate })
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst(),
      );
      if (!row) throw notFound('Carrier');
      return toCarrier(row);
    },

    /** Orders shipped by it keep its name and their links (migration 0034). */
    async remove(id: string): Promise<void> {
      const removed = await db
        .deleteFrom('carriers')
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
      if (!removed) throw notFound('Carrier');
    },

    /**
     * How an order leaves by this carrier with this tracking number: the link built here, the
     * number URL-encoded. An unknown carrier is refused under its field.
     */
    async shipmentOf(carrierId: string, trackingNumber?: string): Promise<OrderShipment> {
      const row = await db
        .selectFrom('carriers')
        .select(columns)
        .where('id', '=', carrierId)
        .executeTakeFirst();
      if (!row) {
        const message = 'No such carrier: choose one of the list';
        throw new AppError('VALIDATION_FAILED', message, { carrierId: [message] });
      }
      return {
        carrier: row.name,
        trackingNumber: trackingNumber ?? null,
        trackingUrl:
          trackingNumber === undefined
            ? null
            : trackingUrlOf(row.tracking_url_template, trackingNumber),
      };
    },
  };
}

export type CarriersService = ReturnType<typeof createCarriersService>;
