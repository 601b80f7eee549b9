import { Link, useParams } from 'react-router';
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
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">
      <img
        src="/images/not-found.svg"
        alt="Laptop model not found: an unplugged laptop"
        width={480}
        height={320}
        className="w-full max-w-md"
      />
      <h1 className="text-3xl font-bold">Laptop model not found</h1>
      <p>We do not know this laptop model. Choose yours, or type its model or machine type.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Link to={pickerAnchorHref} className="btn btn-primary">
          Find your laptop
        </Link>
        <Link to={paths.home} className="btn">
          Back to the shop
        </Link>
      </div>
    </section>
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
