interface SectionHeadingProps {
  /** The small label above, e.g. "Our Tools". */
  eyebrow: string;
  title: string;
  id?: string;
}

/** The two-line heading of a home page section (SPEC.md: "Our Tools" / "Tools We Provide"). */
export function SectionHeading({ eyebrow, title, id }: SectionHeadingProps) {
  return (
    <header className="mb-8 text-center">
      <p className="text-secondary text-sm font-semibold tracking-widest uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-1 text-3xl font-bold md:text-4xl">
        {title}
      </h2>
    </header>
  );
}
