interface PagerProps {
  /** What is paged, for screen readers: "Tool pages". */
  label: string;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  className?: string;
}

/** Previous / "Page n of m" / Next; hidden when everything fits on one page. */
export function Pager({ label, page, pageCount, onPageChange, className = 'mt-8' }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className={`join flex justify-center ${className}`}>
      <button
        type="button"
        className="join-item btn"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Previous
      </button>
      <span className="join-item btn btn-ghost pointer-events-none">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className="join-item btn"
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
