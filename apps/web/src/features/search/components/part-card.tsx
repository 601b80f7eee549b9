import { formatMoney, isInStock, type Part, partSlug } from '@shop/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { shownPartNumber } from '../utils/search-text';
import { ConditionBadge } from './condition-badge';
import { PartFits } from './part-fits';

interface PartCardProps {
  part: Part;
  /** Admins do not buy: the card hides "Order Now" for them (as the tool card does). */
  showOrderButton: boolean;
  /** What else the card offers a buyer ("Add to cart"), from the screen. */
  action?: ReactNode;
}

/**
 * One search result: the picture, name (a link to the part's page), condition, the number a repairer checks, price, stock,
 * the laptops it fits, and "Order Now" to the purchase page (which asks a visitor to sign in).
 * Beside its picture on phones; under it from 640 px, in the results grid.
 */
export function PartCard({ part, showOrderButton, action }: PartCardProps) {
  const headingId = `part-${part._id}`;
  const number = shownPartNumber(part.partNumbers);
  const inStock = isInStock(part);
  return (
    <article
      aria-labelledby={headingId}
      data-testid="part-card"
      className="border-base-300 rounded-box grid w-full grid-cols-[6rem_1fr] gap-x-3 border p-3 sm:flex sm:flex-col sm:gap-0"
    >
      <figure className="bg-base-200 rounded-box aspect-square self-start overflow-hidden sm:self-stretch">
        <img
          src={part.img}
          alt=""
          width={240}
          height={240}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-contain"
        />
      </figure>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:pt-3">
        <div className="flex flex-wrap items-center gap-1.5">
          <ConditionBadge condition={part.condition} />
          <span className="text-base-content/70 text-xs">{part.category.name}</span>
        </div>
        <h3 id={headingId} className="text-base leading-snug font-semibold sm:text-lg">
          <Link to={paths.part(partSlug(part.name, part.sku))} className="link link-hover">
            {part.title}
          </Link>
        </h3>
        {number && (
          <p className="text-base-content/80 text-xs sm:text-sm">
            {number.label} <span className="font-mono">{number.number}</span>
          </p>
        )}
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="text-primary text-xl font-bold" data-testid="price">
            {formatMoney(part.price)}
          </p>
          <p
            className={`text-sm font-medium ${inStock ? 'text-success' : 'text-error'}`}
            data-testid="stock"
          >
            {inStock ? 'In stock' : 'Out of stock'}
          </p>
        </div>
        <PartFits part={part} />
        {(showOrderButton || action) && (
          <div className="mt-auto flex flex-col gap-2 pt-2">
            {showOrderButton && (
              <Link
                to={paths.purchase(part._id)}
                className="btn btn-primary btn-sm w-full"
                aria-label={`Order Now: ${part.name}`}
              >
                Order Now
              </Link>
            )}
            {action}
          </div>
        )}
      </div>
    </article>
  );
}
