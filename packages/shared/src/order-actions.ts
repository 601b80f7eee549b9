import type { OrderStatus } from './schemas/order';

/**
 * The order's state machine: what may be done to an order in each status, and by whom. The
 * API's workflow changes a status only along these rules, and every button of the web app that
 * offers an action asks `can` first, so a button is shown exactly when the API would accept it.
 *
 *   unpaid -> paid -> shipped -> delivered
 *   unpaid -> cancelled
 *   paid, shipped -> refunded (delivered too, once the provider gave the money back)
 */

/**
 * Who acts: the order's own buyer, an admin of the shop, or the shop itself (a pay-by time that
 * passed, the payment provider's word). Ownership is the caller's to prove: `buyer` means the
 * order is theirs.
 */
export type OrderActor = 'buyer' | 'admin' | 'shop';

export const orderActions = [
  'pay',
  'cancel',
  'ship',
  'deliver',
  'refund',
  'refundLines',
  'requestReturn',
] as const;
export type OrderAction = (typeof orderActions)[number];

interface OrderRule {
  action: OrderAction;
  by: readonly OrderActor[];
  from: readonly OrderStatus[];
  /** The status it leads to; none for a step that keeps it (a refund of some lines, a return). */
  to?: OrderStatus;
  /** Refused while a refund of the whole order is under way (the provider has been asked). */
  notWhileRefunding?: boolean;
}

/** Every rule, once. An action may have a rule per actor when they differ. */
export const orderRules: readonly OrderRule[] = [
  // The buyer starts a payment; the shop marks the order paid once the provider confirms it.
  { action: 'pay', by: ['buyer', 'shop'], from: ['unpaid'], to: 'paid' },
  { action: 'cancel', by: ['buyer', 'admin', 'shop'], from: ['unpaid'], to: 'cancelled' },
  { action: 'ship', by: ['admin'], from: ['paid'], to: 'shipped', notWhileRefunding: true },
  { action: 'deliver', by: ['admin'], from: ['shipped'], to: 'delivered', notWhileRefunding: true },
  { action: 'refund', by: ['admin'], from: ['paid', 'shipped'], to: 'refunded' },
  // The provider gave the money back: the order says so, whatever befell it meanwhile.
  { action: 'refund', by: ['shop'], from: ['paid', 'shipped', 'delivered'], to: 'refunded' },
  // Some lines back; the order is refunded once its last line is.
  { action: 'refundLines', by: ['admin'], from: ['paid', 'shipped', 'delivered'] },
  // Within the shop's return window after delivery (the returns module keeps that rule).
  { action: 'requestReturn', by: ['buyer'], from: ['delivered'] },
];

const ruleOf = (action: OrderAction, actor: OrderActor) =>
  orderRules.find((rule) => rule.action === action && rule.by.includes(actor));

/** The statuses from which `actor` may take `action` (none when they may not at all). */
export function statusesFor(action: OrderAction, actor: OrderActor): OrderStatus[] {
  return [...(ruleOf(action, actor)?.from ?? [])];
}

/** The status `action` leads to, when it changes the status. */
export function statusAfter(action: OrderAction): OrderStatus | undefined {
  return orderRules.find((rule) => rule.action === action)?.to;
}

/** Whether `action` waits while a refund of the whole order is under way. */
export function heldWhileRefunding(action: OrderAction): boolean {
  return orderRules.some((rule) => rule.action === action && rule.notWhileRefunding === true);
}

/** What `can` needs of an order: its status, and whether a refund of it is under way. */
export interface OrderState {
  status: OrderStatus;
  refundUnderWay?: boolean;
}

/** Whether `actor` may take `action` on an order in this state. */
export function can(order: OrderState, action: OrderAction, actor: OrderActor): boolean {
  const rule = ruleOf(action, actor);
  if (!rule || !rule.from.includes(order.status)) return false;
  return !(rule.notWhileRefunding && order.refundUnderWay);
}
