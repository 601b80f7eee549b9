import { EmptyState } from '../../../components/ui/empty-state';
import { SectionHeading } from '../../../components/ui/section-heading';
import { QueryState } from '../../../components/ui/query-state';
import { ReviewCard } from '../../../components/ui/review-card';
import { useReviews } from '../api/get-reviews';
import { reviewGrid } from '../utils/review-grid';

/** Whole class names, so that Tailwind finds them in the source. */
const wideColumnClass = {
  1: 'lg:grid-cols-1',
  2: 'lg:grid-cols-2',
  3: 'lg:grid-cols-3',
  4: 'lg:grid-cols-4',
} as const;

/** "Testimonial" / "What Our Clients Says": the newest reviews, three to a row, none left alone. */
export function Testimonials() {
  const reviews = useReviews();
  return (
    <section aria-labelledby="testimonials-title" className="py-16">
      <SectionHeading eyebrow="Testimonial" title="What Our Clients Says" id="testimonials-title" />
      <QueryState
        query={reviews}
        pendingLabel="Loading reviews"
        errorTitle="The reviews could not be loaded"
        isEmpty={(items) => items.length === 0}
        empty={
          <EmptyState>No reviews yet. Be the first to tell us how your order went.</EmptyState>
        }
      >
        {(items) => {
          const grid = reviewGrid(items.length);
          return (
            <ul
              className={`grid grid-cols-1 gap-6 ${grid.shown > 1 ? 'md:grid-cols-2' : 'mx-auto max-w-xl'} ${wideColumnClass[grid.wideColumns]}`}
            >
              {items.slice(0, grid.shown).map((review, index) => (
                <li
                  key={review._id}
                  data-testid="review"
                  className={
                    grid.lastSpansTwo && index === grid.shown - 1
                      ? 'md:col-span-2 lg:col-span-1'
                      : ''
                  }
                >
                  <ReviewCard review={review} />
                </li>
              ))}
            </ul>
          );
        }}
      </QueryState>
    </section>
  );
}
