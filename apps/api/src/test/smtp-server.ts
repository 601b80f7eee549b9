import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every email received, parsed, in order; kept across `stop` and `start`. */
  received: ParsedMail[];
  /** Stops listening (an outage); `start` listens again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server), port 0 unless given, no TLS, no login. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;
  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  };
  await listen();
  const handle: TestSmtpServer = {
    url: `smtp://127.0.0.1:${port}`,
    port,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        const current = server;
        server = undefined;
        if (!current) return resolve();
        current.close(() => resolve());
      }),
    start: listen,
  };
  return handle;
}

/** The links of an email's text part. */
export const linksIn = (mail: ParsedMail) =>
  [...(mail.text ?? '').matchAll(/https?:\/\/[^\s<>"()[\]]+/g)].map((match) => match[0]);

/** The email's first name in To. */
export const recipientOf = (mail: ParsedMail) => {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address ?? '';
};
