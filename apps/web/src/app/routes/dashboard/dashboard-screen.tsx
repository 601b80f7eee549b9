import type { ReactNode } from 'react';

interface DashboardScreenProps {
  title: string;
  /** One line under the title saying what the page is for. */
  intro?: string;
  children: ReactNode;
}

/** The frame of a dashboard screen: its title (the page's h1), a line about it, the content. */
export function DashboardScreen({ title, intro, children }: DashboardScreenProps) {
  return (
    <section aria-labelledby="dashboard-screen-title" className="min-w-0">
      <header className="mb-6">
        <h1 id="dashboard-screen-title" className="text-2xl font-bold">
          {title}
        </h1>
        {intro && <p className="text-base-content/70 mt-1">{intro}</p>}
      </header>
      {children}
    </section>
  );
}
