import type { RouteObject } from 'react-router';
import { paths } from '../lib/paths';
import { RootLayout } from './layouts/root-layout';
import { lazyScreen } from './lazy-screen';
import { RequireAdmin } from './require-admin';
import { RequireSignIn } from './require-sign-in';
import { RouteError } from './routes/route-error';
import HomeRoute from './routes/home';

/**
 * Every screen of the web app. The browser makes its router from them (main.tsx); the build
 * renders the public pages from them ahead of time (prerender.tsx).
 */
export const routes: RouteObject[] = [
  {
    path: paths.home,
    element: <RootLayout />,
    // Only when the layout itself fails; a screen's failure stays inside the layout (below).
    errorElement: (
      <main id="main">
        <RouteError />
      </main>
    ),
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomeRoute /> },
          { path: paths.homeAlias, element: <HomeRoute /> },
          { path: paths.blogs, lazy: lazyScreen(() => import('./routes/blogs')) },
          { path: paths.portfolio, lazy: lazyScreen(() => import('./routes/portfolio')) },
          { path: paths.login, lazy: lazyScreen(() => import('./routes/login')) },
          { path: paths.register, lazy: lazyScreen(() => import('./routes/register')) },
          {
            path: paths.forgotPassword,
            lazy: lazyScreen(() => import('./routes/forgot-password')),
          },
          {
            path: paths.resetPassword,
            lazy: lazyScreen(() => import('./routes/reset-password')),
          },
          { path: paths.devOutbox, lazy: lazyScreen(() => import('./routes/dev-outbox')) },
          { path: paths.cart, lazy: lazyScreen(() => import('./routes/cart')) },
          { path: paths.laptopPattern, lazy: lazyScreen(() => import('./routes/laptop')) },
          { path: paths.partPattern, lazy: lazyScreen(() => import('./routes/part')) },
          { path: paths.search, lazy: lazyScreen(() => import('./routes/search')) },
          {
            element: <RequireSignIn />,
            children: [
              { path: paths.checkout, lazy: lazyScreen(() => import('./routes/checkout')) },
              { path: paths.purchasePattern, lazy: lazyScreen(() => import('./routes/purchase')) },
              {
                path: paths.dashboard.root,
                lazy: lazyScreen(() => import('./layouts/dashboard-layout')),
                children: [
                  {
                    index: true,
                    lazy: lazyScreen(() => import('./routes/dashboard/dashboard-index')),
                  },
                  {
                    path: paths.dashboard.orders,
                    lazy: lazyScreen(() => import('./routes/dashboard/my-orders')),
                  },
                  {
                    path: paths.dashboard.review,
                    lazy: lazyScreen(() => import('./routes/dashboard/add-review')),
                  },
                  {
                    path: paths.dashboard.profile,
                    lazy: lazyScreen(() => import('./routes/dashboard/profile')),
                  },
                  {
                    path: paths.dashboard.orderPattern,
                    lazy: lazyScreen(() => import('./routes/dashboard/order')),
                  },
                  {
                    path: paths.dashboard.paymentPattern,
                    lazy: lazyScreen(() => import('./routes/dashboard/payment')),
                  },
                  {
                    // docs/product.md: a non-admin opening these is signed out and sent to /login.
                    element: <RequireAdmin />,
                    children: [
                      {
                        path: paths.dashboard.sales,
                        lazy: lazyScreen(() => import('./routes/dashboard/sales')),
                      },
                      {
                        path: paths.dashboard.users,
                        lazy: lazyScreen(() => import('./routes/dashboard/users')),
                      },
                      {
                        path: paths.dashboard.addTool,
                        lazy: lazyScreen(() => import('./routes/dashboard/add-tool')),
                      },
                      {
                        path: paths.dashboard.manageAllOrders,
                        lazy: lazyScreen(() => import('./routes/dashboard/manage-all-orders')),
                      },
                      {
                        path: paths.dashboard.returns,
                        lazy: lazyScreen(() => import('./routes/dashboard/returns')),
                      },
                      {
                        path: paths.dashboard.manageTools,
                        lazy: lazyScreen(() => import('./routes/dashboard/manage-tools')),
                      },
                      {
                        path: paths.dashboard.importCatalogue,
                        lazy: lazyScreen(() => import('./routes/dashboard/import-catalogue')),
                      },
                      {
                        path: paths.dashboard.shipping,
                        lazy: lazyScreen(() => import('./routes/dashboard/shipping')),
                      },
                    ],
                  },
                ],
              },
            ],
          },
          { path: '*', lazy: lazyScreen(() => import('./routes/not-found')) },
        ],
      },
    ],
  },
];
