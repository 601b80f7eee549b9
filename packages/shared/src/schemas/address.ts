import { AU, CA, type CountryData, US } from 'country-region-data';
import countries from 'i18n-iso-countries';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';
import { z } from 'zod';
import { regionsOfPostalCode } from './postal-regions';
import { noControlCharacters } from './text';

/**
 * Where an order goes (issue 35): a country from ISO 3166-1 (the codes of `i18n-iso-countries`,
 * their English names from the runtime's CLDR), a region where the country's addresses and taxes
 * need one, a city, a postal code checked per country (`postcode-validator`) and a phone checked
 * for that country and kept as E.164 (`libphonenumber-js`). The address lines stay the spec's
 * one Address box.
 */

export const RECIPIENT_MAX = 100;
export const CITY_MAX = 100;
export const POSTAL_CODE_MAX = 20;

export interface Country {
  code: string;
  name: string;
}

let countryList: Country[] | undefined;
let countryNames: Intl.DisplayNames | undefined;

/** A country's English name ("Germany"), or its code when the runtime has none. */
export function countryName(code: string): string {
  countryNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return countryNames.of(code) ?? code;
}

/** Every ISO 3166-1 country, by English name: the list a buyer picks from. */
export function listCountries(): Country[] {
  countryList ??= Object.keys(countries.getAlpha2Codes())
    .map((code) => ({ code, name: countryName(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return countryList;
}

export const isCountryCode = (code: string) => countries.isValid(code) && code.length === 2;

export interface Region {
  code: string;
  name: string;
}

/**
 * The countries whose addresses name a region, with what it is called there. Their regions
 * (`country-region-data`) are also where their sales taxes differ (US states, Canadian provinces).
 */
const regionList = ([, , regions]: CountryData): Region[] =>
  regions.map(([name, code]) => ({ code, name }));
const REGIONS: Record<string, { label: string; regions: Region[] }> = {
  US: { label: 'State', regions: regionList(US) },
  CA: { label: 'Province', regions: regionList(CA) },
  AU: { label: 'State or territory', regions: regionList(AU) },
};

/** How a country's address names its region, and its regions; undefined where none is asked. */
export const regionsOf = (country: string) => REGIONS[country];

/** The label of the postal code's field: "ZIP code" in the US. */
export const postalCodeLabel = (country: string) => (country === 'US' ? 'ZIP code' : 'Postal code');

/** Whether a country's addresses have a postal code (those `postcode-validator` knows). */
export const usesPostalCode = (country: string) => postcodeValidatorExistsForCountry(country);

/** A phone number as E.164 ("+4930901820") when it is a valid number, dialled from `country`. */
export function phoneE164(phone: string, country: string): string | undefined {
  const parsed = isCountryCode(country)
    ? parsePhoneNumberFromString(phone, country as Parameters<typeof parsePhoneNumberFromString>[1])
    : parsePhoneNumberFromString(phone);
  return parsed?.isValid() ? parsed.number : undefined;
}

/** A phone kept as E.164 as people write it: "+49 30 901820"; anything else as it is. */
export function formatPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .check(noControlCharacters(label))
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must have at most ${max} characters`);

const optionalText = (label: string, max: number) =>
  z
    .string()
    .check(noControlCharacters(label))
    .trim()
    .max(max, `${label} must have at most ${max} characters`)
    .optional();

export const CountryCodeSchema = z
  .string({ error: 'Country is required' })
  // Before the trim, which would take a control character at either end away unseen.
  .check(noControlCharacters('Country'))
  .trim()
  .toUpperCase()
  .min(1, 'Country is required')
  .refine(isCountryCode, 'Choose a country from the list');

/**
 * The fields a delivery adds to the spec's Address and Phone number: who receives it (the
 * buyer's name when left out), the country, the region where the country has them, the city
 * and the postal code. Checked together by `checkDestination`.
 */
export const destinationFields = {
  recipient: optionalText('Recipient', RECIPIENT_MAX),
  country: CountryCodeSchema,
  region: optionalText('Region', 100),
  city: requiredText('City', CITY_MAX),
  postalCode: optionalText('Postal code', POSTAL_CODE_MAX),
};

export interface DestinationInput {
  country: string;
  region?: string | undefined;
  postalCode?: string | undefined;
  phone: string;
}

/**
 * The rules that depend on the country, each told under its field: the region is one of the
 * country's where it has them (and none is kept where it has not), the postal code is the
 * country's shape where it has one and, where it names a region, names the one chosen (under
 * the postal code, naming both: the tax is the region's), the phone a valid number there.
 */
export function checkDestination(value: DestinationInput, ctx: z.RefinementCtx): void {
  const { country } = value;
  if (!isCountryCode(country)) return;
  const name = countryName(country);
  const regions = regionsOf(country);
  let chosenRegion: Region | undefined;
  if (regions) {
    const region = value.region ?? '';
    chosenRegion = regions.regions.find((r) => r.code === region.toUpperCase());
    if (region === '') {
      ctx.addIssue({ code: 'custom', path: ['region'], message: `${regions.label} is required` });
    } else if (!chosenRegion) {
      ctx.addIssue({
        code: 'custom',
        path: ['region'],
        message: `Choose a ${regions.label.toLowerCase()} of ${name} from the list`,
      });
    }
  }
  if (usesPostalCode(country)) {
    const label = postalCodeLabel(country);
    const code = (value.postalCode ?? '').toUpperCase();
    if (code === '') {
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: `${label} is required` });
    } else if (!postcodeValidator(code, country)) {
      ctx.addIssue({
        code: 'custom',
        path: ['postalCode'],
        message: `This is not a valid ${label.toLowerCase()} in ${name}`,
      });
    } else if (regions && chosenRegion) {
      const known = regionsOfPostalCode(country, code);
      if (known && !known.includes(chosenRegion.code)) {
        ctx.addIssue({
          code: 'custom',
          path: ['postalCode'],
          message: postalCodeElsewhere(
            label,
            code,
            known.map(regionNameIn(regions.regions)),
            chosenRegion.name,
          ),
        });
      }
    }
  }
  // The spec's own phone rules (required, a digit) come first, from PhoneSchema.
  if (/\d/.test(value.phone) && !phoneE164(value.phone, country)) {
    ctx.addIssue({
      code: 'custom',
      path: ['phone'],
      message: `This is not a valid phone number for ${name}: include the area code, or start with + and the country code`,
    });
  }
}

const regionNameIn = (regions: Region[]) => (code: string) =>
  regions.find((r) => r.code === code)?.name ?? code;

/** "ZIP code 90210 is in California, not Oregon". */
const postalCodeElsewhere = (label: string, code: string, isIn: string[], chosen: string) =>
  `${label} ${code} is in ${isIn.join(' or ')}, not ${chosen}`;

/**
 * A checked destination as it is kept: country and region in capitals, no region where the
 * country has none, no postal code where it has none, the phone as E.164.
 */
export function normaliseDestination<T extends DestinationInput>(value: T): T {
  return {
    ...value,
    region: regionsOf(value.country) ? value.region?.toUpperCase() : undefined,
    postalCode: usesPostalCode(value.country) ? value.postalCode?.toUpperCase() : undefined,
    phone: phoneE164(value.phone, value.country) ?? value.phone,
  };
}

/** A destination on one line, as a label or an email writes it: "Portland, OR 97204, United States". */
export function destinationLine(to: {
  city: string;
  region?: string | null;
  postalCode?: string | null;
  country: string;
}): string {
  const place = [to.region, to.postalCode].filter(Boolean).join(' ');
  return [to.city, place, countryName(to.country)].filter(Boolean).join(', ');
}

/** How many addresses one customer's address book holds. */
export const ADDRESS_BOOK_MAX = 20;
