/** Every route of the web app, written once (never hand-write paths twice). */
export const paths = {
  home: '/',
  homeAlias: '/home',
  blogs: '/blogs',
  portfolio: '/portfolio',
  login: '/login',
  register: '/register',
  /** Asks for a password reset link by email. */
  forgotPassword: '/forgot-password',
  /**
   * Where the reset email's link lands, with `?token=`. The API writes that link from
   * `PASSWORD_RESET_PAGE` (shared); vite.config.ts reads this file, which imports nothing, so
   * paths.test.ts keeps the two equal.
   */
  resetPassword: '/reset-password',
  /** In development, to the machine itself: the emails written to the outbox folder instead of sent. */
  devOutbox: '/dev/outbox',
  /** The purchase form; `neededBy` (YYYY-MM-DD, from Our Moto's calendar) rides along. */
  purchase: (toolId: string, neededBy?: string) =>
    `/tools/${encodeURIComponent(toolId)}${neededBy ? `?neededBy=${encodeURIComponent(neededBy)}` : ''}`,
  purchasePattern: '/tools/:id',
  /** A laptop model's page: every part that fits it, by part type (`?category=` filters). */
  laptop: (slug: string) => `/laptops/${encodeURIComponent(slug)}`,
  laptopPattern: '/laptops/:slug',
  /**
   * A part's public page, rendered by the server for everyone (decision 036): its slug is its
   * name's words and its SKU (`partSlug` in shared). `/tools/{id}` stays the signed-in purchase form.
   */
  part: (slug: string) => `/parts/${encodeURIComponent(slug)}`,
  partPattern: '/parts/:slug',
  /** The home page's laptop picker ("Find parts for your laptop"). */
  laptopPickerAnchor: 'find-parts',
  /** The search page: parts found by number, model or words (its filters ride in the query). */
  search: '/search',
  /** The search page for what was typed: `/search?q=t480%20battery`. */
  searchFor: (q: string) => {
    const text = q.trim();
    return text ? `/search?${new URLSearchParams({ q: text })}` : '/search';
  },
  cart: '/cart',
  checkout: '/checkout',
  dashboard: {
    root: '/dashboard',
    orders: '/dashboard/orders',
    review: '/dashboard/review',
    profile: '/dashboard/profile',
    payment: (orderId: string) => `/dashboard/payment/${encodeURIComponent(orderId)}`,
    paymentPattern: '/dashboard/payment/:id',
    order: (orderId: string) => `/dashboard/orders/${encodeURIComponent(orderId)}`,
    orderPattern: '/dashboard/orders/:id',
    /** The admins' dashboard home: the sales figures. */
    sales: '/dashboard/sales',
    users: '/dashboard/users',
    addTool: '/dashboard/addTool',
    manageAllOrders: '/dashboard/manageAllOrders',
    manageTools: '/dashboard/manageTools',
    /** The catalogue in bulk: laptop models or parts from a CSV file, and the current ones as CSV. */
    importCatalogue: '/dashboard/importCatalogue',
    /** Shipping zones and their methods, tax rates and the tax settings (issue 35). */
    shipping: '/dashboard/shipping',
    /** The buyers' return requests and the return rules (issue 36). */
    returns: '/dashboard/returns',
  },
  /** The tools section of the home page (anchored as ourTools). */
  ourToolsAnchor: 'ourTools',
  /** A link to that section from another page. */
  tools: '/#ourTools',
} as const;
