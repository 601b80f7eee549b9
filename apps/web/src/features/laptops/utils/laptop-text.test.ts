import { describe, expect, it } from 'vitest';
import { alsoKnownAs, laptopName, otherNames, partCount } from './laptop-text';

const t480 = {
  name: 'ThinkPad T480',
  brand: { slug: 'lenovo', name: 'Lenovo' },
  aliases: ['20L5', '20L6', 'T480'],
};

describe('laptop texts', () => {
  it('names a model with its brand', () => {
    expect(laptopName(t480)).toBe('Lenovo ThinkPad T480');
  });

  it('tells the other names the model name does not say, whatever their case or dashes', () => {
    expect(otherNames(t480)).toEqual(['20L5', '20L6']);
    expect(otherNames({ name: 'ThinkPad T480s', aliases: ['t-480s', 'T480', '20L7'] })).toEqual([
      '20L7',
    ]);
    expect(alsoKnownAs(t480)).toBe('Also known as 20L5, 20L6');
    expect(alsoKnownAs({ name: 'Latitude 5480', aliases: ['5480'] })).toBeNull();
    expect(alsoKnownAs({ name: 'XPS 13 9370', aliases: [] })).toBeNull();
  });

  it('counts parts', () => {
    expect(partCount(1)).toBe('1 part');
    expect(partCount(0)).toBe('0 parts');
    expect(partCount(1250)).toBe('1,250 parts');
  });
});
