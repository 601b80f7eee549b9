import { Fragment } from 'react';

/** Where an address may wrap: before its "@" and after each dot ("name.@example.com"). */
export const emailParts = (email: string) => email.split(/(?=@)|(?<=\.)/);

/**
 * An email address that wraps only at its natural points, never mid-word; a single part too
 * long for the line still breaks rather than overflow (`break-words`).
 */
export function EmailAddress({ email, className }: { email: string; className?: string }) {
  return (
    <span className={className ? `break-words ${className}` : 'break-words'}>
      {emailParts(email).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
