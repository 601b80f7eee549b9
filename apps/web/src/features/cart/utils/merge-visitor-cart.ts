import type { Cart } from '@shop/shared';
import { toast } from 'sonner';
import { ApiError } from '../../../lib/api-client';
import { addCartLine } from '../api/add-cart-line';
import { getCart } from '../api/get-cart';
import { updateCartLine } from '../api/update-cart-line';
import { clearStoredLines, readStoredCart } from './guest-cart';

/** A refusal of the shop (a 4xx): the line cannot join as it is. Anything else is worth a retry. */
const isRefusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

/**
 * At sign-in, the lines a visitor put in the browser's cart join the account's cart: a tool the
 * account's cart lacks is added, a tool it holds keeps the larger of the two quantities (the same
 * parts chosen twice, on two devices, are not doubled). A line the shop refuses (sold out,
 * retired, beyond the stock) is named in a toast and dropped; if the shop cannot be reached, the
 * browser keeps every line for the next sign-in or page load.
 */
export async function mergeVisitorCart(): Promise<Cart> {
  const lines = readStoredCart().lines;
  let cart = await getCart();
  const refused: string[] = [];
  for (const line of lines) {
    const held = cart.lines.find((current) => current.toolId === line.toolId);
    try {
      if (!held) cart = await addCartLine({ toolId: line.toolId, quantity: line.quantity });
      else if (held.quantity < line.quantity) {
        cart = await updateCartLine(line.toolId, line.quantity);
      }
    } catch (error) {
      if (!isRefusal(error)) throw error;
      refused.push(`${line.name}: ${(error as ApiError).message}`);
    }
  }
  clearStoredLines();
  if (refused.length > 0) {
    toast.warning('Some tools could not join your cart', { description: refused.join(' ') });
  }
  return cart;
}
