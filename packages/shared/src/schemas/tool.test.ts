import { describe, expect, it } from 'vitest';
import { fieldMessage, messagesFor } from '../test/issues';
import {
  ImageUrlSchema,
  PriceSchema,
  ToolInputSchema,
  ToolListQuerySchema,
  titleOf,
  ToolNameSchema,
  ToolTitleSchema,
  ToolUpdateSchema,
} from './tool';

const validTool = {
  name: 'SSD 1 TB',
  description: 'A fast drive',
  minOrderQuantity: 1,
  availableQuantity: 0,
  price: 19.99,
  img: 'https://images.example.com/ssd.png',
};

describe("a tool's name (docs/product.md, Validation)", () => {
  it('accepts 20 characters and refuses 21', () => {
    expect(messagesFor(ToolNameSchema, 'n'.repeat(20))).toEqual([]);
    expect(messagesFor(ToolNameSchema, 'n'.repeat(21))).toEqual([
      'Name must have at most 20 characters',
    ]);
  });

  it('counts the name without the spaces around it', () => {
    expect(ToolNameSchema.parse(`  ${'n'.repeat(20)}  `)).toBe('n'.repeat(20));
  });

  it('asks for it when blank or missing', () => {
    expect(messagesFor(ToolNameSchema, '   ')).toEqual(['Name is required']);
    expect(messagesFor(ToolNameSchema, undefined)).toEqual(['Name is required']);
  });
});

describe("a part's full title beside its short name (issue 49)", () => {
  it('accepts 150 characters and refuses 151', () => {
    expect(messagesFor(ToolTitleSchema, 't'.repeat(150))).toEqual([]);
    expect(messagesFor(ToolTitleSchema, 't'.repeat(151))).toEqual([
      'Title must have at most 150 characters',
    ]);
  });

  it('counts the title without the spaces around it, and takes none at all', () => {
    expect(ToolTitleSchema.parse(`  ${'t'.repeat(150)}  `)).toBe('t'.repeat(150));
    expect(ToolTitleSchema.parse('   ')).toBe('');
    expect(fieldMessage(ToolInputSchema, validTool, 'title')).toBeUndefined();
    expect(fieldMessage(ToolUpdateSchema, { title: '' }, 'title')).toBeUndefined();
  });

  it('is refused past 150 by Add Tool and by the Manage Tools update alike', () => {
    const long = 'Lenovo ThinkPad T480 Rear Battery 24Wh 3-cell '.repeat(4);
    expect(long.trim().length).toBeGreaterThan(150);
    expect(fieldMessage(ToolInputSchema, { ...validTool, title: long }, 'title')).toBe(
      'Title must have at most 150 characters',
    );
    expect(fieldMessage(ToolUpdateSchema, { title: long }, 'title')).toBe(
      'Title must have at most 150 characters',
    );
  });

  it('keeps the 20-character rule of the name whatever the title', () => {
    const titled = { ...validTool, name: 'n'.repeat(21), title: 'A title' };
    expect(fieldMessage(ToolInputSchema, titled, 'name')).toBe(
      'Name must have at most 20 characters',
    );
  });

  it('names a part by its title, or by its name when it has none', () => {
    expect(titleOf({ name: 'T480 Battery', title: 'Lenovo ThinkPad T480 Battery' })).toBe(
      'Lenovo ThinkPad T480 Battery',
    );
    expect(titleOf({ name: 'T480 Battery', title: '' })).toBe('T480 Battery');
    expect(titleOf({ name: 'T480 Battery', title: null })).toBe('T480 Battery');
  });
});

describe("a tool's quantities", () => {
  const quantity = (field: string, value: unknown) =>
    fieldMessage(ToolInputSchema, { ...validTool, [field]: value }, field);

  it('needs a minimum order of at least 1, refuses 0', () => {
    expect(quantity('minOrderQuantity', 1)).toBeUndefined();
    expect(quantity('minOrderQuantity', 0)).toBe('Minimum order quantity must be at least 1');
  });

  it('allows an available quantity of 0, refuses -1', () => {
    expect(quantity('availableQuantity', 0)).toBeUndefined();
    expect(quantity('availableQuantity', -1)).toBe('Available quantity must be at least 0');
  });

  it('accepts 1000000 of each and refuses 1000001', () => {
    for (const [field, label] of [
      ['minOrderQuantity', 'Minimum order quantity'],
      ['availableQuantity', 'Available quantity'],
    ] as const) {
      expect(quantity(field, 1_000_000)).toBeUndefined();
      expect(quantity(field, 1_000_001)).toBe(`${label} must be at most 1000000`);
    }
  });

  it('refuses a fraction and a missing value', () => {
    expect(quantity('minOrderQuantity', 1.5)).toBe('Minimum order quantity must be a whole number');
    expect(quantity('availableQuantity', undefined)).toBe('Available quantity is required');
    expect(quantity('availableQuantity', '3')).toBe('Available quantity is required');
  });
});

