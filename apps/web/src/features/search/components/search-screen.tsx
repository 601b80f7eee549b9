import { type Part, SEARCH_PAGE_SIZE_DEFAULT, SEARCH_SORTS, type SearchSort } from '@shop/shared';
import { type ReactNode, useId, useRef } from 'react';
import { QueryState } from '../../../components/ui/query-state';
import { pageCountOf } from '../../../lib/use-filtered-page';
import { useSearchResults } from '../api/get-search-results';
import { searchOf, useSearchFilters } from '../hooks/use-search-filters';
import {
  countFilters,
  type SearchFilters,
  toSearchQuery,
  withoutFilters,
  withQuery,
  withSort,
} from '../utils/search-params';
import { partsFound } from '../utils/search-text';
import { FiltersDialog } from './filters-dialog';
import { ModelBanner } from './model-banner';
import { PartCard } from './part-card';
import { ResultsSkeleton } from './results-skeleton';
import { SearchBox } from './search-box';
import { SearchFiltersPanel } from './search-filters';
import { SearchPager } from './search-pager';

const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Relevance',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  newest: 'Newest',
};

interface SearchScreenProps {
  /** Admins do not buy: the cards hide "Order Now" for them. */
  showOrderButton: boolean;
  /** What else a card offers a buyer ("Add to cart"), from the route that composes the screen. */
  partAction?: (part: Part) => ReactNode;
}

interface NoResultsProps {
  filters: SearchFilters;
  /** How many parts the search finds over all its pages (some, when the URL asks past the last). */
  total: number;
  onClear: () => void;
  onFirstPage: () => void;
}

/** Nothing found: what to try, and a way out of the filters when some are set. */
function NoResults({ filters, total, onClear, onFirstPage }: NoResultsProps) {
  if (total > 0) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-base-content/80">The results end before page {filters.page}.</p>
        <button type="button" className="btn btn-primary btn-sm" onClick={onFirstPage}>
          Go to page 1
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-base-content/80 max-w-prose">
        {filters.q
          ? `No parts match “${filters.q}”. Check the part number, try your laptop model (for example T480) or fewer words.`
          : 'No parts match these filters.'}
      </p>
      {countFilters(filters) > 0 && (
        <button type="button" className="btn btn-primary btn-sm" onClick={onClear}>
          Clear filters
        </button>
      )}
    </div>
  );
}

/**
 * `/search`: the words typed (a part number, a laptop, a part type), filters with their counts
 * beside the results (behind "Filters" on phones and tablets), the order, and pages. All of it
 * lives in the URL (useSearchFilters).
 */
export function SearchScreen({ showOrderButton, partAction }: SearchScreenProps) {
  const { filters, show } = useSearchFilters();
  const results = useSearchResults(toSearchQuery(filters));
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const ids = { filters: useId(), results: useId(), sort: useId() };
  const data = results.data;
  const updating = results.isFetching && results.isPlaceholderData;
  const filterCount = countFilters(filters);
  const found = data ? partsFound(data.total, filters.q) : null;
  const clear = () => show(withoutFilters(filters));

  const panel = (
    <SearchFiltersPanel
      filters={filters}
      facets={data?.facets}
      modelName={data?.model ? `${data.model.brand.name} ${data.model.name}` : undefined}
      onChange={show}
    />
  );

  return (
    <div className="content-width py-8">
      {/* Back or Forward to other words: the box shows them. */}
      <SearchBox
        key={filters.q}
        initial={filters.q}
        onSearch={(q) => show(withQuery(filters, q))}
      />
      {data?.model && <ModelBanner model={data.model} />}

      <div className="mt-6 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside aria-labelledby={ids.filters} className="hidden lg:block">
          <h2 id={ids.filters} className="mb-3 text-lg font-semibold">
            Filters
          </h2>
          {panel}
        </aside>

        <section aria-labelledby={ids.results}>
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            {/* Read out when it changes: what a new filter or page found. */}
            <h2
              id={ids.results}
              ref={resultsHeading}
              tabIndex={-1}
              aria-live="polite"
              aria-atomic="true"
              className="text-lg font-semibold outline-none"
            >
              {found ?? (results.isError ? 'Results' : 'Searching…')}
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <div className="lg:hidden">
                <FiltersDialog
                  filterCount={filterCount}
                  showLabel={found ? `Show ${partsFound(data?.total ?? 0, '')}` : 'Show the parts'}
                >
                  {panel}
                </FiltersDialog>
              </div>
              <label htmlFor={ids.sort} className="text-sm font-medium">
                Sort by
              </label>
              <select
                id={ids.sort}
                className="select select-sm w-auto"
                value={filters.sort}
                onChange={(event) => show(withSort(filters, event.target.value as SearchSort))}
              >
                {SEARCH_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </div>
          </div>

          {results.isPending ? (
            <ResultsSkeleton label="Loading the parts" />
          ) : (
            <QueryState
              query={results}
              pendingLabel="Loading the parts"
              errorTitle="The parts could not be loaded"
              errorHeadingLevel={3}
              isEmpty={(loaded) => loaded.items.length === 0}
              empty={
                <NoResults
                  filters={filters}
                  total={data?.total ?? 0}
                  onClear={clear}
                  onFirstPage={() => show({ ...filters, page: 1 })}
                />
              }
            >
              {(loaded) => (
                <>
                  <ul
                    className={`grid gap-4 transition-opacity sm:grid-cols-2 sm:gap-6 xl:grid-cols-3 ${updating ? 'opacity-60' : ''}`}
                    aria-busy={updating}
                  >
                    {loaded.items.map((part) => (
                      <li key={part._id} className="flex">
                        <PartCard
                          part={part}
                          showOrderButton={showOrderButton}
                          action={partAction?.(part)}
                        />
                      </li>
                    ))}
                  </ul>
                  <SearchPager
                    page={filters.page}
                    pageCount={pageCountOf(loaded.total, SEARCH_PAGE_SIZE_DEFAULT)}
                    searchOf={(page) => searchOf({ ...filters, page })}
                    onNavigate={() => resultsHeading.current?.focus({ preventScroll: true })}
                  />
                </>
              )}
            </QueryState>
          )}
        </section>
      </div>
    </div>
  );
}
