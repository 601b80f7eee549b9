import type { MiddlewareHandler } from 'hono';
import { AppError } from '../lib/errors';
import type { CurrentUser } from './identity';
import type { SessionTokens } from './session-tokens';

export interface AuthVariables {
  user: CurrentUser;
}

export type AuthedEnv = { Variables: AuthVariables };

/** Bearer token required: the caller becomes `c.var.user`, or the answer is 401. */
export const requireUser =
  (tokens: Pick<SessionTokens, 'authenticate'>): MiddlewareHandler<AuthedEnv> =>
  async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header);
    const user = match?.[1] ? await tokens.authenticate(match[1]) : undefined;
    if (!user) {
      throw new AppError('UNAUTHENTICATED', 'Please sign in again: your session has ended');
    }
    c.set('user', user);
    await next();
  };

/** After `requireUser`: admins only, decided on the server for every call. */
export const requireAdmin: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  if (c.var.user.role !== 'admin') throw new AppError('NOT_ADMIN', 'Only an admin can do this');
  await next();
};
