import { EmailDeliverySchema, FailedEmailSchema, OutboxEmailSchema } from '@shop/shared';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { type AuthedEnv, requireAdmin } from '../../auth/guards';
import type { Env } from '../../env';
import { isLocalRequest } from '../../lib/client-address';
import { AppError } from '../../lib/errors';
import { bearer, defineRoute, errors, json, routesOf } from '../../lib/openapi';
import type { Mail } from '../../mail/mail-queue';
import { readOutbox } from '../../mail/mail-transport';

const failed = defineRoute({
  method: 'get',
  path: '/emails/failed',
  tags: ['Emails'],
  summary:
    'Emails that failed to send at least once, newest first, at most 100 (admins): sent since, or waiting for their next attempt',
  security: bearer,
  responses: { 200: json(z.array(FailedEmailSchema), 'The emails'), ...errors(401, 403) },
});

/** Only whether SMTP is set: its URL holds the server's password. */
const delivery = defineRoute({
  method: 'get',
  path: '/emails/delivery',
  tags: ['Emails'],
  summary:
    "How the shop's emails leave (admins): smtp, or outbox when no SMTP_URL is set and they are only written to DATA_DIR/outbox",
  security: bearer,
  responses: { 200: json(EmailDeliverySchema, 'How emails leave'), ...errors(401, 403) },
});

const outbox = defineRoute({
  method: 'get',
  path: '/dev/outbox',
  tags: ['Emails'],
  summary:
    'In development, to this machine only: the emails written to DATA_DIR/outbox instead of sent (no SMTP_URL), newest first',
  description:
    'Answers 404 unless NODE_ENV is development or test, and to any request that did not come from loopback or that a proxy relayed: its links are live reset and verification links.',
  responses: { 200: json(z.array(OutboxEmailSchema), 'The emails'), ...errors(404) },
});

export interface EmailsRoutesOptions {
  /** The outbox folder (DATA_DIR/outbox) when there is no SMTP_URL; none: the list is empty. */
  outboxDir?: string;
  /** NODE_ENV: the outbox is shown in development and test only. */
  mode: Env['NODE_ENV'];
}

export function emailsRoutes(
  mail: Pick<Mail, 'listFailed'>,
  signedIn: MiddlewareHandler<AuthedEnv>,
  { outboxDir, mode }: EmailsRoutesOptions,
) {
  return routesOf<AuthedEnv>()
    .openapi({ ...failed, middleware: [signedIn, requireAdmin] }, async (c) =>
      c.json(await mail.listFailed(), 200),
    )
    .openapi({ ...delivery, middleware: [signedIn, requireAdmin] }, (c) =>
      c.json({ delivery: outboxDir ? ('outbox' as const) : ('smtp' as const) }, 200),
    )
    .openapi(outbox, async (c) => {
      // Links in the outbox are live reset links: whoever reads them owns the accounts. Only a
      // developer's own machine sees them, and never a production shop.
      if (mode === 'production' || !isLocalRequest(c))
        throw new AppError('NOT_FOUND', `No API route for GET ${c.req.path}`);
      return c.json(outboxDir ? await readOutbox(outboxDir) : [], 200);
    });
}
