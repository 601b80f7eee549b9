import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import type { Env } from '../env';
import { createMail } from './mail-queue';
import { outboxDirOf, outboxTransport, smtpTransport } from './mail-transport';

export type MailEnv = Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL' | 'DATA_DIR'> &
  Partial<Pick<Env, 'NODE_ENV'>>;

/** The outbox folder when emails are written rather than sent (no SMTP_URL). */
export const outboxDirFor = (env: MailEnv) =>
  env.SMTP_URL ? undefined : outboxDirOf(env.DATA_DIR);

/**
 * The shop's mail: SMTP when SMTP_URL is set, otherwise .eml files in DATA_DIR/outbox, which
 * the start log says plainly: a production shop without SMTP cannot reach its customers.
 */
export function mailFor(db: Kysely<Database>, env: MailEnv, logger: Logger) {
  const outboxDir = outboxDirFor(env);
  if (outboxDir && env.NODE_ENV === 'production') {
    logger.warn(
      { outbox: outboxDir },
      `SMTP_URL is not set: emails are not sent but written to ${outboxDir}. Customers cannot receive password reset or verification links until SMTP_URL is set.`,
    );
  } else if (outboxDir) {
    logger.info(
      { outbox: outboxDir },
      `SMTP_URL is not set: emails are written to ${outboxDir}; read them at ${env.PUBLIC_URL}/dev/outbox from this machine.`,
    );
  }
  return createMail(db, {
    transport: outboxDir ? outboxTransport(outboxDir, logger) : smtpTransport(env.SMTP_URL!),
    from: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL,
    logger,
  });
}
