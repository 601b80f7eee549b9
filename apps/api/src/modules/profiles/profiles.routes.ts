import {
  EmailParamSchema,
  ProfileInputSchema,
  ProfileSchema,
  ProfileUpdateResponseSchema,
} from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { defineRoute, errors, json, jsonBody, routesOf, bearer } from '../../lib/openapi';
import type { ProfilesService } from './profiles.service';

const getProfile = defineRoute({
  method: 'get',
  path: '/userInfo/{email}',
  tags: ['Profiles'],
  summary: "A user's profile (your own, or any for an admin)",
  security: bearer,
  request: { params: EmailParamSchema },
  responses: { 200: json(ProfileSchema, 'The profile'), ...errors(400, 401, 403, 404) },
});

const updateProfile = defineRoute({
  method: 'put',
  path: '/userInfo/{email}',
  tags: ['Profiles'],
  summary: 'Update your own profile',
  security: bearer,
  request: { params: EmailParamSchema, body: jsonBody(ProfileInputSchema) },
  responses: {
    200: json(ProfileUpdateResponseSchema, 'Updated (upsertedCount 0: nothing changed)'),
    ...errors(400, 401, 403, 404, 415),
  },
});

export const profilesRoutes = (profiles: ProfilesService, signedIn: MiddlewareHandler<AuthedEnv>) =>
  routesOf<AuthedEnv>()
    .openapi({ ...getProfile, middleware: signedIn }, async (c) =>
      c.json(await profiles.get(c.req.valid('param').email, c.var.user), 200),
    )
    .openapi({ ...updateProfile, middleware: signedIn }, async (c) =>
      c.json(
        await profiles.update(c.req.valid('param').email, c.req.valid('json'), c.var.user),
        200,
      ),
    );
