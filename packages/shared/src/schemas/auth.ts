import { z } from 'zod';
import { messages } from '../messages';
import { noControlCharacters } from './text';

const { validation } = messages;

/**
 * docs/product.md, Validation: letters or digits, an @, lowercase letters, a dot and 2 to 3 lowercase
 * letters. We also accept dots, dashes, plus and underscore before the @ and sub-domains
 * (first.last@mail.example.com): see docs/decisions/005-identity.md.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[a-z0-9-]+\.)+[a-z]{2,3}$/;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PERSON_NAME_MAX = 60;

export const EmailSchema = z
  .string({ error: validation.emailRequired })
  .check(noControlCharacters('Email'))
  .trim()
  .min(1, validation.emailRequired)
  .max(254, validation.emailInvalid)
  .regex(EMAIL_PATTERN, validation.emailInvalid);

export const PasswordSchema = z
  .string({ error: validation.passwordRequired })
  .check(noControlCharacters('Password'))
  .min(1, validation.passwordRequired)
  .min(PASSWORD_MIN, validation.passwordTooShort)
  .max(PASSWORD_MAX, `Must have at most ${PASSWORD_MAX} characters`);

export const PersonNameSchema = z
  .string({ error: validation.nameRequired })
  .check(noControlCharacters('Name'))
  .trim()
  .min(1, validation.nameRequired)
  .max(PERSON_NAME_MAX, `Must have at most ${PERSON_NAME_MAX} characters`);

export const LoginSchema = z.object({ email: EmailSchema, password: PasswordSchema });
export type Login = z.infer<typeof LoginSchema>;

export const RegisterSchema = z.object({
  name: PersonNameSchema,
  email: EmailSchema,
  password: PasswordSchema,
});
export type Register = z.infer<typeof RegisterSchema>;

/** `PUT /api/user/{email}` answers the access token the app keeps as `accessToken`. */
export interface TokenResponse {
  token: string;
}

/** `GET /api/admin/{email}` */
export interface AdminCheckResponse {
  admin: boolean;
}

export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];

/** A shop user as the admin list shows it (docs/product.md, Things and their fields). */
export interface ShopUser {
  _id: string;
  email: string;
  name: string;
  role: Role;
}

/** Which sign-in buttons work on this server (`GET /api/sign-in-options`). */
export interface SignInOptions {
  google: boolean;
  github: boolean;
  oidc: { enabled: boolean; name: string };
}
