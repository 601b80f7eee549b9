import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RegisterSchema, LoginSchema } from './auth';
import { OrderListQuerySchema, PurchaseSchema } from './order';
import { PayOrderSchema, SandboxCardPaymentSchema } from './payment';
import { ProfileInputSchema } from './profile';
import { ReviewInputSchema } from './review';
import { hasControlCharacters, noControlCharacters } from './text';
import { ToolInputSchema, ToolListQuerySchema, ToolUpdateSchema } from './tool';

const char = (code: number) => String.fromCharCode(code);
const codes = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('hasControlCharacters', () => {
  it.each([
    ['U+001F, the last C0 control', 0x1f, true],
    ['U+0020, the space', 0x20, false],
    ['U+007E, the tilde', 0x7e, false],
    ['U+007F, DEL', 0x7f, true],
    ['U+0080, the first C1 control', 0x80, true],
    ['U+009F, the last C1 control', 0x9f, true],
    ['U+00A0, the no-break space', 0xa0, false],
  ])('%s: refused %s', (_name, code, refused) => {
    expect(hasControlCharacters(`a${char(code)}b`)).toBe(refused);
    expect(hasControlCharacters(`a${char(code)}b`, 'multi-line')).toBe(refused);
  });

  it('refuses NUL at the start, in the middle and at the end', () => {
    for (const text of ['\u0000abc', 'a\u0000bc', 'abc\u0000', '\u0000']) {
      expect(hasControlCharacters(text)).toBe(true);
      expect(hasControlCharacters(text, 'multi-line')).toBe(true);
    }
  });

  it('refuses every C0 and C1 control and DEL in single-line text', () => {
    for (const code of [...codes(0x00, 0x1f), 0x7f, ...codes(0x80, 0x9f)]) {
      expect(hasControlCharacters(`x${char(code)}`), code.toString(16)).toBe(true);
    }
  });

  it('lets multi-line text keep tab, line feed and carriage return, and nothing else', () => {
    const lineBreaks = [0x09, 0x0a, 0x0d];
    for (const code of [...codes(0x00, 0x1f), 0x7f, ...codes(0x80, 0x9f)]) {
      expect(hasControlCharacters(`x${char(code)}`, 'multi-line'), code.toString(16)).toBe(
        !lineBreaks.includes(code),
      );
    }
    expect(hasControlCharacters('1 Road\r\nFlat 2\tBack door', 'multi-line')).toBe(false);
    expect(hasControlCharacters('1 Road\nFlat 2')).toBe(true);
  });

  it('refuses the line and paragraph separators in both kinds, and the spaces around them not', () => {
    for (const kind of ['single-line', 'multi-line'] as const) {
      expect(hasControlCharacters('Ann\u2028Smith', kind)).toBe(true);
      expect(hasControlCharacters('Ann\u2029', kind)).toBe(true);
      expect(hasControlCharacters('\u00a0Ann\u2027\u202a\u3000', kind)).toBe(false);
    }
  });

  it('refuses unpaired surrogate halves but accepts a pair (an emoji)', () => {
    expect(hasControlCharacters('a\uD800b')).toBe(true);
    expect(hasControlCharacters('a\uDC00b')).toBe(true);
    expect(hasControlCharacters('a\uDBFF')).toBe(true);
    expect(hasControlCharacters('\uDFFFa', 'multi-line')).toBe(true);
    expect(hasControlCharacters('a\uD83D\uDE00b')).toBe(false);
  });

  it('accepts ordinary text in any script', () => {
    for (const text of ['', 'Zoë Müller', '東京都 1-2-3', 'Ünïcødé ‮ sign', 'ß€$ 100%']) {
      expect(hasControlCharacters(text)).toBe(false);
    }
  });
});

describe('noControlCharacters', () => {
  it('gives one clear message, before the other checks (no "required", no "too long")', () => {
    const result = PurchaseSchema.shape.address.safeParse(`${'x'.repeat(600)}\u0000`);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'Address cannot contain control characters',
    ]);
    expect(PurchaseSchema.shape.phone.safeParse('\u0000').error?.issues[0]?.message).toBe(
      'Phone number cannot contain control characters',
    );
  });

  it('is a check any string schema can start with', () => {
    const schema = z.string().check(noControlCharacters('Note', 'multi-line')).trim();
    expect(schema.safeParse(' a\nb ').data).toBe('a\nb');
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(
      'Note cannot contain control characters',
    );
  });

  it('leaves the product messages for every other mistake', () => {
    const messagesOf = (result: { error?: z.ZodError }) =>
      result.error?.issues.map((issue) => issue.message);
    expect(
      messagesOf(RegisterSchema.safeParse({ name: ' ', email: 'a@b', password: '12345' })),
    ).toEqual(['Name is required', 'Provide a valid Email', 'Must have 6 characters']);
    expect(messagesOf(LoginSchema.safeParse({ email: '', password: '' }))).toEqual([
      'Email is required',
      'Provide a valid Email',
      'Password is required',
      'Must have 6 characters',
    ]);
    expect(messagesOf(PurchaseSchema.shape.phone.safeParse('abc'))).toEqual([
      'Phone number must contain a digit',
    ]);
  });

  it('looks at the text as sent: a trailing line feed in a single-line field is refused', () => {
    expect(RegisterSchema.shape.name.safeParse('Ann\n').error?.issues[0]?.message).toBe(
      'Name cannot contain control characters',
    );
    expect(PurchaseSchema.shape.address.safeParse('1 Road\n').data).toBe('1 Road');
  });
});

