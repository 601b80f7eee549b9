import { type Cart, CART_LINES_MAX, messages, type Tool } from '@shop/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { addCartLine } from '../api/add-cart-line';
import { useServerCart } from '../api/get-cart';
import { removeCartLine } from '../api/remove-cart-line';
import { updateCartLine } from '../api/update-cart-line';
import {
  addStoredLine,
  readStoredCart,
  removeStoredLine,
  serverStoredCart,
  setStoredQuantity,
  subscribeStoredCart,
} from '../utils/guest-cart';

/** Whose cart: a visitor's (kept in the browser) or a signed-in customer's (kept by the shop). */
export type CartOwner =
  { kind: 'loading' } | { kind: 'visitor' } | { kind: 'customer'; email: string };

/** The cart the browser keeps (a visitor's lines, Our Moto's day), kept in step across tabs. */
export const useStoredCart = () =>
  useSyncExternalStore(subscribeStoredCart, readStoredCart, serverStoredCart);

export class CartFullError extends Error {}

/**
 * The one way screens read and change the cart, whoever owns it. A customer's changes go to the
 * API, whose answer (the whole cart, priced now) replaces the cached one; a visitor's stay in
 * the browser and are priced from the catalogue when shown (the cart screen).
 */
export function useCart(owner: CartOwner) {
  const queryClient = useQueryClient();
  const stored = useStoredCart();
  const email = owner.kind === 'customer' ? owner.email : undefined;
  const server = useServerCart(email);
  const keep = (cart: Cart) => {
    if (email) queryClient.setQueryData(queryKeys.cart.mine(email), cart);
  };

  const toolIds =
    owner.kind === 'customer'
      ? (server.data?.lines.map((line) => line.toolId) ?? [])
      : owner.kind === 'visitor'
        ? stored.lines.map((line) => line.toolId)
        : [];
  const itemCount =
    owner.kind === 'customer'
      ? (server.data?.itemCount ?? 0)
      : owner.kind === 'visitor'
        ? stored.lines.reduce((sum, line) => sum + line.quantity, 0)
        : 0;

  return {
    owner,
    /** The customer's cart from the shop (idle for a visitor). */
    server,
    /** A visitor's lines as the browser keeps them. */
    storedLines: stored.lines,
    /** Our Moto's day, kept for the checkout. */
    neededBy: stored.neededBy,
    itemCount,
    contains: (toolId: string) => toolIds.includes(toolId),

    /** Adds the tool in `quantity` units (the server checks them against its bounds and stock). */
    async add(tool: Tool, quantity: number) {
      if (email) {
        keep(await addCartLine({ toolId: tool._id, quantity }));
        return;
      }
      const added = addStoredLine({
        toolId: tool._id,
        name: tool.name,
        img: tool.img,
        quantity,
        addedUnitPrice: tool.price,
      });
      if (!added) throw new CartFullError(messages.cartFull(CART_LINES_MAX));
    },

    /** A line's new quantity, at the unit price shown now. */
    async setQuantity(toolId: string, quantity: number, unitPrice: number) {
      if (email) keep(await updateCartLine(toolId, quantity));
      else setStoredQuantity(toolId, quantity, unitPrice);
    },

    async remove(toolId: string) {
      if (email) keep(await removeCartLine(toolId));
      else removeStoredLine(toolId);
    },
  };
}
export type CartHandle = ReturnType<typeof useCart>;
