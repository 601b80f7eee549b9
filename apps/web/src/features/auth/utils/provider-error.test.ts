import { describe, expect, it } from 'vitest';
import { providerErrorText } from './provider-error';

describe('providerErrorText', () => {
  it('says nothing without an error', () => {
    expect(providerErrorText(null)).toBeNull();
    expect(providerErrorText('')).toBeNull();
  });

  it('turns a known code into words', () => {
    expect(providerErrorText('access_denied')).toBe(
      'The sign-in was cancelled at the provider. You can try again.',
    );
    expect(providerErrorText('STATE_MISMATCH')).toMatch(/took too long/);
  });

  it('names an unknown code without echoing anything else from the link', () => {
    expect(providerErrorText('weird_code')).toBe(
      'Sign-in with the provider failed (weird_code). Please try again.',
    );
    expect(providerErrorText('<b>call 555</b> now')).toBe(
      'Sign-in with the provider failed (bcall555bnow). Please try again.',
    );
  });
});
