import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { OutboxEmail } from '@shop/shared';

/** One email ready to go: the queue's row, rendered. */
export interface OutgoingEmail {
  /** The queue row's id: a resent email overwrites its file, and SMTP sees the same Message-ID. */
  id: string;
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Files sent with it (a receipt's invoice). */
  attachments?: EmailFile[];
}

/** A file attached to an email. */
export interface EmailFile {
  fileName: string;
  contentType: string;
  content: Buffer;
}

/** The email as Nodemailer takes it, for either transport. */
const message = (email: OutgoingEmail, messageId: string) => ({
  from: email.from,
  to: email.to,
  subject: email.subject,
  html: email.html,
  text: email.text,
  messageId,
  attachments: (email.attachments ?? []).map((file) => ({
    filename: file.fileName,
    contentType: file.contentType,
    content: file.content,
  })),
});

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  /** Resolves once the server accepted the email (or the file is written); throws otherwise. */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  close(): void;
}

/** Bounds of one SMTP exchange: a send ends well within the queue's lease (mail-queue.ts). */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

const messageIdOf = (email: OutgoingEmail, from: string) =>
  `<${email.id}@${/@([^>\s]+)/.exec(from)?.[1] ?? 'shop.local'}>`;

/** The links of an email's text part, in order: what the log and the dev outbox show. */
export const linksOf = (text: string) => [
  ...new Set(text.match(/https?:\/\/[^\s<>"()[\]]+/g) ?? []),
];

/** Sends through any SMTP server (SMTP_URL), with Nodemailer. */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
  return {
    kind: 'smtp',
    async send(email) {
      const info = await transporter.sendMail(message(email, messageIdOf(email, email.from)));
      return { messageId: String(info.messageId) };
    },
    close: () => transporter.close(),
  };
}

/** The folder of the emails written instead of sent (no SMTP_URL). */
export const outboxDirOf = (dataDir: string) => path.join(dataDir, 'outbox');

/**
 * No SMTP server: Nodemailer builds each email's raw message, which is written to
 * `outboxDir` as `<id>.eml`, with `<id>.json` (to, subject, date, links) for the dev outbox
 * page. The log names the email's id and file only: its links carry reset and verification
 * tokens, and whoever reads the logs must not be able to take over an account.
 */
export function outboxTransport(outboxDir: string, logger: Logger): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'outbox',
    async send(email) {
      const messageId = messageIdOf(email, email.from);
      const info = await builder.sendMail(message(email, messageId));
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const links = linksOf(email.text);
      const summary: OutboxEmail = {
        file: `${email.id}.eml`,
        to: email.to,
        subject: email.subject,
        date: new Date().toISOString(),
        links,
        attachments: (email.attachments ?? []).map((file) => file.fileName),
      };
      // The .eml first: a listed email always has its message.
      await fs.writeFile(path.join(outboxDir, summary.file), info.message as Buffer, {
        mode: 0o600,
      });
      await fs.writeFile(path.join(outboxDir, `${email.id}.json`), JSON.stringify(summary), {
        mode: 0o600,
      });
      logger.info(
        { emailId: email.id, file: summary.file },
        'email written to the outbox (no SMTP_URL)',
      );
      return { messageId };
    },
    close: () => undefined,
  };
}

/** The emails of the outbox folder, newest first (at most `limit`). */
export async function readOutbox(outboxDir: string, limit = 100): Promise<OutboxEmail[]> {
  let names: string[];
  try {
    names = await fs.readdir(outboxDir);
  } catch {
    return [];
  }
  const summaries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => {
        try {
          const summary = JSON.parse(
            await fs.readFile(path.join(outboxDir, name), 'utf8'),
          ) as OutboxEmail;
          // Written before emails had attachments.
          return { ...summary, attachments: summary.attachments ?? [] };
        } catch {
          return undefined;
        }
      }),
  );
  return summaries
    .filter((summary): summary is OutboxEmail => summary !== undefined)
    .sort((a, b) => b.date.localeCompare(a.date))
    .slice(0, limit);
}
