/** What a person types into the sandbox's card fields, tidied as Stripe's card field does. */

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Up to 19 digits, in groups of four: "4242 4242 4242 4242". */
export const formatCardNumber = (value: string) =>
  digitsOf(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** "MM/YY": the slash comes by itself after the month. */
export function formatExpiry(value: string) {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const formatCvc = (value: string) => digitsOf(value).slice(0, 4);

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFields;

export interface CardProblem {
  field: CardField;
  message: string;
}

/** Stripe's words for a field left unfinished; whether the card is good is the provider's call. */
export function incompleteField({ number, expiry, cvc }: CardFields): CardProblem | null {
  if (digitsOf(number).length < 12)
    return { field: 'number', message: 'Your card number is incomplete.' };
  if (!/^\d{2}\/\d{2}$/.test(expiry))
    return { field: 'expiry', message: "Your card's expiration date is incomplete." };
  if (cvc.length < 3) return { field: 'cvc', message: "Your card's security code is incomplete." };
  return null;
}

/** The card as the provider takes it: digits only, month and two-digit year as numbers. */
export function toCard({ number, expiry, cvc }: CardFields) {
  const [month = '', year = ''] = expiry.split('/');
  return { number: digitsOf(number), expMonth: Number(month), expYear: Number(year), cvc };
}

/** Which field a provider's card error code is about (Stripe's codes). */
export function fieldOfCardError(code: string | undefined): CardField | null {
  if (!code) return null;
  if (/number/.test(code)) return 'number';
  if (/expir/.test(code)) return 'expiry';
  if (/cvc/.test(code)) return 'cvc';
  return null;
}
