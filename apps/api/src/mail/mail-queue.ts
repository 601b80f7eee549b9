import type { FailedEmail } from '@shop/shared';
import { type Kysely, type RawBuilder, type Selectable, sql } from 'kysely';
import type { Logger } from 'pino';
import type { Database, EmailAttachmentRef, EmailOutboxTable } from '../db/schema';
import { createTimerJob } from '../lib/timer-job';
import type { EmailFile, MailTransport } from './mail-transport';
import { renderEmail } from './render-email';
import { type TemplateData, type TemplateName, isTemplateName, templates } from './templates';

/**
 * An email to send: whom to, which template, the template's data (typed by its name), and the
 * files to attach, named by kind and reference: each is drawn when the email is sent
 * (`addAttachmentKind`), so the queue keeps a few bytes, not the file.
 */
export type EmailRequest = {
  [Name in TemplateName]: {
    to: string;
    template: Name;
    data: TemplateData[Name];
    attachments?: EmailAttachmentRef[];
  };
}[TemplateName];

/** Draws the file an attachment reference names (an invoice's PDF by the invoice's id). */
export type AttachmentSource = (ref: string) => Promise<EmailFile>;

/** The first retry waits this long; each next one twice as long, up to MAIL_RETRY_MAX_SECONDS. */
export const MAIL_RETRY_BASE_SECONDS = 30;
export const MAIL_RETRY_MAX_SECONDS = 3600;
/** How often each process's worker looks for due emails; an enqueue also wakes it. */
export const MAIL_INTERVAL_MS = 5000;
/**
 * A claimed email is left to its claimer this long; a claimer that died lets it go then. Far
 * longer than one send may take (mail-transport.ts bounds an SMTP exchange to about a minute),
 * so a live claimer is never overtaken.
 */
const LEASE = sql`interval '5 minutes'`;
/** Emails one sweep sends at most; the rest wait for the next tick. */
const SWEEP_MAX = 100;
const ERROR_MAX = 1000;

/** How long to wait before the next attempt, after `attempts` failed ones. */
export const retryDelaySeconds = (attempts: number) =>
  Math.min(MAIL_RETRY_MAX_SECONDS, MAIL_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));

export interface MailOptions {
  transport: MailTransport;
  /** MAIL_FROM */
  from: string;
  /** PUBLIC_URL: the shop's own address, the only one its emails load from or link to. */
  publicUrl: string;
  logger: Logger;
  intervalMs?: number;
}

type Executor = Pick<Kysely<Database>, 'insertInto'>;
type OutboxRow = Selectable<EmailOutboxTable>;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

/**
 * The shop's emails (issue 19). `enqueue` keeps an email in the database, inside the caller's
 * transaction when given one, and returns at once: no request waits for, or fails with, an SMTP
 * server. The worker (`start`, in every process) claims due emails one at a time with
 * `for update skip locked` and a lease, sends each and marks it sent in the next statement;
 * a failure is counted, its error kept, and the email tried again after 30 s, 1 min, 2 min...
 * up to an hour between attempts, until it is sent. A restart or an outage loses nothing: the
 * rows wait. At least once, not exactly once: if the server accepted an email and the mark then
 * failed (the database or the process gone at that instant), it is sent again after the lease.
 */
