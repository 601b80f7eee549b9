import {
  countryName,
  regionsOf,
  type TaxRate,
  type TaxRateInput,
  type TaxRateKey,
  type TaxSettings,
} from '@shop/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { setTaxSettings, taxSettings } from '../settings';

const regionName = (country: string, region: string) =>
  region === ''
    ? null
    : (regionsOf(country)?.regions.find((r) => r.code === region)?.name ?? region);

const toTaxRate = (row: {
  country: string;
  region: string;
  name: string;
  rate: string;
}): TaxRate => ({
  country: row.country,
  countryName: countryName(row.country),
  region: row.region,
  regionName: regionName(row.country, row.region),
  name: row.name,
  rate: Number(row.rate),
});

/**
 * The back office's tax: the rates of countries and their regions, and the shop's two tax
 * settings. `changed` is told after every committed change (the rules kept in memory forget).
 */
export function taxAdmin(db: Kysely<Database>, changed: () => void) {
  return {
    /** Every tax rate, by country name, the whole country before its regions. */
    async listTaxRates(): Promise<TaxRate[]> {
      const rows = await db
        .selectFrom('tax_rates')
        .select(['country', 'region', 'name', 'rate'])
        .execute();
      return rows
        .map(toTaxRate)
        .sort(
          (a, b) =>
            a.countryName.localeCompare(b.countryName, 'en') ||
            (a.regionName ?? '').localeCompare(b.regionName ?? '', 'en'),
        );
    },

    /** Sets the rate of a country, or of one of its regions, replacing the one it had. */
    async saveTaxRate(input: TaxRateInput): Promise<TaxRate> {
      const row = await db
        .insertInto('tax_rates')
        .values({
          country: input.country,
          region: input.region ?? '',
          name: input.name,
          rate: input.rate,
        })
        .onConflict((oc) =>
          oc.columns(['country', 'region']).doUpdateSet({ name: input.name, rate: input.rate }),
        )
        .returning(['country', 'region', 'name', 'rate'])
        .executeTakeFirstOrThrow();
      changed();
      return toTaxRate(row);
    },

    async removeTaxRate(key: TaxRateKey) {
      const removed = await db
        .deleteFrom('tax_rates')
        .where('country', '=', key.country)
        .where('region', '=', key.region ?? '')
        .executeTakeFirst();
      if (removed.numDeletedRows === 0n) throw notFound('Tax rate');
      changed();
    },

    taxSettings: (): Promise<TaxSettings> => taxSettings(db),

    async setTaxSettings(input: TaxSettings): Promise<TaxSettings> {
      await setTaxSettings(db, input);
      changed();
      return input;
    },
  };
}
