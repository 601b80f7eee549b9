import { z } from 'zod';

/** One email the shop failed to send at least once (`GET /api/emails/failed`, admins). */
export const FailedEmailSchema = z
  .object({
    _id: z.string(),
    to: z.string(),
    subject: z.string(),
    template: z.string(),
    attempts: z.number().int(),
    lastError: z.string(),
    lastAttemptAt: z.string().nullable(),
    /** When the next attempt is due; null once it was sent. */
    nextAttemptAt: z.string().nullable(),
    sentAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'FailedEmail' });
export type FailedEmail = z.infer<typeof FailedEmailSchema>;

/** One email written to the outbox folder instead of sent (`GET /api/dev/outbox`, not in production). */
export const OutboxEmailSchema = z
  .object({
    file: z.string(),
    to: z.string(),
    subject: z.string(),
    date: z.string(),
    /** The links of its text part, in order. */
    links: z.array(z.string()),
    /** The names of its attached files (the receipt's invoice). */
    attachments: z.array(z.string()),
  })
  .meta({ id: 'OutboxEmail' });
export type OutboxEmail = z.infer<typeof OutboxEmailSchema>;

/**
 * How the shop's emails leave (`GET /api/emails/delivery`, admins): by SMTP, or written to the
 * outbox folder only, where nobody receives them (no `SMTP_URL`). Never the server's address.
 */
export const EmailDeliverySchema = z
  .object({ delivery: z.enum(['smtp', 'outbox']) })
  .meta({ id: 'EmailDelivery' });
export type EmailDelivery = z.infer<typeof EmailDeliverySchema>;
