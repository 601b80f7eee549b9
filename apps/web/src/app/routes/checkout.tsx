import { cartLineProblem } from '@shop/shared';
import { Link, useNavigate } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { CheckoutForm } from '../../features/cart/components/checkout-form';
import { useCart } from '../../features/cart/hooks/use-cart';
import { neededByFromParam } from '../../lib/calendar-day';
import { paths } from '../../lib/paths';

/**
 * /checkout (signed in): the customer's cart ordered at once. An empty cart, or one with a line
 * that cannot be ordered as it stands, sends the customer back to the cart to fix it.
 */
export default function CheckoutRoute() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const cart = useCart(user ? { kind: 'customer', email: user.email } : { kind: 'loading' });
  if (!user) return <Spinner label="Loading your cart" />;
  return (
    <div className="content-width py-10">
      <h1 className="mb-6 text-3xl font-bold">Checkout</h1>
      <QueryState
        query={cart.server}
        pendingLabel="Loading your cart"
        errorTitle="Your cart could not be loaded"
      >
        {(loaded) => {
          if (loaded.lines.length === 0 && !cart.server.isFetching) {
            return (
              <div className="flex flex-col items-start gap-4">
                <p>Your cart is empty: there is nothing to check out.</p>
                <Link to={paths.tools} className="btn btn-primary">
                  Browse the tools
                </Link>
              </div>
            );
          }
          const problems = loaded.lines.map(cartLineProblem).filter(Boolean);
          return (
            <>
              {problems.length > 0 && (
                <div
                  role="alert"
                  className="rounded-box mb-6 border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-800"
                >
                  <p className="font-semibold">Some lines cannot be ordered as they stand:</p>
                  <ul className="list-disc ps-5">
                    {problems.map((problem) => (
                      <li key={problem}>{problem}</li>
                    ))}
                  </ul>
                  <Link to={paths.cart} className="link mt-1 inline-block font-semibold">
                    Change them in your cart
                  </Link>
                </div>
              )}
              <CheckoutForm
                cart={loaded}
                buyer={user}
                initialNeededBy={neededByFromParam(cart.neededBy ?? null, new Date())}
                onPlaced={(order) => void navigate(paths.dashboard.payment(order._id))}
              />
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
