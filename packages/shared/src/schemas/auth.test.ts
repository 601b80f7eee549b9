import { describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { messagesFor } from '../test/issues';
import { EmailSchema, LoginSchema, PasswordSchema, PersonNameSchema, RegisterSchema } from './auth';

describe('the e-mail rule (docs/product.md, Validation)', () => {
  it('quotes the product texts word for word', () => {
    expect(messages.validation.emailRequired).toBe('Email is required');
    expect(messages.validation.emailInvalid).toBe('Provide a valid Email');
  });

  it.each(['buyer@shop.co', 'buyer@shop.com', 'Buyer42@shop.io', 'first.last@mail.example.com'])(
    'accepts %s',
    (email) => {
      expect(messagesFor(EmailSchema, email)).toEqual([]);
    },
  );

  it('accepts a top-level domain of 2 and of 3 letters, refuses 1 and 4', () => {
    expect(EmailSchema.safeParse('buyer@shop.co').success).toBe(true);
    expect(EmailSchema.safeParse('buyer@shop.com').success).toBe(true);
    expect(messagesFor(EmailSchema, 'buyer@shop.c')).toEqual(['Provide a valid Email']);
    expect(messagesFor(EmailSchema, 'buyer@shop.shop')).toEqual(['Provide a valid Email']);
  });

  it.each([
    ['no @', 'buyer.shop.com'],
    ['no dot after the @', 'buyer@shopcom'],
    ['nothing before the @', '@shop.com'],
    ['an upper-case domain', 'buyer@Shop.com'],
    ['an upper-case top-level domain', 'buyer@shop.COM'],
    ['a digit in the top-level domain', 'buyer@shop.c0m'],
    ['a space inside', 'bu yer@shop.com'],
    ['two @', 'buyer@@shop.com'],
  ])('refuses %s', (_case, email) => {
    expect(messagesFor(EmailSchema, email)).toEqual(['Provide a valid Email']);
  });

  it('trims the spaces around it', () => {
    expect(EmailSchema.parse('  buyer@shop.com  ')).toBe('buyer@shop.com');
  });

  it('asks for it when empty, blank or missing (the first message is the one a form shows)', () => {
    for (const email of ['', '   ', undefined]) {
      expect(messagesFor(EmailSchema, email)[0]).toBe('Email is required');
    }
  });

  it('accepts 254 characters and refuses 255', () => {
    const domain = '@shop.com';
    expect(EmailSchema.safeParse('a'.repeat(254 - domain.length) + domain).success).toBe(true);
    expect(messagesFor(EmailSchema, 'a'.repeat(255 - domain.length) + domain)).toEqual([
      'Provide a valid Email',
    ]);
  });
});

describe('the password rule (docs/product.md, Validation)', () => {
  it('refuses 5 characters with the product text and accepts 6', () => {
    expect(messages.validation.passwordTooShort).toBe('Must have 6 characters');
    expect(messagesFor(PasswordSchema, '12345')).toEqual(['Must have 6 characters']);
    expect(messagesFor(PasswordSchema, '123456')).toEqual([]);
  });

  it('asks for it when empty or missing', () => {
    expect(messagesFor(PasswordSchema, '')[0]).toBe('Password is required');
    expect(messagesFor(PasswordSchema, undefined)).toEqual(['Password is required']);
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(messagesFor(PasswordSchema, 'p'.repeat(128))).toEqual([]);
    expect(messagesFor(PasswordSchema, 'p'.repeat(129))).toEqual([
      'Must have at most 128 characters',
    ]);
  });

  it('keeps spaces: they are part of a password', () => {
    expect(PasswordSchema.parse(' secret ')).toBe(' secret ');
  });
});

describe("a person's name", () => {
  it('asks for it when blank', () => {
    expect(messagesFor(PersonNameSchema, '  ')[0]).toBe('Name is required');
    expect(messagesFor(PersonNameSchema, undefined)).toEqual(['Name is required']);
  });

  it('accepts 60 characters and refuses 61', () => {
    expect(messagesFor(PersonNameSchema, 'n'.repeat(60))).toEqual([]);
    expect(messagesFor(PersonNameSchema, 'n'.repeat(61))).toEqual([
      'Must have at most 60 characters',
    ]);
  });
});

describe('the login and register forms', () => {
  it('apply the e-mail and password rules to their fields', () => {
    expect(LoginSchema.safeParse({ email: 'buyer@shop.com', password: '123456' }).success).toBe(
      true,
    );
    const login = LoginSchema.safeParse({ email: 'buyer@shop.c', password: '12345' });
    expect(login.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['email', 'Provide a valid Email'],
      ['password', 'Must have 6 characters'],
    ]);
    const register = RegisterSchema.safeParse({ email: 'buyer@shop.com', password: '123456' });
    expect(register.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['name', 'Name is required'],
    ]);
  });
});
