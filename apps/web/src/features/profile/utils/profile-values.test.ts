import type { Profile } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { safeLink, toFormValues, updateOutcome } from './profile-values';

const profile: Profile = {
  email: 'ada@example.com',
  name: 'Ada',
  birthDate: '10-12-95',
  address: null,
  phone: '+1 555 0100',
  profileLink: null,
};

describe('profile values', () => {
  it('fills the form from the stored profile, empty where nothing is set', () => {
    expect(toFormValues(profile)).toEqual({
      birthDate: '10-12-95',
      address: '',
      phone: '+1 555 0100',
      profileLink: '',
    });
    expect(toFormValues(undefined)).toEqual({
      birthDate: '',
      address: '',
      phone: '',
      profileLink: '',
    });
  });

  it('says "Updated!!" for an upsert and "Already Updated!!" otherwise', () => {
    expect(updateOutcome({ upsertedCount: 1 })).toEqual({ changed: true, message: 'Updated!!' });
    expect(updateOutcome({ upsertedCount: 0 })).toEqual({
      changed: false,
      message: 'Already Updated!!',
    });
  });

  it('links only to web addresses', () => {
    expect(safeLink('https://www.linkedin.com/in/ada')).toBe('https://www.linkedin.com/in/ada');
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink(null)).toBeUndefined();
  });
});
