import type { ReactNode } from 'react';

interface MissingPageProps {
  /** The page's heading: "Page not found", "Laptop model not found". */
  title: string;
  /** The picture's words, for those who do not see it. */
  imageAlt: string;
  /** What happened, in a sentence. */
  children: ReactNode;
  /** The ways on: links, the first the main one. */
  actions: ReactNode;
}

/** What a page shows for an address that names nothing the shop has: the unplugged laptop. */
export function MissingPage({ title, imageAlt, children, actions }: MissingPageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">
      <img
        src="/images/not-found.svg"
        alt={imageAlt}
        width={480}
        height={320}
        className="w-full max-w-md"
      />
      <h1 className="text-3xl font-bold">{title}</h1>
      <p>{children}</p>
      <div className="flex flex-wrap justify-center gap-2">{actions}</div>
    </section>
  );
}
