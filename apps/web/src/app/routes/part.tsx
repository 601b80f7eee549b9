import { messages } from '@shop/shared';
import { Link, useParams } from 'react-router';
import { MissingPage } from '../../components/ui/missing-page';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { PartScreen } from '../../features/search/components/part-screen';
import { paths } from '../../lib/paths';
import { useShopCart } from '../use-shop-cart';

/** A part the page cannot show: the missing page's look, and the ways on. */
function NoPart({ title, text }: { title: string; text: string }) {
  return (
    <MissingPage
      title={title}
      imageAlt="An unplugged laptop"
      actions={
        <>
          <Link to={paths.search} className="btn btn-primary">
            Search the parts
          </Link>
          <Link to={paths.home} className="btn">
            Back to the shop
          </Link>
        </>
      }
    >
      {text}
    </MissingPage>
  );
}

/**
 * `/parts/{slug}` (docs/product.md, Part page): the search feature's part page, with the cart's
 * button and "Order Now" to the purchase form (which asks a visitor to sign in). Admins do not
 * buy, so they get neither.
 */
export default function PartRoute() {
  const { slug = '' } = useParams();
  const { isAdmin } = useAuth();
  const cart = useShopCart();
  return (
    <PartScreen
      key={slug}
      slug={slug}
      notFound={
        <NoPart
          title="Part not found"
          text="We do not know this part. Search for it by its name, part number or laptop model."
        />
      }
      gone={
        <NoPart
          title={messages.failure.partRetired}
          text="Search for the part number or your laptop model to find what replaces it."
        />
      }
      actions={(part) =>
        !isAdmin && (
          <div className="flex flex-col gap-2 sm:flex-row">
            <AddToCartButton tool={part} cart={cart} className="sm:flex-1" />
            <Link
              to={paths.purchase(part._id)}
              className="btn btn-primary sm:flex-1"
              aria-label={`Order Now: ${part.name}`}
            >
              Order Now
            </Link>
          </div>
        )
      }
    />
  );
}
