import { Link, useParams } from 'react-router';
import { MissingPage } from '../../components/ui/missing-page';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { LaptopScreen } from '../../features/laptops/components/laptop-screen';
import { pickerAnchorHref } from '../../features/laptops/utils/laptop-links';
import { PartCard } from '../../features/search/components/part-card';
import { paths } from '../../lib/paths';
import { useShopCart } from '../use-shop-cart';

/** An unknown model: the missing page's look, with the way to the picker. */
function LaptopNotFound() {
  return (
    <MissingPage
      title="Laptop model not found"
      imageAlt="Laptop model not found: an unplugged laptop"
      actions={
        <>
          <Link to={pickerAnchorHref} className="btn btn-primary">
            Find your laptop
          </Link>
          <Link to={paths.home} className="btn">
            Back to the shop
          </Link>
        </>
      }
    >
      We do not know this laptop model. Choose yours, or type its model or machine type.
    </MissingPage>
  );
}

/**
 * `/laptops/{slug}?category=` (docs/product.md, Laptop model page): the laptops feature's page
 * with the search's part card on each part and the cart's button, as the search page has them.
 * Admins do not buy, so they get neither "Order Now" nor "Add to cart".
 */
export default function LaptopRoute() {
  const { slug = '' } = useParams();
  const { isAdmin } = useAuth();
  const cart = useShopCart();
  return (
    <LaptopScreen
      key={slug}
      slug={slug}
      notFound={<LaptopNotFound />}
      renderPart={(part) => (
        <PartCard
          part={part}
          showOrderButton={!isAdmin}
          action={
            isAdmin ? undefined : (
              <AddToCartButton tool={part} cart={cart} className="btn-sm w-full" />
            )
          }
        />
      )}
    />
  );
}
