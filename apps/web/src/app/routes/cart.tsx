import type { Cart } from '@shop/shared';
import { useQueries } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState } from '../../components/ui/error-state';
import { QueryState } from '../../components/ui/query-state';
import { Spinner } from '../../components/ui/spinner';
import { CartView } from '../../features/cart/components/cart-view';
import type { CartHandle } from '../../features/cart/hooks/use-cart';
import { cartOf, pricedStoredLine } from '../../features/cart/utils/cart-lines';
import { getToolQueryOptions } from '../../features/catalogue/api/get-tool';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useShopCart } from '../use-shop-cart';

function EmptyCart() {
  return (
    <div className="flex flex-col items-center gap-4 py-16 text-center">
      <p className="text-lg">Your cart is empty.</p>
      <p className="text-base-content/80">
        Add the parts you need from our tools, then check out once.
      </p>
      <Link to={paths.tools} className="btn btn-primary">
        Browse the tools
      </Link>
    </div>
  );
}

const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** A visitor's cart, kept in the browser, priced from the catalogue as it is now. */
function VisitorCart({ handle }: { handle: CartHandle }) {
  const tools = useQueries({
    queries: handle.storedLines.map((line) => ({
      ...getToolQueryOptions(line.toolId),
      // A retired tool is 404: the line says it is gone, no need to ask again.
      retry: (failures: number, error: unknown) => !isGone(error) && failures < 2,
    })),
  });
  if (handle.storedLines.length === 0) return <EmptyCart />;
  if (tools.some((tool) => tool.isPending)) return <Spinner label="Loading your cart" />;
  const failed = tools.find((tool) => tool.isError && !isGone(tool.error));
  if (failed) {
    return (
      <ErrorState
        title="Your cart could not be loaded"
        error={failed.error}
        onRetry={() => tools.forEach((tool) => void tool.refetch())}
      />
    );
  }
  const cart: Cart = cartOf(
    handle.storedLines.map((line, index) => pricedStoredLine(line, tools[index]?.data)),
  );
  return <CartView cart={cart} handle={handle} />;
}

/** /cart: anyone's cart (docs/product.md, Cart); the customer's from the shop, a visitor's from the browser. */
export default function CartRoute() {
  const cart = useShopCart();
  return (
    <div className="content-width py-10">
      <h1 className="mb-6 text-3xl font-bold">Your cart</h1>
      {cart.owner.kind === 'loading' && <Spinner label="Loading your cart" />}
      {cart.owner.kind === 'visitor' && <VisitorCart handle={cart} />}
      {cart.owner.kind === 'customer' && (
        <QueryState
          query={cart.server}
          pendingLabel="Loading your cart"
          errorTitle="Your cart could not be loaded"
          isEmpty={(loaded) => loaded.lines.length === 0}
          empty={<EmptyCart />}
        >
          {(loaded) => <CartView cart={loaded} handle={cart} />}
        </QueryState>
      )}
    </div>
  );
}
