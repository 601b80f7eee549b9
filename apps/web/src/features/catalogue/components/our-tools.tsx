import { TOOL_PAGE_SIZE_DEFAULT, type Tool } from '@shop/shared';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { useTools } from '../api/get-tools';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { ToolCard } from './tool-card';
import { Pager } from '../../../components/ui/pager';

interface OurToolsProps {
  /** The list gets the admin flag and hides "Order Now" when it is true. */
  isAdmin: boolean;
  /** The "needed by" date chosen in Our Moto (YYYY-MM-DD); "Order Now" carries it along. */
  neededBy?: string;
  /** What else a card offers a buyer ("Add to cart"), from the screen that shows the list. */
  cartAction?: (tool: Tool) => ReactNode;
}

const toolCount = (count: number) => `${count} ${count === 1 ? 'tool' : 'tools'}`;

/** The "Our Tools" section of the home page: searched by name and paged on the server. */
export function OurTools({ isAdmin, neededBy, cartAction }: OurToolsProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [input, setInput] = useState('');
  const typed = input.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  // Enter searches at once; otherwise the search follows the typing after a pause.
  const [submitted, setSubmitted] = useState('');
  const search = submitted === typed ? submitted : debounced;
  // The page belongs to one search: a new search starts again on page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const setPage = (next: number) => setPaging({ search, page: next });

  const tools = useTools({ search, page, limit: TOOL_PAGE_SIZE_DEFAULT });
  const [today] = useState(() => new Date());
  const pageCount = tools.data
    ? Math.max(1, Math.ceil(tools.data.total / TOOL_PAGE_SIZE_DEFAULT))
    : 1;
  const searching = typed !== search || (tools.isFetching && tools.isPlaceholderData);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(typed);
  };
  const clearSearch = () => {
    setInput('');
    setSubmitted('');
    inputRef.current?.focus();
  };

  let status = '';
  if (search && searching) status = 'Searching…';
  else if (search && tools.data)
    status =
      tools.data.total === 0
        ? `No tools match "${search}".`
        : `${toolCount(tools.data.total)} ${tools.data.total === 1 ? 'matches' : 'match'} "${search}".`;

  return (
    <section
      id={paths.ourToolsAnchor}
      aria-labelledby="our-tools-title"
      className="scroll-mt-20 py-16"
    >
      <SectionHeading eyebrow="Our Tools" title="Tools We Provide" id="our-tools-title" />

      <form
        role="search"
        aria-label="Tools"
        onSubmit={onSubmit}
        className="mx-auto mb-2 flex max-w-xl flex-col gap-2"
      >
        <label htmlFor={inputId} className="font-medium">
          Search tools by name
        </label>
        <div className="join w-full">
          <input
            ref={inputRef}
            id={inputId}
            type="search"
            name="search"
            value={input}
            onChange={(event) => setInput(event.target.value)}
            placeholder="e.g. SSD, battery, fan"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={100}
            className="input join-item w-full"
          />
          <button type="submit" className="btn btn-primary join-item">
            Search
          </button>
        </div>
      </form>
      <p role="status" className="text-base-content/70 mb-6 min-h-6 text-center text-sm">
        {status}
      </p>

      <QueryState
        query={tools}
        pendingLabel="Loading tools"
        errorTitle="The tools could not be loaded"
        isEmpty={(page) => page.tools.length === 0}
        empty={
          search ? (
            <EmptyState>
              Try a shorter or different name.{' '}
              <button type="button" className="btn btn-link btn-sm px-1" onClick={clearSearch}>
                Show all tools
              </button>
            </EmptyState>
          ) : (
            <EmptyState>No tools in the shop yet. Please come back soon.</EmptyState>
          )
        }
      >
        {(loaded) => (
          <>
            <div
              className={`grid grid-cols-2 gap-x-4 gap-y-10 transition-opacity sm:gap-x-6 md:grid-cols-3 xl:grid-cols-4 ${searching ? 'opacity-60' : ''}`}
              aria-busy={tools.isFetching}
            >
              {loaded.tools.map((tool) => (
                <ToolCard
                  key={tool._id}
                  tool={tool}
                  orderDate={today}
                  showOrderButton={!isAdmin}
                  neededBy={neededBy}
                  cartAction={isAdmin ? undefined : cartAction?.(tool)}
                />
              ))}
            </div>
            <Pager
              label="Tool pages"
              page={page}
              pageCount={pageCount}
              onPageChange={setPage}
              className="mt-8"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
