import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { notRecorded } from './card-error';

describe('a payment the shop did not record', () => {
  it('asks to press Pay again after a passing fault', () => {
    expect(notRecorded(new ApiError(500, 'INTERNAL', 'Something went wrong')).message).toBe(
      'Your payment went through, but the order could not be marked paid yet (Something went wrong). Please press Pay again: you will not be charged twice.',
    );
  });

  it("shows the shop's answer as it is when the order was cancelled meanwhile", () => {
    const refunded = new ApiError(
      409,
      'ORDER_CANCELLED',
      'This order was cancelled, so your payment has been refunded',
    );
    expect(notRecorded(refunded)).toEqual({
      field: null,
      message: 'This order was cancelled, so your payment has been refunded',
    });
  });
});
