import { Link } from 'react-router';
import { pageItems } from '../utils/search-text';

interface SearchPagerProps {
  page: number;
  pageCount: number;
  /** The URL query of another page (`?q=fan&page=2`). */
  searchOf: (page: number) => string;
  /** A page was chosen: the screen moves focus to the results' heading. */
  onNavigate: () => void;
}

const button = 'join-item btn btn-sm sm:btn-md min-w-8 px-2 sm:min-w-10 sm:px-3';

/**
 * Previous, the page numbers (the current one marked) and Next, as links: each page has its
 * URL. On phones Previous and Next are arrows, so seven numbers fit in 360 px.
 */
export function SearchPager({ page, pageCount, searchOf, onNavigate }: SearchPagerProps) {
  if (pageCount <= 1) return null;
  const step = (target: number, label: 'Previous' | 'Next') => {
    const content = (
      <>
        <span aria-hidden="true" className="sm:hidden">
          {label === 'Previous' ? '‹' : '›'}
        </span>
        <span className="hidden sm:inline">{label}</span>
      </>
    );
    return target < 1 || target > pageCount ? (
      <button type="button" className={button} disabled aria-label={`${label} page`}>
        {content}
      </button>
    ) : (
      <Link
        to={{ search: searchOf(target) }}
        className={button}
        onClick={onNavigate}
        aria-label={`${label} page`}
      >
        {content}
      </Link>
    );
  };
  return (
    <nav aria-label="Result pages" className="mt-8 flex justify-center">
      <div className="join">
        {step(page - 1, 'Previous')}
        {pageItems(page, pageCount).map((item, index) =>
          item === 'gap' ? (
            <span key={`gap-${index}`} className={`${button} btn-disabled`} aria-hidden="true">
              …
            </span>
          ) : (
            <Link
              key={item}
              to={{ search: searchOf(item) }}
              className={`${button} ${item === page ? 'btn-primary' : ''}`}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={onNavigate}
            >
              {item}
            </Link>
          ),
        )}
        {step(page + 1, 'Next')}
      </div>
    </nav>
  );
}
