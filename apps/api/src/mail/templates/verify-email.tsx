import { messages } from '@shop/shared';
import { ActionWithLink, EmailLayout, Paragraph, type ShopOrigin } from './layout';

export interface VerifyEmailData {
  name: string;
  /** Better Auth's `/api/auth/verify-email?token=` on the shop's own address. */
  url: string;
}

const words = messages.email.verifyEmail;

export const verifyEmailSubject = () => words.subject;

/** The email verification link (Better Auth's `sendVerificationEmail`: auth/better-auth.ts). */
export function VerifyEmail({ origin, data }: { origin: ShopOrigin; data: VerifyEmailData }) {
  return (
    <EmailLayout origin={origin} preview={words.preview} heading={words.subject}>
      <Paragraph>{messages.email.greeting(data.name)}</Paragraph>
      <Paragraph>{words.body}</Paragraph>
      <ActionWithLink href={data.url} label={words.button} />
      <Paragraph>{words.ignore}</Paragraph>
    </EmailLayout>
  );
}
