import type { Review } from '@shop/shared';

interface ReviewCardProps {
  review: Review;
  /** The headline's level where the card sits: 3 under a section's h2 (the default). */
  headingLevel?: 3 | 4;
}

/**
 * A customer's review as the home page's Testimonial shows it (docs/product.md): the headline,
 * the description in quotes, the avatar, name and location. A part's page shows those naming it.
 */
export function ReviewCard({ review, headingLevel = 3 }: ReviewCardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <figure className="card bg-base-100 border-base-300 h-full border">
      <div className="card-body gap-4">
        <Heading className="card-title text-lg">{review.review}</Heading>
        <blockquote className="text-base-content/80 flex-1 italic">
          <p>“{review.description}”</p>
        </blockquote>
        <figcaption className="flex items-center gap-3">
          <img
            src={review.img}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            className="ring-primary/30 ring-offset-base-100 h-14 w-14 rounded-full ring-2 ring-offset-2"
          />
          <div>
            <p className="font-semibold">{review.name}</p>
            <p className="text-base-content/70 text-sm">{review.location}</p>
          </div>
        </figcaption>
      </div>
    </figure>
  );
}
