import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { formatCount } from '../../../lib/format';
import { paths } from '../../../lib/paths';

/** The navbar's cart: a link to /cart with how many units it holds. */
export function CartButton({ itemCount }: { itemCount: number }) {
  const label = itemCount === 1 ? 'Cart, 1 item' : `Cart, ${formatCount(itemCount)} items`;
  return (
    <Link
      to={paths.cart}
      className="btn btn-ghost btn-square relative"
      aria-label={label}
      data-testid="cart-button"
    >
      <LineIcon className="h-6 w-6">
        <path d="M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2" />
        <circle cx="9.5" cy="20" r="1.2" />
        <circle cx="17.5" cy="20" r="1.2" />
      </LineIcon>
      {itemCount > 0 && (
        <span
          aria-hidden="true"
          className="badge badge-primary badge-sm absolute -top-1 -right-1 min-w-5 px-1 tabular-nums"
        >
          {itemCount > 999 ? '999+' : formatCount(itemCount)}
        </span>
      )}
    </Link>
  );
}
