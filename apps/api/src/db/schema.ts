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
  created_at: CreatedAt;
}

export interface Database {
  tools: ToolsTable;
  summary_items: SummaryItemsTable;
  reviews: ReviewsTable;
}

export type ToolRow = Selectable<ToolsTable>;
export type SummaryItemRow = Selectable<SummaryItemsTable>;
export type ReviewRow = Selectable<ReviewsTable>;
