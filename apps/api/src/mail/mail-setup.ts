import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import { createMail } from './mail-queue';
import { outboxDirOf, outboxTransport, smtpTransport } from './mail-transport';

export type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'DATA_DIR'>;

/** The outbox folder when emails are written rather than sent (no SMTP_URL). */
export const outboxDirFor = (env: MailEnv) =>
  env.SMTP_URL ? undefined : outboxDirOf(env.DATA_DIR);

/** The shop's mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox. */
export function mailFor(db: Kysely<Database>, env: MailEnv, logger: Logger) {
  const outboxDir = outboxDirFor(env);
  return createMail(db, {
    transport: outboxDir ? outboxTransport(outboxDir, logger) : smtpTransport(env.SMTP_URL!),
    from: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    logger,
  });
}
