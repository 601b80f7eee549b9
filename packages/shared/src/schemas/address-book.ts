import { z } from 'zod';
import { checkDestination, destinationFields, RECIPIENT_MAX } from './address';
import { AddressSchema, PhoneSchema } from './order';
import { noControlCharacters } from './text';

/**
 * `POST /api/addresses` and `PUT /api/addresses/{id}` (My Profile's address book): a place to
 * send orders to, checked as an order's destination is. `isDefault` makes it the one the
 * checkout starts from (the first address saved is the default anyway).
 */
export const SavedAddressInputSchema = z
  .object({
    ...destinationFields,
    recipient: z
      .string({ error: 'Recipient is required' })
      .check(noControlCharacters('Recipient'))
      .trim()
      .min(1, 'Recipient is required')
      .max(RECIPIENT_MAX, `Recipient must have at most ${RECIPIENT_MAX} characters`),
    address: AddressSchema,
    phone: PhoneSchema,
    isDefault: z.boolean({ error: 'Say whether it is the default address' }).optional(),
  })
  .strict()
  .superRefine(checkDestination);
export type SavedAddressInput = z.infer<typeof SavedAddressInputSchema>;

export const SavedAddressSchema = z
  .object({
    id: z.string(),
    recipient: z.string(),
    /** The address lines (the purchase page's Address box). */
    address: z.string(),
    country: z.string(),
    countryName: z.string(),
    region: z.string().nullable(),
    city: z.string(),
    postalCode: z.string().nullable(),
    /** E.164. */
    phone: z.string(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'SavedAddress' });
export type SavedAddress = z.infer<typeof SavedAddressSchema>;

/** The `{id}` of an address's path; a value that is no id names no address (404). */
export const savedAddressParams = z.object({ id: z.uuid({ error: 'Address not found' }) });
