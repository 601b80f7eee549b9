import { z } from 'zod';
import { IdSchema } from './id';

export const PHONE_MAX = 30;
export const ADDRESS_MAX = 500;
export const QUANTITY_MAX = 100_000;

/** SPEC.md section 5: required and must contain a digit (purchase form and profile). */
export const PhoneSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(PHONE_MAX, `Phone number must have at most ${PHONE_MAX} characters`)
  .regex(/\d/, 'Phone number must contain a digit');

export const AddressSchema = z
  .string({ error: 'Address is required' })
  .trim()
  .min(1, 'Address is required')
  .max(ADDRESS_MAX, `Address must have at most ${ADDRESS_MAX} characters`);

/** A calendar day, YYYY-MM-DD, as the Our Moto calendar gives it. */
export const CalendarDaySchema = z.iso.date({ error: 'Pick a valid date' });

export const QuantitySchema = z
  .number({ error: 'Quantity must be a number' })
  .int('Quantity must be a whole number')
  .min(1, 'Quantity must be at least 1')
  .max(QUANTITY_MAX, `Quantity must be at most ${QUANTITY_MAX}`);

/**
 * `POST /api/purchase`: what the buyer chooses. The server sets the price, name, email and
 * stock (DESIGN.md): any other field is refused.
 */
export const PurchaseSchema = z
  .object({
    toolId: IdSchema,
    quantity: QuantitySchema,
    phone: PhoneSchema,
    address: AddressSchema,
    neededBy: CalendarDaySchema.optional(),
  })
  .strict();
export type Purchase = z.infer<typeof PurchaseSchema>;

export const orderStatuses = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** An order as the API returns it: SPEC.md section 3 plus address, neededBy, status, createdAt. */
export interface Order {
  _id: string;
  toolId: string;
  tool: string;
  img: string;
  /** quantity x unit price, in dollars */
  price: number;
  unitPrice: number;
  /** The tool's stock left right after this order. */
  availableQuantity: number;
  quantity: number;
  userName: string;
  userEmail: string;
  phone: string;
  address: string;
  neededBy: string | null;
  paid: boolean;
  transactionId: string | null;
  status: OrderStatus;
  createdAt: string;
  /** While unpaid: when the reservation ends and the order is cancelled (ISO time); else null. */
  payBy: string | null;
}

export const OrderListQuerySchema = z.object({ userEmail: z.string().min(1).max(254) }).strict();
