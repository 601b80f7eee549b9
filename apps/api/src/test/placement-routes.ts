import type { Cart } from '@shop/shared';
import { send } from './identity';
import { type Account, purchaseBody } from './shop';
import type { TestApp } from './test-app';

/**
 * The two routes into the one placement (`modules/orders/orders.placement.ts`): the purchase page's one tool,
 * and the cart's checkout. A rule of placing an order is proved through both.
 */
export const PLACEMENT_ROUTES = ['purchase', 'checkout'] as const;
export type PlacementRoute = (typeof PLACEMENT_ROUTES)[number];

/**
 * Orders `quantity` units of a tool for `buyer` through `route`: `POST /api/purchase`, or the
 * tool alone in the buyer's cart (whatever a refused checkout left there is removed first),
 * then `POST /api/checkout`. `delivery` overrides the phone, address or needed-by day.
 */
export async function placeThrough(
  app: TestApp,
  route: PlacementRoute,
  buyer: Account,
  toolId: string,
  quantity: number,
  delivery: Record<string, unknown> = {},
): Promise<Response> {
  const body = purchaseBody(toolId, { quantity, ...delivery });
  if (route === 'purchase') return send(app, 'POST', '/api/purchase', buyer.token, body);
  const cart = (await (await send(app, 'GET', '/api/cart', buyer.token)).json()) as Cart;
  for (const line of cart.lines) {
    await send(app, 'DELETE', `/api/cart/lines/${line.toolId}`, buyer.token);
  }
  const added = await send(app, 'POST', '/api/cart/lines', buyer.token, { toolId, quantity });
  if (added.status !== 200) throw new Error(`The cart refused the line: ${await added.text()}`);
  const checkout = Object.entries(body).filter(
    ([field]) => field !== 'toolId' && field !== 'quantity',
  );
  return send(app, 'POST', '/api/checkout', buyer.token, Object.fromEntries(checkout));
}
