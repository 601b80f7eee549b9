/**
 * The tables as the code sees them (decision 046): the types kysely-codegen reads from a
 * migrated database (tables.generated.ts, `npm run generate:db-types`), with the columns whose
 * type the database cannot say written over them below. Nothing else here is kept by hand.
 */
import type {
  OrderEventKind,
  OrderStatus,
  PartCondition,
  PartNumberKind,
  RateKind,
  ShippingClass,
} from '@shop/shared';
import type { ColumnType, Selectable, SelectType } from 'kysely';
import type { DB, JsonValue } from './tables.generated';

/** A column only the database writes (a generated column, or one a trigger keeps). */
type Derived<T> = ColumnType<T, never, never>;

/** A table only the database writes (triggers keep it): every column `Derived`. */
type WrittenByTriggers<Table> = { [C in keyof Table]: Derived<SelectType<Table[C]>> };

/** A column with a default the code may leave out (`Generated<T>` of the generated file). */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A weight band: parcels up to this weight cost this much. */
export interface WeightBand {
  upToGrams: number;
  cents: number;
}

/** An attachment of a queued email: which kind of file, and which one (an invoice's id). */
export interface EmailAttachmentRef {
  kind: string;
  ref: string;
}

export type SandboxIntentStatus = 'requires_payment_method' | 'succeeded' | 'canceled';

export type ProviderName = 'stripe' | 'sandbox';

type ReturnStatus = 'requested' | 'authorised' | 'refused' | 'received' | 'refunded';

/**
 * What the database cannot say: the values a check constraint allows in a text column (the
 * shared unions), a JSON column's shape, a default a trigger gives, a column only the database
 * writes. Each names a table and a column that exist, and reads a type the column can hold
 * (`Overridden` fails the typecheck otherwise).
 */
interface Overrides {
  tools: {
    /** "Other parts" when none is given: a trigger (migration 0021), not a default. */
    category_id: Defaulted<string>;
    condition: Defaulted<PartCondition>;
    /** How it may travel (migration 0027): a battery is a lithium battery unless oversized. */
    shipping_class: Defaulted<ShippingClass>;
  };
  /** A part's numbers: as typed, and normalised by the database (upper case, letters and digits). */
  part_numbers: { kind: PartNumberKind; normalised: Derived<string> };
  laptop_models: { normalised: Derived<string> };
  model_aliases: { normalised: Derived<string> };
  users: {
    role: Defaulted<'admin' | 'user'>;
    /** Kept by a trigger on orders (migration 0007): never written by the code. */
    unpaid_orders: Derived<number>;
  };
  orders: { status: Defaulted<OrderStatus> };
  /** Every change of an order's status, kept by a trigger (migration 0013). */
  order_events: {
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    kind: ColumnType<OrderEventKind, OrderEventKind | undefined, never>;
  };
  /** The shop's settings: one row (migration 0014). */
  shop_settings: {
    id: ColumnType<1, 1 | undefined, never>;
    /** Returns (migration 0032): each reason's restocking fee in percent. */
    restocking_fees: ColumnType<Record<string, number>, string | undefined, string>;
  };
  return_requests: {
    status: ColumnType<ReturnStatus, 'requested' | undefined, Exclude<ReturnStatus, 'requested'>>;
    reason: 'does_not_fit' | 'faulty' | 'damaged_in_transit' | 'changed_mind';
  };
  document_sequences: { series: 'invoice' | 'credit_note' };
  billing_documents: {
    kind: 'invoice' | 'credit_note';
    /** The document whole (invoices/invoice-document.ts, `IssuedDocument`). */
    body: ColumnType<unknown, string, never>;
  };
  shipping_zones: { refused_classes: Defaulted<ShippingClass[]> };
  shipping_methods: {
    rate_kind: RateKind;
    weight_bands: ColumnType<WeightBand[], string | undefined, string>;
    refused_classes: Defaulted<ShippingClass[]>;
  };
  /** Changes to the sizes of lists, written by triggers (migration 0017). */
  list_counts: { list: 'orders' | 'users' };
  sandbox_payment_intents: { status: Defaulted<SandboxIntentStatus> };
  order_payments: { provider: ProviderName };
  payment_refunds: { provider: ProviderName };
  email_outbox: {
    /** What the template is rendered with (mail/templates). */
    data: ColumnType<Record<string, unknown>, string, never>;
    /** What to attach, drawn when the email is sent (mail-queue.ts; migration 0031). */
    attachments: ColumnType<EmailAttachmentRef[], string | undefined, never>;
  };
  /** Written by the database only (migrations 0022 and 0023): a part's document and listing. */
  part_search: WrittenByTriggers<DB['part_search']>;
  /** Parts on sale per part type, brand, condition and stock side (migration 0023). */
  part_facet_counts: WrittenByTriggers<DB['part_facet_counts']>;
}

/**
 * An override's column, checked: the type it reads must be one the generated column reads (a
 * JSON column's shape is the code's to say), or the typecheck names this type.
 */
type Checked<Override, Column> = [JsonValue] extends [SelectType<Column>]
  ? Override
  : [SelectType<Override>] extends [SelectType<Column>]
    ? Override
    : { 'reads a type the column cannot hold': SelectType<Column> };

/** Overrides that name only tables and columns the database has, each checked. */
type KnownOverrides<O> = {
  [T in keyof O]: T extends keyof DB
    ? { [C in keyof O[T]]: C extends keyof DB[T] ? Checked<O[T][C], DB[T][C]> : never }
    : never;
};

/** The generated tables with the overrides' columns in their place. */
type Overridden<O extends KnownOverrides<O>> = {
  [T in keyof DB]: T extends keyof O
    ? { [C in keyof DB[T]]: C extends keyof O[T] ? O[T][C] : DB[T][C] }
    : DB[T];
};

export type Database = Overridden<Overrides>;

export type ToolsTable = Database['tools'];
export type FitmentTable = Database['fitment'];
export type LaptopBrandsTable = Database['laptop_brands'];
export type LaptopSeriesTable = Database['laptop_series'];
export type LaptopModelsTable = Database['laptop_models'];
export type ModelAliasesTable = Database['model_aliases'];
export type PartNumbersTable = Database['part_numbers'];
export type ReviewsTable = Database['reviews'];
export type SummaryItemsTable = Database['summary_items'];
export type ListCountsTable = Database['list_counts'];
export type SavedAddressesTable = Database['saved_addresses'];
export type EmailOutboxTable = Database['email_outbox'];

export type ToolRow = Selectable<ToolsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
export type UserRow = Selectable<Database['users']>;
/** An order as the code reads it: `needed_by`, a date, always read as text (`needed_by::text`). */
export type OrderRow = Omit<Selectable<Database['orders']>, 'needed_by'> & {
  needed_by: string | null;
};
export type OrderLineRow = Selectable<Database['order_lines']>;
