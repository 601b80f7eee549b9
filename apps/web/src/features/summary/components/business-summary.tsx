import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { useSummary } from '../api/get-summary';

/** "Our Business" / "Circulation of Our Business": the shop's figures, one per column. */
export function BusinessSummary() {
  const summary = useSummary();
  return (
    <section aria-labelledby="business-summary-title" className="py-16">
      <SectionHeading
        eyebrow="Our Business"
        title="Circulation of Our Business"
        id="business-summary-title"
      />
      <QueryState
        query={summary}
        pendingLabel="Loading our figures"
        errorTitle="Our figures could not be loaded"
        isEmpty={(items) => items.length === 0}
        empty={<EmptyState>Our figures will be published soon.</EmptyState>}
      >
        {(items) => (
          <ul className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4">
            {items.map((item) => (
              <li
                key={item._id}
                data-testid="summary-item"
                className="bg-base-100 border-base-300 rounded-box flex flex-col items-center gap-3 border p-4 text-center sm:p-6"
              >
                <img
                  src={item.img}
                  alt=""
                  width={96}
                  height={96}
                  loading="lazy"
                  decoding="async"
                  className="h-20 w-20"
                />
                <p className="text-primary text-3xl font-extrabold tabular-nums sm:text-4xl">
                  {formatCount(item.number)}+
                </p>
                <p className="text-base-content/80 font-medium">{item.description}</p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