/**
 * Every input schema, with a valid example that fills every field: each text field in turn gets
 * a control character and must be refused, on that field. `multiLine` fields keep line breaks.
 */
const inputs: Array<{
  name: string;
  schema: z.ZodType;
  example: Record<string, unknown>;
  multiLine?: string[];
  /** Fields a format check (UUID, calendar day) refuses with its own message. */
  formatted?: string[];
}> = [
  {
    name: 'RegisterSchema',
    schema: RegisterSchema,
    example: { name: 'Ann Lee', email: 'ann@example.com', password: 'secret123' },
  },
  {
    name: 'LoginSchema',
    schema: LoginSchema,
    example: { email: 'ann@example.com', password: 'secret123' },
  },
  {
    name: 'PurchaseSchema',
    schema: PurchaseSchema,
    example: {
      toolId: '0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c',
      quantity: 2,
      phone: '+1 503 555 0100',
      address: '1 Road\nFlat 2',
      // The destination and the method (issue 35): Portland, Oregon, by the seeded US Ground
      // (SEEDED.methods.usGround of migration 0027).
      recipient: 'Ann Lee',
      country: 'US',
      region: 'OR',
      city: 'Portland',
      postalCode: '97204',
      shippingMethodId: '35000000-0000-4000-8000-000000000101',
      neededBy: '2099-01-31',
    },
    multiLine: ['address'],
    // The country is a code from a list, the method a UUID: refused with their own messages.
    formatted: ['toolId', 'neededBy', 'country', 'shippingMethodId'],
  },
  { name: 'OrderListQuerySchema', schema: OrderListQuerySchema, example: { userEmail: 'a@b.co' } },
  {
    name: 'PayOrderSchema',
    schema: PayOrderSchema,
    example: { transactionId: 'pi_123', orderID: '0b6c2c9e-3f64-4b7e-9a53-5d0f0e1a2b3c' },
  },
  {
    name: 'SandboxCardPaymentSchema',
    schema: SandboxCardPaymentSchema,
    example: {
      clientSecret: 'pi_123_secret_456',
      card: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123' },
      billingName: 'Ann Lee',
      billingEmail: 'ann@example.com',
    },
  },
  {
    name: 'ProfileInputSchema',
    schema: ProfileInputSchema,
    example: {
      email: 'ann@example.com',
      birthDate: '01-02-90',
      address: '1 Road\r\nFlat 2',
      phone: '555 0100',
      profileLink: 'https://www.linkedin.com/in/ann',
    },
    multiLine: ['address'],
  },
  {
    name: 'ReviewInputSchema',
    schema: ReviewInputSchema,
    example: {
      name: 'Ann',
      review: 'SSD',
      location: 'Oslo',
      description: 'Fast.\n\tWould buy again.',
      img: '/images/avatars/avatar-1.svg',
    },
    multiLine: ['description'],
  },
  {
    name: 'ToolInputSchema',
    schema: ToolInputSchema,
    example: {
      name: 'NVMe SSD',
      description: 'Fast\nstorage',
      minOrderQuantity: 1,
      availableQuantity: 10,
      price: 59.99,
      img: 'https://example.com/ssd.png',
    },
    multiLine: ['description'],
  },
  {
    name: 'ToolUpdateSchema',
    schema: ToolUpdateSchema,
    example: { price: 5, availableQuantity: 1, description: 'New\ntext' },
    multiLine: ['description'],
  },
  { name: 'ToolListQuerySchema', schema: ToolListQuerySchema, example: { search: 'ssd' } },
];

/** The dotted path of every string in an example. */
function textPaths(value: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'string'
      ? [`${prefix}${key}`]
      : child && typeof child === 'object'
        ? textPaths(child as Record<string, unknown>, `${prefix}${key}.`)
        : [],
  );
}

function withValue(example: Record<string, unknown>, path: string, value: string) {
  const copy = structuredClone(example);
  const keys = path.split('.');
  let target = copy;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  target[keys.at(-1)!] = value;
  return copy;
}

function valueAt(example: Record<string, unknown>, path: string): string {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], example) as string;
}

describe.each(inputs)('$name', ({ schema, example, multiLine = [], formatted = [] }) => {
  it('accepts the example', () => {
    expect(schema.safeParse(example).error).toBeUndefined();
  });

  it.each(textPaths(example))('refuses a control character in %s, on that field', (path) => {
    const value = valueAt(example, path);
    const samples = ['\u0000', '\u0007', '\u001f', '\u007f', '\u0085', '\u009f', '\uD800'];
    if (!multiLine.includes(path)) samples.push('\n', '\r', '\t');
    for (const sample of samples) {
      const bad = withValue(example, path, `${value.slice(0, 1)}${sample}${value.slice(1)}`);
      const issues = (schema.safeParse(bad).error?.issues ?? []).filter(
        (issue) => issue.path.join('.') === path,
      );
      const label = `${path} with U+${sample.charCodeAt(0).toString(16)}`;
      expect(issues, label).not.toHaveLength(0);
      if (!formatted.includes(path)) {
        expect(
          issues.map((issue) => issue.message),
          label,
        ).toEqual([expect.stringMatching(/ cannot contain control characters$/)]);
      }
    }
  });
});
