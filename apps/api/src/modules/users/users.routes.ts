import type { AdminCheckResponse, ShopUser, TokenResponse } from '@shop/shared';
import { EmailSchema, messages } from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import type { IdentityReader } from '../../auth/identity';
import { validate } from '../../lib/validation';
import type { UsersService } from './users.service';

const EmailParamSchema = z.object({ email: EmailSchema });
/** SPEC.md sends `{ email }`; nothing else may be set through this call. */
const TokenRequestSchema = z.object({ email: EmailSchema.optional() }).strict();

export function usersRoutes(
  users: UsersService,
  signedIn: MiddlewareHandler<AuthedEnv>,
  readIdentity: IdentityReader,
) {
  return (
    new Hono<AuthedEnv>()
      // The token flow of SPEC.md: only the signed-in owner of the email gets a token.
      .put(
        '/user/:email',
        validate('param', EmailParamSchema),
        validate('json', TokenRequestSchema),
        async (c) => {
          const token = await users.issueToken(
            await readIdentity(c.req.raw.headers),
            c.req.valid('param').email,
            c.req.valid('json').email,
          );
          return c.json({ token } satisfies TokenResponse);
        },
      )
      // Sign Out: the token stops working on the server, not only in the browser.
      .delete('/token', signedIn, async (c) => {
        const token = c.req.header('Authorization')?.replace(/^Bearer\s+/, '') ?? '';
        await users.revokeToken(token);
        return c.body(null, 204);
      })
      .get('/admin/:email', signedIn, validate('param', EmailParamSchema), async (c) =>
        c.json(
          (await users.adminCheck(
            c.req.valid('param').email,
            c.var.user,
          )) satisfies AdminCheckResponse,
        ),
      )
      .get('/user', signedIn, requireAdmin, async (c) =>
        c.json((await users.list()) satisfies ShopUser[]),
      )
      .put(
        '/user/admin/:email',
        signedIn,
        requireAdmin,
        validate('param', EmailParamSchema),
        async (c) => {
          const { modified } = await users.makeAdmin(c.req.valid('param').email);
          return c.json({
            modifiedCount: modified ? 1 : 0,
            message: messages.success.adminSelected,
          });
        },
      )
      .delete(
        '/user/:email',
        signedIn,
        requireAdmin,
        validate('param', EmailParamSchema),
        async (c) => {
          await users.remove(c.req.valid('param').email, c.var.user);
          return c.json({ deletedCount: 1, message: messages.success.userRemoved });
        },
      )
  );
}
