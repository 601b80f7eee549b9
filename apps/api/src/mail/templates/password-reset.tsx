import { Link } from '@react-email/components';
import { messages } from '@shop/shared';
import { brand } from './brand';
import { EmailLayout, Paragraph, PrimaryButton, type ShopOrigin } from './layout';

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
      <PrimaryButton href={data.url}>{words.button}</PrimaryButton>
      <Paragraph>
        <br />
        {words.linkIntro}{' '}
        <Link href={data.url} style={{ color: brand.primary, wordBreak: 'break-all' }}>
          {data.url}
        </Link>
      </Paragraph>
      <Paragraph>{words.ignore}</Paragraph>
    </EmailLayout>
  );
}
