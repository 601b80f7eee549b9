import { useAuth } from '../../features/auth/hooks/use-auth';
import { AddToCartButton } from '../../features/cart/components/add-to-cart-button';
import { SearchScreen } from '../../features/search/components/search-screen';
import { useShopCart } from '../use-shop-cart';

/**
 * `/search?q=&category=&brand=&condition=&model=&inStock=&sort=&page=` (docs/product.md,
 * Search): the results with the cart's button on each card, as the home page's tools have it.
 * Admins do not buy, so they get neither "Order Now" nor "Add to cart".
 */
export default function SearchRoute() {
  const { isAdmin } = useAuth();
  const cart = useShopCart();
  return (
    <SearchScreen
      showOrderButton={!isAdmin}
      partAction={
        isAdmin
          ? undefined
          : (part) => <AddToCartButton tool={part} cart={cart} className="btn-sm w-full" />
      }
    />
  );
}
