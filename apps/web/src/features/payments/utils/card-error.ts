import { ApiError } from '../../../lib/api-client';
import { type CardField, fieldOfCardError } from './card-input';

export interface CardErrorState {
  /** The field the error is about, when it is about one. */
  field: CardField | null;
  message: string;
}

/** A failed payment call as the card form shows it: the provider's words, tied to a field. */
export function cardErrorFrom(error: unknown): CardErrorState {
  if (error instanceof ApiError) {
    return { field: fieldOfCardError(error.fields?.card?.[0]), message: error.message };
  }
  return {
    field: null,
    message:
      error instanceof Error && error.message
        ? error.message
        : 'The payment failed. Please try again.',
  };
}

/** The shop's final word on a payment it will not record: the order was closed meanwhile. */
const finalAnswers = new Set(['ORDER_CANCELLED', 'ALREADY_PAID']);

/**
 * The card went through but the shop could not record it yet: asking again is safe. Unless the
 * order was cancelled or paid meanwhile: then the shop's answer (e.g. the payment was refunded)
 * is shown as it is.
 */
export const notRecorded = (error: unknown): CardErrorState =>
  error instanceof ApiError && finalAnswers.has(error.code)
    ? { field: null, message: error.message }
    : {
        field: null,
        message: `Your payment went through, but the order could not be marked paid yet (${
          error instanceof Error ? error.message : 'unknown error'
        }). Please press Pay again: you will not be charged twice.`,
      };
