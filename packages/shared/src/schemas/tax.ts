import { z } from 'zod';
import { CountryCodeSchema, countryName, isCountryCode, regionsOf } from './address';
import { adminText, isWhole } from './admin-fields';
import { noControlCharacters } from './text';
import { TAX_NAME_MAX } from './shipping';

/** Tax rates and the shop's tax settings (issue 35), as admins give them and the API answers. */

export const TAX_RATE_MAX = 100;

/**
 * A tax rate as an admin gives it: for a whole country, or for one of its regions (US states,
 * Canadian provinces, Australian states), in percent with up to 3 decimals (8.875). Saving the
 * rate of a country and region that has one replaces it.
 */
export const TaxRateInputSchema = z
  .object({
    country: CountryCodeSchema,
    region: z
      .string({ error: 'Region must be text' })
      .check(noControlCharacters('Region'))
      .trim()
      .toUpperCase()
      .max(3, 'Choose a region from the list')
      .optional(),
    name: adminText('Name', TAX_NAME_MAX),
    rate: z
      .number({ error: 'Rate is required' })
      .min(0, 'Rate must be at least 0')
      .max(TAX_RATE_MAX, `Rate must be at most ${TAX_RATE_MAX}`)
      .refine((value) => isWhole(value, 1000), { message: 'Rate can have at most 3 decimals' }),
  })
  .strict()
  .superRefine((rate, ctx) => checkTaxRegion(rate, ctx));
export type TaxRateInput = z.infer<typeof TaxRateInputSchema>;

/** A region, where one is given, is one of the country's (only countries with regions have one). */
function checkTaxRegion(
  value: { country: string; region?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const region = value.region ?? '';
  if (region === '' || !isCountryCode(value.country)) return;
  const regions = regionsOf(value.country);
  if (!regions) {
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: `${countryName(value.country)} has no regions: leave Region empty`,
    });
  } else if (!regions.regions.some((r) => r.code === region)) {
    ctx.addIssue({
      code: 'custom',
      path: ['region'],
      message: `Choose a ${regions.label.toLowerCase()} of ${countryName(value.country)} from the list`,
    });
  }
}

/** `DELETE /api/shipping/tax-rates?country=&region=`: the rate to remove. */
export const TaxRateKeySchema = z
  .object({
    country: CountryCodeSchema,
    region: z
      .string()
      .check(noControlCharacters('Region'))
      .trim()
      .toUpperCase()
      .max(3, 'Choose a region from the list')
      .optional(),
  })
  .strict()
  .superRefine((key, ctx) => checkTaxRegion(key, ctx));
export type TaxRateKey = z.infer<typeof TaxRateKeySchema>;

export const TaxRateSchema = z
  .object({
    country: z.string(),
    countryName: z.string(),
    /** '' for the whole country. */
    region: z.string(),
    regionName: z.string().nullable(),
    name: z.string(),
    rate: z.number(),
  })
  .meta({ id: 'TaxRate' });
export type TaxRate = z.infer<typeof TaxRateSchema>;

/** The shop's tax settings: whether prices are entered with tax, and whether shipping is taxed. */
export const TaxSettingsSchema = z
  .object({
    pricesIncludeTax: z.boolean({ error: 'Prices include tax must be true or false' }),
    taxShipping: z.boolean({ error: 'Tax shipping must be true or false' }),
  })
  .strict()
  .meta({ id: 'TaxSettings' });
export type TaxSettings = z.infer<typeof TaxSettingsSchema>;
