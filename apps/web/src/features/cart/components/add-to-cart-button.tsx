import type { Tool } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import type { CartHandle } from '../hooks/use-cart';
import { CartFullError } from '../hooks/use-cart';
import { storeNeededBy } from '../utils/guest-cart';

interface AddToCartButtonProps {
  tool: Tool;
  cart: CartHandle;
  /** Our Moto's day (YYYY-MM-DD), kept for the checkout. */
  neededBy?: string;
  /** The size and place of the button, as its neighbour ("Order Now") has them. */
  className?: string;
}

const failureOf = (error: unknown) =>
  error instanceof ApiError || error instanceof CartFullError
    ? error.message
    : 'The tool could not be added. Please try again.';

/**
 * "Add to cart": puts the tool in the cart at its minimum order quantity. Once the cart holds it,
 * the button becomes a link to the cart (and keeps the focus). A tool sold out in its minimum
 * cannot be added, and says so.
 */
export function AddToCartButton({ tool, cart, neededBy, className = '' }: AddToCartButtonProps) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [justAdded, setJustAdded] = useState(false);
  const viewLink = useRef<HTMLAnchorElement>(null);
  const inCart = cart.contains(tool._id);

  useEffect(() => {
    if (justAdded && inCart) viewLink.current?.focus();
  }, [justAdded, inCart]);

  if (inCart) {
    return (
      <Link
        ref={viewLink}
        to={paths.cart}
        className={`btn btn-outline btn-primary ${className}`}
        aria-label={`In your cart: ${tool.name}. View cart`}
      >
        In your cart
      </Link>
    );
  }
  const soldOut = tool.availableQuantity < tool.minOrderQuantity;
  const add = async () => {
    setBusy(true);
    setFailure(null);
    try {
      if (neededBy) storeNeededBy(neededBy);
      await cart.add(tool, tool.minOrderQuantity);
      setJustAdded(true);
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        className={`btn btn-outline btn-primary ${className}`}
        disabled={soldOut || busy || cart.owner.kind === 'loading'}
        aria-label={soldOut ? `Sold out: ${tool.name}` : `Add to cart: ${tool.name}`}
        onClick={() => void add()}
      >
        {busy && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
        {soldOut ? 'Sold out' : 'Add to cart'}
      </button>
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
    </>
  );
}
