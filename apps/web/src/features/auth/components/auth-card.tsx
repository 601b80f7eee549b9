import type { ReactNode } from 'react';

/** The frame of the login and sign-up screens: a titled card in the middle of the page. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <div className="card bg-base-100 border-base-300 border shadow-sm">
        <div className="card-body gap-4">
          <h1 className="card-title justify-center text-2xl">{title}</h1>
          {children}
        </div>
      </div>
    </section>
  );
}

/** A loading button shows while the auth state loads. */
export function AuthLoading({ className = 'py-6' }: { className?: string }) {
  return (
    <div role="status" className={className}>
      <button type="button" className="btn btn-primary w-full" disabled>
        <span className="loading loading-spinner" aria-hidden="true" />
        Loading
      </button>
    </div>
  );
}

/** A calm notice above the form (e.g. why the user was signed out). */
export function AuthNotice({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="status" className="rounded-box bg-base-200 px-4 py-3 text-sm">
      {message}
    </p>
  );
}