export function createMail(db: Kysely<Database>, options: MailOptions) {
  const { transport, logger } = options;
  const intervalMs = options.intervalMs ?? MAIL_INTERVAL_MS;
  const origin = { publicUrl: options.publicUrl };
  /** What queues emails of its own before each sweep (the order emails: app.ts). */
  const sources = new Set<() => Promise<unknown>>();
  /** Who draws each kind of attachment (the invoices: app.ts). */
  const attachmentSources = new Map<string, AttachmentSource>();

  /** The row's files; a kind nobody draws is an error, so the email waits and is retried. */
  async function filesOf(row: OutboxRow): Promise<EmailFile[]> {
    return Promise.all(
      row.attachments.map((attachment) => {
        const source = attachmentSources.get(attachment.kind);
        if (!source) throw new Error(`no source for attachments of kind ${attachment.kind}`);
        return source(attachment.ref);
      }),
    );
  }

  /** Claims the next due email nobody else is sending, for the lease. */
  async function claim(at: RawBuilder<Date>): Promise<OutboxRow | undefined> {
    return db
      .updateTable('email_outbox')
      .set({ lease_until: sql<Date>`${at} + ${LEASE}` })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('email_outbox')
          .select('id')
          .where('sent_at', 'is', null)
          .where('next_attempt_at', '<=', at)
          .where((inner) =>
            inner.or([inner('lease_until', 'is', null), inner('lease_until', '<=', at)]),
          )
          .orderBy('next_attempt_at')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .executeTakeFirst();
  }

  async function deliver(row: OutboxRow, at: RawBuilder<Date>): Promise<boolean> {
    let messageId: string;
    try {
      if (!isTemplateName(row.template)) throw new Error(`no template named ${row.template}`);
      const rendered = await renderEmail(row.template, row.data as never, origin);
      const attachments = await filesOf(row);
      ({ messageId } = await transport.send({
        id: row.id,
        from: options.from,
        to: row.recipient,
        ...rendered,
        ...(attachments.length > 0 ? { attachments } : {}),
      }));
    } catch (error) {
      const attempts = row.attempts + 1;
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      await db
        .updateTable('email_outbox')
        .set({
          attempts,
          last_attempt_at: sql<Date>`${at}`,
          last_error: message,
          next_attempt_at: sql<Date>`${at} + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          lease_until: null,
        })
        .where('id', '=', row.id)
        .execute();
      logger.warn(
        { emailId: row.id, template: row.template, attempts, err: error },
        'email not sent; will try again',
      );
      return false;
    }
    try {
      await db
        .updateTable('email_outbox')
        .set({
          attempts: row.attempts + 1,
          last_attempt_at: sql<Date>`${at}`,
          sent_at: sql<Date>`${at}`,
          message_id: messageId,
          lease_until: null,
        })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      // The at-least-once edge: accepted by the server, not marked; sent again after the lease.
      logger.error(
        { emailId: row.id, err: error },
        'email sent but not marked sent: it may be sent again',
      );
    }
    return true;
  }

  /** Sends every due email (by `now`, or the database's clock). Answers how many went and failed. */
  async function runOnce(now?: Date): Promise<{ sent: number; failed: number }> {
    const at = now ? sql<Date>`${now.toISOString()}::timestamptz` : sql<Date>`now()`;
    for (const source of sources) {
      // A source that fails (its database away) leaves its work for the next sweep.
      await source().catch((error: unknown) =>
        logger.error({ err: error }, 'emails not queued; will try again'),
      );
    }
    let sent = 0;
    let failed = 0;
    for (let count = 0; count < SWEEP_MAX; count++) {
      const row = await claim(at);
      if (!row) break;
      if (await deliver(row, at)) sent += 1;
      else failed += 1;
    }
    return { sent, failed };
  }

  // An email queued during a sweep is sent right after it, not left for the next tick.
  const worker = createTimerJob({ name: 'mail worker', intervalMs, run: () => runOnce(), logger });

  return {
    /**
     * Keeps an email to send; `executor`: the caller's transaction, so the email is queued
     * with the change that caused it, or not at all. Answers its id.
     */
    async enqueue(email: EmailRequest, executor: Executor = db): Promise<string> {
      const subject = (templates[email.template].subject as (data: unknown) => string)(email.data);
      const { id } = await executor
        .insertInto('email_outbox')
        .values({
          template: email.template,
          recipient: email.to,
          subject,
          data: JSON.stringify(email.data),
          attachments: JSON.stringify(email.attachments ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A running worker sends it within a moment (after the caller's commit, usually).
      worker.wake();
      return id;
    },

    runOnce,

    /**
     * Runs `source` before each sweep, to queue emails it keeps track of itself (the order
     * emails of order events); answers how to stop.
     */
    addSource(source: () => Promise<unknown>): () => void {
      sources.add(source);
      return () => sources.delete(source);
    },

    /** Names who draws the attachments of `kind` when an email that has one is sent. */
    addAttachmentKind(kind: string, source: AttachmentSource): void {
      attachmentSources.set(kind, source);
    },

    /** Sweeps in a moment (a running worker only): something was marked for a source. */
    wake: worker.wake,

    /** Emails that failed at least once, newest first: sent since, or still to be retried. */
    async listFailed(limit = 100): Promise<FailedEmail[]> {
      const rows = await db
        .selectFrom('email_outbox')
        .selectAll()
        .where('last_error', 'is not', null)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        to: row.recipient,
        subject: row.subject,
        template: row.template,
        attempts: row.attempts,
        lastError: row.last_error ?? '',
        lastAttemptAt: iso(row.last_attempt_at),
        nextAttemptAt: row.sent_at ? null : iso(row.next_attempt_at),
        sentAt: iso(row.sent_at),
        createdAt: iso(row.created_at)!,
      }));
    },

    /** Sends now, then every interval; the timer does not keep the process alive. */
    start: worker.start,

    /** Stops the worker, waits for a sweep under way, and closes the transport. */
    async stop() {
      await worker.stop();
      transport.close();
    },
  };
}

export type Mail = ReturnType<typeof createMail>;
