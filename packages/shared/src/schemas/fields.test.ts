import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { messagesFor } from '../test/issues';
import { EmailSchema, PasswordSchema, PersonNameSchema } from './auth';
import { AddressSchema, OrderListQuerySchema, PhoneSchema } from './order';
import { BirthDateSchema, ProfileInputSchema, ProfileLinkSchema } from './profile';
import { ReviewInputSchema } from './review';
import { DescriptionSchema, ImageUrlSchema, ToolListQuerySchema, ToolNameSchema } from './tool';

/**
 * Every text field the forms and the API share, with the words a customer reads: missing or
 * blank asks for the field by name, a control character names the field, and spaces around
 * the value are dropped before it is stored.
 */
const review = ReviewInputSchema.shape;
const fields: [string, z.ZodType, string, string, string][] = [
  // name, schema, a valid value, the "required" message, the label control characters name
  ['email', EmailSchema, 'ann@example.com', 'Email is required', 'Email'],
  ['person name', PersonNameSchema, 'Ann', 'Name is required', 'Name'],
  ['tool name', ToolNameSchema, 'Torx T5', 'Name is required', 'Name'],
  ['image URL', ImageUrlSchema, 'https://img.example/t5.png', 'Image URL is required', 'Image URL'],
  ['description', DescriptionSchema, 'Fits most laptops', 'Description is required', 'Description'],
  ['phone', PhoneSchema, '01700000000', 'Phone number is required', 'Phone number'],
  ['address', AddressSchema, '12 Road, Dhaka', 'Address is required', 'Address'],
  ['birth date', BirthDateSchema, '24-05-95', 'Date of birth is required', 'Date of birth'],
  [
    'profile link',
    ProfileLinkSchema,
    'https://www.linkedin.com/in/ann',
    'Profile link is required',
    'Profile link',
  ],
  ['review name', review.name, 'Ann', 'Name is required', 'Name'],
  ['review tool name', review.review, 'Torx T5', 'Tool name is required', 'Tool name'],
  ['review location', review.location, 'Dhaka', 'Location is required', 'Location'],
  ['review description', review.description, 'Good', 'Description is required', 'Description'],
];

describe.each(fields)('the %s field', (_name, schema, valid, required, label) => {
  it('asks for it when missing or blank', () => {
    expect(messagesFor(schema, undefined)).toEqual([required]);
    expect(messagesFor(schema, '   ')[0]).toBe(required);
  });

  it('keeps the value without the spaces around it', () => {
    expect(schema.parse(`  ${valid}  `)).toBe(valid);
  });

  it('names itself when refusing a control character', () => {
    expect(messagesFor(schema, `${valid}\u0000`)).toEqual([
      `${label} cannot contain control characters`,
    ]);
  });
});

describe('the password', () => {
  it('asks for it when missing, keeps spaces, and names itself for a control character', () => {
    expect(messagesFor(PasswordSchema, undefined)).toEqual(['Password is required']);
    expect(PasswordSchema.parse(' secret ')).toBe(' secret ');
    expect(messagesFor(PasswordSchema, 'secret\u0007')).toEqual([
      'Password cannot contain control characters',
    ]);
  });
});

describe('multi-line text', () => {
  it('keeps line breaks and tabs in addresses and descriptions, not in single-line fields', () => {
    for (const schema of [AddressSchema, DescriptionSchema, review.description]) {
      expect(messagesFor(schema, 'line one\n\tline two\r\nend')).toEqual([]);
    }
    for (const schema of [PhoneSchema, ToolNameSchema, review.location, ProfileLinkSchema]) {
      expect(messagesFor(schema, 'a\nb').length).toBeGreaterThan(0);
    }
  });
});

describe('links', () => {
  it('take a profile link only as a whole http(s) address with a dot and no space', () => {
    expect(messagesFor(ProfileLinkSchema, 'https://a.b')).toEqual([]);
    for (const link of ['see https://a.b', 'https://a.b c', 'https://ab']) {
      expect(messagesFor(ProfileLinkSchema, link), link).toEqual([
        'Provide a valid URL (http or https)',
      ]);
    }
  });

  it("take an image as a whole http(s) address or a path in the shop's /images folder", () => {
    for (const url of ['https://img.example/a.png', 'HTTP://x', '/images/tools/t5.png']) {
      expect(messagesFor(ImageUrlSchema, url), url).toEqual([]);
    }
    for (const url of ['see https://img.example/a.png', 'x/images/a.png', '/images/a b.png']) {
      expect(messagesFor(ImageUrlSchema, url), url).toEqual([
        'Provide a valid image URL (http or https)',
      ]);
    }
  });
});

describe('queries', () => {
  it('trim a tool search and refuse a control character in it, by name', () => {
    expect(ToolListQuerySchema.parse({ search: '  drill  ' }).search).toBe('drill');
    expect(messagesFor(ToolListQuerySchema, { search: 'dr\u0000ill' })).toEqual([
      'Search cannot contain control characters',
    ]);
  });

  it("refuse a control character in My Orders' userEmail, by name", () => {
    expect(messagesFor(OrderListQuerySchema, { userEmail: 'ann@example.com\u0000' })).toEqual([
      'userEmail cannot contain control characters',
    ]);
  });

  it("refuse a control character in a profile's email, by name", () => {
    const profile = {
      birthDate: '24-05-95',
      address: '12 Road, Dhaka',
      phone: '01700000000',
      profileLink: 'https://www.linkedin.com/in/ann',
    };
    expect(messagesFor(ProfileInputSchema, { ...profile, email: 'ann@example.com\u0000' })).toEqual(
      ['Email cannot contain control characters'],
    );
  });
});
