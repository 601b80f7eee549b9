import type {
  OrderEventKind,
  OrderStatus,
  PartCondition,
  PartNumberKind,
  RateKind,
  ShippingClass,
} from '@shop/shared';
import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface ToolsTable {
  id: Generated<string>;
  name: string;
  img: string;
  description: string;
  min_order_quantity: number;
  available_quantity: number;
  /** Unit price in cents: money is integer cents everywhere in the database. */
  price_cents: number;
  created_at: CreatedAt;
  /** Set when an admin removes a tool that has orders: hidden from the shop, orders intact. */
  retired_at: Date | null;
  /** Unique whatever its case; the database gives the next `LPS-000123` when none is given. */
  sku: ColumnType<string, string | undefined, string>;
  /** The part type; "Other parts" when none is given (a trigger, migration 0021). */
  category_id: ColumnType<string, string | undefined, string>;
  /** The part's maker or label (the laptop's brand for an original part). */
  brand: ColumnType<string, string | undefined, string>;
  condition: ColumnType<PartCondition, PartCondition | undefined, PartCondition>;
  weight_grams: ColumnType<number, number | undefined, number>;
  /** How it may travel (migration 0027): a battery is a lithium battery unless oversized. */
  shipping_class: ColumnType<ShippingClass, ShippingClass | undefined, ShippingClass>;
  /** The full title beside the short name (migration 0038); empty: the name stands in. */
  title: ColumnType<string, string | undefined, string>;
}

