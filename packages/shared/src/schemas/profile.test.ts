import { describe, expect, it } from 'vitest';
import { fieldMessage, messagesFor } from '../test/issues';
import { BirthDateSchema, ProfileInputSchema, ProfileLinkSchema } from './profile';

const validProfile = {
  birthDate: '31-12-99',
  address: '12 Road, Dhaka',
  phone: '+880 1700 000000',
  profileLink: 'https://www.linkedin.com/in/ada',
};

describe('the date of birth (dd-mm-yy, a real day)', () => {
  it.each(['31-12-99', '01-01-00', '29-02-96', '31-01-2001', '29-02-2000', '30-04-85'])(
    'accepts %s',
    (date) => {
      expect(messagesFor(BirthDateSchema, date)).toEqual([]);
    },
  );

  it.each([
    '30-02-96',
    '29-02-97',
    '31-04-85',
    '32-01-99',
    '00-01-99',
    '01-00-99',
    '01-13-99',
    '29-02-0100', // year 100, as written: not a leap year
    '29-02-00', // 1900: not a leap year
  ])('refuses %s, a day that does not exist', (date) => {
    expect(messagesFor(BirthDateSchema, date)).toEqual(['This date does not exist']);
  });

  it.each(['1-01-99', '01-1-99', '01/01/99', '01-01-999', '1999-01-01', '01-01-99x', 'a1-01-99'])(
    'refuses %s, not in the form dd-mm-yy',
    (date) => {
      expect(messagesFor(BirthDateSchema, date)[0]).toBe('Use the form dd-mm-yy');
    },
  );

  it('asks for it when blank', () => {
    expect(messagesFor(BirthDateSchema, ' ')[0]).toBe('Date of birth is required');
  });
});

describe('the profile link', () => {
  it.each(['https://www.linkedin.com/in/ada', 'http://ada.dev', 'HTTPS://ada.dev'])(
    'accepts %s',
    (link) => {
      expect(messagesFor(ProfileLinkSchema, link)).toEqual([]);
    },
  );

  it.each([
    'https://localhost',
    'ftp://ada.dev',
    'javascript:alert(1)//a.b',
    'www.linkedin.com/in/ada',
    'https://ada .dev',
  ])('refuses %s', (link) => {
    expect(messagesFor(ProfileLinkSchema, link)).toEqual(['Provide a valid URL (http or https)']);
  });

  it('accepts 500 characters and refuses 501', () => {
    const prefix = 'https://ada.dev/';
    expect(messagesFor(ProfileLinkSchema, prefix + 'a'.repeat(500 - prefix.length))).toEqual([]);
    expect(messagesFor(ProfileLinkSchema, prefix + 'a'.repeat(501 - prefix.length))).toEqual([
      'Profile link is too long',
    ]);
  });
});

describe('Update Profile', () => {
  it('accepts a valid profile, with or without the e-mail', () => {
    expect(messagesFor(ProfileInputSchema, validProfile)).toEqual([]);
    expect(messagesFor(ProfileInputSchema, { ...validProfile, email: 'ada@shop.com' })).toEqual([]);
  });

  it('needs a phone with a digit', () => {
    expect(fieldMessage(ProfileInputSchema, { ...validProfile, phone: 'none' }, 'phone')).toBe(
      'Phone number must contain a digit',
    );
  });

  it('refuses a field it does not know', () => {
    expect(ProfileInputSchema.safeParse({ ...validProfile, name: 'Ada' }).success).toBe(false);
  });
});
