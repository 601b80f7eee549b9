import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, showFieldErrors } from './form-errors';

describe('showFieldErrors', () => {
  it("puts the API's field messages under the form's fields, focusing the first", () => {
    const setError = vi.fn();
    const error = new ApiError(400, 'VALIDATION_FAILED', 'Check the fields', {
      name: ['Name is required'],
      price: ['Price is required', 'Price must be above 0'],
      unknown: ['Not a field of this form'],
    });
    expect(showFieldErrors(error, ['name', 'price', 'img'], setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['name', { type: 'server', message: 'Name is required' }, { shouldFocus: true }],
      ['price', { type: 'server', message: 'Price is required' }, { shouldFocus: false }],
    ]);
  });

  it('says false when no field took a message, so the form shows the error above itself', () => {
    const setError = vi.fn();
    expect(showFieldErrors(new ApiError(409, 'CONFLICT', 'Taken'), ['name'], setError)).toBe(false);
    expect(showFieldErrors(new Error('offline'), ['name'], setError)).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});

describe('errorMessage', () => {
  it("shows the error's words, or a plain sentence", () => {
    expect(errorMessage(new ApiError(409, 'LAST_ADMIN', 'The last admin cannot be removed'))).toBe(
      'The last admin cannot be removed',
    );
    expect(errorMessage('weird')).toBe('Something went wrong. Please try again.');
  });
});
