import { SEARCH_PAGE_SIZE_DEFAULT } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import {
  countFilters,
  readSearchFilters,
  type SearchFilters,
  toSearchQuery,
  withFilter,
  withoutFilters,
  withQuery,
  withSort,
  writeSearchFilters,
} from './search-params';

const read = (query: string) => readSearchFilters(new URLSearchParams(query));
const everything: SearchFilters = {
  q: 't480 battery',
  category: 'battery',
  brand: 'Ampere Go',
  condition: 'refurbished',
  model: 'lenovo-thinkpad-t480',
  inStock: true,
  sort: 'price-asc',
  page: 3,
};

describe('search filters in the URL', () => {
  it('reads nothing as the first page of everything, by relevance', () => {
    expect(read('')).toEqual({ q: '', inStock: false, sort: 'relevance', page: 1 });
  });

  it('writes every field and reads it back the same', () => {
    const written = writeSearchFilters(everything);
    expect(written.toString()).toBe(
      'q=t480+battery&category=battery&brand=Ampere+Go&condition=refurbished&model=lenovo-thinkpad-t480&inStock=true&sort=price-asc&page=3',
    );
    expect(readSearchFilters(written)).toEqual(everything);
  });

  it('leaves the defaults out of the URL', () => {
    const defaults = read('q=fan');
    expect(writeSearchFilters(defaults).toString()).toBe('q=fan');
    expect(writeSearchFilters({ ...defaults, q: '  ' }).toString()).toBe('');
  });

  it('leaves out what the API would refuse rather than failing the page', () => {
    expect(
      read('category=Not%20A%20Slug&condition=broken&sort=cheapest&page=0&inStock=yes&model=-x'),
    ).toEqual({ q: '', inStock: false, sort: 'relevance', page: 1 });
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=100000').page).toBe(100_000);
    expect(read('page=100001').page).toBe(1);
    expect(read(`q=${'a'.repeat(100)}`).q).toHaveLength(100);
    expect(read(`q=${'a'.repeat(101)}`).q).toBe('');
    expect(read('brand=').brand).toBeUndefined();
    expect(read('q=%20%20t480%20').q).toBe('t480');
  });

  it('starts again on page 1 whenever a filter, the words or the order change', () => {
    const onPage3 = everything;
    expect(withFilter(onPage3, 'category', 'screen')).toMatchObject({
      category: 'screen',
      page: 1,
    });
    expect(withFilter(onPage3, 'inStock', false)).toMatchObject({ inStock: false, page: 1 });
    expect(withQuery(onPage3, ' fan ')).toMatchObject({ q: 'fan', category: 'battery', page: 1 });
    expect(withSort(onPage3, 'newest')).toMatchObject({ sort: 'newest', page: 1 });
  });

  it('clears every filter but keeps the words and the order', () => {
    expect(withoutFilters(everything)).toEqual({
      q: 't480 battery',
      sort: 'price-asc',
      inStock: false,
      page: 1,
    });
    expect(countFilters(everything)).toBe(5);
    expect(countFilters(withoutFilters(everything))).toBe(0);
    expect(countFilters(read('inStock=true'))).toBe(1);
  });

  it('asks the API for one page of the default size, without empty words', () => {
    expect(toSearchQuery(read('sort=newest&page=2'))).toEqual({
      q: undefined,
      category: undefined,
      brand: undefined,
      condition: undefined,
      model: undefined,
      inStock: undefined,
      sort: 'newest',
      page: 2,
      limit: SEARCH_PAGE_SIZE_DEFAULT,
    });
    expect(toSearchQuery(everything)).toMatchObject({ q: 't480 battery', inStock: 'true' });
  });
});
