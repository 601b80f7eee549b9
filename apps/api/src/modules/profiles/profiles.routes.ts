import { noControlCharacters, ProfileInputSchema } from '@shop/shared';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AuthedEnv } from '../../auth/guards';
import { validate } from '../../lib/validation';
import type { ProfilesService } from './profiles.service';

/** A malformed email still finds no profile (403 or 404); a control character is a bad request. */
const EmailParamSchema = z.object({ email: z.string().check(noControlCharacters('Email')) });

export const profilesRoutes = (profiles: ProfilesService, signedIn: MiddlewareHandler<AuthedEnv>) =>
  new Hono<AuthedEnv>()
    .get('/userInfo/:email', signedIn, validate('param', EmailParamSchema), async (c) =>
      c.json(await profiles.get(c.req.valid('param').email, c.var.user)),
    )
    .put(
      '/userInfo/:email',
      signedIn,
      validate('param', EmailParamSchema),
      validate('json', ProfileInputSchema),
      async (c) =>
        c.json(await profiles.update(c.req.valid('param').email, c.req.valid('json'), c.var.user)),
    );
