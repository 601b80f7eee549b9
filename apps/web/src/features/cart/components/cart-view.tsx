import { type Cart, type CartLine, cartLineProblem, formatMoney } from '@shop/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import type { CartHandle } from '../hooks/use-cart';
import { priceMove } from '../utils/cart-lines';
import { QuantityStepper } from './quantity-stepper';

const failureOf = (error: unknown) =>
  error instanceof ApiError ? error.message : 'The cart could not be changed. Please try again.';

function CartLineItem({ line, cart }: { line: CartLine; cart: CartHandle }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  // A line that can still be bought gets the stepper (which tells a quantity out of bounds);
  // one that cannot (retired, sold out) says why.
  const orderable = line.onSale && line.availableQuantity > 0;
  const problem = orderable ? null : cartLineProblem(line);
  const moved = priceMove(line);
  const change = async (work: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li
      className="border-base-300 grid grid-cols-[4.5rem_1fr] gap-x-4 gap-y-3 border-b py-5 sm:grid-cols-[6rem_1fr_auto]"
      aria-label={line.title}
      data-testid="cart-line"
    >
      <img
        src={line.img}
        alt=""
        width={96}
        height={96}
        className="bg-base-200 rounded-box row-span-2 aspect-square w-full object-contain sm:row-span-1"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="font-semibold break-words">
          {line.onSale ? <Link to={paths.purchase(line.toolId)}>{line.title}</Link> : line.title}
        </h2>
        <p className="text-base-content/80 text-sm">
          <span className="sr-only">Unit price: </span>
          {formatMoney(line.unitPrice)} each
        </p>
        {moved && (
          <p className="text-sm font-medium text-warning">
            Price went {moved} since you added it: was {formatMoney(line.addedUnitPrice)}, now{' '}
            {formatMoney(line.unitPrice)}.
          </p>
        )}
        {problem && (
          <p className="text-sm font-semibold text-red-700">{problem}. Remove it to check out.</p>
        )}
      </div>
      <div className="col-start-2 flex flex-wrap items-start justify-between gap-3 sm:col-start-3 sm:row-start-1 sm:flex-col sm:items-end">
        {orderable ? (
          <QuantityStepper
            name={line.name}
            quantity={line.quantity}
            min={line.minOrderQuantity}
            available={line.availableQuantity}
            busy={busy}
            onChange={(quantity) =>
              void change(() => cart.setQuantity(line.toolId, quantity, line.unitPrice))
            }
          />
        ) : (
          <p className="text-sm">Quantity: {formatCount(line.quantity)}</p>
        )}
        <p className="font-semibold tabular-nums">
          <span className="sr-only">Line total: </span>
          {formatMoney(line.price)}
        </p>
        <button
          type="button"
          className="btn btn-ghost btn-sm text-red-700"
          disabled={busy}
          aria-label={`Remove ${line.name}`}
          onClick={() => void change(() => cart.remove(line.toolId))}
        >
          Remove
        </button>
      </div>
      {failure && (
        <p role="alert" className="col-span-full text-sm font-semibold text-red-700">
          {failure}
        </p>
      )}
    </li>
  );
}

interface CartViewProps {
  cart: Cart;
  handle: CartHandle;
}

/**
 * The cart screen's content: a line per tool (picture, name, unit price, quantity within its
 * bounds, line total, Remove), what changed since a line was added, the subtotal and Checkout.
 * A line that cannot be ordered as it stands holds the checkout back, and says why.
 */
export function CartView({ cart, handle }: CartViewProps) {
  const blocked = cart.lines.some((line) => cartLineProblem(line) !== null);
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:items-start">
      <ul aria-label="Your cart's tools">
        {cart.lines.map((line) => (
          <CartLineItem key={line.toolId} line={line} cart={handle} />
        ))}
      </ul>
      <section
        aria-labelledby="cart-summary"
        className="card bg-base-100 border-base-300 border lg:sticky lg:top-[calc(var(--spacing-navbar)+1rem)]"
      >
        <div className="card-body gap-3">
          <h2 id="cart-summary" className="card-title">
            Summary
          </h2>
          <dl className="flex justify-between text-lg">
            <dt>Subtotal ({formatCount(cart.itemCount)} items)</dt>
            <dd className="font-bold tabular-nums" data-testid="cart-subtotal">
              {formatMoney(cart.subtotal)}
            </dd>
          </dl>
          {blocked ? (
            <p className="text-sm font-semibold text-red-700" role="status">
              Change or remove the lines marked in red to check out.
            </p>
          ) : (
            <Link to={paths.checkout} className="btn btn-primary w-full">
              Checkout
            </Link>
          )}
          <Link to={paths.tools} className="btn btn-ghost btn-sm">
            Keep shopping
          </Link>
        </div>
      </section>
    </div>
  );
}
