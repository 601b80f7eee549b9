import { messages } from '@shop/shared';
import { ActionWithLink, EmailLayout, Paragraph, type ShopOrigin } from './layout';

export interface PasswordResetData {
  name: string;
  /** The page that sets the new password, with the single-use token: `/reset-password?token=`. */
  url: string;
}

const words = messages.email.passwordReset;

export const passwordResetSubject = () => words.subject;

/** The password reset link (Better Auth's flow: auth/better-auth.ts, `sendResetPassword`). */
export function PasswordResetEmail({
  origin,
  data,
}: {
  origin: ShopOrigin;
  data: PasswordResetData;
}) {
  return (
    <EmailLayout origin={origin} preview={words.preview} heading={words.subject}>
      <Paragraph>{messages.email.greeting(data.name)}</Paragraph>
      <Paragraph>{words.body}</Paragraph>
      <ActionWithLink href={data.url} label={words.button} />
      <Paragraph>{words.ignore}</Paragraph>
    </EmailLayout>
  );
}
