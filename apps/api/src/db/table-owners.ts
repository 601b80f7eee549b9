/**
 * Who owns each table: the one module (or layer) whose code may name it in a query. Every other
 * module reaches it through the owner's surface (`modules/<owner>/index.ts`), and a flow through
 * the owner's steps. `table-ownership.test.ts` fails when a table of the migrated database has no
 * owner here, or when code under `modules/` or `flows/` names a table it does not own.
 *
 * A layer below the modules owns the tables its job needs: `auth` the sign-in records, `mail` the
 * outbox, `db` the kept list counts and the migrations' own bookkeeping. A module never names them.
 */
export const tableOwners = {
  // auth/: Better Auth's tables and the bearer tokens, counters and lockouts around them
  users: 'users',
  user: 'auth',
  session: 'auth',
  account: 'auth',
  verification: 'auth',
  rateLimit: 'auth',
  access_tokens: 'auth',
  sign_in_failures: 'auth',
  request_counters: 'auth',
  // mail/
  email_outbox: 'mail',
  // db/: the counts lists keep by trigger, and the migrations' bookkeeping
  list_counts: 'db',
  kysely_migration: 'db',
  kysely_migration_lock: 'db',
  // modules/
  profiles: 'profiles',
  saved_addresses: 'profiles',
  reviews: 'reviews',
  summary_items: 'summary',
  cart_lines: 'cart',
  tools: 'catalogue',
  categories: 'catalogue',
  part_numbers: 'catalogue',
  part_images: 'catalogue',
  fitment: 'catalogue',
  laptop_brands: 'laptops',
  laptop_series: 'laptops',
  laptop_models: 'laptops',
  model_aliases: 'laptops',
  part_search: 'search',
  part_facet_counts: 'search',
  orders: 'orders',
  order_lines: 'orders',
  order_events: 'orders',
  order_event_emails: 'orders',
  purchase_keys: 'orders',
  order_payments: 'payments',
  payment_refunds: 'payments',
  sandbox_payment_intents: 'payments',
  sandbox_refunds: 'payments',
  document_sequences: 'invoices',
  billing_documents: 'invoices',
  return_requests: 'returns',
  return_lines: 'returns',
  shipping_zones: 'shipping',
  shipping_zone_countries: 'shipping',
  shipping_methods: 'shipping',
  tax_rates: 'shipping',
  carriers: 'carriers',
  shop_settings: 'settings',
} as const;

export type TableName = keyof typeof tableOwners;

/**
 * Where a module still names another's table, as "<module> names <table>", until the reading
 * moves behind the owner's surface or into a flow (issue 50). The list only shrinks.
 */
export const crossingsToRemove: readonly string[] = [
  'cart names tools',
  'catalogue names laptop_brands',
  'catalogue names laptop_models',
  'catalogue names laptop_series',
  'catalogue names reviews',
  'invoices names order_lines',
  'invoices names orders',
  'laptops names categories',
  'laptops names fitment',
  'laptops names tools',
  'orders names billing_documents',
  'orders names users',
  'payments names orders',
  'reports names tools',
  'returns names order_events',
  'returns names order_lines',
  'returns names orders',
  'search names categories',
  'search names fitment',
  'search names laptop_brands',
  'search names laptop_models',
  'search names model_aliases',
  'search names part_numbers',
  'search names tools',
  'shipping names tools',
];
