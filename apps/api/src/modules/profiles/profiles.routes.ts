import { ProfileInputSchema } from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { validate } from '../../lib/validation';
import type { ProfilesService } from './profiles.service';

export const profilesRoutes = (profiles: ProfilesService, signedIn: MiddlewareHandler<AuthedEnv>) =>
  new Hono<AuthedEnv>()
    .get('/userInfo/:email', signedIn, async (c) =>
      c.json(await profiles.get(c.req.param('email'), c.var.user)),
    )
    .put('/userInfo/:email', signedIn, validate('json', ProfileInputSchema), async (c) =>
      c.json(await profiles.update(c.req.param('email'), c.req.valid('json'), c.var.user)),
    );
