import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, showFieldErrors, submitFailure } from './form-errors';

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

describe('submitFailure (what every server-backed form does with a refusal)', () => {
  const fieldRefusal = () =>
    new ApiError(400, 'VALIDATION_FAILED', 'Check the fields', { phone: ['Phone needs a digit'] });

  it('puts field messages under their fields and nothing above the form', () => {
    const setError = vi.fn();
    expect(submitFailure(fieldRefusal(), { fieldNames: ['address', 'phone'], setError })).toBe(
      null,
    );
    expect(setError).toHaveBeenCalledWith(
      'phone',
      { type: 'server', message: 'Phone needs a digit' },
      { shouldFocus: true },
    );
  });

  it("says the API's words above the form when no field of the form took them", () => {
    const setError = vi.fn();
    const conflict = new ApiError(409, 'OUT_OF_STOCK', 'Only 3 left');
    expect(submitFailure(conflict, { fieldNames: ['phone'], setError })).toBe('Only 3 left');
    // A field the form does not have is said above it too.
    expect(submitFailure(fieldRefusal(), { fieldNames: ['address'], setError })).toBe(
      'Check the fields',
    );
    expect(setError).not.toHaveBeenCalled();
  });

  it('says them above the form as well when asked to (the sign-in screens)', () => {
    const setError = vi.fn();
    expect(
      submitFailure(fieldRefusal(), {
        fieldNames: ['phone'],
        setError,
        alwaysShowFailure: true,
      }),
    ).toBe('Check the fields');
    expect(setError).toHaveBeenCalledTimes(1);
  });
});
