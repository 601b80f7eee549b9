import { listCountries } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { matchingCountries } from './countries';

const names = (typed: string) => matchingCountries(listCountries(), typed).map((c) => c.name);

describe('matchingCountries', () => {
  it('puts the country whose code was typed first, then names that start with the text', () => {
    expect(names('NO')[0]).toBe('Norway');
    expect(names('norw')).toEqual(['Norway']);
  });

  it('finds a word inside the name, and ignores case and accents', () => {
    expect(names('guinea')).toEqual(
      expect.arrayContaining(['Guinea', 'Equatorial Guinea', 'Papua New Guinea']),
    );
    expect(names('guinea')[0]).toBe('Guinea');
    expect(names('aland')).toEqual(['Åland Islands']);
  });

  it('finds nothing for nothing typed', () => {
    expect(names('  ')).toEqual([]);
  });
});
