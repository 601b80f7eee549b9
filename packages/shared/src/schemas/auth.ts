import { z } from 'zod';
import { LIST_PAGE_SIZE_DEFAULT } from '../constants';
import { messages } from '../messages';
import { clampLimit, pagingFields } from './paging';
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

/**
 * The account's email in a route's path (`/api/user/{email}`, `/api/admin/{email}`,
 * `/api/userInfo/{email}`...): the shop's one email rule, so a malformed address is a bad request
 * (400, "Provide a valid Email") on every route, as at sign-up, and never looked up.
 */
export const EmailParamSchema = z.object({ email: EmailSchema });

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
export const TokenResponseSchema = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/** `PUT /api/user/{email}`: the body may repeat the path's email; nothing else may be set. */
export const TokenRequestSchema = z.object({ email: EmailSchema.optional() }).strict();

/** `GET /api/admin/{email}` */
export const AdminCheckResponseSchema = z.object({ admin: z.boolean() });
export type AdminCheckResponse = z.infer<typeof AdminCheckResponseSchema>;

export const roles = ['admin', 'user'] as const;
export type Role = (typeof roles)[number];

/** A shop user as the admin list shows it (docs/product.md). */
export const ShopUserSchema = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(roles),
  })
  .meta({ id: 'ShopUser' });
export type ShopUser = z.infer<typeof ShopUserSchema>;

/** `GET /api/user` (All Users): a search in emails and names, a role, a page at a time. */
export const UserListQuerySchema = z
  .object({
    search: z.string().check(noControlCharacters('Search')).trim().max(100).optional(),
    role: z.enum(roles).optional(),
    ...pagingFields(LIST_PAGE_SIZE_DEFAULT),
  })
  .strict()
  .transform(clampLimit);
export type UserListQuery = z.infer<typeof UserListQuerySchema>;

/** `PUT /api/user/admin/{email}` */
export const MakeAdminResponseSchema = z.object({
  modifiedCount: z.union([z.literal(0), z.literal(1)]),
  message: z.string(),
});

/** `DELETE /api/user/{email}` */
export const RemoveUserResponseSchema = z.object({
  deletedCount: z.literal(1),
  message: z.string(),
});

/** Which sign-in buttons work on this server (`GET /api/sign-in-options`). */
export const SignInOptionsSchema = z.object({
  google: z.boolean(),
  github: z.boolean(),
  oidc: z.object({ enabled: z.boolean(), name: z.string() }),
});
export type SignInOptions = z.infer<typeof SignInOptionsSchema>;

/**
 * Better Auth's answers under `/api/auth/*`, as far as the shop's clients read them. Better Auth
 * owns these shapes and may add fields, so the objects accept more than they name.
 */
export const AuthUserSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AuthUser' });
export const AuthSessionSchema = z.object({
  session: z.object({
    id: z.string(),
    userId: z.string(),
    expiresAt: z.string(),
    token: z.string(),
  }),
  user: AuthUserSchema,
});
/** `POST /api/auth/sign-up/email`, `POST /api/auth/sign-in/email`, `POST /api/auth/change-password` */
export const AuthSignedInSchema = z.object({
  token: z.string().nullable(),
  user: AuthUserSchema,
});
/** `POST /api/auth/sign-in/social` and `/sign-in/oauth2`: the provider's page to go to. */
export const AuthRedirectSchema = z.object({ url: z.string(), redirect: z.boolean() });
/** `POST /api/auth/sign-out` */
export const AuthSuccessSchema = z.object({ success: z.boolean() });
/** `POST /api/auth/update-user`, `/revoke-session` */
export const AuthStatusSchema = z.object({ status: z.boolean() });
/**
 * `POST /api/auth/sign-in/social`: which provider ("google", "github", or "oidc" for the
 * OpenID Connect provider), and where the browser lands afterwards.
 */
export const SocialSignInSchema = z.object({
  provider: z.string(),
  callbackURL: z.string().optional(),
  errorCallbackURL: z.string().optional(),
});
/** `POST /api/auth/update-user`: My Profile's display name (the register form's rule). */
export const UpdateAuthUserSchema = z.object({
  name: PersonNameSchema.optional(),
  image: z.string().check(noControlCharacters('Image')).max(2000).nullable().optional(),
});
/** My Profile's Display Name form. */
export const ChangeNameSchema = z.object({ name: PersonNameSchema });
export type ChangeName = z.infer<typeof ChangeNameSchema>;
/**
 * `POST /api/auth/change-password` (My Profile): the current password, and a new one by the
 * register form's rule. The API always ends the account's other sessions and access tokens.
 */
export const ChangePasswordSchema = z.object({
  currentPassword: z
    .string({ error: validation.passwordRequired })
    .check(noControlCharacters('Password'))
    .min(1, validation.passwordRequired)
    .max(PASSWORD_MAX, `Must have at most ${PASSWORD_MAX} characters`),
  newPassword: PasswordSchema,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** `POST /api/auth/send-verification-email`: the account's email, and where its link lands. */
export const SendVerificationEmailSchema = z.object({
  email: EmailSchema,
  callbackURL: z.string().check(noControlCharacters('callbackURL')).max(2000).optional(),
});
export type SendVerificationEmail = z.infer<typeof SendVerificationEmailSchema>;
/** `POST /api/auth/revoke-session` */
export const RevokeSessionSchema = z.object({ token: z.string() });

/** `POST /api/auth/request-password-reset` (/forgot-password): the account's email. */
export const RequestPasswordResetSchema = z.object({ email: EmailSchema });
export type RequestPasswordReset = z.infer<typeof RequestPasswordResetSchema>;

/** Its one answer, whether or not an account has that email. */
export const PasswordResetRequestedSchema = z.object({ status: z.boolean(), message: z.string() });

/** `POST /api/auth/reset-password` (/reset-password): the link's token and the new password. */
export const ResetPasswordSchema = z.object({
  newPassword: PasswordSchema,
  token: z
    .string({ error: validation.tokenRequired })
    .check(noControlCharacters('Token'))
    .min(1, validation.tokenRequired)
    .max(200, validation.tokenRequired),
});
export type ResetPassword = z.infer<typeof ResetPasswordSchema>;
