import { Link, NavLink, useLocation } from 'react-router';
import { UserMenu } from '../../features/auth/components/user-menu';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { CartButton } from '../../features/cart/components/cart-button';
import { useMergeVisitorCart } from '../../features/cart/hooks/use-merge-visitor-cart';
import { NavbarSearch } from '../../features/search/components/navbar-search';
import { useShopCart } from '../use-shop-cart';
import { paths } from '../../lib/paths';
import { LineIcon } from '../../components/ui/line-icon';

const pageLinks = [
  { to: paths.blogs, label: 'Blogs' },
  { to: paths.portfolio, label: 'Portfolio' },
];
/** The Dashboard link shows to any signed-in user. */
const dashboardLink = { to: paths.dashboard.root, label: 'Dashboard' };

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active' : '');

export function Navbar() {
  const { status, user, signOut, isAdmin, adminLoading } = useAuth();
  const cart = useShopCart();
  // A visitor's cart joins the account's once signed in (the navbar is on every screen).
  useMergeVisitorCart(status === 'signedIn' ? user?.email : undefined);
  const { pathname } = useLocation();
  // "/" and "/home" are one screen: Home points at the one open, so it shows active on both.
  const homeLink = { to: pathname === paths.home ? paths.home : paths.homeAlias, label: 'Home' };
  const links = [homeLink, ...pageLinks, ...(status === 'signedIn' ? [dashboardLink] : [])];
  // The search page has its own, larger box.
  const showSearch = pathname !== paths.search;
  const items = (
    <>
      {links.map((link) => (
        <li key={link.label}>
          <NavLink to={link.to} className={linkClass}>
            {link.label}
          </NavLink>
        </li>
      ))}
    </>
  );

  return (
    <header className="bg-base-100/95 border-base-200 h-navbar sticky top-0 z-30 border-b backdrop-blur">
      <nav aria-label="Main" className="navbar content-width h-full min-h-0">
        {/* On a phone the shop's name takes the room the account leaves it (shortened if need
            be); the account's end keeps one width whatever it shows, so nothing moves. */}
        <div className="navbar-start min-w-0 flex-1 gap-0.5 sm:flex-initial sm:gap-1">
          <div className="dropdown lg:hidden">
            <button type="button" className="btn btn-ghost btn-square" aria-label="Open menu">
              <LineIcon className="h-6 w-6">
                <path d="M4 6h16M4 12h16M4 18h16" />
              </LineIcon>
            </button>
            <ul className="menu dropdown-content bg-base-100 rounded-box z-40 mt-3 w-72 p-2 shadow">
              {showSearch && (
                <li className="mb-1">
                  <NavbarSearch className="block w-full px-1 hover:bg-transparent" />
                </li>
              )}
              {items}
            </ul>
          </div>
          <Link
            to={paths.homeAlias}
            className="flex min-w-0 items-center gap-1.5 text-[0.9375rem] font-bold whitespace-nowrap sm:text-lg"
          >
            <img
              src="/images/logo.svg"
              alt=""
              width={32}
              height={32}
              className="h-8 w-8 shrink-0"
            />
            <span className="truncate">Laptop Parts Shop</span>
          </Link>
        </div>
        <div className="navbar-center hidden items-center gap-2 lg:flex">
          <ul className="menu menu-horizontal gap-1 px-1">{items}</ul>
          {showSearch && <NavbarSearch className="hidden w-56 xl:block" />}
        </div>
        <div className="navbar-end h-10 w-auto min-w-[6.75rem] shrink-0 gap-0.5 sm:w-1/2 sm:min-w-0 sm:shrink sm:gap-1 sm:pl-1">
          {/* Between the phone's menu and room for the box: a way to the search page's own. */}
          {showSearch && (
            <Link
              to={paths.search}
              className="btn btn-ghost btn-square btn-sm hidden lg:inline-flex xl:hidden"
              aria-label="Search parts"
            >
              <LineIcon className="h-5 w-5">
                <circle cx="11" cy="11" r="7" />
                <path d="m20 20-4-4" strokeLinecap="round" />
              </LineIcon>
            </Link>
          )}
          {/* Admins do not buy (as "Order Now"); the cart shows once that is known. */}
          {status !== 'loading' && !adminLoading && !isAdmin && (
            <CartButton itemCount={cart.itemCount} />
          )}
          {status === 'loading' && (
            <div className="skeleton h-8 w-24" aria-hidden="true" data-testid="account-skeleton" />
          )}
          {status === 'signedIn' && user && (
            <UserMenu user={user} onSignOut={() => void signOut()} />
          )}
          {status === 'signedOut' && (
            <Link to={paths.login} className="btn btn-primary btn-sm">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
