import type { Role } from '@shop/shared';
import type { Auth } from './better-auth';

/** Who is calling, as the bearer token says: the shop account, never just an email. */
export interface CurrentUser {
  id: string;
  email: string;
  name: string;
  role: Role;
}

export interface SignedInIdentity {
  authUserId: string;
  /** The Better Auth session the request came with. */
  sessionId: string;
  email: string;
  name: string;
}

/** Emails are compared and stored trimmed and lower-case. */
export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Reads the signed-in identity (Better Auth's session cookie) of a request. */
export type IdentityReader = (headers: Headers) => Promise<SignedInIdentity | undefined>;

export const identityReader =
  (auth: Auth): IdentityReader =>
  async (headers) => {
    const session = await auth.api.getSession({ headers });
    if (!session) return undefined;
    const { id, email, name } = session.user;
    return {
      authUserId: id,
      sessionId: session.session.id,
      email,
      name: name || email.split('@')[0] || email,
    };
  };
