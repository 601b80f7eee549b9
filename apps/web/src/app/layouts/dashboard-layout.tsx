import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { VerifyEmailNotice } from '../../features/auth/components/verify-email-notice';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { LineIcon } from '../../components/ui/line-icon';

const customerLinks = [
  { to: paths.dashboard.orders, label: 'My Orders' },
  { to: paths.dashboard.review, label: 'Add a Review' },
];
const everyoneLinks = [{ to: paths.dashboard.profile, label: 'My Profile' }];
const adminLinks = [
  { to: paths.dashboard.sales, label: 'Sales' },
  { to: paths.dashboard.users, label: 'All Users' },
  { to: paths.dashboard.addTool, label: 'Add A tool' },
  { to: paths.dashboard.manageAllOrders, label: 'Manage All Orders' },
  { to: paths.dashboard.returns, label: 'Returns' },
  { to: paths.dashboard.manageTools, label: 'Manage Tools' },
  { to: paths.dashboard.importCatalogue, label: 'Import catalogue' },
  { to: paths.dashboard.shipping, label: 'Shipping and tax' },
];

/** The sidebar's links by role (docs/product.md); `onChoose` runs when one is chosen. */
function DashboardLinks({ onChoose }: { onChoose?: () => void }) {
  const { isAdmin, adminLoading } = useAuth();
  const links = [
    ...(isAdmin ? [] : customerLinks),
    ...everyoneLinks,
    ...(isAdmin ? adminLinks : []),
  ];
  return (
    <nav aria-label="Dashboard">
      <ul className="menu w-full p-4">
        {adminLoading
          ? [0, 1, 2].map((row) => (
              <li key={row} aria-hidden="true">
                <span className="skeleton my-1 h-6 w-full" />
              </li>
            ))
          : links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) => (isActive ? 'menu-active' : '')}
                  onClick={onChoose}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
      </ul>
    </nav>
  );
}

/** Tab and Shift+Tab wrap around inside the element instead of leaving the page. */
function keepTabInside(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = event.currentTarget.querySelectorAll<HTMLElement>('a[href], button');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * The dashboard: a sidebar by role, sticky below the navbar on large screens; on small ones a
 * toggle opens the same links in a full-height modal dialog (`showModal()` makes the page
 * behind it inert and closes it on Escape).
 */
export default function DashboardLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLDialogElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const openMenu = () => {
    menuRef.current?.showModal();
    setMenuOpen(true);
  };
  const closeMenu = () => menuRef.current?.close();
  // Any move to another page closes the drawer, the browser's Back and Forward included.
  const { key: locationKey } = useLocation();
  useEffect(() => menuRef.current?.close(), [locationKey]);

  return (
    <div className="min-h-[calc(100dvh-var(--spacing-navbar))] mx-auto flex max-w-(--container-content)">
      <aside className="bg-base-200 hidden w-64 shrink-0 lg:block">
        <div className="top-navbar sticky max-h-[calc(100dvh-var(--spacing-navbar))] overflow-y-auto">
          <DashboardLinks />
        </div>
      </aside>
      <div className="min-w-0 flex-1 p-4 lg:p-8">
        <button
          ref={toggleRef}
          type="button"
          className="btn btn-outline btn-sm mb-4 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={openMenu}
        >
          Dashboard menu
        </button>
        <VerifyEmailNotice />
        <Outlet />
      </div>
      <dialog
        ref={menuRef}
        id={menuId}
        className="modal modal-start"
        aria-label="Dashboard menu"
        onKeyDown={keepTabInside}
        // Escape, the backdrop, a chosen link: every way out ends here. The dialog gives focus
        // back only to what had it, and a click does not focus a button everywhere (Safari).
        onClose={() => {
          setMenuOpen(false);
          toggleRef.current?.focus();
        }}
      >
        <div
          className="modal-box bg-base-200 w-72 max-w-[85vw] p-0"
          data-testid="dashboard-drawer-panel"
        >
          <div className="flex justify-end p-2">
            <button
              type="button"
              className="btn btn-ghost btn-square btn-sm"
              aria-label="Close dashboard menu"
              onClick={closeMenu}
            >
              <LineIcon className="h-5 w-5">
                <path d="M6 6l12 12M18 6 6 18" />
              </LineIcon>
            </button>
          </div>
          <DashboardLinks onChoose={closeMenu} />
        </div>
        {/* A click beside the panel closes it; keyboard users have Escape and the close button. */}
        <div className="modal-backdrop" aria-hidden="true" onClick={closeMenu} />
      </dialog>
    </div>
  );
}
