interface SectionHeadingProps {
  /** The small label above, e.g. "Our Tools"; some sections have none. */
  eyebrow?: string;
  title: string;
  id?: string;
}

/** The two-line heading of a home page section ("Our Tools" / "Tools We Provide"). */
export function SectionHeading({ eyebrow, title, id }: SectionHeadingProps) {
  return (
    <header className="mb-8 text-center">
      {eyebrow && (
        // The theme's orange, darkened to read at 4.5:1 on white and on base-200.
        <p className="text-sm font-semibold tracking-widest text-[color-mix(in_oklab,var(--color-secondary),black_28%)] uppercase">
          {eyebrow}
        </p>
      )}
      <h2 id={id} className="mt-1 text-3xl font-bold md:text-4xl">
        {title}
      </h2>
    </header>
  );
}
