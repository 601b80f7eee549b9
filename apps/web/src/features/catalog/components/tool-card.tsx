import type { Tool } from '@shop/shared';
import { Link } from 'react-router';
import { formatCount, formatMediumDate, formatPrice } from '../../../lib/format';
import { paths } from '../../../lib/paths';

interface ToolCardProps {
  tool: Tool;
  orderDate: Date;
  /** Admins do not buy: the card hides "Order Now" for them. */
  showOrderButton: boolean;
  /** The "needed by" date (YYYY-MM-DD) that "Order Now" carries to the purchase form. */
  neededBy?: string;
}

export function ToolCard({ tool, orderDate, showOrderButton, neededBy }: ToolCardProps) {
  const headingId = `tool-${tool._id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="tool-card"
      className="card card-side bg-base-100 border-base-300 flex-col border shadow-sm sm:flex-row"
    >
      <figure className="bg-base-200 shrink-0 sm:w-48">
        <img
          src={tool.img}
          alt={tool.name}
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          className="h-44 w-full object-contain p-3 sm:h-full"
        />
      </figure>
      <div className="card-body gap-2">
        <h3 id={headingId} className="card-title text-xl">
          {tool.name}
        </h3>
        <p className="text-base-content/80 text-sm">{tool.description}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">Minimum order</dt>
          <dd>{formatCount(tool.minOrderQuantity)}</dd>
          <dt className="font-medium">Available</dt>
          <dd>{formatCount(tool.availableQuantity)}</dd>
          <dt className="font-medium">Price per unit</dt>
          <dd className="text-primary font-semibold">{formatPrice(tool.price)}</dd>
          <dt className="font-medium">Order Date</dt>
          <dd>{formatMediumDate(orderDate)}</dd>
        </dl>
        {showOrderButton && (
          <div className="card-actions mt-2 justify-end">
            <Link
              to={paths.purchase(tool._id, neededBy)}
              className="btn btn-primary"
              aria-label={`Order Now: ${tool.name}`}
            >
              Order Now
            </Link>
          </div>
        )}
      </div>
    </article>
  );
}
