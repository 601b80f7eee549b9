import { z } from 'zod';
import { messages } from '../messages';
import { IdSchema } from './id';
import { checkDestination } from './address';
import { deliveryFields } from './order';
import { QuantitySchema } from './quantity';

/**
 * `POST /api/cart/lines`: a tool and how many units to add to its line (the line is made when
 * the cart has none). The price, the buyer and the stock are the server's: any other field is
 * refused.
 */
export const CartLineAddSchema = z.object({ toolId: IdSchema, quantity: QuantitySchema }).strict();
export type CartLineAdd = z.infer<typeof CartLineAddSchema>;

/** `PATCH /api/cart/lines/{toolId}`: the line's new quantity. */
export const CartLineUpdateSchema = z.object({ quantity: QuantitySchema }).strict();
export type CartLineUpdate = z.infer<typeof CartLineUpdateSchema>;

/** The `{toolId}` of a cart line's path; a value that is no id names no line (404). */
export const cartLineParams = z.object({ toolId: z.uuid({ error: 'Cart line not found' }) });

/**
 * One line of a cart, priced by the server as it is now. `addedUnitPrice` is the unit price
 * when the line was last added to or changed: a line whose price moved since then says so.
 * `onSale` is false once the tool is retired: such a line cannot be checked out.
 */
export const CartLineSchema = z
  .object({
    toolId: z.string(),
    name: z.string(),
    /** The part's full title (issue 49); its name when it has none. */
    title: z.string(),
    img: z.string(),
    quantity: z.number().int(),
    /** Dollars per unit now. */
    unitPrice: z.number(),
    addedUnitPrice: z.number(),
    /** quantity x unit price now, in dollars */
    price: z.number(),
    minOrderQuantity: z.number().int(),
    availableQuantity: z.number().int(),
    onSale: z.boolean(),
  })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof CartLineSchema>;

/** A signed-in customer's cart, kept on the server: the same on every device. */
export const CartSchema = z
  .object({
    lines: z.array(CartLineSchema),
    /** Units over all lines. */
    itemCount: z.number().int(),
    /** The lines' total in dollars, at today's prices. */
    subtotal: z.number(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof CartSchema>;

/**
 * `POST /api/checkout`: where, how and when to deliver. The lines are the cart's, priced by the
 * server; anything else is refused.
 */
export const CheckoutSchema = z.object(deliveryFields).strict().superRefine(checkDestination);
export type Checkout = z.infer<typeof CheckoutSchema>;

/** Whether a cart line can be checked out as it stands, and if not, why (the words shown). */
export function cartLineProblem(line: CartLine): string | null {
  if (!line.onSale || line.availableQuantity === 0) return `${line.name} is no longer available`;
  if (line.quantity < line.minOrderQuantity || line.quantity > line.availableQuantity) {
    return `${line.name}: ${messages.quantityNotice(line.minOrderQuantity, line.availableQuantity)}`;
  }
  return null;
}