/** The part types (migration 0021), a table admins extend. */
export interface CategoriesTable {
  id: Generated<string>;
  slug: string;
  name: string;
  position: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

/** A part's numbers: as typed, and normalised by the database (upper case, letters and digits). */
export interface PartNumbersTable {
  tool_id: string;
  kind: PartNumberKind;
  maker: string;
  number: string;
  normalised: ColumnType<string, never, never>;
}

export interface LaptopBrandsTable {
  id: Generated<string>;
  name: string;
  slug: string;
}

export interface LaptopSeriesTable {
  id: Generated<string>;
  brand_id: string;
  name: string;
  slug: string;
}

export interface LaptopModelsTable {
  id: Generated<string>;
  series_id: string;
  name: string;
  slug: string;
  normalised: ColumnType<string, never, never>;
  created_at: CreatedAt;
}

/** Other names of a model: marketing names, machine-type codes, product numbers. */
export interface ModelAliasesTable {
  model_id: string;
  alias: string;
  normalised: ColumnType<string, never, never>;
}

/** Which parts fit which models. */
/**
 * A part's uploaded images, in order (migration 0025); the files are named by `content_hash`
 * in the image storage (modules/catalogue/images/).
 */
export interface PartImagesTable {
  id: Generated<string>;
  tool_id: string;
  /** 1 is first; unique per part, checked at the commit. */
  position: number;
  alt: string;
  /** SHA-256 of the uploaded bytes, hex: the name of its files. */
  content_hash: string;
  /** The original's size, upright. */
  width: number;
  height: number;
  created_at: CreatedAt;
}

export interface FitmentTable {
  tool_id: string;
  model_id: string;
}

/** A part's full-text document, rebuilt by the database when what it holds changes (migration 0022). */
/** A column only the database writes (a trigger keeps it). */
type Derived<T> = ColumnType<T, never, never>;

/** Written by the database only (migrations 0022 and 0023): a part's document and listing. */
export interface PartSearchTable {
  tool_id: Derived<string>;
  document: Derived<string>;
  category_id: Derived<string>;
  brand: Derived<string>;
  condition: Derived<string>;
  price_cents: Derived<number>;
  created_at: Derived<Date>;
  name: Derived<string>;
  on_sale: Derived<boolean>;
  in_stock: Derived<boolean>;
}

/** Parts on sale per part type, brand, condition and stock side (migration 0023). */
export interface PartFacetCountsTable {
  category_id: Derived<string>;
  brand: Derived<string>;
  condition: Derived<string>;
  in_stock: Derived<boolean>;
  parts: Derived<number>;
}

export interface SummaryItemsTable {
  id: Generated<string>;
  img: string;
  description: string;
  number: number;
  position: number;
}

export interface ReviewsTable {
  id: Generated<string>;
  review: string;
  description: string;
  img: string;
  name: string;
  location: string;
  user_id: string | null;
  created_at: CreatedAt;
}

export interface ProfilesTable {
  user_id: string;
  birth_date: string;
  address: string;
  phone: string;
  profile_link: string;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface UsersTable {
  id: Generated<string>;
  /** The Better Auth identity this shop user belongs to. */
  auth_user_id: string;
  email: string;
  name: string;
  role: ColumnType<'admin' | 'user', 'admin' | 'user' | undefined, 'admin' | 'user'>;
  /** Kept by a trigger on orders (migration 0007): never written by the code. */
  unpaid_orders: ColumnType<number, never, never>;
  created_at: CreatedAt;
}

export interface AccessTokensTable {
  token_hash: string;
  user_id: string;
  /** The Better Auth session that asked for the token; null for tokens older than that rule. */
  session_id: string | null;
  expires_at: Date;
  created_at: CreatedAt;
}

export interface SignInFailuresTable {
  id: Generated<string>;
  email: string;
  /** The client's address; '' when unknown. */
  address: ColumnType<string, string | undefined, string>;
  failed_at: CreatedAt;
}

export interface RequestCountersTable {
  key: string;
  window_started_at: ColumnType<Date, Date | string | undefined, Date | string>;
  hits: number;
}

export interface OrdersTable {
  id: Generated<string>;
  /** The order's number, from the column's sequence (migration 0033); `formatOrderNumber`. */
  number: Generated<number>;
  tool_id: string;
  tool_name: string;
  tool_img: string;
  user_id: string | null;
  user_name: string;
  user_email: string;
  phone: string;
  address: string;
  /** Units over all the order's lines. */
  quantity: number;
  /** A one-line order's unit price and stock left; null for several lines (migration 0012). */
  unit_price_cents: number | null;
  /** The order's total. */
  price_cents: number;
  available_after: number | null;
  line_count: ColumnType<number, number | undefined, number>;
  /** A calendar day; read back as 'YYYY-MM-DD' text. */
  needed_by: ColumnType<string | null, string | null | undefined, string | null>;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  transaction_id: string | null;
  paid_at: Date | null;
  /** The deadline of an unpaid order; past it the order expires and its stock returns. */
  pay_by: Date | null;
  /** Set while a process expires this order (order-expiry.ts). */
  expiry_lease_until: Date | null;
  /** Set when a refund claims the order, before the provider is asked (migration 0020). */
  refund_started_at: Date | null;
  created_at: CreatedAt;
  /** Where and how it goes (migration 0027); null for orders placed before. */
  recipient: string | null;
  ship_country: string | null;
  ship_region: string | null;
  ship_city: string | null;
  ship_postal_code: string | null;
  shipping_method_id: string | null;
  shipping_method: string | null;
  delivery_min_days: number | null;
  delivery_max_days: number | null;
  /** The shipping price and all the tax it was sold with: `price_cents` is the total paid. */
  shipping_cents: ColumnType<number, number | undefined, number>;
  tax_cents: ColumnType<number, number | undefined, number>;
  /** The part of `tax_cents` on shipping, and the rate (percent, numeric text). */
  shipping_tax_cents: ColumnType<number, number | undefined, number>;
  tax_rate: ColumnType<string, string | number | undefined, string | number>;
  /** The tax's name there ("VAT"); null for orders placed before. */
  tax_name: string | null;
  /** Whether its prices (lines and shipping) include the tax, so the subtotal is told apart. */
  prices_include_tax: ColumnType<boolean, boolean | undefined, boolean>;
  /** How it left (migration 0034): the carrier's name, the tracking number and its link. */
  carrier: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_number: ColumnType<string | null, string | null | undefined, string | null>;
  tracking_url: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The carriers admins keep (migration 0034). */
export interface CarriersTable {
  id: Generated<string>;
  name: string;
  tracking_url_template: string;
  created_at: CreatedAt;
}

/** What an order bought, a line per tool, as it was then (migration 0012). */
export interface OrderLinesTable {
  order_id: string;
  position: number;
  tool_id: string;
  tool_name: string;
  tool_img: string;
  quantity: number;
  unit_price_cents: number;
  price_cents: number;
  available_after: number;
  /** Percent, as numeric text ("19.000"); its tax, and its share of shipping and of that tax. */
  tax_rate: ColumnType<string, string | number | undefined, string | number>;
  tax_cents: ColumnType<number, number | undefined, number>;
  shipping_cents: ColumnType<number, number | undefined, number>;
  shipping_tax_cents: ColumnType<number, number | undefined, number>;
  /** The refund giving this line back (migration 0029); when the money was back; when its units. */
  refund_key: ColumnType<string | null, string | null | undefined, string | null>;
  refunded_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  restocked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The part's title when bought (migration 0038); null before: the name stands in. */
  tool_title: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Every change of an order's status, kept by a trigger (migration 0013). */
export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  at: Generated<Date>;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  actor_id: string | null;
  reason: string | null;
  /** What the step is, and what it concerns (migration 0035). */
  kind: ColumnType<OrderEventKind, OrderEventKind | undefined, never>;
  what: ColumnType<string | null, string | null | undefined, never>;
}

/** The shop's settings: one row (migration 0014). */
export interface ShopSettingsTable {
  id: ColumnType<1, 1 | undefined, never>;
  low_stock_threshold: number;
  prices_include_tax: ColumnType<boolean, boolean | undefined, boolean>;
  tax_shipping: ColumnType<boolean, boolean | undefined, boolean>;
  /** The shop's legal details, printed on invoices and credit notes (migration 0031). */
  legal_name: ColumnType<string, string | undefined, string>;
  legal_address: ColumnType<string, string | undefined, string>;
  tax_number: ColumnType<string, string | undefined, string>;
  /** Returns (migration 0032): days after delivery, and each reason's fee in percent. */
  return_window_days: ColumnType<number, number | undefined, number>;
  restocking_fees: ColumnType<Record<string, number>, string | undefined, string>;
}

/** A buyer's request to return lines of a delivered order (migration 0032). */
export interface ReturnRequestsTable {
  id: Generated<string>;
  order_id: string;
  user_id: string | null;
  status: ColumnType<
    'requested' | 'authorised' | 'refused' | 'received' | 'refunded',
    'requested' | undefined,
    'authorised' | 'refused' | 'received' | 'refunded'
  >;
  reason: 'does_not_fit' | 'faulty' | 'damaged_in_transit' | 'changed_mind';
  comment: string | null;
  message: string | null;
  /** Percent, as numeric text ("15.00"). */
  fee_percent: ColumnType<string, number, never>;
  refund_cents: number | null;
  fee_cents: number | null;
  refund_key: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The lines a return sends back (migration 0032); `live` until the return is refused. */
export interface ReturnLinesTable {
  return_id: string;
  order_id: string;
  tool_id: string;
  live: ColumnType<boolean, boolean | undefined, boolean>;
  resaleable: boolean | null;
}

/** The last number given per series and year (migration 0031). */
export interface DocumentSequencesTable {
  series: 'invoice' | 'credit_note';
  year: number;
  last_number: number;
}

/** Invoices and credit notes as issued; never changed (migration 0031). */
export interface BillingDocumentsTable {
  id: Generated<string>;
  kind: 'invoice' | 'credit_note';
  year: number;
  sequence: number;
  number: string;
  order_id: string;
  /** A credit note's invoice. */
  invoice_id: string | null;
  /** The refund a credit note gives back (`payment_refunds.key`). */
  refund_key: string | null;
  issued_at: Generated<Date>;
  total_cents: number;
  /** The document whole (invoices/invoice-document.ts, `IssuedDocument`). */
  body: ColumnType<unknown, string, never>;
}

/** A customer's saved addresses (migration 0028). */
export interface SavedAddressesTable {
  id: Generated<string>;
  user_id: string;
  recipient: string;
  address: string;
  country: string;
  region: string | null;
  city: string;
  postal_code: string | null;
  phone: string;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** Shipping zones, their countries and methods, and tax rates (migration 0027). */
export interface ShippingZonesTable {
  id: Generated<string>;
  name: string;
  rest_of_world: ColumnType<boolean, boolean | undefined, boolean>;
  refused_classes: ColumnType<ShippingClass[], ShippingClass[] | undefined, ShippingClass[]>;
  created_at: CreatedAt;
}

export interface ShippingZoneCountriesTable {
  country: string;
  zone_id: string;
}

/** A weight band: parcels up to this weight cost this much. */
export interface WeightBand {
  upToGrams: number;
  cents: number;
}

export interface ShippingMethodsTable {
  id: Generated<string>;
  zone_id: string;
  name: string;
  rate_kind: RateKind;
  rate_cents: ColumnType<number, number | undefined, number>;
  free_over_cents: number | null;
  weight_bands: ColumnType<WeightBand[], string | undefined, string>;
  min_days: number;
  max_days: number;
  refused_classes: ColumnType<ShippingClass[], ShippingClass[] | undefined, ShippingClass[]>;
  position: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface TaxRatesTable {
  country: string;
  region: ColumnType<string, string | undefined, string>;
  name: string;
  /** Percent, as numeric text ("19.000"). */
  rate: ColumnType<string, string | number, string | number>;
}

/**
 * Changes to the sizes of lists, written by triggers (migration 0017): orders by status, users
 * by role. A bucket's size is the sum of its rows; the housekeeping sweep folds them.
 */
export interface ListCountsTable {
  list: 'orders' | 'users';
  bucket: string;
  // bigint: the driver answers it as text; the sums are cast to int where they are read.
  rows: ColumnType<string, number, number>;
}

/** A signed-in customer's cart, on the server (migration 0012). */
export interface CartLinesTable {
  user_id: string;
  tool_id: string;
  quantity: number;
  added_unit_price_cents: number;
  added_at: CreatedAt;
}

export interface PurchaseKeysTable {
  user_id: string;
  key: string;
  fingerprint: string;
  order_id: string;
  created_at: CreatedAt;
}

export interface SandboxPaymentIntentsTable {
  id: string;
  client_secret: string;
  order_id: string;
  amount_cents: number;
  status: ColumnType<SandboxIntentStatus, SandboxIntentStatus | undefined>;
  created_at: CreatedAt;
}

export type SandboxIntentStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

export interface SandboxRefundsTable {
  id: string;
  /** The caller's idempotency key, as Stripe's: one refund per key, several per intent. */
  key: string;
  intent_id: string;
  amount_cents: number;
  reason: string;
  created_at: CreatedAt;
}

export type ProviderName = 'stripe' | 'sandbox';

/** Every intent the shop created for an order, so a cancel can settle them with the provider. */
export interface OrderPaymentsTable {
  intent_id: string;
  order_id: string;
  provider: ProviderName;
  amount_cents: number;
  created_at: CreatedAt;
}

/** Refunds the shop made of payments for orders it did not deliver: at most one per intent. */
export interface PaymentRefundsTable {
  /** The intent's id for a refund of what is left of it; `<intent>:<tool ids>` for lines. */
  key: string;
  intent_id: string;
  order_id: string;
  provider: ProviderName;
  amount_cents: number;
  provider_refund_id: string | null;
  reason: string;
  created_at: CreatedAt;
}

/** An email to send, kept until it is sent (migration 0018, mail/mail-queue.ts). */
/** Order events whose emails are still to be queued (migration 0019). */
export interface OrderEventEmailsTable {
  event_id: string;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  /** The template's name (mail/templates): what the worker renders `data` with. */
  template: string;
  recipient: string;
  subject: string;
  data: ColumnType<Record<string, unknown>, string, never>;
  created_at: CreatedAt;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  /** Set while a worker sends it; a worker that died lets it go then. */
  lease_until: Date | null;
  attempts: ColumnType<number, number | undefined, number>;
  last_attempt_at: Date | null;
  last_error: string | null;
  sent_at: Date | null;
  message_id: string | null;
  /** What to attach, drawn when the email is sent (mail-queue.ts; migration 0031). */
  attachments: ColumnType<EmailAttachmentRef[], string | undefined, never>;
}

/** An attachment of a queued email: which kind of file, and which one (an invoice's id). */
export interface EmailAttachmentRef {
  kind: string;
  ref: string;
}

export interface Database {
  carriers: CarriersTable;
  sandbox_payment_intents: SandboxPaymentIntentsTable;
  sandbox_refunds: SandboxRefundsTable;
  order_payments: OrderPaymentsTable;
  payment_refunds: PaymentRefundsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  order_events: OrderEventsTable;
  shop_settings: ShopSettingsTable;
  document_sequences: DocumentSequencesTable;
  billing_documents: BillingDocumentsTable;
  return_requests: ReturnRequestsTable;
  return_lines: ReturnLinesTable;
  shipping_zones: ShippingZonesTable;
  shipping_zone_countries: ShippingZoneCountriesTable;
  shipping_methods: ShippingMethodsTable;
  tax_rates: TaxRatesTable;
  saved_addresses: SavedAddressesTable;
  list_counts: ListCountsTable;
  cart_lines: CartLinesTable;
  purchase_keys: PurchaseKeysTable;
  profiles: ProfilesTable;
  tools: ToolsTable;
  categories: CategoriesTable;
  part_numbers: PartNumbersTable;
  laptop_brands: LaptopBrandsTable;
  laptop_series: LaptopSeriesTable;
  laptop_models: LaptopModelsTable;
  model_aliases: ModelAliasesTable;
  fitment: FitmentTable;
  part_images: PartImagesTable;
  part_search: PartSearchTable;
  part_facet_counts: PartFacetCountsTable;
  summary_items: SummaryItemsTable;
  reviews: ReviewsTable;
  users: UsersTable;
  access_tokens: AccessTokensTable;
  sign_in_failures: SignInFailuresTable;
  request_counters: RequestCountersTable;
  email_outbox: EmailOutboxTable;
  order_event_emails: OrderEventEmailsTable;
}

export type ToolRow = Selectable<ToolsTable>;
export type SummaryItemRow = Selectable<SummaryItemsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type UserRow = Selectable<UsersTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderLineRow = Selectable<OrderLinesTable>;
