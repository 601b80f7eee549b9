import {
  AdminCheckResponseSchema,
  EmailParamSchema,
  MakeAdminResponseSchema,
  messages,
  RemoveUserResponseSchema,
  ShopUserSchema,
  TokenRequestSchema,
  TokenResponseSchema,
  TOTAL_COUNT_HEADER,
  UserListQuerySchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import type { CurrentUser, IdentityReader } from '../../auth/identity';
import {
  defineRoute,
  errors,
  json,
  jsonBody,
  jsonPage,
  routesOf,
  SESSION_COOKIE,
  bearer,
} from '../../lib/openapi';
import type { UsersService } from './users.service';

const issueToken = defineRoute({
  method: 'put',
  path: '/user/{email}',
  tags: ['Users'],
  summary: "The signed-in account's access token",
  description:
    'Signed in with the session cookie, the owner of the email gets a bearer token for the other routes.',
  security: [{ [SESSION_COOKIE]: [] }],
  request: { params: EmailParamSchema, body: jsonBody(TokenRequestSchema) },
  responses: {
    200: json(TokenResponseSchema, 'The access token'),
    ...errors(400, 401, 403, 415, 429),
  },
});

const revokeToken = defineRoute({
  method: 'delete',
  path: '/token',
  tags: ['Users'],
  summary: 'Sign out: the bearer token stops working',
  security: bearer,
  responses: { 204: { description: 'Revoked' }, ...errors(401) },
});

const checkAdmin = defineRoute({
  method: 'get',
  path: '/admin/{email}',
  tags: ['Users'],
  summary: 'Whether an account is an admin (your own, or any for an admin)',
  security: bearer,
  request: { params: EmailParamSchema },
  responses: {
    200: json(AdminCheckResponseSchema, 'Admin or not'),
    ...errors(400, 401, 403),
  },
});

const listUsers = defineRoute({
  method: 'get',
  path: '/user',
  tags: ['Users'],
  summary: 'The users (admins), oldest first, a page at a time: searched by email or name, by role',
  security: bearer,
  request: { query: UserListQuerySchema },
  responses: {
    200: jsonPage(ShopUserSchema, 'One page of the users, oldest first', 'users'),
    ...errors(400, 401, 403),
  },
});

const makeAdmin = defineRoute({
  method: 'put',
  path: '/user/admin/{email}',
  tags: ['Users'],
  summary: 'Make a user an admin (admins)',
  security: bearer,
  request: { params: EmailParamSchema },
  responses: {
    200: json(MakeAdminResponseSchema, 'Made admin (modifiedCount 0: was one already)'),
    ...errors(400, 401, 403, 404),
  },
});

const removeUser = defineRoute({
  method: 'delete',
  path: '/user/{email}',
  tags: ['Users'],
  summary: 'Remove a user (admins); their unpaid orders are cancelled',
  security: bearer,
  request: { params: EmailParamSchema },
  responses: {
    200: json(RemoveUserResponseSchema, 'Removed'),
    ...errors(400, 401, 403, 404, 409),
  },
});

/** Removing a user: the remove-user flow's (flows/remove-user.ts), wired by app.ts. */
export type RemoveUser = (email: string, actor: CurrentUser) => Promise<void>;

export function usersRoutes(
  users: UsersService,
  remove: RemoveUser,
  signedIn: MiddlewareHandler<AuthedEnv>,
  readIdentity: IdentityReader,
) {
  return (
    routesOf<AuthedEnv>()
      // The token flow: only the signed-in owner of the email gets a token.
      .openapi(issueToken, async (c) => {
        const token = await users.issueToken(
          await readIdentity(c.req.raw.headers),
          c.req.valid('param').email,
          c.req.valid('json').email,
        );
        return c.json({ token }, 200);
      })
      // Sign Out: the token stops working on the server, not only in the browser.
      .openapi({ ...revokeToken, middleware: signedIn }, async (c) => {
        const token = c.req.header('Authorization')?.replace(/^Bearer\s+/, '') ?? '';
        await users.revokeToken(token);
        return c.body(null, 204);
      })
      .openapi({ ...checkAdmin, middleware: signedIn }, async (c) =>
        c.json(await users.adminCheck(c.req.valid('param').email, c.var.user), 200),
      )
      .openapi({ ...listUsers, middleware: [signedIn, requireAdmin] }, async (c) => {
        const page = await users.list(c.req.valid('query'));
        c.header(TOTAL_COUNT_HEADER, String(page.total));
        return c.json(page.users, 200);
      })
      .openapi({ ...makeAdmin, middleware: [signedIn, requireAdmin] }, async (c) => {
        const { modified } = await users.makeAdmin(c.req.valid('param').email);
        return c.json(
          { modifiedCount: modified ? 1 : 0, message: messages.success.adminSelected } as const,
          200,
        );
      })
      .openapi({ ...removeUser, middleware: [signedIn, requireAdmin] }, async (c) => {
        await remove(c.req.valid('param').email, c.var.user);
        return c.json({ deletedCount: 1, message: messages.success.userRemoved } as const, 200);
      })
  );
}
