import { z } from 'zod';
import { noControlCharacters } from './text';

/**
 * Carriers (issue 49): the list admins keep of who takes the parcels, each with the address of
 * its tracking page. `{tracking}` in the template stands for the parcel's tracking number, which
 * the server puts there URL-encoded.
 */
export const TRACKING_PLACEHOLDER = '{tracking}';
export const CARRIER_NAME_MAX = 40;
export const TRACKING_TEMPLATE_MAX = 500;
/** A tracking number: letters and digits, with spaces or dashes between them. */
export const TRACKING_NUMBER_MIN = 4;
export const TRACKING_NUMBER_MAX = 40;

export const CarrierNameSchema = z
  .string({ error: 'Carrier name is required' })
  .check(noControlCharacters('Carrier name'))
  .trim()
  .min(1, 'Carrier name is required')
  .max(CARRIER_NAME_MAX, `Carrier name must have at most ${CARRIER_NAME_MAX} characters`);

const isHttpsAddress = (value: string) => {
  try {
    return new URL(value.replaceAll(TRACKING_PLACEHOLDER, 'X')).protocol === 'https:';
  } catch {
    return false;
  }
};

export const TrackingUrlTemplateSchema = z
  .string({ error: 'Tracking link is required' })
  .check(noControlCharacters('Tracking link'))
  .trim()
  .min(1, 'Tracking link is required')
  .max(TRACKING_TEMPLATE_MAX, `Tracking link must have at most ${TRACKING_TEMPLATE_MAX} characters`)
  .refine(isHttpsAddress, 'Tracking link must be an https:// address')
  .refine(
    (value) => value.includes(TRACKING_PLACEHOLDER),
    `Tracking link must contain ${TRACKING_PLACEHOLDER} where the tracking number goes`,
  );

/** `POST /api/carriers`, `PUT /api/carriers/{id}` (admins). */
export const CarrierInputSchema = z
  .object({ name: CarrierNameSchema, trackingUrlTemplate: TrackingUrlTemplateSchema })
  .strict();
export type CarrierInput = z.infer<typeof CarrierInputSchema>;

export const CarrierSchema = z
  .object({ id: z.string(), name: z.string(), trackingUrlTemplate: z.string() })
  .meta({ id: 'Carrier' });
export type Carrier = z.infer<typeof CarrierSchema>;

export const TrackingNumberSchema = z
  .string({ error: 'Tracking number must be text' })
  .check(noControlCharacters('Tracking number'))
  .trim()
  .min(TRACKING_NUMBER_MIN, `Tracking number must have at least ${TRACKING_NUMBER_MIN} characters`)
  .max(TRACKING_NUMBER_MAX, `Tracking number must have at most ${TRACKING_NUMBER_MAX} characters`)
  .regex(
    /^[A-Za-z0-9]+(?:[ -][A-Za-z0-9]+)*$/,
    'Tracking number may have letters, digits, and single spaces or dashes between them',
  );

/**
 * `POST /api/purchase/{id}/ship` (admins): the carrier and, optionally, the tracking number.
 * The body may be left out, as clients before issue 49 send none: the order is then shipped
 * without a carrier. A tracking number needs its carrier (its link is the carrier's).
 */
export const ShipOrderSchema = z
  .object({
    carrierId: z.uuid({ error: 'Choose a carrier' }).optional(),
    // An empty field is no tracking number.
    trackingNumber: z
      .string()
      .trim()
      .transform((value) => (value === '' ? undefined : value))
      .pipe(TrackingNumberSchema.optional())
      .optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.trackingNumber !== undefined && body.carrierId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['carrierId'], message: 'Choose a carrier' });
    }
  });
export type ShipOrder = z.infer<typeof ShipOrderSchema>;

/** The ship dialog's form: there the carrier is required (docs/product.md, Shipping an order). */
export const ShipFormSchema = z
  .object({
    carrierId: z.uuid({ error: 'Choose a carrier' }),
    trackingNumber: z.union([z.literal(''), TrackingNumberSchema]),
  })
  .strict();
export type ShipForm = z.infer<typeof ShipFormSchema>;

/** How an order left: its carrier, and its tracking number and link when one was given. */
export const OrderShipmentSchema = z
  .object({
    carrier: z.string(),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
  })
  .meta({ id: 'OrderShipment' });
export type OrderShipment = z.infer<typeof OrderShipmentSchema>;
