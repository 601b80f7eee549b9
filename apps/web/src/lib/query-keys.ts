/**
 * Every TanStack Query key of the web app, one entry per API resource. The keys live here, not
 * in the features, because a resource is read and changed by several features that may not
 * import each other: orders by orders, payments and admin-orders; tools by catalogue, admin-tools,
 * orders and admin-orders. Each key starts with its resource's root, so invalidating the root
 * (`queryKeys.orders.all`) refreshes every view of it, whichever feature shows it. Each feature's
 * `api/get-*.ts` builds its query options (`get…QueryOptions`) from these keys.
 */
export const queryKeys = {
  auth: {
    all: ['auth'] as const,
    session: ['auth', 'session'] as const,
    signInOptions: ['auth', 'sign-in-options'] as const,
    /** The signed-in user's access tokens and admin checks: dropped at sign-out. */
    tokens: ['auth', 'token'] as const,
    token: (email: string) => ['auth', 'token', email] as const,
    adminChecks: ['auth', 'admin'] as const,
    admin: (email: string) => ['auth', 'admin', email] as const,
  },
  tools: {
    all: ['tools'] as const,
    /** A page of the shop's catalogue: search, page and size. */
    list: (query: object) => ['tools', query] as const,
    detail: (id: string) => ['tools', 'detail', id] as const,
    /** A page of Manage Tools: search, retired or not, and page. */
    managed: (query: object) => ['tools', 'manage', query] as const,
    /** A page of the search page's results: words, filters, order and page (`GET /api/search`). */
    search: (query: object) => ['tools', 'search', query] as const,
    /** Every part's models: what a change of one tool does not refresh (`toolsButTheirModels`). */
    everyFits: ['tools', 'fits'] as const,
    /** Every laptop model one part fits (`GET /api/tools/{id}/fits`). */
    fits: (id: string) => ['tools', 'fits', id] as const,
  },
  /** Laptops (issue 33): the picker's brands and series, lists of models, a model's page. */
  laptops: {
    all: ['laptops'] as const,
    brands: ['laptops', 'brands'] as const,
    /** A series' models, or the models a typed text names (`GET /api/laptops`). */
    list: (query: object) => ['laptops', 'list', query] as const,
    /** Under the tools' root: a change of the tools (stock, price, removal) refreshes it. */
    page: (slug: string) => ['tools', 'laptop', slug] as const,
  },
  /** A part's public page (`GET /api/parts/{slug}`), under the tools' root as a model's page is. */
  parts: {
    /** Every part's page: what a change of a part's images refreshes (its slug is not at hand). */
    pages: ['tools', 'part'] as const,
    page: (slug: string) => ['tools', 'part', slug] as const,
  },
  /**
   * A part's uploaded images (`GET /api/tools/{id}/images`): a root of their own, so removing a
   * tool does not ask a removed part for its images (404).
   */
  partImages: {
    all: ['part-images'] as const,
    list: (toolId: string) => ['part-images', toolId] as const,
  },
  orders: {
    all: ['orders'] as const,
    /** Every page of My Orders; `minePage` one of them. */
    mine: ['orders', 'mine'] as const,
    minePage: (email: string, page: number) => ['orders', 'mine', email, { page }] as const,
    /** Every page of every customer's orders (Manage All Orders); `everyonePage` one of them. */
    everyone: ['orders', 'all'] as const,
    everyonePage: (query: object) => ['orders', 'all', query] as const,
    detail: (orderId: string) => ['orders', 'detail', orderId] as const,
    history: (orderId: string) => ['orders', 'history', orderId] as const,
    /**
     * Its invoice and credit notes: under the orders' root, so the refresh after a payment or a
     * refund, which issue them, shows the new document.
     */
    documents: (orderId: string) => ['orders', 'documents', orderId] as const,
    /** Its returns: under the orders' root too, refreshed with the order by each step. */
    returns: (orderId: string) => ['orders', 'returns', orderId] as const,
    /** The back office's list of returns in one status (or 'all'), refreshed by each step too. */
    returnQueue: (status: string) => ['orders', 'return-queue', status] as const,
    /** What a refund of these lines (or of the whole order) would give back (admins). */
    refundPreview: (orderId: string, lines: readonly string[] | null) =>
      ['orders', 'refund-preview', orderId, lines] as const,
  },
  /** The return window and the restocking fees (admins). */
  returnSettings: ['return-settings'] as const,
  /** The part types (`GET /api/categories`): Add Tool's and the editor's list. */
  categories: { all: ['categories'] as const },
  /** A signed-in customer's cart, kept by the shop (a visitor's is in the browser). */
  cart: {
    all: ['cart'] as const,
    mine: (email: string) => ['cart', email] as const,
  },
  payments: {
    config: ['payments', 'config'] as const,
    intent: (orderId: string) => ['payments', 'intent', orderId] as const,
  },
  /** A signed-in customer's address book (My Profile; the delivery fields start from it). */
  addresses: {
    all: ['addresses'] as const,
    mine: (email: string) => ['addresses', email.toLowerCase()] as const,
  },
  profile: {
    all: ['profile'] as const,
    detail: (email: string) => ['profile', email.toLowerCase()] as const,
  },
  /** The shop's emails: the admins' failed sends, and the outbox of development. */
  emails: {
    all: ['emails'] as const,
    failed: ['emails', 'failed'] as const,
    delivery: ['emails', 'delivery'] as const,
    outbox: ['emails', 'outbox'] as const,
  },
  /** The admins' sales dashboard. */
  reports: { all: ['reports'] as const, sales: ['reports', 'sales'] as const },
  reviews: { all: ['reviews'] as const },
  /**
   * Shipping and tax (issue 35): the admins' zones with their methods, tax rates and settings;
   * and what shipping some parts to a destination costs (`POST /api/shipping/quote`), under
   * the tools' root instead, so a change of the catalogue (a price, a weight) asks again.
   */
  shipping: {
    all: ['shipping'] as const,
    quote: (request: object) => ['tools', 'shipping-quote', request] as const,
    zones: ['shipping', 'zones'] as const,
    taxRates: ['shipping', 'tax-rates'] as const,
    taxSettings: ['shipping', 'tax-settings'] as const,
    /** The carriers orders are shipped by (admins): Shipping and tax keeps them, Ship names one. */
    carriers: ['shipping', 'carriers'] as const,
  },
  /** The shop's legal details printed on invoices (admins). */
  invoices: {
    all: ['invoices'] as const,
    legalDetails: ['invoices', 'legal-details'] as const,
  },
  summary: { all: ['summary'] as const },
  /** All Users: `list` is one page, with its search and role. */
  users: { all: ['users'] as const, list: (query: object) => ['users', query] as const },
};
