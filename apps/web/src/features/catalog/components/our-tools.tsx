import { TOOL_PAGE_SIZE_DEFAULT } from '@shop/shared';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../lib/paths';
import { useTools } from '../api/get-tools';
import { ToolCard } from './tool-card';

interface OurToolsProps {
  /** SPEC.md: the list gets the admin flag and hides "Order Now" when it is true. */
  isAdmin: boolean;
}

/** The "Our Tools" section of the home page, read from the API. */
export function OurTools({ isAdmin }: OurToolsProps) {
  const [page, setPage] = useState(1);
  const tools = useTools({ page, limit: TOOL_PAGE_SIZE_DEFAULT });
  const [today] = useState(() => new Date());
  const pageCount = tools.data
    ? Math.max(1, Math.ceil(tools.data.total / TOOL_PAGE_SIZE_DEFAULT))
    : 1;

  return (
    <section
      id={paths.ourToolsAnchor}
      aria-labelledby="our-tools-title"
      className="scroll-mt-20 py-16"
    >
      <SectionHeading eyebrow="Our Tools" title="Tools We Provide" id="our-tools-title" />
      {tools.isPending ? (
        <Spinner label="Loading tools" />
      ) : tools.isError ? (
        <ErrorState
          title="The tools could not be loaded"
          error={tools.error}
          onRetry={() => void tools.refetch()}
        />
      ) : tools.data.tools.length === 0 ? (
        <EmptyState>No tools in the shop yet. Please come back soon.</EmptyState>
      ) : (
        <>
          <div className="grid gap-6 lg:grid-cols-2" aria-busy={tools.isFetching}>
            {tools.data.tools.map((tool) => (
              <ToolCard key={tool._id} tool={tool} orderDate={today} showOrderButton={!isAdmin} />
            ))}
          </div>
          {pageCount > 1 && (
            <nav aria-label="Tool pages" className="join mt-8 flex justify-center">
              <button
                type="button"
                className="join-item btn"
                disabled={page <= 1}
                onClick={() => setPage((current) => current - 1)}
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
                onClick={() => setPage((current) => current + 1)}
              >
                Next
              </button>
            </nav>
          )}
        </>
      )}
    </section>
  );
}
