import { describe, expect, it } from 'vitest';
import { partSlug, skuOfPartSlug } from './part';

describe('partSlug', () => {
  it.each([
    ['T480 Battery 24Wh', 'LPS-100011', 't480-battery-24wh-lps100011'],
    ['  65W USB-C Charger!  ', 'ag-65c', '65w-usb-c-charger-ag65c'],
    ['Écran 14" FHD (IPS)', 'SCR.14/FHD', 'ecran-14-fhd-ips-scr14fhd'],
    ['日本語', 'JP-1', 'jp1'],
  ])('makes "%s" (%s) into %s, which ends with its SKU', (name, sku, slug) => {
    expect(partSlug(name, sku)).toBe(slug);
    expect(skuOfPartSlug(slug)).toBe(sku.replace(/[^A-Za-z0-9]/g, '').toUpperCase());
  });

  it.each(['', '-', 'a-', '-a', 'a--b', 'A-b', 'a_b', 'é', '../a', 'a'.repeat(201)])(
    'reads no SKU in %j',
    (slug) => {
      expect(skuOfPartSlug(slug)).toBeNull();
    },
  );

  it('reads a slug of 200 characters, and not of 201', () => {
    expect(skuOfPartSlug(`${'a'.repeat(197)}-b1`)).toBe('B1');
    expect(skuOfPartSlug(`${'a'.repeat(198)}-b1`)).toBeNull();
  });
});
