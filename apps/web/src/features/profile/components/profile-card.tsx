import type { Profile } from '@shop/shared';
import type { ReactNode } from 'react';
import { safeLink } from '../utils/profile-values';

const NOT_SET = 'Not added yet';

function Value({ children }: { children: string | null }) {
  return children ? (
    <>{children}</>
  ) : (
    <span className="text-base-content/70 italic">{NOT_SET}</span>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[9rem_1fr] sm:gap-3">
      <dt className="text-base-content/70 text-sm font-medium">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

/** The profile card: name, email, date of birth, address, phone and LinkedIn. */
export function ProfileCard({ profile }: { profile: Profile }) {
  const link = safeLink(profile.profileLink);
  const initial = (profile.name || profile.email).trim().charAt(0).toUpperCase() || '?';
  return (
    <article
      aria-labelledby="profile-card-title"
      data-testid="profile-card"
      className="card bg-base-100 border-base-300 border shadow-sm"
    >
      <div className="card-body gap-4">
        <div className="flex items-center gap-3">
          <span
            className="bg-primary text-primary-content grid h-12 w-12 shrink-0 place-items-center rounded-full text-xl font-bold"
            aria-hidden="true"
          >
            {initial}
          </span>
          <h2 id="profile-card-title" className="card-title text-xl break-all">
            {profile.name || profile.email}
          </h2>
        </div>
        <dl className="grid gap-3">
          <Row term="Name">
            <Value>{profile.name || null}</Value>
          </Row>
          <Row term="Email">
            <span className="break-all">{profile.email}</span>
          </Row>
          <Row term="Date of birth">
            <Value>{profile.birthDate}</Value>
          </Row>
          <Row term="Address">
            <Value>{profile.address}</Value>
          </Row>
          <Row term="Phone">
            <Value>{profile.phone}</Value>
          </Row>
          <Row term="LinkedIn">
            {link ? (
              <a
                href={link}
                target="_blank"
                rel="noopener noreferrer"
                className="link link-primary break-all"
              >
                {link}
              </a>
            ) : (
              <Value>{null}</Value>
            )}
          </Row>
        </dl>
      </div>
    </article>
  );
}
