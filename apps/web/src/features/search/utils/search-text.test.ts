import { describe, expect, it } from 'vitest';
import {
  facetChoices,
  fitsSummary,
  fitsSummaryOf,
  pageItems,
  partNumbersInOrder,
  partsFound,
  shownPartNumber,
  weightText,
} from './search-text';

const model = (name: string) => ({ slug: name.toLowerCase(), name, brand: 'Lenovo' });

describe('partsFound', () => {
  it('counts the parts, for the words typed', () => {
    expect(partsFound(37, 't480 battery')).toBe('37 parts for “t480 battery”');
    expect(partsFound(1, 'fan')).toBe('1 part for “fan”');
    expect(partsFound(1250, '')).toBe('1,250 parts');
  });
});

describe('shownPartNumber', () => {
  it('shows a FRU before an MPN, an OEM number or a cross-reference', () => {
    expect(
      shownPartNumber([
        { kind: 'cross-reference', maker: 'Lenovo', number: '01AV488' },
        { kind: 'fru', maker: 'Lenovo', number: '01AV489' },
        { kind: 'mpn', maker: 'Lenovo', number: 'L17M3P54' },
      ]),
    ).toEqual({ label: 'FRU', number: '01AV489' });
    expect(
      shownPartNumber([
        { kind: 'oem', maker: 'Lenovo', number: '01HX459' },
        { kind: 'mpn', maker: 'Keytec', number: 'KT-T480' },
        { kind: 'mpn', maker: 'Keytec', number: 'KT-T480-2' },
      ]),
    ).toEqual({ label: 'MPN', number: 'KT-T480' });
    expect(shownPartNumber([{ kind: 'cross-reference', maker: 'Dell', number: 'X1' }])).toEqual({
      label: 'Part no.',
      number: 'X1',
    });
    expect(shownPartNumber([])).toBeUndefined();
  });
});

describe('partNumbersInOrder', () => {
  it('lists every number, FRU first, then MPN, OEM and cross-references, in the API order within a kind', () => {
    expect(
      partNumbersInOrder([
        { kind: 'cross-reference', maker: 'Lenovo', number: '01AV488' },
        { kind: 'fru', maker: 'Lenovo', number: '01AV489' },
        { kind: 'oem', maker: 'Lenovo', number: '01HX459' },
        { kind: 'mpn', maker: 'Lenovo', number: 'L17M3P54' },
        { kind: 'mpn', maker: 'Sunwoda', number: 'SB10K97597' },
      ]),
    ).toEqual([
      { label: 'FRU', number: '01AV489', maker: 'Lenovo' },
      { label: 'MPN', number: 'L17M3P54', maker: 'Lenovo' },
      { label: 'MPN', number: 'SB10K97597', maker: 'Sunwoda' },
      { label: 'OEM', number: '01HX459', maker: 'Lenovo' },
      { label: 'Part no.', number: '01AV488', maker: 'Lenovo' },
    ]);
    expect(partNumbersInOrder([])).toEqual([]);
  });

  it('leaves the list it is given as it was', () => {
    const numbers = [
      { kind: 'mpn', maker: 'Lenovo', number: 'B' },
      { kind: 'fru', maker: 'Lenovo', number: 'A' },
    ] as const;
    partNumbersInOrder(numbers);
    expect(numbers.map(({ number }) => number)).toEqual(['B', 'A']);
  });
});

describe('weightText', () => {
  it('says a weight in grams, and nothing for a part nobody weighed (0 g)', () => {
    expect(weightText(165)).toBe('165 g');
    expect(weightText(1)).toBe('1 g');
    expect(weightText(100_000)).toBe('100,000 g');
    expect(weightText(0)).toBeNull();
  });
});

describe('fitsSummaryOf', () => {
  const laptop = (name: string, brand = 'Lenovo') => ({
    slug: name.toLowerCase().replaceAll(' ', '-'),
    name,
    brand: { slug: brand.toLowerCase(), name: brand },
    series: { slug: 'series', name: 'Series' },
    aliases: [],
  });

  it('counts every model and names the first three, as the search answer does', () => {
    const models = ['ThinkPad T480', 'ThinkPad T470', 'ThinkPad T490', 'ThinkPad X280'].map(
      (name) => laptop(name),
    );
    const summary = fitsSummaryOf([...models, laptop('Latitude 5490', 'Dell')]);
    expect(summary).toEqual({
      count: 5,
      models: [
        { slug: 'thinkpad-t480', name: 'ThinkPad T480', brand: 'Lenovo' },
        { slug: 'thinkpad-t470', name: 'ThinkPad T470', brand: 'Lenovo' },
        { slug: 'thinkpad-t490', name: 'ThinkPad T490', brand: 'Lenovo' },
      ],
    });
    expect(fitsSummary(summary)).toEqual({ text: 'Fits ThinkPad T480, T470, T490', more: 2 });
    expect(fitsSummary(fitsSummaryOf(models.slice(0, 3)))).toEqual({
      text: 'Fits ThinkPad T480, T470 and T490',
      more: 0,
    });
    expect(fitsSummary(fitsSummaryOf(models.slice(0, 4)))).toEqual({
      text: 'Fits ThinkPad T480, T470, T490',
      more: 1,
    });
  });

  it('says nothing of a part that fits no model', () => {
    expect(fitsSummaryOf([])).toEqual({ count: 0, models: [] });
    expect(fitsSummary(fitsSummaryOf([]))).toBeNull();
  });
});

describe('fitsSummary', () => {
  it('names the models, dropping the family a name shares with the one before', () => {
    const models = ['ThinkPad T480', 'ThinkPad T470', 'Latitude 5490'].map(model);
    expect(fitsSummary({ count: 5, models })).toEqual({
      text: 'Fits ThinkPad T480, T470, Latitude 5490',
      more: 2,
    });
    expect(fitsSummary({ count: 3, models })).toEqual({
      text: 'Fits ThinkPad T480, T470 and Latitude 5490',
      more: 0,
    });
    expect(fitsSummary({ count: 1, models: [model('ThinkPad T480')] })).toEqual({
      text: 'Fits ThinkPad T480',
      more: 0,
    });
  });

  it('says nothing of a part that fits no model', () => {
    expect(fitsSummary({ count: 0, models: [] })).toBeNull();
  });
});

describe('pageItems', () => {
  it('lists every page up to seven', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and the neighbours of the current page past seven', () => {
    expect(pageItems(1, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageItems(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
    expect(pageItems(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageItems(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });
});

describe('facetChoices', () => {
  const values = [{ value: 'battery', label: 'Batteries', count: 3 }];

  it('keeps a chosen value the words no longer find, with 0', () => {
    expect(facetChoices(values, 'screen')).toEqual([
      { value: 'screen', label: 'screen', count: 0 },
      ...values,
    ]);
    expect(facetChoices(values, 'battery')).toEqual(values);
    expect(facetChoices(values, undefined)).toEqual(values);
  });
});
