import { NavLink, Outlet } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';

const customerLinks = [
  { to: paths.dashboard.orders, label: 'My Orders' },
  { to: paths.dashboard.review, label: 'Add a Review' },
];
const everyoneLinks = [{ to: paths.dashboard.profile, label: 'My Profile' }];
const adminLinks = [
  { to: paths.dashboard.users, label: 'All Users' },
  { to: paths.dashboard.addTool, label: 'Add A tool' },
  { to: paths.dashboard.manageAllOrders, label: 'Manage All Orders' },
  { to: paths.dashboard.manageTools, label: 'Manage Tools' },
];

/** The dashboard: a sidebar by role (docs/product.md) that becomes a drawer on small screens. */
export default function DashboardLayout() {
  const { isAdmin, adminLoading } = useAuth();
  const links = [
    ...(isAdmin ? [] : customerLinks),
    ...everyoneLinks,
    ...(isAdmin ? adminLinks : []),
  ];
  return (
    <div className="drawer lg:drawer-open mx-auto max-w-7xl">
      <input
        id="dashboard-drawer"
        type="checkbox"
        className="drawer-toggle"
        aria-label="Dashboard menu"
      />
      <div className="drawer-content p-4 lg:p-8">
        <label htmlFor="dashboard-drawer" className="btn btn-outline btn-sm mb-4 lg:hidden">
          Dashboard menu
        </label>
        <Outlet />
      </div>
      <div className="drawer-side z-40 lg:z-auto">
        {/* A label may not carry aria-label (axe: aria-prohibited-attr): its name is its text. */}
        <label htmlFor="dashboard-drawer" className="drawer-overlay">
          <span className="sr-only">Close dashboard menu</span>
        </label>
        <nav aria-label="Dashboard">
          <ul className="menu bg-base-200 min-h-full w-64 p-4">
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
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
