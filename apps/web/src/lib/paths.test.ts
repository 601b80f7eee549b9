import { PASSWORD_RESET_PAGE } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it("has the reset page where the API's reset emails link to", () => {
    expect(paths.resetPassword).toBe(PASSWORD_RESET_PAGE);
  });
});
