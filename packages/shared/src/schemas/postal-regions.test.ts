import { describe, expect, it } from 'vitest';
import { fieldMessage } from '../test/issues';
import { SavedAddressInputSchema } from './address-book';

// An address book entry is checked as every destination is (`checkDestination`).
const inUs = (postalCode: string, region: string) =>
  fieldMessage(
    SavedAddressInputSchema,
    {
      recipient: 'Ada',
      address: '1 Main Street',
      city: 'Springfield',
      country: 'US',
      region,
      postalCode,
      phone: '+1 310 555 0100',
    },
    'postalCode',
  );
const inCanada = (postalCode: string, region: string) =>
  fieldMessage(
    SavedAddressInputSchema,
    {
      recipient: 'Ada',
      address: '100 King Street West',
      city: 'Toronto',
      country: 'CA',
      region,
      postalCode,
      phone: '+1 416 555 0100',
    },
    'postalCode',
  );

describe('the region agrees with the postal code (issue point 9)', () => {
  it("refuses a US ZIP code in another state, naming both, at the ends of the state's range", () => {
    expect(inUs('90210', 'OR')).toBe('ZIP code 90210 is in California, not Oregon');
    expect(inUs('90001', 'CA')).toBeUndefined();
    expect(inUs('90001', 'NV')).toBe('ZIP code 90001 is in California, not Nevada');
    expect(inUs('96162', 'CA')).toBeUndefined();
    expect(inUs('96162', 'OR')).toBe('ZIP code 96162 is in California, not Oregon');
    expect(inUs('97001', 'OR')).toBeUndefined();
    expect(inUs('97001', 'CA')).toBe('ZIP code 97001 is in Oregon, not California');
    expect(inUs('97920', 'OR')).toBeUndefined();
    // One past each end: Nevada's 89899 below, Washington's 98001 above.
    expect(inUs('89899', 'CA')).toBe('ZIP code 89899 is in Nevada, not California');
    expect(inUs('98001', 'OR')).toBe('ZIP code 98001 is in Washington, not Oregon');
  });

  it('reads a ZIP+4 by its first five digits', () => {
    expect(inUs('90210-1234', 'CA')).toBeUndefined();
    expect(inUs('90210-1234', 'OR')).toBe('ZIP code 90210-1234 is in California, not Oregon');
  });

  it('accepts military and territory ZIP codes with their own codes, and unknown ZIPs with any', () => {
    expect(inUs('09001', 'AE')).toBeUndefined();
    expect(inUs('34001', 'AA')).toBeUndefined();
    expect(inUs('96201', 'AP')).toBeUndefined();
    expect(inUs('00901', 'PR')).toBeUndefined();
    expect(inUs('96910', 'GU')).toBeUndefined();
    expect(inUs('00801', 'VI')).toBeUndefined();
    // USPS's exceptions to the prefix: Fishers Island is New York's, the White House DC's.
    expect(inUs('06390', 'NY')).toBeUndefined();
    expect(inUs('20500', 'DC')).toBeUndefined();
    // Prefixes USPS has not assigned (899, 001) name no state: nothing to contradict.
    expect(inUs('89999', 'OR')).toBeUndefined();
    expect(inUs('00100', 'TX')).toBeUndefined();
  });

  it("refuses a Canadian postal code in another province, by its first letter (Canada Post's)", () => {
    expect(inCanada('M5H 2N2', 'ON')).toBeUndefined();
    expect(inCanada('M5H 2N2', 'AB')).toBe('Postal code M5H 2N2 is in Ontario, not Alberta');
    expect(inCanada('m5h2n2', 'AB')).toBe('Postal code M5H2N2 is in Ontario, not Alberta');
    expect(inCanada('T2P 1J9', 'AB')).toBeUndefined();
    expect(inCanada('T2P 1J9', 'BC')).toBe(
      'Postal code T2P 1J9 is in Alberta, not British Columbia',
    );
    expect(inCanada('H2Y 1C6', 'QC')).toBeUndefined();
    expect(inCanada('A1C 5M2', 'NL')).toBeUndefined();
    expect(inCanada('Y1A 1A1', 'YT')).toBeUndefined();
    expect(inCanada('Y1A 1A1', 'NT')).toBe(
      'Postal code Y1A 1A1 is in Yukon, not Northwest Territories',
    );
  });

  it('tells Nunavut from the Northwest Territories by the X codes that name one, else takes either', () => {
    expect(inCanada('X0A 0H0', 'NU')).toBeUndefined();
    expect(inCanada('X0A 0H0', 'NT')).toBe(
      'Postal code X0A 0H0 is in Nunavut, not Northwest Territories',
    );
    expect(inCanada('X0C 0A0', 'NU')).toBeUndefined();
    expect(inCanada('X0E 0N0', 'NT')).toBeUndefined();
    expect(inCanada('X0E 0N0', 'NU')).toBe(
      'Postal code X0E 0N0 is in Northwest Territories, not Nunavut',
    );
    expect(inCanada('X1A 2L9', 'NT')).toBeUndefined();
    expect(inCanada('X1A 2L9', 'NU')).toBe(
      'Postal code X1A 2L9 is in Northwest Territories, not Nunavut',
    );
    expect(inCanada('X0H 0A0', 'NU')).toBeUndefined();
    expect(inCanada('X0H 0A0', 'NT')).toBeUndefined();
    expect(inCanada('X0H 0A0', 'YT')).toBe(
      'Postal code X0H 0A0 is in Nunavut or Northwest Territories, not Yukon',
    );
  });

  it('says only the first fault: a region off the list, or a postal code of no valid shape', () => {
    expect(inCanada('M5H 2N2', 'ZZ')).toBeUndefined();
    expect(inUs('9021', 'OR')).toBe('This is not a valid zip code in United States');
  });
});
