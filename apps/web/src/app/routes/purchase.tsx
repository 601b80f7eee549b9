import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { useTool } from '../../features/catalogue/api/get-tool';
import { ToolSummary } from '../../features/catalogue/components/tool-summary';
import { PurchaseForm } from '../../features/orders/components/purchase-form';
import { PartDetails } from '../../features/search/components/part-details';
import { neededByFromParam } from '../../lib/calendar-day';
import { paths } from '../../lib/paths';
import { useShopCart } from '../use-shop-cart';

/**
 * The purchase page (/tools/{id}, signed in): the catalogue's tool summary and the search's part
 * details (what it fits, its numbers) beside the orders feature's purchase form. Our Moto's date
 * arrives as `?neededBy=YYYY-MM-DD`.
 */
export default function PurchaseRoute() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user, isAdmin, adminLoading } = useAuth();
  const tool = useTool(id);
  const cart = useShopCart();
  const neededBy = neededByFromParam(search.get('neededBy'), new Date());

  return (
    <QueryState
      query={tool}
      pending={!user}
      pendingLabel="Loading the tool"
      errorTitle="This tool could not be loaded"
      // The tool's name is the page's title; without it, this is.
      errorHeadingLevel={1}
      errorAction={
        <Link to={paths.tools} className="btn btn-sm">
          Back to the tools
        </Link>
      }
    >
      {(loaded) =>
        // The spinner shows until the user is known (`pending`).
        user && (
          <div className="content-width grid gap-8 py-10 lg:grid-cols-[2fr_3fr]">
            <div className="flex flex-col gap-4">
              <ToolSummary tool={loaded} />
              <PartDetails tool={loaded} />
              {/* Buy this one now (the form), or several tools at once (the cart); admins do not buy. */}
              {!isAdmin && !adminLoading && (
                <div className="flex flex-col gap-2">
                  <AddToCartButton tool={loaded} cart={cart} neededBy={neededBy || undefined} />
                </div>
              )}
            </div>
            <section
              aria-labelledby="purchase-title"
              className="card bg-base-100 border-base-300 border shadow-sm"
            >
              <div className="card-body">
                <h2 id="purchase-title" className="card-title text-xl">
                  Your order
                </h2>
                <PurchaseForm
                  tool={loaded}
                  buyer={user}
                  initialNeededBy={neededBy}
                  onPurchased={() => void navigate(paths.dashboard.orders)}
                />
              </div>
            </section>
          </div>
        )
      }
    </QueryState>
  );
}
