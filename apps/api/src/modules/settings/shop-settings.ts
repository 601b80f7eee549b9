import type {
  LegalDetails,
  LowStockThreshold,
  ReturnReason,
  ReturnSettings,
  TaxSettings,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The shop's settings: one row of `shop_settings`, owned here (db/table-owners.ts). Each module
 * that has a say in it reads and writes its own section through these, inside its transaction
 * when it passes one: the seller's legal details (invoices), how tax is shown and charged
 * (shipping), the returns policy (returns) and the low-stock threshold (reports).
 */
type Executor = Kysely<Database>;

const row = <Column extends keyof Database['shop_settings']>(
  executor: Executor,
  columns: readonly Column[],
) => executor.selectFrom('shop_settings').select(columns).executeTakeFirstOrThrow();

export async function legalDetails(executor: Executor): Promise<LegalDetails> {
  const found = await row(executor, ['legal_name', 'legal_address', 'tax_number']);
  return { legalName: found.legal_name, address: found.legal_address, taxNumber: found.tax_number };
}

/** The details printed on the documents issued from now on; those issued keep theirs. */
export async function setLegalDetails(executor: Executor, input: LegalDetails) {
  await executor
    .updateTable('shop_settings')
    .set({ legal_name: input.legalName, legal_address: input.address, tax_number: input.taxNumber })
    .execute();
  return input;
}

export async function taxSettings(executor: Executor): Promise<TaxSettings> {
  const found = await row(executor, ['prices_include_tax', 'tax_shipping']);
  return { pricesIncludeTax: found.prices_include_tax, taxShipping: found.tax_shipping };
}

export async function setTaxSettings(executor: Executor, input: TaxSettings) {
  await executor
    .updateTable('shop_settings')
    .set({ prices_include_tax: input.pricesIncludeTax, tax_shipping: input.taxShipping })
    .execute();
  return input;
}

export async function returnSettings(executor: Executor): Promise<ReturnSettings> {
  const found = await row(executor, ['return_window_days', 'restocking_fees']);
  return {
    windowDays: found.return_window_days,
    restockingFees: found.restocking_fees as Record<ReturnReason, number>,
  };
}

/** The rules for returns asked from now on; a return keeps the fee it was asked with. */
export async function setReturnSettings(executor: Executor, input: ReturnSettings) {
  await executor
    .updateTable('shop_settings')
    .set({
      return_window_days: input.windowDays,
      restocking_fees: JSON.stringify(input.restockingFees),
    })
    .execute();
  return input;
}

export async function lowStockThreshold(executor: Executor): Promise<number> {
  return (await row(executor, ['low_stock_threshold'])).low_stock_threshold;
}

export async function setLowStockThreshold(executor: Executor, input: LowStockThreshold) {
  await executor
    .updateTable('shop_settings')
    .set({ low_stock_threshold: input.lowStockThreshold })
    .execute();
  return input;
}