describe("a tool's price", () => {
  it('refuses 0 and accepts one cent', () => {
    expect(messagesFor(PriceSchema, 0)).toEqual(['Price must be above 0']);
    expect(messagesFor(PriceSchema, -1)[0]).toBe('Price must be above 0');
    expect(messagesFor(PriceSchema, 0.01)).toEqual([]);
  });

  it('refuses a positive price under a cent, which would be stored as 0 cents', () => {
    expect(messagesFor(PriceSchema, 5e-324)).toEqual(['Price must be above 0']);
    expect(messagesFor(PriceSchema, 1e-9)).toEqual(['Price must be above 0']);
  });

  it('accepts 100000 and refuses 100000.01', () => {
    expect(messagesFor(PriceSchema, 100_000)).toEqual([]);
    expect(messagesFor(PriceSchema, 100_000.01)).toEqual(['Price must be at most 100000']);
  });

  it('accepts 2 decimals (as binary floats give them) and refuses 3', () => {
    for (const price of [19.99, 0.1 + 0.2, 1.15, 99_999.99]) {
      expect(messagesFor(PriceSchema, price), String(price)).toEqual([]);
    }
    expect(messagesFor(PriceSchema, 1.234)).toEqual(['Price can have at most 2 decimals']);
    expect(messagesFor(PriceSchema, 0.001)).toEqual(['Price can have at most 2 decimals']);
    // A thousandth of a cent away from a whole cent is still not a whole cent.
    expect(messagesFor(PriceSchema, 1.23001)).toEqual(['Price can have at most 2 decimals']);
    expect(messagesFor(PriceSchema, 1.2300001)).toEqual(['Price can have at most 2 decimals']);
    // Exactly a millionth of a cent (1e-8 * 100 is 1e-6 in floating point): the tolerance is open.
    expect(messagesFor(PriceSchema, 1e-8)).toEqual(['Price can have at most 2 decimals']);
  });

  it('asks for it when missing', () => {
    expect(messagesFor(PriceSchema, undefined)).toEqual(['Price is required']);
  });
});

describe("a tool's image link", () => {
  it.each([
    'http://images.example.com/a.png',
    'https://images.example.com/a.png',
    'HTTPS://images.example.com/a.png',
    '/images/parts/ssd-1.png',
  ])('accepts %s', (url) => {
    expect(messagesFor(ImageUrlSchema, url)).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'ftp://images.example.com/a.png',
    '//images.example.com/a.png',
    'https://',
    'https://images.example.com/a b.png',
    '/uploads/a.png',
    'images/a.png',
  ])('refuses %s', (url) => {
    expect(messagesFor(ImageUrlSchema, url)).toEqual(['Provide a valid image URL (http or https)']);
  });

  it('accepts 2000 characters and refuses 2001', () => {
    const prefix = 'https://images.example.com/';
    expect(messagesFor(ImageUrlSchema, prefix + 'a'.repeat(2000 - prefix.length))).toEqual([]);
    expect(messagesFor(ImageUrlSchema, prefix + 'a'.repeat(2001 - prefix.length))).toEqual([
      'Image URL is too long',
    ]);
  });

  it('asks for it when blank', () => {
    expect(messagesFor(ImageUrlSchema, ' ')[0]).toBe('Image URL is required');
  });
});

describe('the Add Tool form', () => {
  it('accepts a valid tool', () => {
    expect(messagesFor(ToolInputSchema, validTool)).toEqual([]);
  });

  it('accepts a 2000-character description and refuses 2001', () => {
    const description = (length: number) =>
      fieldMessage(
        ToolInputSchema,
        { ...validTool, description: 'd'.repeat(length) },
        'description',
      );
    expect(description(2000)).toBeUndefined();
    expect(description(2001)).toBe('Description must have at most 2000 characters');
  });

  it('refuses a field it does not know', () => {
    expect(ToolInputSchema.safeParse({ ...validTool, _id: 'x' }).success).toBe(false);
  });
});

describe('the Manage Tools update', () => {
  it('refuses an empty update and applies the same bounds', () => {
    expect(messagesFor(ToolUpdateSchema, {})).toEqual(['Nothing to update']);
    expect(messagesFor(ToolUpdateSchema, { availableQuantity: 0 })).toEqual([]);
    expect(messagesFor(ToolUpdateSchema, { availableQuantity: -1 })).toEqual([
      'Available quantity must be at least 0',
    ]);
    expect(messagesFor(ToolUpdateSchema, { price: 0 })).toEqual(['Price must be above 0']);
    expect(ToolUpdateSchema.safeParse({ name: 'New name' }).success).toBe(false);
  });
});

describe('the catalogue query', () => {
  it('caps the page size at 100: 100 stays 100, 101 becomes 100', () => {
    expect(ToolListQuerySchema.parse({ limit: '100' }).limit).toBe(100);
    expect(ToolListQuerySchema.parse({ limit: '101' }).limit).toBe(100);
    expect(ToolListQuerySchema.parse({}).limit).toBe(12);
  });

  it('refuses a limit or page below 1 and a page above 100000', () => {
    expect(ToolListQuerySchema.safeParse({ limit: '1', page: '1' }).success).toBe(true);
    expect(ToolListQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(ToolListQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(ToolListQuerySchema.safeParse({ page: '100000' }).success).toBe(true);
    expect(ToolListQuerySchema.safeParse({ page: '100001' }).success).toBe(false);
  });

  it('accepts a 100-character search and refuses 101', () => {
    expect(ToolListQuerySchema.safeParse({ search: 's'.repeat(100) }).success).toBe(true);
    expect(ToolListQuerySchema.safeParse({ search: 's'.repeat(101) }).success).toBe(false);
  });
});
