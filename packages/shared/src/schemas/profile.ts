import { z } from 'zod';
import { AddressSchema, PhoneSchema } from './order';
import { noControlCharacters } from './text';

/** dd-mm-yy (the form's hint) or dd-mm-yyyy, a real calendar day. */
export const BirthDateSchema = z
  .string({ error: 'Date of birth is required' })
  .check(noControlCharacters('Date of birth'))
  .trim()
  .min(1, 'Date of birth is required')
  .regex(/^\d{2}-\d{2}-(\d{2}|\d{4})$/, 'Use the form dd-mm-yy')
  .refine((value) => {
    const [day, month, year] = value.split('-').map(Number) as [number, number, number];
    const monthIndex = month - 1;
    // Two-digit years are 19yy; setUTCFullYear takes any other year as written.
    const date = new Date(0);
    // Stryker disable next-line ArithmeticOperator: equivalent (docs/testing.md): 1900 - yy is a leap year exactly when 1900 + yy is
    date.setUTCFullYear(year < 100 ? 1900 + year : year, monthIndex, day);
    // A day the month lacks (00, 31 in April, 99) rolls into another month.
    return date.getUTCMonth() === monthIndex;
  }, 'This date does not exist');

export const ProfileLinkSchema = z
  .string({ error: 'Profile link is required' })
  .check(noControlCharacters('Profile link'))
  .trim()
  .min(1, 'Profile link is required')
  .max(500, 'Profile link is too long')
  .regex(/^https?:\/\/\S+\.\S+$/i, 'Provide a valid URL (http or https)');

/** Update Profile (docs/product.md, Validation); the email comes from the sign-in, never from the form. */
export const ProfileInputSchema = z
  .object({
    email: z.string().check(noControlCharacters('Email')).optional(),
    birthDate: BirthDateSchema,
    address: AddressSchema,
    phone: PhoneSchema,
    profileLink: ProfileLinkSchema,
  })
  .strict();
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/** `GET /api/userInfo/{email}`: fields not filled in yet are null. */
export const ProfileSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    birthDate: z.string().nullable(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    profileLink: z.string().nullable(),
  })
  .meta({ id: 'Profile' });
export type Profile = z.infer<typeof ProfileSchema>;

/** `PUT /api/userInfo/{email}`: upsertedCount 1 when something changed. */
export const ProfileUpdateResponseSchema = z.object({
  upsertedCount: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
  profile: ProfileSchema,
});
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;
